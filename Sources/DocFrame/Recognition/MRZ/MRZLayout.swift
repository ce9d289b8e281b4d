/// Where each field of a machine-readable zone sits (ICAO 9303 Parts 4-7), and what kind of
/// characters it may hold. The parser, the corrector and the reader all work from this one table.
struct MRZLayout: Sendable {
    /// What a position may hold; drives field-aware correction.
    enum CharacterClass: Sendable {
        /// `0-9`.
        case digit
        /// `A-Z` or `<` (names, state codes, the document code).
        case letter
        /// `A-Z 0-9 <` (document numbers, optional data).
        case alphanumeric
        /// A check digit: `0-9`, or `<` where ICAO allows it.
        case check
        /// `M`, `F`, `X` or `<`.
        case sex
        /// Always `<`.
        case filler
    }

    /// A run of characters on one line (0-based `start`, `length`).
    struct Span: Sendable, Hashable {
        var line: Int
        var start: Int
        var length: Int
    }

    /// A field protected by a check digit.
    struct CheckedField: Sendable {
        /// The key in `MRZResult.checks`.
        var key: String
        var spans: [Span]
        var checkDigit: Span
        /// Whether `<` is accepted as the check digit when every character of `spans` is `<`.
        var fillerAllowedWhenEmpty: Bool
    }

    var format: MRZResult.Format
    /// True for a visa (MRV-A 2x44, MRV-B 2x36): no composite, no optional-data check.
    var isVisa: Bool
    var classes: [[CharacterClass]]
    var checked: [CheckedField]
    /// Named plain spans (`documentType`, `issuingState`, `name`, `nationality`, `birthDate`, ...).
    var spans: [String: Span]

    var lineCount: Int { format.lineCount }
    var lineLength: Int { format.lineLength }

    /// The layout for `format`; `visa` for machine-readable visas of the TD3 or TD2 shape.
    static func layout(for format: MRZResult.Format, visa: Bool = false) -> MRZLayout {
        switch format {
        case .td1: return td1
        case .td2: return visa ? mrv(length: 36) : twoLine(length: 36)
        case .td3: return visa ? mrv(length: 44) : twoLine(length: 44)
        }
    }

    /// TD3 (passports, 2x44) and TD2 (2x36): the same fields, the optional data shorter and,
    /// for TD2, without its own check digit.
    private static func twoLine(length: Int) -> MRZLayout {
        let format: MRZResult.Format = length == 44 ? .td3 : .td2
        let optionalLength = length == 44 ? 14 : 7
        var line1 = [CharacterClass](repeating: .letter, count: length)
        line1[0] = .letter
        var line2: [CharacterClass] = Array(repeating: .alphanumeric, count: 9) + [.check]
            + Array(repeating: .letter, count: 3) + Array(repeating: .digit, count: 6) + [.check, .sex]
            + Array(repeating: .digit, count: 6) + [.check] + Array(repeating: .alphanumeric, count: optionalLength)
        var checked = [
            CheckedField(key: "documentNumber", spans: [Span(line: 1, start: 0, length: 9)], checkDigit: Span(line: 1, start: 9, length: 1), fillerAllowedWhenEmpty: false),
            CheckedField(key: "birthDate", spans: [Span(line: 1, start: 13, length: 6)], checkDigit: Span(line: 1, start: 19, length: 1), fillerAllowedWhenEmpty: false),
            CheckedField(key: "expiryDate", spans: [Span(line: 1, start: 21, length: 6)], checkDigit: Span(line: 1, start: 27, length: 1), fillerAllowedWhenEmpty: false),
        ]
        if format == .td3 {
            line2 += [.check, .check]
            checked.append(CheckedField(key: "optionalData", spans: [Span(line: 1, start: 28, length: 14)], checkDigit: Span(line: 1, start: 42, length: 1), fillerAllowedWhenEmpty: true))
            checked.append(CheckedField(key: "composite", spans: [Span(line: 1, start: 0, length: 10), Span(line: 1, start: 13, length: 7), Span(line: 1, start: 21, length: 22)], checkDigit: Span(line: 1, start: 43, length: 1), fillerAllowedWhenEmpty: false))
        } else {
            line2 += [.check]
            checked.append(CheckedField(key: "composite", spans: [Span(line: 1, start: 0, length: 10), Span(line: 1, start: 13, length: 7), Span(line: 1, start: 21, length: 14)], checkDigit: Span(line: 1, start: 35, length: 1), fillerAllowedWhenEmpty: false))
        }
        return MRZLayout(format: format, isVisa: false, classes: [line1, line2], checked: checked, spans: [
            "documentType": Span(line: 0, start: 0, length: 2),
            "issuingState": Span(line: 0, start: 2, length: 3),
            "name": Span(line: 0, start: 5, length: length - 5),
            "documentNumber": Span(line: 1, start: 0, length: 9),
            "nationality": Span(line: 1, start: 10, length: 3),
            "birthDate": Span(line: 1, start: 13, length: 6),
            "sex": Span(line: 1, start: 20, length: 1),
            "expiryDate": Span(line: 1, start: 21, length: 6),
            "optionalData": Span(line: 1, start: 28, length: optionalLength),
        ])
    }

