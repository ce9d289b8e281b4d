import Foundation
import Testing
@testable import DocFrame

/// Row 9 judges reference glare over the last `CapturePolicy.glareFrames` frames: a reading over
/// the threshold on one frame only (noise at a small frame size) neither shows "Avoid the glare"
/// nor restarts the steady hold, but that frame is never the photo.
@Suite("Capture: glare read on one frame only")
struct CaptureGlareFramesTests {
    static let threshold = CapturePolicy.default.maxReferenceGlare
    /// Readings of a clean card, of a glared one, and of a glare hovering just over and under the
    /// threshold, relative to it.
    static let clear = threshold / 3, glared = threshold * 2, over = threshold * 1.13, under = threshold * 0.93

    static func shot(_ reading: Double) -> Shot {
        var shot = Shot.of(Docs.licenseFront)
        shot.referenceGlare = reading
        return shot
    }

    /// The time of the first capture when the card is held from t = 0 and `reading(frame)`
    /// is what the reference glare reads on each frame.
    static func captureTime(seconds: Double = 3, _ reading: @escaping (Int) -> Double) throws -> (CaptureHarness, Step) {
        let h = try CaptureHarness(fps: 10)
        var frame = 0
        try h.run(seconds) { _ in
            defer { frame += 1 }
            return shot(reading(frame))
        }
        return (h, try #require(h.steps.first { !$0.captures.isEmpty }))
    }

    @Test("a one-frame reading in the hold: no avoidGlare, the hold goes on, the photo on time")
    func oneFrameDoesNotRestart() throws {
        let (_, clean) = try Self.captureTime { _ in Self.clear }
        let (h, spiked) = try Self.captureTime { $0 == 8 ? Self.glared : Self.clear }
        #expect(spiked.t == clean.t, "taken at \(spiked.t), without the reading at \(clean.t)")
        #expect(!h.allKeys.contains(.avoidGlare))
    }

    @Test("a reading on the frame the photo is due: that frame is not taken, the next clear one is")
    func glaredFrameNotTaken() throws {
        let (_, clean) = try Self.captureTime { _ in Self.clear }
        let due = Int((clean.t * 10).rounded())
        let (h, deferred) = try Self.captureTime { $0 == due ? Self.glared : Self.clear }
        #expect(deferred.frame == due + 1)
        #expect(!h.allKeys.contains(.avoidGlare))
    }

    @Test("glare read on consecutive frames: avoidGlare, and the hold starts again once it is gone")
    func lastingGlareRestarts() throws {
        // Held from t = 0 ("checking" for its first second, then "Hold still"), glared on frames
        // 12-25: counted as glare from frame 13 (two of the last three readings) to frame 26, so
        // the hold breaks at 1.3 s; "Avoid the glare" replaces "Hold still" once that has stood
        // 1 s (t = 2.0); clear again on frame 27: the hold runs from t = 2.7 and the photo is
        // taken at 4.2 s.
        let glaredFrames = 12...25
        let (h, taken) = try Self.captureTime(seconds: 5) { glaredFrames.contains($0) ? Self.glared : Self.clear }
        #expect(h.first(.avoidGlare)?.t == 2.0)
        #expect(abs(taken.t - 4.2) < 1e-6, "taken at \(taken.t)")
        for step in h.steps where glaredFrames.contains(step.frame) { #expect(step.captures.isEmpty) }
    }

    @Test("glare whose reading flickers over and under the threshold counts as glare: never taken under it")
    func flickeringGlareCounts() throws {
        // Over the threshold on every other frame from frame 12 to the end (3 s).
        let h = try CaptureHarness(fps: 10)
        var frame = 0
        try h.run(3) { _ in
            defer { frame += 1 }
            return Self.shot(frame >= 12 && frame % 2 == 0 ? Self.over : (frame >= 12 ? Self.under : Self.clear))
        }
        #expect(h.captures.isEmpty, "taken at \(h.steps.first { !$0.captures.isEmpty }?.t ?? -1)")
        #expect(h.first(.avoidGlare) != nil)
    }
}
