/// Field-aware correction of an MRZ as read by OCR.
///
/// 1. Each position is coerced to what its field may hold: digits where the format has digits
///    (`O`->`0`, `I`->`1`, `S`->`5`, `B`->`8`, `Z`->`2`, `G`->`6`, ...), letters where it has
///    letters (the reverse), `<` where only a filler can be.
/// 2. Where letters and digits are both allowed (document numbers, optional data) and a check
///    fails, look-alike alternatives are tried, and a correction is taken only when the check
///    digits allow exactly one reading within the alternatives tried. Three sets, narrowest first:
///    O/0 swaps anywhere in the field (the trained model's one systematic confusion); any
///    look-alike (0/O/D/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B, `<`/K) where the OCR itself was unsure;
///    then any look-alike anywhere. Otherwise the reading stays as it was and its failing check
///    keeps `valid` false.
/// 3. A correction rewrites one character at most (`maxSubstitutions`): the check digit
///    that picked it vouches for one substitution, not for a combination of them.
/// 4. Where the OCR's candidate lists are known (`choices`), a correction found in the last,
///    widest set is taken only when every character it changes is one the OCR doubted or whose
///    glyph it listed the new character for; otherwise the reading is left as read.
///
/// Why the search stays wide and the filter comes after: a check digit passes one wrong
/// combination in ten, so the fewer combinations tried, the likelier a wrong one is the only
/// one that passes (narrowing the search to listed characters made new wrong readings pass).
/// Searching all look-alikes keeps "exactly one passes" meaningful; the filter then refuses a
/// repair that rewrites glyphs the OCR was sure of, which is how a misread that is no
/// look-alike (T read as 7) came out "repaired" by two swapped look-alikes and valid.
///
/// Why not "fewest changes wins": the document number's check digit and the composite weigh
/// those characters alike, so a misread that is no look-alike would often be "repaired" into
/// a wrong reading that passes every check. Uniqueness over a set keeps that rare.
struct MRZCorrector: Sendable {
    /// (line, index) of characters the OCR was unsure of; nil when unknown (every position may be).
    var uncertain: Set<Position>?
    /// The characters the OCR listed as candidates for each position's glyph besides the one
    /// read; nil when unknown (lines given as text): then any look-alike may be tried.
    var choices: [Position: Set<Character>]?

    init(uncertain: Set<Position>? = nil, choices: [Position: Set<Character>]? = nil) {
        self.uncertain = uncertain
        self.choices = choices
    }

    static let toDigit: [Character: Character] = [
        "O": "0", "Q": "0", "D": "0", "U": "0", "I": "1", "L": "1", "J": "1", "T": "7",
        "Z": "2", "S": "5", "G": "6", "B": "8", "A": "4",
    ]
    static let toLetter: [Character: Character] = [
        "0": "O", "1": "I", "2": "Z", "4": "A", "5": "S", "6": "G", "7": "T", "8": "B",
    ]
    /// The sex field holds only `M`, `F`, `X` or `<` (ICAO 9303 part 3), so any other letter
    /// read there is one of them: OCR-B's M loses its middle on small or soft zones and reads
    /// as H, N or W (two generated small-page captures read H); F reads as E or P when its
    /// bars smear; `<` as K. No check digit covers the field, so nothing else can repair it.
    static let toSex: [Character: Character] = [
        "H": "M", "N": "M", "W": "M", "E": "F", "P": "F", "K": "<",
    ]
    /// Look-alike groups tried where both letters and digits may stand.
    static let alternatives: [Character: [Character]] = {
        let groups: [[Character]] = [["0", "O", "D", "Q"], ["1", "I", "L"], ["2", "Z"], ["5", "S"], ["6", "G"], ["8", "B"], ["<", "K"]]
        var table: [Character: [Character]] = [:]
        for group in groups {
            for c in group { table[c] = group.filter { $0 != c } }
        }
        return table
    }()

    /// The most combinations tried for one field; beyond this the field is left alone.
    static let maxCombinations = 4096

