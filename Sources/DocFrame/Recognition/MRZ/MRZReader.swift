import Foundation

/// Finds, reads and validates the machine-readable zone in a flattened document or directly in
/// a photo: TD1 (3x30), TD2 (2x36), TD3 (2x44).
///
/// Steps: text lines are found by the shim (black-hat morphology, one rotated box per line);
/// `MRZLocator` picks the 2 or 3 lines that form a zone; each line's box is fitted to its band
/// of ink (`TextLineBox.fittedToInk`) and the line is cut out upright,
/// scaled to the size the model was trained at and binarised; Tesseract reads it with
/// DocFrame's OCR-B model (`Models/mrz.traineddata`, legacy engine, whitelist `A-Z0-9<`,
/// single-line mode); characters are placed by their x position (the font is monospaced, so a
/// dropped or doubled character cannot shift the rest); `MRZParser` corrects and validates.
/// When the first reading is not valid, the next candidate zone or binarisation is tried; a
/// valid reading the OCR doubted or corrected in a checked field must be read alike by a second
/// cut, which read those characters plainly (not by the same correction), before it is reported valid.
public struct MRZReader: Sendable {
    public var parser: MRZParser
    let textReader: TextReader
    let model: OCRModel

    /// Loads the MRZ model (`resourcesNotFound` when `Models/mrz.traineddata` is missing).
    public init(textReader: TextReader = .shared, parser: MRZParser = MRZParser()) throws {
        self.textReader = textReader
        self.parser = parser
        self.model = try OCRModel.mrz()
    }

    /// Line box height the cut lines are scaled to: the size of the model's training renders.
    static let lineHeight = 36
    static let whitelist = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"
    /// `DOCFRAME_DEBUG_MRZ_CUTS=1`: one line per cut read on standard error (no characters).
    static let traceCuts = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_MRZ_CUTS"] == "1"
    /// Symbols below this confidence count as unsure for correction.
    static let unsureConfidence = 0.75

    /// The MRZ in `image`, or nil when no zone was found or read.
    ///
    /// The best reading is returned even when its check digits fail (`valid` false), so a
    /// caller can show what was read; a zone whose lines do not even have the right shape is nil.
    ///
    /// - Parameter budget: the line cuts the search may read (a fresh per-image budget unless
    ///   shared with the image's other searches).
    public func read(in image: Image, budget: MRZCutBudget = MRZCutBudget()) throws -> MRZResult? {
        try readTurned(in: image, budget: budget)?.result
    }

    /// `read(in:)` with the clockwise quarter turns the image needed for the zone to stand
    /// upright (2 for a page upside down): where the MRZ lies tells how the page is turned.
    func readTurned(in image: Image, budget: MRZCutBudget = MRZCutBudget()) throws -> (result: MRZResult, quarterTurns: Int)? {
        try readZone(in: image, budget: budget).map { ($0.result, $0.quarterTurns) }
    }

    /// How much of the work a read does: every candidate zone and cut (`full`), or a quick look
    /// over a whole photo for a passport's zone (`passportScout`: the best two-line zone whose
    /// lines are as long for their height as 44 OCR-B characters, two cuts), which keeps the
    /// search cheap on photos with no zone at all.
    struct Scope: Sendable {
        var maxGroups: Int
        var variants: Int
        var minimumElongation: Double
        /// Line-finding scales left out, largest first.
        var skippedAttempts = 0
        /// Line-finding scales tried at most, after those left out.
        var maxAttempts = Int.max
        /// Cuts of candidate zones read at most, over every turn, scale and zone.
        var maxReads = Int.max

        /// At most 30 cuts: on the evaluation set's 160 MRZ captures every valid reading came
        /// within the first 11 (77 at the first), while photos with no zone went on to 130 at
        /// several seconds each (unknown cards full of text lines: 2/3 of the reads saved).
        static let full = Scope(maxGroups: 3, variants: MRZReader.variants.count, minimumElongation: 0, maxReads: 30)
        /// A TD3 line box is about 42 times as long as high on a sharp page (1353 x 32 px
        /// canonical); blur fattens it, a TD1 or TD2 line is 29-35 times.
        /// The scale for characters a fiftieth of the image's width (a page filling the photo)
        /// is left out: such a page's outline is found and read first.
        static let passportScout = Scope(maxGroups: 1, variants: 2, minimumElongation: 24, skippedAttempts: 1)

        func accepts(_ group: MRZLocator.Group) -> Bool {
            minimumElongation == 0 || (group.lines.count == 2 && group.lines.allSatisfy { $0.width >= minimumElongation * $0.height })
        }
    }

    /// A zone read in an image, with where it lies: `lines` are the zone's text-line boxes in
    /// the image turned clockwise by `quarterTurns` (where the zone stands upright), whose size
    /// is `turnedWidth` x `turnedHeight`.
    struct Zone: Sendable {
        var result: MRZResult
        var quarterTurns: Int
        var lines: [TextLineBox]
        var turnedWidth: Int
        var turnedHeight: Int

        /// `point` in the turned image mapped back to the image read.
        func unturned(_ point: Point) -> Point {
            switch quarterTurns {
            case 1: Point(x: point.y, y: Double(turnedWidth) - point.x)
            case 2: Point(x: Double(turnedWidth) - point.x, y: Double(turnedHeight) - point.y)
            case 3: Point(x: Double(turnedHeight) - point.y, y: point.x)
            default: point
            }
        }
    }

    /// `readTurned(in:)` with the zone's line boxes (see `Zone`). `turns` limits the quarter
    /// turns tried (upright first); every line cut is charged to `budget` (a fresh per-image
    /// one unless the caller shares one across its searches of the image).
    func readZone(in image: Image, turns: [Int] = [0, 2, 1, 3], scope: Scope = .full,
                  budget: MRZCutBudget = MRZCutBudget()) throws -> Zone? {
        var reads = 0
        return try readZone(in: image, turns: turns, scope: scope, reads: &reads, budget: budget)
    }

    /// Zone reads a way up gets in the first look (`readZone`) unless one of them shows a zone.
    static let firstLook = 2

    /// Zone reads a search makes while none of them looks like a zone (`looksLikeZone`) in the
    /// way up being read: past them it gives up there. Every search that read valid on
    /// bench-mrz's captures and two dev sets (seeds 7000, 7300; 153 such searches) showed a
    /// zone's structure by its 5th read, 152 of them at the 1st; the searches that never did
    /// went on to 10-30 reads of text no cut made legible (blurred zones, a card's flattening
    /// that missed its zone: 0.4-3.6 s each), and the image's next search (the whole photo)
    /// read some of those zones at its first cut. A third dev set (seed 7400) had one search
    /// first read like a zone at its 8th read (valid at it): 10 leaves that margin.
    static let formlessReads = 10