    /// Machine-readable visas (Part 7): like TD3/TD2 but the optional data runs to the end of
    /// line 2 with no check digit and no composite.
    private static func mrv(length: Int) -> MRZLayout {
        var layout = twoLine(length: length)
        layout.isVisa = true
        let optionalLength = length - 28
        layout.classes[1] = Array(layout.classes[1].prefix(28)) + Array(repeating: .alphanumeric, count: optionalLength)
        layout.checked = layout.checked.filter { $0.key != "composite" && $0.key != "optionalData" }
        layout.spans["optionalData"] = Span(line: 1, start: 28, length: optionalLength)
        return layout
    }

    /// TD1 (ID cards, 3x30).
    private static let td1: MRZLayout = {
        let line1: [CharacterClass] = Array(repeating: .letter, count: 5) + Array(repeating: .alphanumeric, count: 9) + [.check]
            + Array(repeating: .alphanumeric, count: 15)
        let line2: [CharacterClass] = Array(repeating: .digit, count: 6) + [.check, .sex] + Array(repeating: .digit, count: 6) + [.check]
            + Array(repeating: .letter, count: 3) + Array(repeating: .alphanumeric, count: 11) + [.check]
        let line3 = [CharacterClass](repeating: .letter, count: 30)
        return MRZLayout(format: .td1, isVisa: false, classes: [line1, line2, line3], checked: [
            CheckedField(key: "documentNumber", spans: [Span(line: 0, start: 5, length: 9)], checkDigit: Span(line: 0, start: 14, length: 1), fillerAllowedWhenEmpty: false),
            CheckedField(key: "birthDate", spans: [Span(line: 1, start: 0, length: 6)], checkDigit: Span(line: 1, start: 6, length: 1), fillerAllowedWhenEmpty: false),
            CheckedField(key: "expiryDate", spans: [Span(line: 1, start: 8, length: 6)], checkDigit: Span(line: 1, start: 14, length: 1), fillerAllowedWhenEmpty: false),
            CheckedField(key: "composite", spans: [Span(line: 0, start: 5, length: 25), Span(line: 1, start: 0, length: 7), Span(line: 1, start: 8, length: 7), Span(line: 1, start: 18, length: 11)], checkDigit: Span(line: 1, start: 29, length: 1), fillerAllowedWhenEmpty: false),
        ], spans: [
            "documentType": Span(line: 0, start: 0, length: 2),
            "issuingState": Span(line: 0, start: 2, length: 3),
            "documentNumber": Span(line: 0, start: 5, length: 9),
            "optionalData": Span(line: 0, start: 15, length: 15),
            "birthDate": Span(line: 1, start: 0, length: 6),
            "sex": Span(line: 1, start: 7, length: 1),
            "expiryDate": Span(line: 1, start: 8, length: 6),
            "nationality": Span(line: 1, start: 15, length: 3),
            "optionalData2": Span(line: 1, start: 18, length: 11),
            "name": Span(line: 2, start: 0, length: 30),
        ])
    }()
}
