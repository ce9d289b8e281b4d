import Foundation
import Testing
@testable import DocFrame

/// A passport in a live session (`offer`: classification off the frame path, in the
/// background). A page whose zone has not read is reclassified every `reclassifyInterval` until
/// it does (`CapturePolicy.passportNeedsReadZone`); the replay tests (`process`) check the same
/// rule with every classification inline. Here the reclassification must happen off the frame
/// path, and the capture must follow the zone's first reading without waiting for a new
/// document.
@Suite("Capture: a passport in a live session")
struct CaptureLivePassportTests {
    struct Frame {
        var t: Double
        var state: FrameState
        var events: [CaptureEvent]
        var zoneShown: Bool

        var taken: Bool { events.contains { if case .captured = $0 { true } else { false } } }
    }

    /// Plays a passport page resting in the guide through a live passport session: its zone
    /// covered for `covered` seconds, then uncovered for `uncovered` seconds, at 30 fps. Each
    /// classification takes `classifySeconds` of wall time (the frames go on meanwhile).
    func play(covered: Double, uncovered: Double, classifySeconds: Double) throws -> (frames: [Frame], analyzer: ScriptedAnalyzer) {
        let analyzer = ScriptedAnalyzer()
        analyzer.onAnalyze = { depth in if depth == .locateAndClassify { Thread.sleep(forTimeInterval: classifySeconds) } }
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .passport), analyzer: analyzer)
        let guide = GuideLayout.default.guide(frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight,
                                              viewport: nil, format: .td3)
        var frames: [Frame] = []
        let count = Int(((covered + uncovered) * 30).rounded())
        for i in 0..<count {
            let t = Double(i) / 30
            var shot = Shot.of(Docs.passport)
            shot.zoneRead = t >= covered
            analyzer.set(shot.observation(in: guide, frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight))
            // A dropped frame (one still in work) is no update: the screen keeps the last one.
            if let update = try session.offer(CaptureHarness.blank, at: t) {
                frames.append(Frame(t: t, state: update.state, events: update.events, zoneShown: shot.zoneRead))
            }
            if session.result != nil { break }
            Thread.sleep(forTimeInterval: 1.0 / 30)
        }
        session.waitForBackgroundWork()
        return (frames, analyzer)
    }

    @Test("a passport with its zone covered is checked, labelled Passport and never taken; uncovered, it is taken after the steady hold, its page reclassified in the background")
    func coveredThenUncovered() throws {
        let policy = CapturePolicy.default
        let (frames, analyzer) = try play(covered: 3, uncovered: 3, classifySeconds: 0.05)
        let covered = frames.filter { !$0.zoneShown }
        #expect(covered.allSatisfy { !$0.taken && $0.state.progress == 0 && $0.state.state != .ready },
                "a page whose zone has not read is never readied or taken")
        // Past the instruction hold and the first classification: row 10 with its label.
        let settled = covered.filter { $0.t >= policy.instructionHold + 0.5 }
        #expect(!settled.isEmpty)
        for frame in settled {
            #expect(frame.state.instruction.key == .checking, "\(frame.t) s: \(frame.state.instruction.key)")
            #expect(frame.state.label == "Passport", "\(frame.t) s: \(frame.state.label ?? "-")")
        }
        // The page is classified again while its zone stays unread: several times in 3 s, never
        // on every frame.
        let classifications = analyzer.allRequests.filter { $0.depth == .locateAndClassify }.count
        #expect(classifications >= 4 && classifications < covered.count / 2, "\(classifications) classifications in \(covered.count) frames")

        let taken = try #require(frames.first { $0.taken }, "the passport is taken once its zone shows")
        #expect(taken.zoneShown)
        // The zone reads at the next reclassification; the steady hold runs from there.
        let shown = try #require(frames.first { $0.zoneShown }).t
        let slack = policy.reclassifyInterval + 0.05 + 0.25  // the classification's own time, and scheduling on a loaded machine
        #expect(taken.t - shown >= policy.steadyHold, "taken \(taken.t - shown) s after the zone showed")
        #expect(taken.t - shown <= policy.steadyHold + slack, "taken \(taken.t - shown) s after the zone showed")
    }
}