    /// `readZone(in:turns:scope:)` counting into `reads` the zone reads that cut lines anew
    /// (a line read before, as part of another candidate zone, is not read again).
    ///
    /// Two passes over the turns: a first look at each way up (its best zone's first
    /// `firstLook` cuts, more while they read like a zone), then the rest of the search in the
    /// ways up where a reading looked like a zone (in every way up when none did).
    /// An upside-down page's zone reads as nothing upright, and the upright search used to
    /// spend every cut on it (five binarisations of each candidate at each scale) before the
    /// half turn, which reads it at the first cut, was tried.
    func readZone(in image: Image, turns: [Int] = [0, 2, 1, 3], scope: Scope = .full, reads: inout Int,
                  budget: MRZCutBudget = MRZCutBudget()) throws -> Zone? {
        var best: Zone?
        var searches: [Int: UprightSearch] = [:]
        // A half turn finds the same line boxes, and their sharpness does not depend on which
        // way up they are read (`MRZLineSharpness`): where one found no candidate zone sharp
        // enough to read (none at all, or only zones blurred past reading), the other would not
        // either. On blurred photos the half turns' line finding was a third of the time.
        var empty = Set<Int>()
        for firstLook in turns.count > 1 ? [true, false] : [false] {
            // After the first look, only the ways up where a reading looked like a zone, if any:
            // the others read as nothing (the text upside down or sideways).
            let zoned = turns.filter { searches[$0]?.sawZone == true }
            let order = firstLook || zoned.isEmpty ? turns : zoned
            // Once the cuts are spent, turning the image and finding its lines again is wasted.
            for quarterTurns in order where !empty.contains(quarterTurns % 2) && reads < scope.maxReads && !budget.isSpent {
                let search = try searches[quarterTurns] ?? UprightSearch(turned: budget.memo.turned(image, quarterTurns: quarterTurns))
                searches[quarterTurns] = search
                guard !search.finished else { continue }
                var sawReadable = false
                let read = try readUpright(search, scope: scope, firstLook: firstLook, sawReadable: &sawReadable, reads: &reads, budget: budget)
                if !sawReadable { empty.insert(quarterTurns % 2) }
                if let read {
                    let zone = Zone(result: read.result, quarterTurns: quarterTurns, lines: read.lines,
                                    turnedWidth: search.gray.width, turnedHeight: search.gray.height)
                    if read.result.valid { return zone }
                    if best == nil || Self.passing(read.result) > Self.passing(best!.result) { best = zone }
                }
            }
        }
        return best
    }

    /// One way up of the image being searched: its line groups per scale and the lines read,
    /// kept so the search's second pass resumes where the first look stopped without finding
    /// or reading anything again.
    ///
    /// The image turned, its text lines, the zones' sharpness, the boxes fitted to their ink and
    /// the lines' readings are the image's (`MRZLineMemo`, shared with its other searches); the
    /// groups kept (by this search's scope) and the lines this search read are its own.
    final class UprightSearch {
        let turned: MRZLineMemo.Turned
        var gray: Image { turned.gray }
        var groups: [Int: [MRZLocator.Group]] = [:]
        var lines: [LineKey: (width: Int, text: RecognizedText)] = [:]
        /// Every candidate of every scale was read (or given up on).
        var finished = false
        /// A reading looked like a zone (`looksLikeZone`).
        var sawZone = false

        init(turned: MRZLineMemo.Turned) {
            self.turned = turned
        }
    }

    struct LineKey: Hashable {
        var box: TextLineBox
        var binarization: TextLineBox.Binarization
        var height: Int
    }

    /// Whether a reading looks like a zone's, though its checks fail: the way up it was read
    /// in is worth the rest of the search. By structure, not by checks holding: an upside-down
    /// zone read upright passed two or three of its checks once correction had tried the
    /// look-alikes.
    static func looksLikeZone(_ result: MRZResult) -> Bool {
        result.hasZoneStructure
    }

    /// The best reading of a zone in upright text lines, the first valid one if any.
    ///
    /// A valid reading that needed correction or holds characters the OCR doubted in its
    /// checked fields must be confirmed by another cut of the zone (`confirmed`): two misreads
    /// can cancel out in a check digit, but rarely do so alike in two cuts.
    ///
    /// `firstLook`: stop after `firstLook` zone reads unless one of them looks like a zone.
    /// `sawReadable`: set when a candidate zone is sharp enough to read (`MRZLineSharpness`).
    private func readUpright(_ search: UprightSearch, scope: Scope, firstLook: Bool, sawReadable: inout Bool, reads: inout Int,
                             budget: MRZCutBudget) throws -> (result: MRZResult, lines: [TextLineBox])? {
        let gray = search.gray
        var best: (result: MRZResult, lines: [TextLineBox])?
        var looked = 0
        for (index, attempt) in attempts(for: gray).enumerated().dropFirst(scope.skippedAttempts).prefix(scope.maxAttempts) {
            let groups: [MRZLocator.Group]
            if let known = search.groups[index] {
                groups = known
            } else {
                let lines = search.turned.lines(attempt: index) {
                    (try? search.turned.scaledCopy(workWidth: attempt.workWidth)).flatMap {
                        try? TextLineBox.find(inScaled: $0.work, scale: $0.scale, charHeight: attempt.charHeight)
                    } ?? []
                }
                groups = Array(MRZLocator().groups(in: lines, imageWidth: gray.width, imageHeight: gray.height)
                    .filter(scope.accepts).prefix(scope.maxGroups))
                search.groups[index] = groups
            }
            for group in groups {
                // A zone blurred past reading costs every cut of every variant and reads nothing
                // (blurred captures spent 5 s each): its sharpest line decides (MRZLineSharpness).
                let readable = search.turned.readable(group.lines) { gray in
                    if Self.traceCuts {
                        let measured = group.lines.map { (try? MRZLineSharpness.both($0, in: gray)) ?? (.infinity, .infinity) }
                        let text = measured.map { String(format: "%.3f/%.3f", $0.sharp, $0.smoothed) }.joined(separator: ",")
                        FileHandle.standardError.write(Data("mrz group sharp=\(text)\n".utf8))
                    }
                    return MRZLineSharpness.isReadable(group.lines, in: gray)
                }
                guard readable else { continue }
                sawReadable = true
                var readings: [Reading] = []
                for (v, variant) in Self.variants.prefix(scope.variants).enumerated() {
                    if firstLook, looked >= Self.firstLook, !(best.map { Self.looksLikeZone($0.result) } ?? false) { return best }
                    guard reads < scope.maxReads, !budget.isSpent else { return best }
                    if !search.sawZone, reads >= Self.formlessReads { return best }
                    looked += 1
                    let cutsBefore = budget.spent
                    let reading = try readGroup(group, in: search, variant: variant, budget: budget)
                    if budget.spent > cutsBefore { reads += 1 }
                    guard let reading else { continue }
                    let result = reading.result
                    if Self.looksLikeZone(result) { search.sawZone = true }
                    if Self.traceCuts, budget.spent > cutsBefore {
                        FileHandle.standardError.write(Data("mrz cut \(reads) lines=\(budget.spent) valid=\(result.valid) structure=\(result.hasZoneStructure) passing=\(Self.passing(result))\n".utf8))
                    }
                    if result.valid {
                        var extra: [Reading] = []
                        var tried = 0
                        let vouched = reading.needsConfirmation
                            ? try confirmed(reading, earlier: readings, group: group, in: search, after: v, reads: &extra, tried: &tried, budget: budget) : result
                        return (try settledName(vouched, reading: reading, others: readings + extra, group: group, in: search,
                                                after: v + tried, reads: &reads, budget: budget), group.lines)
                    }
                    readings.append(reading)
                    if let merged = merge(readings) { return (merged, group.lines) }
                    if best == nil || Self.passing(result) > Self.passing(best!.result) { best = (result, group.lines) }
                }
            }
        }
        search.finished = true
        return best
    }