    /// The most characters one correction may rewrite: one check digit vouches for one
    /// substitution, not for several. Over all readings of 120 dev captures (passports and TD1
    /// card backs, seeds apart from the evaluation set's), every correction that rewrote two
    /// characters of a field and made its check hold was wrong (16 of 16); of those that
    /// rewrote one, half were right. A digit chosen among several look-alike combinations
    /// passes one time in ten by chance, so the more characters a correction changes, the
    /// likelier "exactly one combination passes" is that chance.
    static let maxSubstitutions = 1

    func correct(_ lines: [[Character]], layout: MRZLayout) -> [[Character]] {
        var lines = coerce(lines, layout: layout)
        lines = repairStateCodes(lines, layout: layout)
        lines = agreeStateCodes(lines, layout: layout)
        var checks = MRZParser.appliedChecks(in: lines, layout: layout)
        let composite = checks.first { $0.key == "composite" }

        for check in checks where check.key != "composite" && !check.holds(in: lines) {
            if let fixed = searchInTiers(lines, positions: check.positions + [check.checkDigit], layout: layout,
                                         accept: { check.holds(in: $0) }, tieBreak: composite.map { c in { c.holds(in: $0) } }) {
                lines = fixed
            }
        }
        // The document number's overflow depends on what was corrected; look again.
        checks = MRZParser.appliedChecks(in: lines, layout: layout)
        if let composite = checks.first(where: { $0.key == "composite" }), !composite.holds(in: lines) {
            // Only positions outside fields whose own check already holds may change.
            let locked = Set(checks.filter { $0.key != "composite" && $0.holds(in: lines) }
                .flatMap { ($0.positions + [$0.checkDigit]).map { Position($0) } })
            let free = (composite.positions + [composite.checkDigit]).filter { !locked.contains(Position($0)) }
            if let fixed = searchInTiers(lines, positions: free, layout: layout, accept: { composite.holds(in: $0) }, tieBreak: nil) {
                lines = fixed
            }
        }
        return lines
    }

    struct Position: Hashable, Sendable {
        var line: Int
        var index: Int
        init(_ p: (Int, Int)) { line = p.0; index = p.1 }
        init(line: Int, index: Int) { self.line = line; self.index = index }
    }

    private enum Tier {
        case zeroAndO, uncertainLookAlikes, allLookAlikes
    }

    private func searchInTiers(_ lines: [[Character]], positions: [(Int, Int)], layout: MRZLayout,
                               accept: ([[Character]]) -> Bool, tieBreak: (([[Character]]) -> Bool)?) -> [[Character]]? {
        var tiers: [Tier] = [.zeroAndO]
        if uncertain != nil { tiers.append(.uncertainLookAlikes) }
        tiers.append(.allLookAlikes)
        for tier in tiers {
            if let fixed = search(lines, positions: positions, layout: layout, tier: tier, accept: accept, tieBreak: tieBreak) {
                return fixed
            }
        }
        return nil
    }

    /// A state code that is no known code is repaired when exactly one known code differs from
    /// it in one character, and that character is one the OCR doubted or no letter at all.
    func repairStateCodes(_ input: [[Character]], layout: MRZLayout) -> [[Character]] {
        var lines = input
        for key in ["issuingState", "nationality"] {
            guard let span = layout.spans[key], span.line < lines.count, span.start + 3 <= lines[span.line].count else { continue }
            let read = Array(lines[span.line][span.start..<span.start + 3])
            guard !MRZStateCodes.all.contains(String(read)) else { continue }
            let candidates = MRZStateCodes.all.filter { code in
                let c = Array(code)
                let differing = (0..<3).filter { c[$0] != read[$0] }
                guard differing.count == 1, let i = differing.first else { return false }
                let doubted = uncertain?.contains(Position(line: span.line, index: span.start + i)) ?? true
                return doubted || !(read[i].isLetter || read[i] == "<")
            }
            if candidates.count == 1, let code = candidates.first {
                lines[span.line].replaceSubrange(span.start..<span.start + 3, with: Array(code))
            }
        }
        return lines
    }

