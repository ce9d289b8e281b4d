import Foundation
import Testing
@testable import DocFrame

/// The recognition tests' photos (Tests/Fixtures/Recognition, made by
/// scripts/make-recognition-fixtures) with their ground-truth sidecars, and one shared
/// recogniser over the built-in templates (loading it once keeps the suites fast).
enum RecognitionFixtures {
    struct Capture: Sendable {
        var path: String
        var templateId: String?
        var orientation: Int?
        var corners: Quad?
        var conditions: [String]
        var negative: Bool
        var name: String { (path as NSString).lastPathComponent }
    }

    static let root: String = {
        // Tests/DocFrameTests/<this file> -> Tests/Fixtures/Recognition
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Recognition").path
    }()

    static func captures(in folder: String = "captures") -> [Capture] {
        let dir = root + "/" + folder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
        return names.compactMap { name in
            let path = dir + "/" + name
            let sidecar = path.replacingOccurrences(of: ".jpg", with: ".json")
            guard let data = FileManager.default.contents(atPath: sidecar),
                  let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
            let corners = (object["corners"] as? [[Double]]).flatMap { Quad(pairs: $0) }
            return Capture(path: path, templateId: object["templateId"] as? String, orientation: object["orientation"] as? Int,
                           corners: corners, conditions: object["conditions"] as? [String] ?? [],
                           negative: object["negative"] as? Bool ?? false)
        }
    }

    /// The committed capture `name` (".jpg" may be left off) in `folder`, with its sidecar.
    static func capture(_ name: String, in folder: String) throws -> Capture {
        let file = name.hasSuffix(".jpg") ? name : name + ".jpg"
        guard let capture = captures(in: folder).first(where: { $0.name == file }) else {
            throw DocFrameError(.invalidArgument, "no capture \(file) with a sidecar in Fixtures/Recognition/\(folder)")
        }
        return capture
    }

    /// What the shared built-in recogniser observes in `capture`'s photo.
    static func observe(_ capture: Capture) throws -> DocumentObservation {
        try builtIn.observe(try Image(contentsOfFile: capture.path))
    }

    /// Observes `capture` and checks what a user reads off the answer: the template and the
    /// orientation its sidecar gives, every corner within `share` of the diagonal. Returns the
    /// observation for the test's own further checks.
    @discardableResult
    static func expectPlaced(_ capture: Capture, within share: Double = 0.02,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> DocumentObservation {
        let truth = try #require(capture.corners, "\(capture.name) has no corners", sourceLocation: sourceLocation)
        let observation = try observe(capture)
        #expect(observation.document?.templateId == capture.templateId, sourceLocation: sourceLocation)
        #expect(observation.orientation?.degrees == capture.orientation, sourceLocation: sourceLocation)
        let corners = try #require(observation.corners, "no corners", sourceLocation: sourceLocation)
        #expect(corners.maxCornerDistance(to: truth) < share * truth.diagonal, "\(corners)", sourceLocation: sourceLocation)
        return observation
    }

    /// The committed capture `name` scaled to `width` pixels across (426: the small live stream),
    /// with its ground-truth outline scaled alike; nil when there is no such capture or outline.
    static func scaledCapture(_ name: String, width: Int = 426) throws -> (frame: Image, corners: Quad)? {
        guard let capture = captures().first(where: { $0.name == name }), let truth = capture.corners else { return nil }
        let full = try Image(contentsOfFile: capture.path)
        let scale = Double(width) / Double(full.width)
        let frame = try full.resized(width: width, height: Int((Double(full.height) * scale).rounded()))
        func scaled(_ p: Point) -> Point { Point(x: p.x * scale, y: p.y * scale) }
        let corners = Quad(topLeft: scaled(truth.topLeft), topRight: scaled(truth.topRight),
                           bottomRight: scaled(truth.bottomRight), bottomLeft: scaled(truth.bottomLeft))
        return (frame, corners)
    }

    static let builtIn: Recognizer = {
        do {
            return try Recognizer(catalog: TemplateCatalog.load(includeBuiltin: true))
        } catch {
            fatalError("the built-in templates do not load: \(error)")
        }
    }()

    /// The ground-truth outline in the sidecar at `path` (a capture's `.json`).
    static func truthCorners(sidecar path: String) throws -> Quad {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let pairs = object["corners"] as? [[Double]], let quad = Quad(pairs: pairs) else {
            throw DocFrameError(.invalidArgument, "no corners in \(path)")
        }
        return quad
    }

    /// Largest corner distance as a share of the diagonal, whatever corner the lists start at.
    static func cornerError(_ found: Quad, _ truth: Quad) -> Double {
        let f = found.points, t = truth.points
        let best = (0..<4).map { k in (0..<4).map { f[$0].distance(to: t[($0 + k) % 4]) }.max()! }.min()!
        return best / truth.diagonal
    }
}
