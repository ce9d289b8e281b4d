/// The JSON forms of DESIGN.md's classify output, key for key and in its order, with explicit
/// nulls. Shared by `classify`, `mrz` and the capture event stream.
public enum ObservationJSON {
    /// Timing keys in the order DESIGN.md prints them; others follow alphabetically.
    static let timingOrder = ["decode", "locate", "classify", "ocr", "mrz"]
    static let checkOrder = ["documentNumber", "birthDate", "expiryDate", "optionalData", "composite"]
    static let fieldOrder = ["documentType", "issuingState", "surname", "givenNames", "documentNumber", "nationality",
                             "birthDate", "sex", "expiryDate", "optionalData", "optionalData2"]

    /// One whole output line: `path`, `ok`, `document`, `orientation`, `corners`, `quality`, `mrz`, `timingMs`, `error`.
    public static func record(_ record: ObservationRecord) -> JSONValue {
        let observation = record.observation
        return .object([
            ("path", .string(record.path)),
            ("ok", .bool(record.error == nil)),
            ("document", .optional(observation?.document, document)),
            ("orientation", .optional(observation?.orientation) { .number(Double($0.degrees)) }),
            ("corners", .optional(observation?.corners, corners)),
            ("quality", .optional(observation?.quality, quality)),
            ("mrz", .optional(observation?.mrz, mrz)),
            ("timingMs", timings(observation?.timingMs ?? [:])),
            ("error", .optional(record.error, error)),
        ])
    }

    public static func document(_ d: DocumentIdentity) -> JSONValue {
        .object([
            ("templateId", .string(d.templateId)),
            ("label", .string(d.label.en)),
            ("kind", .string(d.kind.rawValue)),
            ("side", .string(d.side.rawValue)),
            ("jurisdiction", .string(d.jurisdiction)),
            ("policy", .string(d.policy.rawValue)),
            ("confidence", .rounded(d.confidence, places: 3)),
        ])
    }

    public static func corners(_ q: Quad) -> JSONValue {
        .array(q.points.map { .array([.rounded($0.x, places: 1), .rounded($0.y, places: 1)]) })
    }

    public static func quality(_ q: QualityReport) -> JSONValue {
        .object([
            ("coverage", .rounded(q.coverage, places: 3)),
            ("blur", .rounded(q.blur, places: 3)),
            ("glare", .rounded(q.glare, places: 3)),
            ("cutOff", .bool(q.cutOff)),
        ])
    }

    public static func mrz(_ m: MRZResult) -> JSONValue {
        .object([
            ("format", .string(m.format.rawValue)),
            ("lines", .array(m.lines.map(JSONValue.string))),
            ("valid", .bool(m.valid)),
            ("checks", .object(ordered(m.checks, by: checkOrder).map { ($0, .bool($1)) })),
            ("fields", .object(ordered(m.fields, by: fieldOrder).map { ($0, .string($1)) })),
        ])
    }

    public static func error(_ e: DocFrameError) -> JSONValue {
        .object([("code", .string(e.code.rawValue)), ("message", .string(e.message))])
    }

    static func timings(_ t: [String: Double]) -> JSONValue {
        .object(ordered(t, by: timingOrder).map { ($0, .rounded($1, places: 1)) })
    }

    /// The dictionary's pairs, known keys first in `order`, the rest alphabetically.
    static func ordered<V>(_ dictionary: [String: V], by order: [String]) -> [(String, V)] {
        let known = order.compactMap { key in dictionary[key].map { (key, $0) } }
        let rest = dictionary.filter { !order.contains($0.key) }.sorted { $0.key < $1.key }
        return known + rest.map { ($0.key, $0.value) }
    }
}
