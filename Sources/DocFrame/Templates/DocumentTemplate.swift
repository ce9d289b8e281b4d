import Foundation

/// One document side that DocFrame can recognise: the metadata of `Templates/<id>/template.json`
/// (DESIGN.md, templates), plus where its reference image and features live.
public struct DocumentTemplate: Sendable {
    /// A named rectangle in reference pixels, optionally with the text printed there.
    public struct Region: Sendable, Hashable {
        public var x: Int, y: Int, width: Int, height: Int
        public var text: String?

        public init(x: Int, y: Int, width: Int, height: Int, text: String? = nil) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.text = text
        }
    }

    public static let fileName = "template.json"
    public static let referenceName = "reference.jpg"
    public static let featuresName = "features.yml.gz"

    public var id: String
    public var label: LocalizedText
    public var kind: DocumentKind
    public var jurisdiction: String
    public var side: DocumentSide
    public var format: DocumentFormat
    public var width: Int
    public var height: Int
    public var otherSide: String?
    public var policy: DocumentPolicy
    /// In file order (`header`, `photo`, ...).
    public var regions: [(name: String, region: Region)]
    /// The template's folder, when loaded from disk.
    public var folder: URL?

    public init(id: String, label: LocalizedText, kind: DocumentKind, jurisdiction: String, side: DocumentSide,
                format: DocumentFormat, otherSide: String? = nil, policy: DocumentPolicy = .accepted,
                regions: [(name: String, region: Region)] = [], folder: URL? = nil) {
        self.id = id
        self.label = label
        self.kind = kind
        self.jurisdiction = jurisdiction
        self.side = side
        self.format = format
        self.width = format.canonicalWidth
        self.height = format.canonicalHeight
        self.otherSide = otherSide
        self.policy = policy
        self.regions = regions
        self.folder = folder
    }

    public func region(_ name: String) -> Region? { regions.first { $0.name == name }?.region }

    public var referenceURL: URL? { folder?.appendingPathComponent(DocumentTemplate.referenceName) }
    public var featuresURL: URL? { folder?.appendingPathComponent(DocumentTemplate.featuresName) }

    // MARK: - template.json

    /// Reads `folder/template.json`; anything malformed is `invalidTemplate` naming the file.
    public static func load(folder: URL) throws -> DocumentTemplate {
        let file = folder.appendingPathComponent(fileName)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw DocFrameError(.invalidTemplate, "\(file.path): cannot be read")
        }
        var template = try parse(data, source: file.path)
        template.folder = folder
        return template
    }

    /// Parses template.json's bytes; `source` names the file in errors.
    public static func parse(_ data: Data, source: String) throws -> DocumentTemplate {
        func bad(_ why: String) -> DocFrameError { DocFrameError(.invalidTemplate, "\(source): \(why)") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw bad("not a JSON object")
        }
        if let version = object["version"] {
            guard (version as? NSNumber)?.intValue == 1 else { throw bad("unsupported version \(version)") }
        }
        func string(_ key: String) throws -> String {
            guard let s = object[key] as? String, !s.isEmpty else { throw bad("'\(key)' must be a non-empty string") }
            return s
        }
        let id = try string("id")
        guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) else {
            throw bad("'id' may hold only letters, digits, '-', '_' and '.'")
        }
        let label: LocalizedText
        if let text = object["label"] as? String {
            label = LocalizedText(en: text)
        } else if let l = object["label"] as? [String: Any], let en = l["en"] as? String, !en.isEmpty {
            label = LocalizedText(en: en, es: l["es"] as? String, fr: l["fr"] as? String)
        } else {
            throw bad("'label' must be an object with at least \"en\"")
        }
        guard let kind = DocumentKind(rawValue: try string("kind")) else {
            throw bad("'kind' must be one of \(DocumentKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let side = DocumentSide(rawValue: try string("side")) else { throw bad("'side' must be front or back") }
        let format: DocumentFormat
        if let f = object["format"] {
            guard let s = f as? String, let parsed = DocumentFormat(rawValue: s) else { throw bad("'format' must be ID-1, TD2 or TD3") }
            format = parsed
        } else {
            format = .id1
        }
        var policy = DocumentPolicy.accepted
        if let p = object["policy"] {
            guard let s = p as? String, let parsed = DocumentPolicy(rawValue: s) else { throw bad("'policy' must be accepted or unusable") }
            policy = parsed
        }
        var otherSide: String?
        if let o = object["otherSide"], !(o is NSNull) {
            guard let s = o as? String else { throw bad("'otherSide' must be a string or null") }
            otherSide = s
        }
        var template = DocumentTemplate(id: id, label: label, kind: kind, jurisdiction: try string("jurisdiction"),
                                        side: side, format: format, otherSide: otherSide, policy: policy)
        if let size = object["size"] {
            guard let pair = size as? [NSNumber], pair.count == 2,
                  pair[0].intValue == format.canonicalWidth, pair[1].intValue == format.canonicalHeight else {
                throw bad("'size' must be [\(format.canonicalWidth), \(format.canonicalHeight)] for \(format.rawValue)")
            }
        }
        if let regions = object["regions"] {
            guard let dict = regions as? [String: Any] else { throw bad("'regions' must be an object") }
            // JSONSerialization loses key order: keep header first, then by name, for stable output.
            for name in dict.keys.sorted(by: { ($0 == "header" ? "" : $0) < ($1 == "header" ? "" : $1) }) {
                guard let r = dict[name] as? [String: Any], let rect = r["rect"] as? [NSNumber], rect.count == 4 else {
                    throw bad("region '\(name)' needs \"rect\": [x, y, w, h]")
                }
                let v = rect.map(\.intValue)
                guard v[2] > 0, v[3] > 0, v[0] >= 0, v[1] >= 0, v[0] + v[2] <= template.width, v[1] + v[3] <= template.height else {
                    throw bad("region '\(name)' [\(v.map(String.init).joined(separator: ", "))] lies outside \(template.width)x\(template.height)")
                }
                var text: String?
                if let t = r["text"], !(t is NSNull) {
                    guard let s = t as? String else { throw bad("region '\(name)' text must be a string") }
                    text = s
                }
                template.regions.append((name, Region(x: v[0], y: v[1], width: v[2], height: v[3], text: text)))
            }
        }
        return template
    }

    /// template.json's content, keys in DESIGN.md's order.
    public func jsonValue() -> JSONValue {
        var label: [(String, JSONValue)] = [("en", .string(self.label.en))]
        if let es = self.label.es { label.append(("es", .string(es))) }
        if let fr = self.label.fr { label.append(("fr", .string(fr))) }
        let regions: [(String, JSONValue)] = self.regions.map { name, r in
            var fields: [(String, JSONValue)] = [("rect", .array([r.x, r.y, r.width, r.height].map { .number(Double($0)) }))]
            if let text = r.text { fields.append(("text", .string(text))) }
            return (name, .object(fields))
        }
        return .object([
            ("version", .number(1)), ("id", .string(id)), ("label", .object(label)),
            ("kind", .string(kind.rawValue)), ("jurisdiction", .string(jurisdiction)), ("side", .string(side.rawValue)),
            ("format", .string(format.rawValue)), ("size", .array([.number(Double(width)), .number(Double(height))])),
            ("otherSide", .optional(otherSide) { .string($0) }), ("policy", .string(policy.rawValue)),
            ("regions", .object(regions)),
        ])
    }
}