    /// A passport's nationality is its issuing state but for rare cases (a GBD holder of a GBR
    /// passport): when the two codes read differ in one character, that character is taken
    /// from the one that is a known code where the other is not, or else from the one the OCR
    /// did not doubt where it doubted the other. Codes that differ more are left alone.
    func agreeStateCodes(_ input: [[Character]], layout: MRZLayout) -> [[Character]] {
        var lines = input
        guard layout.format != .td1, lines.first?.first == "P",
              let issuer = layout.spans["issuingState"], let nationality = layout.spans["nationality"],
              issuer.start + 3 <= lines[issuer.line].count, nationality.start + 3 <= lines[nationality.line].count else { return lines }
        let a = Array(lines[issuer.line][issuer.start..<issuer.start + 3])
        let b = Array(lines[nationality.line][nationality.start..<nationality.start + 3])
        let differing = (0..<3).filter { a[$0] != b[$0] }
        guard differing.count == 1, let i = differing.first else { return lines }
        let knownA = MRZStateCodes.all.contains(String(a)), knownB = MRZStateCodes.all.contains(String(b))
        let doubtedA = uncertain?.contains(Position(line: issuer.line, index: issuer.start + i)) ?? false
        let doubtedB = uncertain?.contains(Position(line: nationality.line, index: nationality.start + i)) ?? false
        if (knownA && !knownB) || (knownA == knownB && doubtedB && !doubtedA) {
            lines[nationality.line][nationality.start + i] = a[i]
        } else if (knownB && !knownA) || (knownA == knownB && doubtedA && !doubtedB) {
            lines[issuer.line][issuer.start + i] = b[i]
        }
        return lines
    }

    /// Coerces every position to its character class.
    func coerce(_ input: [[Character]], layout: MRZLayout) -> [[Character]] {
        var lines = input
        // A TD3 zone that is not a visa's is a passport's, whose document code starts with P
        // (ICAO 9303 part 4); the OCR reads OCR-B's P as F or R when its bowl is faint, and no
        // check digit covers it.
        if layout.format == .td3, !layout.isVisa, let first = lines.first?.first, "FRBE".contains(first) {
            lines[0][0] = "P"
        }
        for (l, classes) in layout.classes.enumerated() where l < lines.count {
            for (i, cls) in classes.enumerated() where i < lines[l].count {
                let c = lines[l][i]
                switch cls {
                case .digit:
                    if let d = Self.toDigit[c] { lines[l][i] = d }
                case .check:
                    if c != "<", let d = Self.toDigit[c] { lines[l][i] = d }
                case .letter:
                    if let a = Self.toLetter[c] { lines[l][i] = a }
                case .sex:
                    if let sex = Self.toSex[c] { lines[l][i] = sex }
                case .filler:
                    lines[l][i] = "<"
                case .alphanumeric:
                    break
                }
            }
        }
        return settleNameFillers(lines, layout: layout)
    }

    /// Letters the OCR made of the name's `<` fillers (S, Z, F, P, C or K for the chevron on
    /// small, dark or glared zones), which no check digit covers:
    /// - after three fillers in a row every character is a filler: a name separator is at most
    ///   two, so three end the name (ICAO 9303 part 3: `<<` between primary and secondary
    ///   identifier, `<` between components, then filler);
    /// - a lone letter of those after `<<` with only fillers after it is a filler when the OCR
    ///   doubted it; read plainly it is kept, as a one-letter given name may be.
    /// A run the OCR only filled in (cells it found empty) does not end the name: glare can
    /// wash out letters in its middle.
    func settleNameFillers(_ input: [[Character]], layout: MRZLayout) -> [[Character]] {
        var lines = input
        guard let span = layout.spans["name"], span.line < lines.count else { return lines }
        let l = span.line
        let end = min(lines[l].count, span.start + span.length)
        func sure(_ i: Int) -> Bool { uncertain?.contains(Position(line: l, index: i)) != true }
        var i = span.start
        while i + 2 < end {
            if (i..<i + 3).allSatisfy({ lines[l][$0] == "<" && sure($0) }) {
                for j in (i + 3)..<end { lines[l][j] = "<" }
                break
            }
            i += 1
        }
        for i in span.start + 2..<end where Self.fillerLookAlikes.contains(lines[l][i]) {
            let afterFillers = lines[l][(i - 2)..<i].allSatisfy { $0 == "<" }
            let onlyFillersAfter = lines[l][(i + 1)..<end].allSatisfy { $0 == "<" }
            if afterFillers, onlyFillersAfter, uncertain?.contains(Position(line: l, index: i)) == true {
                lines[l][i] = "<"
            }
        }
        return lines
    }

