import Foundation

/// Parses and validates machine-readable zones exactly as given (no correction): TD1 (3x30),
/// TD2 (2x36), TD3 (2x44), and machine-readable visas of the TD2 and TD3 shapes.
///
/// Check digits per ICAO 9303 Part 3 (7-3-1); `valid` is true only when every check holds.
/// Real-world deviations handled: TD1 and TD2 document numbers longer than 9 characters (the
/// check-digit position holds `<` and the rest of the number, then its check digit, overflow
/// into the optional data), and a `<` check digit for empty TD3 optional data.
public struct MRZParser: Sendable {
    /// "Today", for resolving two-digit years.
    public var referenceDate: Date

    public init(referenceDate: Date = Date()) {
        self.referenceDate = referenceDate
    }

    /// The format a set of lines has by shape, or nil for none.
    public static func format(of lines: [String]) -> MRZResult.Format? {
        let lengths = lines.map(\.count)
        switch lengths {
        case [30, 30, 30]: return .td1
        case [36, 36]: return .td2
        case [44, 44]: return .td3
        default: return nil
        }
    }

    /// Parses `lines`; nil when their count and lengths match no format or they hold characters
    /// outside `A-Z 0-9 <`.
    public func parse(_ lines: [String]) -> MRZResult? {
        guard let format = Self.format(of: lines),
              lines.allSatisfy({ $0.allSatisfy { MRZCheckDigit.value(of: $0) != nil } }) else { return nil }
        let layout = MRZLayout.layout(for: format, visa: lines[0].first == "V")
        return parse(lines.map(Array.init), layout: layout)
    }

    /// Parses lines as read by OCR: each position is first coerced to its field's kind and
    /// look-alikes are corrected where the check digits allow exactly one reading
    /// (`MRZCorrector`). nil when the shape matches no format.
    public func parseCorrecting(_ lines: [String]) -> MRZResult? {
        parseCorrecting(lines, uncertain: nil)
    }

    /// As `parseCorrecting(_:)`, with the positions the OCR was unsure of and, when known, the
    /// other characters it listed for each position's glyph (see `MRZCorrector.choices`).
    func parseCorrecting(_ lines: [String], uncertain: Set<MRZCorrector.Position>?,
                         choices: [MRZCorrector.Position: Set<Character>]? = nil) -> MRZResult? {
        guard let format = Self.format(of: lines),
              lines.allSatisfy({ $0.allSatisfy { MRZCheckDigit.value(of: $0) != nil } }) else { return nil }
        let layout = MRZLayout.layout(for: format, visa: lines[0].first == "V")
        let corrected = MRZCorrector(uncertain: uncertain, choices: choices).correct(lines.map(Array.init), layout: layout)
        return parse(corrected, layout: layout)
    }

    /// A checked field as it applies to these lines (the document number may overflow).
    struct AppliedCheck {
        var key: String
        /// (line, index) of every character covered.
        var positions: [(Int, Int)]
        var checkDigit: (Int, Int)
        var fillerAllowedWhenEmpty: Bool

        /// Summed straight from the cells, no string built: correction asks this of every
        /// combination of look-alikes it tries (up to `MRZCorrector.maxCombinations` a field),
        /// and building and walking a `String` for each was 2.6% of a bench-mrz capture's
        /// instructions. The same answer as `MRZCheckDigit.compute` over the cells' text.
        func holds(in lines: [[Character]]) -> Bool {
            let digit = lines[checkDigit.0][checkDigit.1]
            if digit == "<" {
                return fillerAllowedWhenEmpty && positions.allSatisfy { lines[$0.0][$0.1] == "<" }
            }
            guard let actual = digit.wholeNumberValue else { return false }
            var sum = 0
            for (i, p) in positions.enumerated() {
                guard let v = MRZCheckDigit.value(of: lines[p.0][p.1]) else { return false }
                sum += v * MRZCheckDigit.weight(at: i)
            }
            return sum % 10 == actual
        }
    }

    /// Where the document number lies once any overflow is taken into account, with its check.
    struct DocumentNumber {
        var positions: [(Int, Int)]
        var checkDigit: (Int, Int)
        /// Optional-data characters taken by the overflow (number and its check digit, then a filler).
        var consumedOptional: Int
    }

