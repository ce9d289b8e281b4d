import Foundation

/// What a labelled image really shows: one sidecar written by `synthesize-captures` (or by hand
/// in the same shape): `templateId`, `kind`, `side`, `corners`, `orientation`, `conditions`,
/// `negative`. The key the evaluator matches results by is the file stem.
public struct GroundTruth: Sendable, Hashable {
    /// The sidecar's file name without `.json`: the image's stem.
    public var stem: String
    /// The sidecar's path (its folder is the image's folder).
    public var sidecarPath: String
    public var templateId: String?
    public var label: String?
    public var kind: String?
    public var side: String?
    /// The document's own corners in image pixels; nil for negatives.
    public var corners: Quad?
    /// Clockwise, 0/90/180/270; nil for negatives.
    public var orientation: Int?
    public var conditions: [String]
    /// The document's share of the image area (the sidecar's `coverage`); nil for negatives and
    /// for sidecars written without it.
    public var coverage: Double?
    /// True when no known document is in the image.
    public var negative: Bool

    public init(stem: String, sidecarPath: String = "", templateId: String?, label: String? = nil, kind: String?, side: String?,
                corners: Quad?, orientation: Int?, conditions: [String], coverage: Double? = nil, negative: Bool) {
        self.stem = stem
        self.sidecarPath = sidecarPath
        self.templateId = templateId
        self.label = label
        self.kind = kind
        self.side = side
        self.corners = corners
        self.orientation = orientation
        self.conditions = conditions
        self.coverage = coverage
        self.negative = negative
    }

    /// Reads a sidecar; nil when the JSON is not a capture's ground truth (no `negative` key),
    /// such as a flat render's sidecar or a sequence's `sequence.json`.
    public init?(sidecar json: JSONValue, path: String) {
        guard let negative = json.member("negative")?.boolValue else { return nil }
        stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        sidecarPath = path
        templateId = json.member("templateId")?.stringValue
        label = json.member("label")?.stringValue
        kind = json.member("kind")?.stringValue
        side = json.member("side")?.stringValue
        corners = json.member("corners")?.arrayValue.flatMap { items in
            Quad(pairs: items.map { $0.arrayValue?.compactMap(\.numberValue) ?? [] })
        }
        orientation = json.member("orientation")?.numberValue.map { Int($0) }
        conditions = json.member("conditions")?.arrayValue?.compactMap(\.stringValue) ?? []
        coverage = json.member("coverage")?.numberValue
        self.negative = negative
        guard negative || (templateId != nil && corners != nil) else { return nil }
    }

    public var isPassport: Bool { kind == DocumentKind.passport.rawValue || templateId == "passport" }

    /// The name this document is counted under per template: its `templateId` (`passport`
    /// for every passport page), or `negative`.
    public var templateKey: String {
        if negative { return "negative" }
        return isPassport ? "passport" : (templateId ?? "unknown")
    }
}

/// The ground truth of one or more folders, looked up by the stem of a result's path.
public struct GroundTruthSet: Sendable {
    public private(set) var items: [GroundTruth] = []
    private var byStem: [String: [Int]] = [:]

    public init(_ items: [GroundTruth]) {
        for item in items { add(item) }
    }

    /// Every capture sidecar under the folders (recursively). Files that are not ground truth
    /// (flat renders' sidecars, `sequence.json`) are skipped; unreadable JSON is an error.
    public init(folders: [String]) throws {
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw DocFrameError(.fileNotFound, "no ground-truth folder at \(folder)")
            }
            let found = FolderWalker.paths(under: folder).filter { $0.hasSuffix(".json") }
            for path in found.sorted() {
                let text: String
                do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                    throw DocFrameError(.ioError, "cannot read \(path)")
                }
                let json: JSONValue
                do { json = try JSONValue(parsing: text) } catch let error as DocFrameError {
                    throw DocFrameError(.invalidArgument, "\(path): \(error.message)")
                }
                if let item = GroundTruth(sidecar: json, path: path) { add(item) }
            }
        }
    }

    private mutating func add(_ item: GroundTruth) {
        byStem[item.stem, default: []].append(items.count)
        items.append(item)
    }

    public var count: Int { items.count }

    /// The ground truth for a result's path: by file stem; when several folders hold that
    /// stem, the one in the same folder as the path.
    public func lookup(path: String) -> GroundTruth? {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let candidates = byStem[stem], !candidates.isEmpty else { return nil }
        if candidates.count == 1 { return items[candidates[0]] }
        let folder = URL(fileURLWithPath: (path as NSString).deletingLastPathComponent).standardizedFileURL.path
        return candidates.map { items[$0] }.first {
            URL(fileURLWithPath: ($0.sidecarPath as NSString).deletingLastPathComponent).standardizedFileURL.path == folder
        } ?? items[candidates[0]]
    }
}