    /// What the model reads OCR-B's `<` as where it misreads it (generated captures).
    static let fillerLookAlikes: Set<Character> = ["S", "Z", "F", "P", "C", "K"]

    /// Tries look-alike alternatives at `positions`; returns the lines when exactly one
    /// combination other than the current one satisfies `accept` (ties broken by `tieBreak`).
    private func search(_ lines: [[Character]], positions: [(Int, Int)], layout: MRZLayout, tier: Tier,
                        accept: ([[Character]]) -> Bool, tieBreak: (([[Character]]) -> Bool)?) -> [[Character]]? {
        var options: [((Int, Int), [Character])] = []
        var combinations = 1
        for p in positions {
            let current = lines[p.0][p.1]
            guard layout.classes[p.0][p.1] == .alphanumeric else { continue }
            let allowed: [Character]
            switch tier {
            case .zeroAndO:
                allowed = current == "0" ? ["O"] : current == "O" ? ["0"] : []
            case .uncertainLookAlikes:
                allowed = uncertain?.contains(Position(p)) == true ? Self.alternatives[current] ?? [] : []
            case .allLookAlikes:
                allowed = Self.alternatives[current] ?? []
            }
            guard !allowed.isEmpty else { continue }
            options.append((p, [current] + allowed))
            combinations *= allowed.count + 1
            if combinations > Self.maxCombinations { return nil }
        }
        guard !options.isEmpty else { return nil }
        var passing: [[[Character]]] = []
        var candidate = lines
        var counters = [Int](repeating: 0, count: options.count)
        // Enumerate every combination except the all-current one (index 0 everywhere).
        while true {
            var k = 0
            while k < counters.count {
                counters[k] += 1
                if counters[k] < options[k].1.count { break }
                counters[k] = 0
                k += 1
            }
            if k == counters.count { break }
            for (j, option) in options.enumerated() {
                candidate[option.0.0][option.0.1] = option.1[counters[j]]
            }
            if accept(candidate) {
                passing.append(candidate)
                if passing.count > 64 { return nil }
            }
        }
        var found: [[Character]]?
        if passing.count == 1 {
            found = passing[0]
        } else if passing.count > 1, let tieBreak {
            let narrowed = passing.filter(tieBreak)
            if narrowed.count == 1 { found = narrowed[0] }
        }
        guard let found else { return nil }
        let substitutions = options.filter { found[$0.0.0][$0.0.1] != lines[$0.0.0][$0.0.1] }.count
        guard substitutions <= Self.maxSubstitutions else { return nil }
        if tier == .allLookAlikes, !isSupported(found, from: lines, at: options.map(\.0)) { return nil }
        return found
    }

    /// Whether every change from `read` to `corrected` at `positions` is one the OCR allowed
    /// for: it doubted the glyph, or listed the new character among its candidates for it.
    /// Always true when the candidate lists are unknown.
    func isSupported(_ corrected: [[Character]], from read: [[Character]], at positions: [(Int, Int)]) -> Bool {
        guard let choices else { return true }
        return positions.allSatisfy { p in
            let new = corrected[p.0][p.1]
            return new == read[p.0][p.1] || uncertain?.contains(Position(p)) == true || choices[Position(p)]?.contains(new) == true
        }
    }
}
