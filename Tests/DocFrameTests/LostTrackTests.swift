import Foundation
import Testing
@testable import DocFrame

/// A card sliding into a live session's view, frame by frame through the real recognizer's
/// locate-only path (`LostTrack`): once wholly in view, its whole outline is taken at once,
/// not the part that came in first (whose classification, and with it the label, waits for
/// the whole card's outline).
@Suite("Capture: the outline of a card coming into view")
struct LostTrackTests {
    /// Plays a generated sequence (the card slides in from the bottom and is held) through the
    /// locate-only path, each frame's outline the next one's previous, as a session does.
    static func outlines(front: String, seed: Int) throws -> (outlines: [Quad?], truth: [(quad: Quad, cutOff: Bool)?]) {
        let folder = try GeneratedSequences.make(script: "empty:0.5,front:1.5", front: front, fps: 30, size: "854x480", seed: seed)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/sequence.json"))) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        var outlines: [Quad?] = []
        var truth: [(quad: Quad, cutOff: Bool)?] = []
        var previous: Quad?
        for (i, frame) in frames.enumerated() {
            let image = try Image(contentsOfFile: folder + String(format: "/%05d.jpg", i))
            let observation = try RecognitionFixtures.builtIn.analyze(image, request: AnalysisRequest(depth: .locate, previousCorners: previous))
            previous = observation.corners
            outlines.append(observation.corners)
            truth.append((frame["corners"] as? [[Double]]).flatMap { c in
                c.count == 4 ? (Quad(topLeft: Point(x: c[0][0], y: c[0][1]), topRight: Point(x: c[1][0], y: c[1][1]),
                                     bottomRight: Point(x: c[2][0], y: c[2][1]), bottomLeft: Point(x: c[3][0], y: c[3][1])),
                                (frame["cutOff"] as? Bool) ?? false) : nil
            })
        }
        return (outlines, truth)
    }

    @Test("a card slid in from below is outlined whole on the first frame it is wholly in view, or the next",
          arguments: ["ca-on-dl-front-1.jpg", "ca-bc-dl-front-1.jpg", "ca-pr-front-1.jpg"])
    func wholeOnceInView(_ front: String) throws {
        let (outlines, truth) = try Self.outlines(front: front, seed: 3)
        let whole = try #require(truth.indices.first { truth[$0].map { !$0.cutOff } ?? false })
        let errors = (whole...min(whole + 1, truth.count - 1)).map { i -> Double in
            guard let outline = outlines[i], let t = truth[i] else { return .infinity }
            return RecognitionFixtures.cornerError(outline, t.quad)
        }
        #expect(errors.contains { $0 <= 0.02 }, "frames \(whole)... outlines off by \(errors) of the diagonal")
    }
}
