import Foundation

/// One classify answer as the evaluator needs it: read from a classify JSON line, or made
/// directly from a `DocumentObservation` (what `template eval` does without printing JSON).
public struct EvaluatedResult: Sendable {
    public var path: String
    public var ok: Bool
    public var templateId: String?
    public var kind: String?
    public var side: String?
    public var confidence: Double?
    public var orientation: Int?
    public var corners: Quad?
    public var errorCode: String?
    /// The sum of `timingMs`, when given.
    public var totalMs: Double?

    public init(path: String, ok: Bool = true, templateId: String?, kind: String? = nil, side: String? = nil, confidence: Double? = nil,
                orientation: Int? = nil, corners: Quad? = nil, errorCode: String? = nil, totalMs: Double? = nil) {
        self.path = path
        self.ok = ok
        self.templateId = templateId
        self.kind = kind
        self.side = side
        self.confidence = confidence
        self.orientation = orientation
        self.corners = corners
        self.errorCode = errorCode
        self.totalMs = totalMs
    }

    public init(path: String, observation: DocumentObservation) {
        self.init(path: path, templateId: observation.document?.templateId, kind: observation.document?.kind.rawValue,
                  side: observation.document?.side.rawValue, confidence: observation.document?.confidence,
                  orientation: observation.orientation?.degrees, corners: observation.corners,
                  totalMs: observation.timingMs.isEmpty ? nil : observation.timingMs.values.reduce(0, +))
    }

    /// One line of `docframe classify` output (DESIGN.md's shape).
    public init(jsonLine: String) throws {
        let json = try JSONValue(parsing: jsonLine)
        guard let path = json.member("path")?.stringValue else {
            throw DocFrameError(.invalidArgument, "a result line has no \"path\"")
        }
        let document = json.member("document")
        self.init(path: path,
                  ok: json.member("ok")?.boolValue ?? true,
                  templateId: document?.member("templateId")?.stringValue,
                  kind: document?.member("kind")?.stringValue,
                  side: document?.member("side")?.stringValue,
                  confidence: document?.member("confidence")?.numberValue,
                  orientation: json.member("orientation")?.numberValue.map { Int($0) },
                  corners: json.member("corners")?.arrayValue.flatMap { items in
                      Quad(pairs: items.map { $0.arrayValue?.compactMap(\.numberValue) ?? [] })
                  },
                  errorCode: json.member("error")?.member("code")?.stringValue)
        if case .object(let timings)? = json.member("timingMs") {
            totalMs = timings.compactMap { $0.1.numberValue }.reduce(0, +)
        }
    }

    /// Reads classify output: JSON Lines, or one JSON array (`--format json`). Blank lines are skipped.
    public static func read(contentsOf path: String) throws -> [EvaluatedResult] {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw DocFrameError(FileManager.default.fileExists(atPath: path) ? .ioError : .fileNotFound, "cannot read \(path)")
        }
        return try parse(text)
    }

    public static func parse(_ text: String) throws -> [EvaluatedResult] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("[") {
            guard let items = try JSONValue(parsing: trimmed).arrayValue else { return [] }
            return try items.map { try EvaluatedResult(jsonLine: $0.rendered()) }
        }
        var results: [EvaluatedResult] = []
        for (n, line) in trimmed.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let l = line.trimmingCharacters(in: .whitespaces)
            guard !l.isEmpty else { continue }
            do { results.append(try EvaluatedResult(jsonLine: l)) } catch let error as DocFrameError {
                throw DocFrameError(.invalidArgument, "line \(n + 1): \(error.message)")
            }
        }
        return results
    }

    /// The name this answer is counted under: its `templateId`, `passport` for any passport,
    /// or nil for no document.
    public var templateKey: String? {
        guard let templateId else { return nil }
        return kind == DocumentKind.passport.rawValue || templateId == "passport" ? "passport" : templateId
    }
}