    /// `reading` (valid but doubtful), vouched for only when another cut of the zone reads
    /// every checked character alike: the cuts already read (`earlier`), then the variants after
    /// the `index`th. Otherwise valid false: the check digits alone do not tell a right reading
    /// from two misreads that cancel out (S for 3 twice in a field weighted 7 and 3 does), and
    /// the OCR doubted this one. With the budget spent, it stays unconfirmed.
    private func confirmed(_ reading: Reading, earlier: [Reading], group: MRZLocator.Group, in search: UprightSearch,
                           after index: Int, reads: inout [Reading], tried: inout Int, budget: MRZCutBudget) throws -> MRZResult {
        var result = reading.result
        if earlier.contains(where: { reading.isConfirmed(by: $0) }) { return result }
        for variant in Self.variants.dropFirst(index + 1) where !budget.isSpent {
            tried += 1
            guard let other = try readGroup(group, in: search, variant: variant, budget: budget) else { continue }
            reads.append(other)
            if reading.isConfirmed(by: other) { return result }
        }
        result.valid = false
        return result
    }

    /// Cuts read at most to settle a doubted name line (`settledName`).
    static let nameVoters = 2

    /// `result` (whose checks hold, vouched for or not) with its name line settled by the
    /// zone's other cuts when the OCR doubted a character of it: no check digit covers names,
    /// so a misread there (N for M, a filler read as S on a small or dark zone) passes every
    /// check. The line is settled (`MRZNameVote.settled`) by the cuts already read (`others`)
    /// and up to `nameVoters` more: a line they show was placed a cell off is taken from them,
    /// else each doubted character is voted on. Only that line changes, so `valid` and the checked fields stand as they are.
    private func settledName(_ result: MRZResult, reading: Reading, others: [Reading], group: MRZLocator.Group,
                             in search: UprightSearch, after index: Int, reads: inout Int, budget: MRZCutBudget) throws -> MRZResult {
        let layout = MRZLayout.layout(for: result.format, visa: result.lines.first?.first == "V")
        guard let span = layout.spans["name"], span.line < result.lines.count else { return result }
        // The whole line: no check digit covers any of the name line (the document code's
        // second letter, the issuing state and the name on TD3 and TD2).
        let doubted = (0..<layout.lineLength).filter { reading.unsure.contains(MRZCorrector.Position(line: span.line, index: $0)) }
        func alike(_ other: Reading) -> Bool {
            other.result.format == result.format && other.result.lines.count == result.lines.count
        }
        // Cells read plainly here that a cut already read (reading the line alike elsewhere)
        // read otherwise: one of the two glyphs is a misread the OCR was sure of (a plain Z
        // for the I of JESSICA on a jpeg capture, where the cut before had read it plainly).
        let ownLine = Array(result.lines[span.line])
        var disputed = Set<Int>()
        for other in others where alike(other) {
            let line = Array(other.result.lines[span.line])
            guard MRZNameVote.readsAlike(line, ownLine, doubted: Set(doubted)) else { continue }
            for i in ownLine.indices where !doubted.contains(i) && line[i] != ownLine[i] { disputed.insert(i) }
        }
        guard !doubted.isEmpty || !disputed.isEmpty else { return result }
        var voters = others.filter(alike)
        func voterLines() -> [MRZNameVote.Voter] {
            voters.map { voter in
                MRZNameVote.Voter(line: Array(voter.result.lines[span.line]),
                                  unsure: Set(voter.unsure.filter { $0.line == span.line }.map(\.index)))
            }
        }
        // Past `nameVoters`, more cuts only while a disputed cell is a tie (`MRZNameVote.undecided`):
        // a glared given name read INGRID by one cut and INGRIO by the next, each plainly, was
        // reported valid as the later cut read it.
        for variant in Self.variants.dropFirst(index + 1) where !budget.isSpent {
            if voters.count >= Self.nameVoters,
               !MRZNameVote.undecided(ownLine, doubted: Set(doubted), disputed: disputed, voters: voterLines()) { break }
            reads += 1
            if let other = try readGroup(group, in: search, variant: variant, budget: budget), alike(other) { voters.append(other) }
        }
        guard !voters.isEmpty else { return result }
        var lines = result.lines.map(Array.init)
        let own = MRZNameVote.Voter(line: lines[span.line], unsure: Set(doubted))
        let votes = voterLines()
        lines[span.line] = MRZNameVote.settled(own.line, doubted: own.unsure, disputed: disputed, voters: votes)
        return withNamesLine(lines[span.line], at: span.line, of: result) ?? result
    }

    /// `result` with its names line (line `line`) replaced by `settled`, when the zone still
    /// parses with the same checks: `valid` and the flags that are not output carry over, and a
    /// cell the vote changed now rests on cuts that read it plainly (one it kept stays doubted).
    func withNamesLine(_ settled: [Character], at line: Int, of result: MRZResult) -> MRZResult? {
        var lines = result.lines
        let own = Array(lines[line])
        lines[line] = String(settled)
        guard var out = parser.parse(lines), out.checks == result.checks else { return nil }
        out.valid = result.valid
        out.blindDoubts = result.blindDoubts
        out.checkedPlain = result.checkedPlain
        out.nameDoubts = result.nameDoubts.filter { $0 < own.count && $0 < settled.count && settled[$0] == own[$0] }
        return out
    }

    /// A reading every check of which holds but that was not vouched for (`confirmed`), now
    /// vouched for by another reading of the zone from a different cut of the image (the photo
    /// and the page flattened from it) whose checks all hold with the same checked characters.
    ///
    /// Not where either reading's OCR found a checked glyph likelier a character no check digit
    /// tells from the one read (`MRZResult.blindDoubts`): the checks cannot say which is right,
    /// and that cut's glyph says the other. A glyph both cuts found only nearly as like such a
    /// character counts as any doubted glyph does here: two cuts (the photo's and the page's)
    /// that read it alike vouch for it (a real 6 with G listed close in every cut of a booklet
    /// photo's zone lost its valid reading when they did not).
    ///
    /// What no check digit covers (the names line, the states, the sex) is taken from whichever
    /// of the two breaks fewer of the zone's rules there (`uncheckedFaults`), the earlier on a
    /// tie: a tilted photo's cut, in perspective, shifted a given name a cell on
    /// (`ROSSI<<<WILLIAM`), and a dev capture was reported valid so where the page's cut had
    /// read it exactly.
    static func vouched(_ readings: [MRZResult]) -> MRZResult? {
        let holding = readings.filter { !$0.checks.isEmpty && $0.checks.values.allSatisfy { $0 } }
        func blindDecided(_ a: MRZResult, _ b: MRZResult) -> Bool {
            !a.blindDoubts.values.contains(true) && !b.blindDoubts.values.contains(true)
        }
        for (i, a) in holding.enumerated() {
            if let b = holding[(i + 1)...].first(where: { agree(a, $0) && blindDecided(a, $0) }) {
                var result = b.uncheckedFaults < a.uncheckedFaults ? b : a
                result.valid = true
                return result
            }
        }
        return nil
    }

