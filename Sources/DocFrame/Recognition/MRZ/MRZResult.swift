/// A machine-readable zone as read and checked (DESIGN.md, classify `mrz`).
public struct MRZResult: Sendable, Hashable {
    public enum Format: String, Sendable, Codable, CaseIterable {
        case td1 = "TD1"
        case td2 = "TD2"
        case td3 = "TD3"

        public var lineCount: Int { self == .td1 ? 3 : 2 }
        public var lineLength: Int {
            switch self {
            case .td1: 30
            case .td2: 36
            case .td3: 44
            }
        }
    }

    public var format: Format
    /// The lines as finally read (after check-digit-guided correction).
    public var lines: [String]
    /// True only when every check digit holds, the dates are calendar dates, and the reader
    /// found no second reading of the checked fields that also passes (a misread cancelled out).
    public var valid: Bool
    /// Per check: `documentNumber`, `birthDate`, `expiryDate`, `composite`, and for TD3 `optionalData`.
    public var checks: [String: Bool]
    /// Parsed fields (`documentType`, `issuingState`, `surname`, `givenNames`, `documentNumber`,
    /// `nationality`, `birthDate` as YYYY-MM-DD, `sex`, `expiryDate`, `optionalData`, ...).
    public var fields: [String: String]
    /// Checked positions (line, index) whose glyph the OCR found as like a character no check
    /// digit tells from the one read (`MRZReader.blindDoubt`), true where it found the other one
    /// likelier. Not part of the output: it keeps two cuts that share such a doubt from
    /// vouching for each other (`MRZReader.vouched`).
    var blindDoubts: [MRZCorrector.Position: Bool] = [:]
    /// Cells of the names line whose glyph the OCR doubted in the cut the line was taken from.
    /// Not part of the output: it lets another cut of the zone, from another image, settle them
    /// (`MRZReader.namesSettled`).
    var nameDoubts: Set<Int> = []
    /// Every check holds with every checked character as one cut's OCR read it: none doubted,
    /// none chosen by correction (`MRZReader.Reading.guessed` empty). Not part of the output:
    /// it decides between two valid readings that disagree (`MRZReader.reconciled`).
    var checkedPlain = false

    public init(format: Format, lines: [String], valid: Bool, checks: [String: Bool], fields: [String: String]) {
        self.format = format
        self.lines = lines
        self.valid = valid
        self.checks = checks
        self.fields = fields
    }

    // Equality and hashing are the output's: how sure the OCR was of a glyph is not part of it.
    public static func == (a: MRZResult, b: MRZResult) -> Bool {
        a.format == b.format && a.lines == b.lines && a.valid == b.valid && a.checks == b.checks && a.fields == b.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(lines)
        hasher.combine(valid)
        hasher.combine(checks)
        hasher.combine(fields)
    }
}
