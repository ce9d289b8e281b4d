import Foundation

/// Finds, reads and validates the machine-readable zone in a flattened document or directly in
/// a photo: TD1 (3x30), TD2 (2x36), TD3 (2x44).
///
/// Steps: text lines are found by the shim (black-hat morphology, one rotated box per line);
/// `MRZLocator` picks the 2 or 3 lines that form a zone; each line is cut out upright,
/// scaled to the size the model was trained at and binarised; Tesseract reads it with
/// DocFrame's OCR-B model (`Models/mrz.traineddata`, legacy engine, whitelist `A-Z0-9<`,
/// single-line mode); characters are placed by their x position (the font is monospaced, so a
/// dropped or doubled character cannot shift the rest); `MRZParser` corrects and validates.
/// When the first reading is not valid, the next candidate zone or binarisation is tried.
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
    /// Symbols below this confidence count as unsure for correction.
    static let unsureConfidence = 0.75

    /// The MRZ in `image`, or nil when no zone was found or read.
    ///
    /// The best reading is returned even when its check digits fail (`valid` false), so a
    /// caller can show what was read; a zone whose lines do not even have the right shape is nil.
    public func read(in image: Image) throws -> MRZResult? {
        let gray = image.isGrayscale ? image : try image.grayscale()
        var best: MRZResult?
        // Upright first; a photo may show the document upside down or sideways, which costs
        // the extra passes only when the upright one finds no valid zone.
        for quarterTurns in [0, 2, 1, 3] {
            let turned = quarterTurns == 0 ? gray : try gray.rotated(quarterTurns: quarterTurns)
            if let result = try readUpright(turned) {
                if result.valid { return result }
                if best == nil || Self.passing(result) > Self.passing(best!) { best = result }
            }
        }
        return best
    }

    /// The best reading of a zone in upright text lines, the first valid one if any.
    private func readUpright(_ gray: Image) throws -> MRZResult? {
        var best: MRZResult?
        for attempt in attempts(for: gray) {
            guard let lines = try? TextLineBox.find(in: gray, workWidth: attempt.workWidth, charHeight: attempt.charHeight) else { continue }
            let groups = MRZLocator().groups(in: lines, imageWidth: gray.width, imageHeight: gray.height)
            for group in groups {
                for binarization in [TextLineBox.Binarization.adaptive, .none] {
                    guard let result = try readGroup(group, in: gray, binarization: binarization) else { continue }
                    if result.valid { return result }
                    if best == nil || Self.passing(result) > Self.passing(best!) { best = result }
                }
            }
        }
        return best
    }

    /// The MRZ and, when it is a passport's, the passport identity by rule (`PassportRule`).
    ///
    /// - Parameter pageAspectRatio: width over height of the page in `image` when known (for
    ///   a flattened document, its canonical shape), to hold the page shape to TD3's.
    public func readPassport(in image: Image, pageAspectRatio: Double? = nil) throws -> (mrz: MRZResult, identity: DocumentIdentity?)? {
        guard let mrz = try read(in: image) else { return nil }
        return (mrz, PassportRule.identity(for: mrz, pageAspectRatio: pageAspectRatio))
    }

    private static func passing(_ r: MRZResult) -> Int { r.checks.values.filter { $0 }.count }

    private struct Attempt {
        var workWidth: Int
        var charHeight: Int
    }

    /// Line finding scales: first as if the document fills the image (a flattened document or a
    /// close photo), then as if it fills about half of it.
    private func attempts(for image: Image) -> [Attempt] {
        let work = min(image.width, 1200)
        return [
            Attempt(workWidth: work, charHeight: max(4, Int(Double(work) * 0.021))),
            Attempt(workWidth: work, charHeight: max(4, Int(Double(work) * 0.011))),
        ]
    }

    /// Reads the lines of one candidate zone; nil when they do not have an MRZ's shape.
    private func readGroup(_ group: MRZLocator.Group, in image: Image, binarization: TextLineBox.Binarization) throws -> MRZResult? {
        let formats: [MRZResult.Format] = group.lines.count == 3 ? [.td1] : [.td3, .td2]
        var texts: [RecognizedText] = []
        var cuts: [(width: Int, padX: Double)] = []
        for line in group.lines {
            let (cut, text) = try readLine(line, in: image, binarization: binarization)
            texts.append(text)
            cuts.append((cut.width, Self.padX * Double(Self.lineHeight)))
        }
        // The format whose length the lines' characters best fit.
        let counts = texts.map { $0.text.filter { !$0.isWhitespace }.count }
        let format = formats.min { a, b in
            counts.map { abs($0 - a.lineLength) }.reduce(0, +) < counts.map { abs($0 - b.lineLength) }.reduce(0, +)
        }!
        var lines: [String] = []
        var unsure = Set<MRZCorrector.Position>()
        for (index, text) in texts.enumerated() {
            let (line, unsureIndices) = Self.place(text, length: format.lineLength,
                                                   left: cuts[index].padX, right: Double(cuts[index].width) - cuts[index].padX)
            lines.append(line)
            for i in unsureIndices { unsure.insert(MRZCorrector.Position(line: index, index: i)) }
        }
        return parser.parseCorrecting(lines, uncertain: unsure)
    }

    static let padX = 0.6

    /// One line cut out upright and read by Tesseract with the MRZ model (no correction).
    func readLine(_ line: TextLineBox, in image: Image, binarization: TextLineBox.Binarization) throws -> (Image, RecognizedText) {
        let cut = try line.cut(from: image, padX: Self.padX, padY: 0.45, height: Self.lineHeight, binarization: binarization)
        return (cut, try textReader.read(cut, model: model, mode: .line, whitelist: Self.whitelist))
    }

    /// The line's `length` characters, with the indices the OCR was unsure of.
    ///
    /// When Tesseract returned exactly `length` characters they are taken in order. Otherwise
    /// each symbol is put at the character cell its centre falls in (OCR-B is monospaced and
    /// the line box spans the line from its first to its last character, `left`...`right` in
    /// the cut), a cell with two symbols keeps the surer one, and an empty cell gets `<` and
    /// is marked unsure.
    static func place(_ text: RecognizedText, length: Int, left: Double, right: Double) -> (String, Set<Int>) {
        let symbols = resolvingZeroAndO(text.symbols.filter { $0.text.count == 1 && MRZCheckDigit.value(of: Character($0.text)) != nil })
        if symbols.count == length {
            let unsure = Set(symbols.indices.filter { symbols[$0].confidence < unsureConfidence })
            return (symbols.map(\.text).joined(), unsure)
        }
        let pitch = (right - left) / Double(length)
        var cells = [RecognizedText.Word?](repeating: nil, count: length)
        for symbol in symbols {
            let center = Double(symbol.x) + Double(symbol.width) / 2
            let cell = Int(((center - left) / pitch).rounded(.down))
            guard cell >= 0, cell < length else { continue }
            if let existing = cells[cell], existing.confidence >= symbol.confidence { continue }
            cells[cell] = symbol
        }
        var line = ""
        var unsure = Set<Int>()
        for (i, cell) in cells.enumerated() {
            if let cell {
                line += cell.text
                if cell.confidence < unsureConfidence { unsure.insert(i) }
            } else {
                line += "<"
                unsure.insert(i)
            }
        }
        return (line, unsure)
    }

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
                if looksLetter { resolved.confidence = min(resolved.confidence, unsureConfidence / 2) }
            case "B", "S", "Z", "I", "G", "D", "Q", "L":
                if looksDigit { resolved.confidence = min(resolved.confidence, unsureConfidence / 2) }
            default:
                break
            }
            return resolved
        }
    }
}