    /// Whether two readings of a zone have the same format and the same checked characters.
    static func agree(_ a: MRZResult, _ b: MRZResult) -> Bool {
        a.format == b.format && checkedCharacters(of: a) == checkedCharacters(of: b)
    }

    /// The characters under a check digit, the check digits included, in order.
    static func checkedCharacters(of result: MRZResult) -> [Character] {
        let lines = result.lines.map(Array.init)
        let layout = MRZLayout.layout(for: result.format, visa: lines.first?.first == "V")
        return MRZParser.appliedChecks(in: lines, layout: layout).flatMap { check in
            (check.positions + [check.checkDigit]).map { lines[$0.0][$0.1] }
        }
    }

    /// How a line is cut for Tesseract: binarisation and scale. Tried in order until a reading
    /// is valid: the cheap common case first, the others for uneven light, blur and small text.
    /// `.local` second: on captures flattened by their true corners it took the exact reads
    /// from 99 to 107 of 144; first, 105; a further `.local` cut at 4/3 the height added none.
    /// `.smooth` third, in place of a plain global threshold: on a dark, grainy zone the local
    /// thresholds split the grain into extra glyphs, and a right reading found no second cut to
    /// vouch for it; smoothed, the zone reads valid at the third cut. On 100 dev captures
    /// (seed 7301: clean, tilt, dark, glare, jpeg) exact reads went from 84 to 86, at the same
    /// number of variants.
    struct Variant: Sendable {
        var binarization: TextLineBox.Binarization
        var height: Int
    }

    static let variants = [
        Variant(binarization: .adaptive, height: lineHeight),
        Variant(binarization: .local, height: lineHeight),
        Variant(binarization: .smooth, height: lineHeight),
        Variant(binarization: .none, height: lineHeight),
        Variant(binarization: .adaptive, height: lineHeight * 4 / 3),
    ]

    /// Field by field across readings of the same zone: each checked field is taken from a
    /// reading where its own check digit holds, and the whole is kept only when every check,
    /// the composite included, then holds. A misread rarely passes its check digit, and one
    /// that did would still have to agree with the composite.
    ///
    /// What the merged reading rests on must be read, not guessed (`isPlain`): a field comes
    /// only from a reading whose OCR neither doubted nor had correction rewrite any of its
    /// characters (such a reading needs another cut to vouch for it, which a merge is not), and
    /// the characters only the composite covers (a TD1's or TD2's optional data, the composite
    /// digit) must be read alike and plainly by two of the readings. The composite is one digit:
    /// a merge of fields from several cuts passes it by chance one time in ten, and a line one
    /// cut placed a cell off (its optional data shifted, its own document number failing) came
    /// out valid that way once its document number was taken from another cut.
    func merge(_ readings: [Reading]) -> MRZResult? {
        guard readings.count >= 2, let first = readings.first?.result,
              readings.allSatisfy({ $0.result.format == first.format && $0.result.lines.count == first.lines.count }) else { return nil }
        let layout = MRZLayout.layout(for: first.format, visa: first.lines[0].first == "V")
        let all = readings.map { $0.result.lines.map(Array.init) }
        var lines = all[0]
        for check in MRZParser.appliedChecks(in: lines, layout: layout) where check.key != "composite" {
            if check.holds(in: lines), readings[0].isPlain(check.positions + [check.checkDigit]) { continue }
            guard let donorIndex = all.indices.first(where: { i in
                guard let field = MRZParser.appliedChecks(in: all[i], layout: layout).first(where: { $0.key == check.key }) else { return false }
                return field.holds(in: all[i]) && readings[i].isPlain(field.positions + [field.checkDigit])
            }) else { return nil }
            let donor = all[donorIndex]
            let field = MRZParser.appliedChecks(in: donor, layout: layout).first { $0.key == check.key }!
            for p in field.positions + [field.checkDigit] { lines[p.0][p.1] = donor[p.0][p.1] }
        }
        // A composite that still fails may be one reading's misread outside the fields.
        if let composite = MRZParser.appliedChecks(in: lines, layout: layout).first(where: { $0.key == "composite" }),
           !composite.holds(in: lines) {
            guard let donorIndex = all.indices.first(where: { i in
                let candidate = all[i]
                guard readings[i].isPlain(composite.positions + [composite.checkDigit]) else { return false }
                var trial = lines
                for p in composite.positions + [composite.checkDigit] { trial[p.0][p.1] = candidate[p.0][p.1] }
                return MRZParser.appliedChecks(in: trial, layout: layout).allSatisfy { $0.holds(in: trial) }
            }) else { return nil }
            let donor = all[donorIndex]
            for p in composite.positions + [composite.checkDigit] { lines[p.0][p.1] = donor[p.0][p.1] }
        }
        let checks = MRZParser.appliedChecks(in: lines, layout: layout)
        if let composite = checks.first(where: { $0.key == "composite" }) {
            let fielded = Set(checks.filter { $0.key != "composite" }.flatMap { ($0.positions + [$0.checkDigit]).map(MRZCorrector.Position.init) })
            let compositeOnly = (composite.positions + [composite.checkDigit]).filter { !fielded.contains(MRZCorrector.Position($0)) }
            for p in compositeOnly {
                let alike = readings.indices.filter { i in all[i][p.0][p.1] == lines[p.0][p.1] && readings[i].isPlain([p]) }
                if alike.count < 2 { return nil }
            }
        }
        guard var result = parser.parse(lines.map { String($0) }), result.valid else { return nil }
        result.nameDoubts = first.nameDoubts
        return result
    }

    /// The MRZ and, when it is a passport's, the passport identity by rule (`PassportRule`).
    /// Nil when no zone was read, or when a reading whose checks fail lacks a zone's structure
    /// (`hasZoneStructure`: text lines of a letter read with the MRZ alphabet).
    ///
    /// - Parameter pageAspectRatio: width over height of the page in `image` when known (for
    ///   a flattened document, its canonical shape), to hold the page shape to TD3's.
    /// - Parameter budget: the line cuts the search may read (see `read(in:budget:)`).
    /// - Parameter deblurring: whether a photo whose zone read nothing valid is read again with
    ///   the camera's motion undone (`readDeblurred`); false for a caller that does so itself.
    public func readPassport(in image: Image, pageAspectRatio: Double? = nil,
                             budget: MRZCutBudget = MRZCutBudget(), deblurring: Bool = true) throws -> (mrz: MRZResult, identity: DocumentIdentity?)? {
        guard let read = try readPassportTurned(in: image, pageAspectRatio: pageAspectRatio, budget: budget, deblurring: deblurring) else { return nil }
        return (read.mrz, read.identity)
    }