    static func documentNumber(in lines: [[Character]], layout: MRZLayout) -> DocumentNumber {
        let field = layout.checked.first { $0.key == "documentNumber" }!
        let span = field.spans[0]
        let check = (field.checkDigit.line, field.checkDigit.start)
        let plain = DocumentNumber(positions: (span.start..<span.start + span.length).map { (span.line, $0) },
                                   checkDigit: check, consumedOptional: 0)
        // Overflow (TD1, TD2): the check position is `<`, the 9th character is not a filler
        // and the optional data starts with the rest of the number followed by its check digit.
        guard !layout.isVisa, layout.format != .td3, lines[check.0][check.1] == "<",
              lines[span.line][span.start + span.length - 1] != "<",
              let optional = layout.spans["optionalData"], optional.line == span.line else { return plain }
        let row = lines[optional.line]
        var end = optional.start
        while end < optional.start + optional.length, row[end] != "<" { end += 1 }
        let taken = end - optional.start
        guard taken >= 2 else { return plain }
        return DocumentNumber(positions: plain.positions + (optional.start..<end - 1).map { (optional.line, $0) },
                              checkDigit: (optional.line, end - 1),
                              consumedOptional: min(optional.length, taken + 1))
    }

    static func appliedChecks(in lines: [[Character]], layout: MRZLayout) -> [AppliedCheck] {
        let number = documentNumber(in: lines, layout: layout)
        return layout.checked.map { field in
            if field.key == "documentNumber" {
                return AppliedCheck(key: field.key, positions: number.positions, checkDigit: number.checkDigit,
                                    fillerAllowedWhenEmpty: false)
            }
            let positions = field.spans.flatMap { span in (span.start..<span.start + span.length).map { (span.line, $0) } }
            return AppliedCheck(key: field.key, positions: positions, checkDigit: (field.checkDigit.line, field.checkDigit.start),
                                fillerAllowedWhenEmpty: field.fillerAllowedWhenEmpty)
        }
    }

    func parse(_ lines: [[Character]], layout: MRZLayout) -> MRZResult {
        var checks: [String: Bool] = [:]
        for check in Self.appliedChecks(in: lines, layout: layout) {
            checks[check.key] = check.holds(in: lines)
        }
        let number = Self.documentNumber(in: lines, layout: layout)

        func text(_ key: String) -> String {
            guard let span = layout.spans[key] else { return "" }
            return String(lines[span.line][span.start..<span.start + span.length])
        }
        func trimmed(_ s: some StringProtocol) -> String {
            String(s).trimmingCharacters(in: CharacterSet(charactersIn: "<"))
        }

        var fields: [String: String] = [:]
        fields["documentType"] = trimmed(text("documentType"))
        fields["issuingState"] = trimmed(text("issuingState"))
        let (surname, given) = Self.names(text("name"))
        fields["surname"] = surname
        fields["givenNames"] = given
        fields["documentNumber"] = trimmed(String(number.positions.map { lines[$0.0][$0.1] }))
        fields["nationality"] = trimmed(text("nationality"))
        if let birth = MRZDate.resolve(text("birthDate"), as: .birth, reference: referenceDate) { fields["birthDate"] = birth }
        let sex = text("sex")
        fields["sex"] = sex == "<" ? "X" : sex
        if let expiry = MRZDate.resolve(text("expiryDate"), as: .expiry, reference: referenceDate) { fields["expiryDate"] = expiry }
        fields["optionalData"] = trimmed(text("optionalData").dropFirst(number.consumedOptional))
        if layout.format == .td1 {
            fields["optionalData2"] = trimmed(text("optionalData2"))
        }
        // A check digit catches one misread, not two that cancel out; a date that is no calendar
        // date (month 13, day 32) is such a misread however its check digit came out.
        let plausible = MRZDate.isPlausible(text("birthDate")) && MRZDate.isPlausible(text("expiryDate"))
        return MRZResult(format: layout.format, lines: lines.map { String($0) },
                         valid: !checks.isEmpty && checks.values.allSatisfy { $0 } && plausible, checks: checks, fields: fields)
    }

    /// Splits the name field at its first `<<` into the primary and secondary identifiers,
    /// with single `<` read as spaces.
    static func names(_ field: String) -> (surname: String, givenNames: String) {
        let parts = field.components(separatedBy: "<<")
        func words(_ s: String) -> String {
            s.split(separator: "<").joined(separator: " ")
        }
        let surname = words(parts.first ?? "")
        let given = words(parts.dropFirst().joined(separator: "<"))
        return (surname, given)
    }
}
