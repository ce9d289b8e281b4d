import Foundation

/// Turns records into the text of one output format, streaming: `header`, then `line(for:)`
/// per record in input order, then `footer`. Whatever is non-nil is printed as a line.
public struct ObservationFormatter: Sendable {
    public let format: OutputFormat

    public init(format: OutputFormat) {
        self.format = format
    }

    public static let csvColumns = ["path", "ok", "templateId", "label", "kind", "side", "jurisdiction", "confidence",
                                    "orientation", "mrzValid", "error"]

    public var header: String? {
        switch format {
        case .jsonl, .text: nil
        case .json: "["
        case .csv: ObservationFormatter.csvColumns.joined(separator: ",")
        }
    }

    public var footer: String? {
        format == .json ? "]" : nil
    }

    /// The line for one record; `index` is its 0-based place (JSON arrays need commas between items).
    public func line(for record: ObservationRecord, index: Int) -> String {
        switch format {
        case .jsonl:
            return ObservationJSON.record(record).rendered()
        case .json:
            return (index > 0 ? "," : "") + ObservationJSON.record(record).rendered()
        case .csv:
            return csvFields(record).map(ObservationFormatter.csvEscape).joined(separator: ",")
        case .text:
            return textLine(record)
        }
    }

    func csvFields(_ record: ObservationRecord) -> [String] {
        let o = record.observation
        let d = o?.document
        return [
            record.path,
            record.error == nil ? "true" : "false",
            d?.templateId ?? "",
            d?.label.en ?? "",
            d?.kind.rawValue ?? "",
            d?.side.rawValue ?? "",
            d?.jurisdiction ?? "",
            d.map { JSONValue.rounded($0.confidence, places: 3).rendered() } ?? "",
            o?.orientation.map { String($0.degrees) } ?? "",
            o?.mrz.map { $0.valid ? "true" : "false" } ?? "",
            record.error?.code.rawValue ?? "",
        ]
    }

    static func csvEscape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    func textLine(_ record: ObservationRecord) -> String {
        let path = record.path.count >= 40 ? record.path : record.path.padding(toLength: 40, withPad: " ", startingAt: 0)
        if let error = record.error {
            return "\(path)  error: \(error.code.rawValue) (\(error.message))"
        }
        guard let o = record.observation else { return path }
        var parts: [String] = []
        if let d = o.document {
            parts.append("\(d.label.en), \(d.side.rawValue)")
            parts.append("confidence \(JSONValue.rounded(d.confidence, places: 2).rendered())")
        } else {
            parts.append(o.corners == nil ? "no document found" : "unknown document")
        }
        if let orientation = o.orientation { parts.append("rotated \(orientation.degrees)°") }
        if let mrz = o.mrz { parts.append("MRZ \(mrz.format.rawValue) \(mrz.valid ? "valid" : "invalid")") }
        return path + "  " + parts.joined(separator: "  ·  ")
    }
}