    /// `readPassport(in:pageAspectRatio:)` with the clockwise quarter turns `image` needed for
    /// the zone to stand upright (see `readTurned(in:)`).
    ///
    /// - Parameter deblurring: whether a photo whose zone read nothing valid may be read again
    ///   with the camera's motion undone (`deblurredZone`); not within that read itself.
    func readPassportTurned(in image: Image, pageAspectRatio: Double? = nil, budget: MRZCutBudget = MRZCutBudget(),
                            deblurring: Bool = true)
        throws -> (mrz: MRZResult, identity: DocumentIdentity?, quarterTurns: Int)? {
        let zone = try readZone(in: image, budget: budget)
        var read = zone.map { (result: $0.result, quarterTurns: $0.quarterTurns) }
        // A whole photo (no page shape given) whose passport zone did not read valid: read it
        // again in the page the zone places, at the scale the model was trained at.
        if let zone, pageAspectRatio == nil, !zone.result.valid,
           let placed = PassportPage.place(from: zone, in: image, reader: self, located: nil, budget: budget), placed.mrz.valid {
            read?.result = placed.mrz
        }
        // Last, the photo with the camera's motion undone (`deblurredZone`), where a streak is
        // clear: taken when it reads valid, or when nothing was read at all.
        if deblurring, read?.result.valid != true, let sharper = try deblurredZone(in: image, budget: budget),
           sharper.mrz.valid || read == nil {
            read = (sharper.mrz, sharper.quarterTurns)
        }
        guard let read else { return nil }
        // Text lines that only took a zone's shape (a letter, a receipt) are no MRZ at all.
        guard read.result.valid || read.result.hasZoneStructure || PassportZoneShape.isPassportZone(read.result) else { return nil }
        // A page read sideways has the other shape.
        let aspect = pageAspectRatio.map { read.quarterTurns % 2 == 1 ? 1 / $0 : $0 }
        return (read.result, PassportRule.identity(for: read.result, pageAspectRatio: aspect), read.quarterTurns)
    }

    private static func passing(_ r: MRZResult) -> Int { r.checks.values.filter { $0 }.count }

    private struct Attempt {
        var workWidth: Int
        var charHeight: Int
    }

    /// Line finding scales: first as if the document fills the image (a flattened document or a
    /// close photo), then as if it fills about half of it, then a third of it.
    private func attempts(for image: Image) -> [Attempt] {
        let work = min(image.width, 900)
        return [
            Attempt(workWidth: work, charHeight: max(4, Int(Double(work) * 0.021))),
            Attempt(workWidth: work, charHeight: max(4, Int(Double(work) * 0.011))),
            // A small document in a large photo: full resolution, small characters.
            Attempt(workWidth: min(image.width, 1600), charHeight: max(4, Int(Double(min(image.width, 1600)) * 0.006))),
        ]
    }

    /// Reads the lines of one candidate zone; nil when they do not have an MRZ's shape.
    /// One reading of a zone, with the positions the OCR doubted and correction left as read.
    struct Reading {
        var result: MRZResult
        var doubted: Set<MRZCorrector.Position>
        /// A checked character was corrected, or left as read although the OCR doubted it.
        var needsConfirmation = false
        /// The characters as read, placed in their cells, before correction.
        var read: [[Character]] = []
        /// The checked positions that make the reading need confirmation.
        var guessed: Set<MRZCorrector.Position> = []
        /// Every position the OCR was unsure of (an empty cell included), whatever correction did.
        var unsure: Set<MRZCorrector.Position> = []
        /// Every position correction rewrote by choosing a look-alike (not by a field's class:
        /// an O where only digits stand is a 0 whatever the checks say), checked or not.
        var corrected: Set<MRZCorrector.Position> = []

        /// Whether the characters at `positions` stand as the OCR read them: none doubted and
        /// left as read, none chosen by correction (what `guessed` counts on checked fields).
        func isPlain(_ positions: [(Int, Int)]) -> Bool {
            positions.allSatisfy { p in
                let position = MRZCorrector.Position(p)
                return !doubted.contains(position) && !corrected.contains(position)
            }
        }

        /// Whether `other` vouches for this reading: the same checked characters, and at each
        /// position this reading guessed, `other` read the final character as it stands, not
        /// doubted. Two cuts that misread a glyph alike and were "corrected" alike by the same
        /// search are one piece of evidence, not two (how a wrong reading came out valid).
        func isConfirmed(by other: Reading) -> Bool {
            guard MRZReader.agree(result, other.result) else { return false }
            let final = result.lines.map(Array.init)
            let layout = MRZLayout.layout(for: result.format, visa: final.first?.first == "V")
            return guessed.allSatisfy { p in
                guard p.line < other.read.count, p.index < other.read[p.line].count, !other.doubted.contains(p) else { return false }
                let seen = other.read[p.line][p.index], wanted = final[p.line][p.index]
                return seen == wanted || MRZReader.isCoercion(seen, to: wanted, layout.classes[p.line][p.index])
            }
        }
    }

    /// The group's lines read with `variant`, each line charged to `budget` unless `search`
    /// read it before (the 2-line zones inside a 3-line group share its lines); nil when the
    /// budget ran out before every line was read, or the lines have no MRZ's shape.
    private func readGroup(_ group: MRZLocator.Group, in search: UprightSearch, variant: Variant, budget: MRZCutBudget) throws -> Reading? {
        let formats: [MRZResult.Format] = group.lines.count == 3 ? [.td1] : [.td3, .td2]
        var texts: [RecognizedText] = []
        var cuts: [(width: Int, padX: Double)] = []
        for line in group.lines {
            let key = LineKey(box: line, binarization: variant.binarization, height: variant.height)
            let read: (width: Int, text: RecognizedText)
            if let known = search.lines[key] {
                read = known
            } else {
                // Charged even when another search of the image read the line already (and its
                // reading is taken as read): the budget bounds the cuts the searches ask for, as
                // it was measured, and so every search ends where it did.
                guard budget.take() else { return nil }
                read = try search.turned.reading(key) {
                    let (cut, text) = try readLine(search.turned.inked(line), in: search.turned, binarization: variant.binarization,
                                                   height: variant.height)
                    return (cut.width, text)
                }
                search.lines[key] = read
            }
            texts.append(read.text)
            cuts.append((read.width, Self.padX * Double(variant.height)))
        }
        // The format whose length the lines' characters best fit, unless the other one's
        // reading passes more checks: glare or blur can split or drop so many characters that
        // a TD3's count looks like a TD2's, and placing them in the wrong cells reads nothing.
        let counts = texts.map { $0.text.filter { !$0.isWhitespace }.count }
        let byCount = formats.sorted { a, b in
            counts.map { abs($0 - a.lineLength) }.reduce(0, +) < counts.map { abs($0 - b.lineLength) }.reduce(0, +)
        }
        var chosen: Reading?
        for format in byCount {
            guard let reading = interpret(texts, cuts: cuts, as: format) else { continue }
            if let current = chosen {
                // ICAO 9303 issues TD2 documents with codes A, C, I and V only: code P on TD2 is
                // a passport's TD3 zone placed in too few cells (or cut short by the image's
                // edge, where its TD3 reading passes fewer checks). Its first 28 cells have
                // TD2's layout, so its checks can hold by chance where the TD3 reading, which
                // passes more, still waits to be confirmed.
                let squeezed = format == .td2 && reading.result.lines.first?.first == "P"
                    && Self.passing(current.result) > Self.passing(reading.result)
                let better = !squeezed && ((reading.result.valid && !current.result.valid)
                    || (!current.result.valid && Self.passing(reading.result) > Self.passing(current.result)))
                if better { chosen = reading }
            } else {
                chosen = reading
                if reading.result.valid { break }
            }
        }
        return chosen
    }

