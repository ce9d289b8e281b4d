import DocFrame
import Foundation
import Testing

/// Helpers for the synthesiser's tests: a flat test card drawn here (so the tests do not depend
/// on the specimen renderer) and a way to run the built `synthesize-captures` tool.
enum SynthesisFixture {
    static let width = 1012, height = 638

    /// An ID-1 sized card whose halves and quarters all differ (a 180-degree or mirrored
    /// reading of it does not correlate with the original): gradients, coloured blocks, bars.
    static func cardPixels() -> [UInt8] {
        var px = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var b = 200 + x * 40 / width, g = 215 - y * 50 / height, r = 230
                if y < 110 { (b, g, r) = (150, 80, 30) }                                                   // header band
                if x > 40, x < 300, y > 150, y < 480 { (b, g, r) = (120, 160, 200) }                        // photo
                if x > 90, x < 250, y > 200, y < 330 { (b, g, r) = (60, 90, 140) }
                if y > 180, y < 470, x > 340, x < 940, (y - 180) % 55 < 26, ((x * 7 + y / 55 * 13) % 37) < 26 { (b, g, r) = (30, 30, 30) }
                if x > 860, x < 960, y > 520, y < 600 { (b, g, r) = (40, 40, 210) }                        // red block
                if x > 40, x < 400, y > 520, y < 560 { (b, g, r) = (60, 150, 60) }                         // green bar
                let i = (y * width + x) * 3
                px[i] = UInt8(clamping: b)
                px[i + 1] = UInt8(clamping: g)
                px[i + 2] = UInt8(clamping: r)
            }
        }
        return px
    }

    static func card() throws -> Image {
        try Image(pixels: cardPixels(), width: width, height: height, bytesPerRow: width * 3, format: .bgr)
    }

    /// A fresh folder holding `test-card-front-1.png` and its sidecar; the test removes it.
    static func flatFolder() throws -> String {
        let dir = try temporaryFolder("flat")
        try card().write(to: dir + "/test-card-front-1.png", as: .png)
        let sidecar = """
        {"templateId": "ca-on-dl-front", "label": "Ontario Driver's License", "kind": "driversLicense", "side": "front", "jurisdiction": "CA-ON", "size": [1012, 638], "fields": {"surname": "TEST"}, "mrz": null, "regions": {"photo": [40, 150, 260, 330]}}
        """
        try sidecar.write(toFile: dir + "/test-card-front-1.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// A fresh temporary folder for one test's files; the test removes it (`defer`), so runs leave nothing in /tmp.
    static func temporaryFolder(_ name: String) throws -> String {
        let dir = NSTemporaryDirectory() + "docframe-synth-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The `synthesize-captures` executable built beside the test bundle.
    static func toolPath() throws -> String {
        var candidates: [String] = []
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(argv0.deletingLastPathComponent().appendingPathComponent("synthesize-captures").path)
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("synthesize-captures").path)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/synthesize-captures").path)
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw DocFrameError(.fileNotFound, "synthesize-captures is not built (looked in \(candidates))")
        }
        return found
    }

    /// Runs the tool; returns its exit status.
    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try toolPath())
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func sidecar(_ path: String) throws -> JSONValue {
        try JSONValue(parsing: String(contentsOfFile: path, encoding: .utf8))
    }

    static func quad(_ json: JSONValue) -> Quad? {
        json.member("corners")?.arrayValue.flatMap { Quad(pairs: $0.map { $0.arrayValue?.compactMap(\.numberValue) ?? [] }) }
    }

    /// The rectangle a pinhole camera with principal point `principal` sees as `quad`: the
    /// focal length (pixels) that makes its sides meet at right angles, and its width/height.
    /// Nil when no positive focal length does (or the quad is too nearly a parallelogram to tell).
    static func pinholeView(of quad: Quad, principal: Point) -> (focal: Double, aspect: Double)? {
        // Depths along the corners' rays (TL's is 1) that make the four points a parallelogram,
        // TL + BR = TR + BL: the third coordinate says l2 + l4 = 1 + l3, whatever the focal length.
        let p = [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft].map { Point(x: $0.x - principal.x, y: $0.y - principal.y) }
        // l2 (x2 - x3) + l4 (x4 - x3) = x1 - x3, and the same in y.
        let a = p[1].x - p[2].x, b = p[3].x - p[2].x, c = p[0].x - p[2].x
        let d = p[1].y - p[2].y, e = p[3].y - p[2].y, g = p[0].y - p[2].y
        let det = a * e - b * d
        guard abs(det) > 1e-9 else { return nil }
        let l2 = (c * e - b * g) / det, l4 = (a * g - c * d) / det
        let u = (x: l2 * p[1].x - p[0].x, y: l2 * p[1].y - p[0].y, z: l2 - 1)   // top side, z in focal lengths
        let v = (x: l4 * p[3].x - p[0].x, y: l4 * p[3].y - p[0].y, z: l4 - 1)   // left side
        guard abs(u.z * v.z) > 1e-6 else { return nil }
        let f2 = -(u.x * v.x + u.y * v.y) / (u.z * v.z)
        guard f2 > 0 else { return nil }
        let top = (u.x * u.x + u.y * u.y + f2 * u.z * u.z).squareRoot(), left = (v.x * v.x + v.y * v.y + f2 * v.z * v.z).squareRoot()
        return (f2.squareRoot(), top / left)
    }

    /// Pearson correlation of two images' grey levels at 253x160.
    static func correlation(_ a: Image, _ b: Image) throws -> Double {
        let x = try a.resized(width: 253, height: 160, interpolation: .area).grayscale().packedPixels().map(Double.init)
        let y = try b.resized(width: 253, height: 160, interpolation: .area).grayscale().packedPixels().map(Double.init)
        let mx = x.reduce(0, +) / Double(x.count), my = y.reduce(0, +) / Double(y.count)
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for i in 0..<x.count {
            sxy += (x[i] - mx) * (y[i] - my)
            sxx += (x[i] - mx) * (x[i] - mx)
            syy += (y[i] - my) * (y[i] - my)
        }
        return sxy / (sxx * syy).squareRoot()
    }
}