    /// The lines read as `format`: characters placed in its cells, corrected and checked.
    func interpret(_ texts: [RecognizedText], cuts: [(width: Int, padX: Double)], as format: MRZResult.Format) -> Reading? {
        var lines: [String] = []
        var unsure = Set<MRZCorrector.Position>(), contradicted = Set<MRZCorrector.Position>()
        var choices: [MRZCorrector.Position: Set<Character>] = [:]
        var blind: [MRZCorrector.Position: BlindDoubt] = [:]
        for (index, read) in texts.enumerated() {
            var text = read
            var left = cuts[index].padX
            let right = Double(cuts[index].width) - cuts[index].padX
            if format == .td3, index == 0, let trimmed = Self.droppingMarkBeforeCode(read, length: format.lineLength) {
                // The line box took in the mark as a 45th glyph: one pitch of it lies before the code.
                text = trimmed
                left += (right - left) / Double(format.lineLength + 1)
            }
            let placed = Self.placeMarking(text, length: format.lineLength, left: left, right: right)
            lines.append(placed.line)
            for i in placed.unsure { unsure.insert(MRZCorrector.Position(line: index, index: i)) }
            for i in placed.contradicted { contradicted.insert(MRZCorrector.Position(line: index, index: i)) }
            for (i, listed) in placed.choices { choices[MRZCorrector.Position(line: index, index: i)] = listed }
            for (i, doubt) in placed.blind { blind[MRZCorrector.Position(line: index, index: i)] = doubt }
        }
        guard var result = parser.parseCorrecting(lines, uncertain: unsure, choices: choices) else { return nil }
        let read: [[Character]] = lines.map { Array($0) }
        let final: [[Character]] = result.lines.map { Array($0) }
        var doubtedAll = Set(unsure.filter { p in
            p.line < read.count && p.line < final.count && p.index < read[p.line].count && p.index < final[p.line].count
                && read[p.line][p.index] == final[p.line][p.index]
        })
        // A character left as read whose glyph the OCR found as like a blind partner (one no
        // check digit tells from it) where the field allows that partner: the checks say
        // nothing about it, so it is doubted (needs another cut to read it plainly), or
        // contradicted when the OCR found the partner likelier.
        let blindLayout = MRZLayout.layout(for: result.format, visa: final.first?.first == "V")
        var blindDoubted: [MRZCorrector.Position: Bool] = [:]
        for (p, doubt) in blind where p.line < read.count && p.line < final.count && p.line < blindLayout.classes.count
            && p.index < read[p.line].count && p.index < final[p.line].count && p.index < blindLayout.classes[p.line].count
            && read[p.line][p.index] == final[p.line][p.index] {
            let allowed: Set<Character>
            switch blindLayout.classes[p.line][p.index] {
            case .alphanumeric: allowed = doubt.partners
            case .check: allowed = doubt.partners.intersection(["0", "<"])
            default: allowed = []
            }
            guard !allowed.isEmpty else { continue }
            doubtedAll.insert(p)
            blindDoubted[p] = false
            if case .preferred(let likelier) = doubt, !likelier.isDisjoint(with: allowed) {
                contradicted.insert(p)
                blindDoubted[p] = true
            }
        }
        // A checked character left as read although its height says it is of the other class
        // (a letter I standing as tall as the digits) is a misread the check digit happened to
        // miss: such a reading is not vouched for.
        var corrected = Set<MRZCorrector.Position>()
        for l in 0..<min(read.count, final.count) {
            let classes = MRZLayout.layout(for: result.format, visa: final.first?.first == "V").classes[l]
            for i in 0..<min(read[l].count, final[l].count, classes.count)
            where read[l][i] != final[l][i] && !Self.isCoercion(read[l][i], to: final[l][i], classes[i]) {
                corrected.insert(MRZCorrector.Position(line: l, index: i))
            }
        }
        var needsConfirmation = false
        var guessed = Set<MRZCorrector.Position>()
        if result.valid {
            let layout = MRZLayout.layout(for: result.format, visa: result.lines[0].first == "V")
            let checked = MRZParser.appliedChecks(in: final, layout: layout).flatMap { $0.positions + [$0.checkDigit] }
            if checked.contains(where: { doubtedAll.contains(MRZCorrector.Position($0)) && contradicted.contains(MRZCorrector.Position($0)) }) {
                result.valid = false
            }
            guessed = Set(checked.filter { p in
                doubtedAll.contains(MRZCorrector.Position(p))
                    || (p.0 < read.count && p.1 < read[p.0].count && read[p.0][p.1] != final[p.0][p.1]
                        && !Self.isCoercion(read[p.0][p.1], to: final[p.0][p.1], layout.classes[p.0][p.1]))
            }.map { MRZCorrector.Position($0) })
            needsConfirmation = !guessed.isEmpty
            result.checkedPlain = result.valid && guessed.isEmpty
            for p in checked.map(MRZCorrector.Position.init) {
                if let preferred = blindDoubted[p] { result.blindDoubts[p] = preferred }
            }
        }
        if let span = MRZLayout.layout(for: result.format, visa: final.first?.first == "V").spans["name"] {
            result.nameDoubts = Set(unsure.filter { $0.line == span.line }.map(\.index))
        }
        return Reading(result: result, doubted: doubtedAll, needsConfirmation: needsConfirmation, read: read, guessed: guessed,
                       unsure: unsure, corrected: corrected)
    }

    static let padX = 0.6

    /// Whether `read` became `final` only because its position holds one kind of character
    /// (an O where only digits stand is a 0): no choice was made there.
    static func isCoercion(_ read: Character, to final: Character, _ cls: MRZLayout.CharacterClass) -> Bool {
        switch cls {
        case .digit, .check: return MRZCorrector.toDigit[read] == final
        case .letter: return MRZCorrector.toLetter[read] == final
        case .sex: return MRZCorrector.toSex[read] == final
        case .filler: return final == "<"
        case .alphanumeric: return false
        }
    }

    /// One line cut out upright and read by Tesseract with the MRZ model (no correction).
    func readLine(_ line: TextLineBox, in image: Image, binarization: TextLineBox.Binarization,
                  height: Int = MRZReader.lineHeight) throws -> (Image, RecognizedText) {
        let cut = try line.cut(from: image, padX: Self.padX, padY: Self.padY, height: height, binarization: binarization)
        return (cut, try textReader.read(cut, model: model, mode: .line, whitelist: Self.whitelist))
    }

    /// `readLine(_:in:binarization:height:)` in the grey image of `turned`, whose upright cut of
    /// the line at `height` is made once (`MRZLineMemo.Turned.upright`) and binarised per call:
    /// the same cut, pixel for pixel, without warping the line again for each binarisation.
    func readLine(_ line: TextLineBox, in turned: MRZLineMemo.Turned, binarization: TextLineBox.Binarization,
                  height: Int) throws -> (Image, RecognizedText) {
        let upright = try turned.upright(line, height: height) {
            try line.upright(from: turned.gray, padX: Self.padX, padY: Self.padY, height: height)
        }
        return try readUpright(upright, height: height, binarization: binarization)
    }

    /// A line's upright cut for reading (`TextLineBox.upright`, padded by `padX` and `padY`, made
    /// for `height`) binarised and read: what `readLine` reads of that line.
    func readUpright(_ upright: Image, height: Int = MRZReader.lineHeight,
                     binarization: TextLineBox.Binarization) throws -> (Image, RecognizedText) {
        let cut = try TextLineBox.binarized(upright, height: height, binarization: binarization)
        return (cut, try textReader.read(cut, model: model, mode: .line, whitelist: Self.whitelist))
    }

    /// Padding above and below a line cut for reading, in box heights.
    static let padY = 0.45

    /// The line's `length` characters, with the indices the OCR was unsure of.
    ///
    /// When Tesseract returned exactly `length` characters they are taken in order. Otherwise
    /// each symbol is put at the character cell its centre falls in (OCR-B is monospaced and
    /// the line box spans the line from its first to its last character, `left`...`right` in
    /// the cut), a cell with two symbols keeps the surer one, and an empty cell gets `<` and
    /// is marked unsure.
    ///
    /// `contradicted`: the cells whose glyph's height says the other class (a letter as tall as
    /// the digits, or the reverse).
    static func place(_ text: RecognizedText, length: Int, left: Double, right: Double) -> (String, Set<Int>) {
        let placed = placeMarking(text, length: length, left: left, right: right)
        return (placed.line, placed.unsure)
    }

    /// A confidence below any real one: set on look-alikes whose height contradicts their class.
    static let contradictedMarker = -1.0

    /// `choices`: per cell, the characters the OCR listed for its glyph other than the one
    /// placed there (none for an empty cell).
    ///
    /// `blind`: per cell, the characters the OCR listed for its glyph nearly as surely as the one
    /// placed there (or more surely) that no check digit tells from it (`blindPartners`).
    static func placeMarking(_ text: RecognizedText, length: Int, left: Double, right: Double)
        -> (line: String, unsure: Set<Int>, contradicted: Set<Int>, choices: [Int: Set<Character>], blind: [Int: BlindDoubt]) {
        let symbols = droppingStrays(resolvingZeroAndO(text.symbols.filter { $0.text.count == 1 && MRZCheckDigit.value(of: Character($0.text)) != nil }),
                                     length: length)
        func listed(_ symbol: RecognizedText.Word) -> Set<Character> {
            Set(symbol.choices.compactMap { $0.text.count == 1 ? Character($0.text) : nil }).subtracting([Character(symbol.text)])
        }
        // Exactly `length` symbols are taken in order, unless two of them stand on one glyph
        // (centres under 0.6 pitch apart): then the OCR split a glyph and dropped another
        // (a `<` of a `<<` run, on small zones), and in order every character between the two
        // would shift a cell; the cells below place them where they stand.
        let roughPitch = (right - left) / Double(length)
        let split = zip(symbols.dropFirst(), symbols).contains { b, a in
            (Double(b.x) + Double(b.width) / 2) - (Double(a.x) + Double(a.width) / 2) < 0.6 * roughPitch
        }
        if symbols.count == length, !split {
            let unsure = Set(symbols.indices.filter { symbols[$0].confidence < unsureConfidence })
            let contradicted = Set(symbols.indices.filter { symbols[$0].confidence == contradictedMarker })
            let choices = Dictionary(uniqueKeysWithValues: symbols.indices.map { ($0, listed(symbols[$0])) })
            let blind = Dictionary(uniqueKeysWithValues: symbols.indices.compactMap { i in blindDoubt(symbols[i]).map { (i, $0) } })
            return (symbols.map(\.text).joined(), unsure, contradicted, choices, blind)
        }
        // The pitch from neighbouring symbols (most are in adjacent cells), anchored on the
        // first symbol's cell: a box a little too long or short then cannot drift the cells.
        let boxPitch = (right - left) / Double(length)
        let centers = symbols.map { Double($0.x) + Double($0.width) / 2 }
        let steps = zip(centers.dropFirst(), centers).map { $0 - $1 }.filter { $0 > 0.6 * boxPitch && $0 < 1.4 * boxPitch }.sorted()
        let pitch = steps.count >= length / 3 ? steps[steps.count / 2] : boxPitch
        let firstCell = centers.first.map { max(0, Int((($0 - left) / boxPitch).rounded(.down))) } ?? 0
        let origin = (centers.first ?? left) - (Double(firstCell) + 0.5) * pitch
        var cells = [RecognizedText.Word?](repeating: nil, count: length)
        for symbol in symbols {
            let center = Double(symbol.x) + Double(symbol.width) / 2
            let cell = Int(((center - origin) / pitch).rounded(.down))
            guard cell >= 0, cell < length else { continue }
            if let existing = cells[cell], existing.confidence >= symbol.confidence { continue }
            cells[cell] = symbol
        }
        var line = ""
        var unsure = Set<Int>(), contradicted = Set<Int>()
        var choices: [Int: Set<Character>] = [:]
        var blind: [Int: BlindDoubt] = [:]
        for (i, cell) in cells.enumerated() {
            if let cell {
                line += cell.text
                choices[i] = listed(cell)
                blind[i] = blindDoubt(cell)
                if cell.confidence < unsureConfidence { unsure.insert(i) }
                if cell.confidence == contradictedMarker { contradicted.insert(i) }
            } else {
                line += "<"
                unsure.insert(i)
            }
        }
        return (line, unsure, contradicted, choices, blind)
    }

    /// How far the OCR's own candidates for a glyph leave it undecided between the character
    /// read and one no check digit tells apart from it (`BlindDoubt`).
    enum BlindDoubt: Sendable, Hashable {
        /// Listed nearly as surely as the character read: the glyph does not decide.
        case close(Set<Character>)
        /// Listed more surely than the character read: the glyph says the other one.
        case preferred(Set<Character>)

        var partners: Set<Character> {
            switch self {
            case .close(let c), .preferred(let c): c
            }
        }
    }

    /// A partner listed this close to the character read (in the classifier's confidence) leaves
    /// the glyph undecided: measured on bench-mrz's captures (seed 7000) and dev seeds, see
    /// `blindDoubt`.
    static let blindMargin = 0.1

    /// The characters whose check-digit value equals `c`'s modulo 10 (`MRZCheckDigit`): a
    /// misread between them changes no weighted sum modulo 10, at any weight, so no check digit
    /// can catch it. The visually confusable ones in OCR-B: S/8, G/6, L/1, K/`<`, P/F, W/M,
    /// Q/G, U/0 (the rest of each class, such as I/8 or T/9, look nothing alike but are blind
    /// all the same).
    static func blindPartners(of c: Character) -> Set<Character> {
        guard let value = MRZCheckDigit.value(of: c) else { return [] }
        return Set(whitelist.filter { $0 != c && MRZCheckDigit.value(of: $0).map { ($0 - value) % 10 == 0 } == true })
    }

    /// The doubt the OCR's candidates for `symbol` leave between it and its blind partners: nil
    /// when none is listed within `blindMargin` of the character read. A dark capture read an S
    /// of a document number as 8 while its classifier gave S 0.93 and 8 0.78 (the line's
    /// digits around it swayed the choice); S and 8 differ by 20, so every check held.
    static func blindDoubt(_ symbol: RecognizedText.Word) -> BlindDoubt? {
        guard symbol.text.count == 1 else { return nil }
        let read = Character(symbol.text)
        let partners = blindPartners(of: read)
        let own = symbol.choices.first { $0.text == symbol.text }?.confidence ?? max(0, symbol.confidence)
        let listed = symbol.choices.filter { $0.text.count == 1 && partners.contains(Character($0.text)) }
        let close = listed.filter { $0.confidence >= own - blindMargin }
        guard !close.isEmpty else { return nil }
        let characters = Set(close.map { Character($0.text) })
        return close.contains { $0.confidence > own } ? .preferred(characters) : .close(characters)
    }

    /// With more symbols than the line has characters, one at either end that stands apart
    /// from its neighbour (more than 1.6 pitches) or is far smaller than the characters is a
    /// speck, an edge or a shadow the line box took in, not a character: it would shift every
    /// character after it.
    static func droppingStrays(_ input: [RecognizedText.Word], length: Int) -> [RecognizedText.Word] {
        var symbols = input
        guard symbols.count > length, symbols.count >= 3 else { return symbols }
        let centers = symbols.map { Double($0.x) + Double($0.width) / 2 }
        let steps = zip(centers.dropFirst(), centers).map { $0 - $1 }.sorted()
        let pitch = steps[steps.count / 2]
        let height = symbols.map(\.height).sorted()[symbols.count / 2]
        func stray(_ s: RecognizedText.Word, _ neighbour: RecognizedText.Word) -> Bool {
            let gap = abs((Double(s.x) + Double(s.width) / 2) - (Double(neighbour.x) + Double(neighbour.width) / 2))
            return gap > 1.6 * pitch || Double(s.height) < 0.6 * Double(height)
        }
        while symbols.count > length, symbols.count >= 3, stray(symbols[0], symbols[1]) { symbols.removeFirst() }
        while symbols.count > length, symbols.count >= 3, stray(symbols[symbols.count - 1], symbols[symbols.count - 2]) { symbols.removeLast() }
        return symbols
    }

    /// A passport's first line read with more symbols than it has characters whose second is
    /// the document code `P`: the line box took in a mark just before the code (a fold, a
    /// finger's edge, print beside the zone on a tilted page), read as a character. Placed by
    /// their x positions the symbols would fill the line from that mark, shifting every
    /// character a cell on and dropping the last (a drawn zone read `DP<VAL...`); without the
    /// mark they are the line's characters, in order when 44 are left, by their cells when the
    /// OCR also split a glyph (a dev capture's H read as three symbols: 48 in all).
    /// Nil where the symbols are no such line (after `droppingStrays`, which takes off marks
    /// that stand apart or are small), or where the first symbol stands on the `P`'s own glyph
    /// (centres under `splitGlyph` pitches apart: the code split, no mark).
    static func droppingMarkBeforeCode(_ text: RecognizedText, length: Int) -> RecognizedText? {
        let symbols = droppingStrays(text.symbols.filter { $0.text.count == 1 && MRZCheckDigit.value(of: Character($0.text)) != nil },
                                     length: length)
        guard symbols.count > length, symbols[1].text == "P", symbols[0].text != "P" else { return nil }
        let centers = symbols.map { Double($0.x) + Double($0.width) / 2 }
        let steps = zip(centers.dropFirst(), centers).map { $0 - $1 }.sorted()
        guard centers[1] - centers[0] >= splitGlyph * steps[steps.count / 2] else { return nil }
        var trimmed = text
        trimmed.symbols = Array(symbols.dropFirst())
        return trimmed
    }

    /// Symbols whose centres are closer than this many pitches stand on one glyph.
    static let splitGlyph = 0.6

    /// OCR-B's digits stand taller than its capitals (about 8%), and its O and 0 differ little
    /// otherwise: the legacy classifier's one systematic confusion. Each symbol read as O or 0
    /// is decided by its height against the line's other letters and digits; one too close to
    /// call gets a low confidence, so correction may try both. Other look-alikes (8/B, 5/S,
    /// 2/Z, 1/I, 6/G) whose height says the other class are only marked unsure: correction
    /// then decides by the check digits.
    static func resolvingZeroAndO(_ symbols: [RecognizedText.Word]) -> [RecognizedText.Word] {
        func median(_ values: [Int]) -> Double? {
            guard values.count >= 3 else { return nil }
            let sorted = values.sorted()
            return Double(sorted[sorted.count / 2])
        }
        let letters = symbols.filter { $0.text.count == 1 && "ABCDEFGHIJKLMNPRSTUVWXYZ".contains($0.text) }.map(\.height)
        let digits = symbols.filter { $0.text.count == 1 && "123456789".contains($0.text) }.map(\.height)
        guard let capital = median(letters), let digit = median(digits), digit - capital >= 0.04 * capital else { return symbols }
        let middle = (capital + digit) / 2, margin = 0.15 * (digit - capital)
        return symbols.map { symbol in
            var resolved = symbol
            let height = Double(symbol.height)
            let looksDigit = height > middle + margin, looksLetter = height < middle - margin
            switch symbol.text {
            case "O", "0":
                if looksDigit {
                    resolved.text = "0"
                } else if looksLetter {
                    resolved.text = "O"
                } else {
                    resolved.confidence = min(resolved.confidence, unsureConfidence / 2)
                }
            case "8", "5", "2", "1", "6":
                if looksLetter { resolved.confidence = contradictedMarker }
            case "B", "S", "Z", "I", "G", "D", "Q", "L":
                if looksDigit { resolved.confidence = contradictedMarker }
            default:
                break
            }
            return resolved
        }
    }
}
