import Foundation
import Testing
@testable import DocFrame

/// A document coming into view of a live session (`offer`, classification in the background):
/// its outline grows by more than a tracking step per frame while it slides in (entry jumps),
/// and the label must come with its first row, soon after it is wholly in view.
@Suite("Capture: a document entering a live session")
struct CaptureLiveEntryTests {
    struct Frame {
        var t: Double
        var state: FrameState
        /// The card's offset from its resting place (nil: not in view).
        var offset: Double?
    }

    /// Plays `offsets` (x offset of the card per frame at 30 fps, nil: nothing in view) through a
    /// live session; frames with a card in view give the background a moment to answer, as a
    /// camera's frame interval would.
    func play(_ offsets: [Double?], scales: [Double]? = nil, policy: CapturePolicy = .default,
              classifySeconds: Double = 0) throws -> (frames: [Frame], analyzer: ScriptedAnalyzer) {
        let analyzer = ScriptedAnalyzer()
        if classifySeconds > 0 {
            // A slow classification (one core, a header to read): the frames go on meanwhile.
            analyzer.onAnalyze = { depth in if depth == .locateAndClassify { Thread.sleep(forTimeInterval: classifySeconds) } }
        }
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense, policy: policy), analyzer: analyzer)
        let guide = GuideLayout.default.guide(frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight,
                                              viewport: nil, format: .id1)
        var frames: [Frame] = []
        for (i, offset) in offsets.enumerated() {
            let t = Double(i) / 30
            if let offset {
                var shot = Shot.of(Docs.licenseFront, scale: scales?[i] ?? 0.9)
                shot.offset = Point(x: offset, y: 0)
                let observation = shot.observation(in: guide, frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight)
                let right = observation.corners!.points.map(\.x).max()!
                var cut = observation
                cut.quality?.cutOff = right > Double(CaptureHarness.frameWidth)
                analyzer.set(cut)
            } else {
                analyzer.set(DocumentObservation())
            }
            // Nothing is dropped here: each frame waits its turn (no frame is in work meanwhile).
            let update = try #require(try session.offer(CaptureHarness.blank, at: t))
            frames.append(Frame(t: t, state: update.state, offset: offset))
            if offset != nil { Thread.sleep(forTimeInterval: 0.03) }
        }
        return (frames, analyzer)
    }

    /// 1.5 s of nothing, then the card slides in from the right (the first two frames cut off
    /// by the frame's edge, the first step longer than a tracking jump), then rests for 2 s.
    static let entrance: [Double?] = Array(repeating: nil, count: 45) + [330, 230, 160, 100, 50, 20] + Array(repeating: 0, count: 60)

    @Test("the label comes within 0.3 s of the card being wholly in view, with its first row; no searching flash")
    func labelSoonAfterEntry() throws {
        let (frames, analyzer) = try play(Self.entrance)
        let appeared = try #require(frames.firstIndex { $0.offset != nil })
        let whole = try #require(frames.firstIndex { ($0.offset ?? .infinity) <= 100 })
        let labelled = try #require(frames.firstIndex { $0.state.label == "Ontario Driver's License" })
        #expect(frames[labelled].t - frames[whole].t <= 0.3 + 1e-9, "label \(frames[labelled].t - frames[whole].t) s after the card was wholly in view")
        // Until the label, the screen keeps "searching" (no unlabelled row that would stand for
        // the instruction hold); from then on, never "searching" again while the card is in view.
        for frame in frames[appeared..<labelled] { #expect(frame.state.instruction.key == .searching) }
        for frame in frames[labelled...] {
            #expect(frame.state.instruction.key != .searching, "searching flashed up at \(frame.t) s")
            #expect(frame.state.label != nil || [.frontCaptured, .showBack].contains(frame.state.instruction.key))
        }
        // The card is classified once wholly in view, not while half of it was outside.
        let classified = analyzer.allRequests.filter { $0.depth == .locateAndClassify }
        #expect(!classified.isEmpty && classified.allSatisfy { !$0.partial })
        #expect(classified.count <= 2, "one classification (a second only if the first answered too late)")
    }

    @Test("a classification slower than labelWait: the card's first row waits for its label instead of an unlabelled row held for a second")
    func slowClassificationKeepsTheRowForItsLabel() throws {
        let card: [Double?] = Array(repeating: nil, count: 45) + Array(repeating: 0, count: 75)
        let (frames, _) = try play(card, classifySeconds: 0.8)
        let appeared = try #require(frames.firstIndex { $0.offset != nil })
        let labelled = try #require(frames.firstIndex { $0.state.label == "Ontario Driver's License" })
        for frame in frames[appeared..<labelled] {
            #expect(frame.state.instruction.key == .searching, "an unlabelled \(frame.state.instruction.key) went up at \(frame.t) s")
        }
        #expect(frames[labelled].t - frames[appeared].t <= CapturePolicy.default.labelWaitWhileClassifying + 1e-9)

        // Without the wait (the policy before it), the unlabelled row goes up and holds the
        // label back: what the wait is for.
        var before = CapturePolicy.default
        before.labelWaitWhileClassifying = 0
        let (old, _) = try play(card, policy: before, classifySeconds: 0.8)
        let oldLabelled = try #require(old.firstIndex { $0.state.label == "Ontario Driver's License" })
        #expect(old[appeared..<oldLabelled].contains { $0.state.instruction.key == .checking })
        #expect(oldLabelled > labelled)
    }

    @Test("a card that slides wholly into view (no jump) while its partial view is being classified is asked about beside it, without waiting for it to end")
    func partialClassificationOvertaken() throws {
        let analyzer = ScriptedAnalyzer()
        let release = DispatchSemaphore(value: 0)
        // A partial view's classification (the costliest kind) hangs until the end of the test.
        analyzer.onRequest = { request in if request.depth == .locateAndClassify && request.partial { release.wait() } }
        defer { release.signal() }
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: analyzer)
        let guide = GuideLayout.default.guide(frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight,
                                              viewport: nil, format: .id1)
        // 1.5 s of nothing; the card held at the frame's right edge for 0.6 s (longer than the
        // entry wait, so its partial view is classified), then slid in 10 px a frame (tracked,
        // no jump) and held.
        let offsets: [Double?] = Array(repeating: nil, count: 45) + Array(repeating: 230, count: 18)
            + stride(from: 220.0, through: 0, by: -10).map { $0 } + Array(repeating: 0, count: 45)
        var wholeAt: Double?, labelledAt: Double?
        for (i, offset) in offsets.enumerated() {
            let t = Double(i) / 30
            if let offset {
                var shot = Shot.of(Docs.licenseFront)
                shot.offset = Point(x: offset, y: 0)
                var observation = shot.observation(in: guide, frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight)
                let right = observation.corners!.points.map(\.x).max()!
                observation.quality?.cutOff = right > Double(CaptureHarness.frameWidth)
                if wholeAt == nil, right < Double(CaptureHarness.frameWidth) * 0.98 { wholeAt = t }
                analyzer.set(observation)
            } else {
                analyzer.set(DocumentObservation())
            }
            let update = try #require(try session.offer(CaptureHarness.blank, at: t))
            if labelledAt == nil, update.state.label == "Ontario Driver's License" { labelledAt = t }
            if offset != nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        // (The hung partial request is recorded only once it returns: the ones recorded are whole.)
        let requests = analyzer.allRequests.filter { $0.depth == .locateAndClassify }
        #expect(session.analysisCounts.classify == 2, "the partial view at the edge, then the whole card beside it")
        #expect(requests.count == 1 && requests.allSatisfy { !$0.partial }, "the whole card is asked about while the partial one still runs")
        let whole = try #require(wholeAt)
        let labelled = try #require(labelledAt, "the label does not wait for the partial view's classification")
        #expect(labelled - whole <= 0.5)
    }

    @Test("an outline that grows around where it was (the visible part of a card coming in) keeps its answer")
    func growingOutlineKeepsItsAnswer() throws {
        // Two frames of a small outline, then the whole card: a jump, but around the same place.
        let offsets: [Double?] = Array(repeating: nil, count: 45) + Array(repeating: 0, count: 62)
        let scales = Array(repeating: 0.9, count: 45) + [0.45, 0.45] + Array(repeating: 0.9, count: 60)
        let (frames, analyzer) = try play(offsets, scales: scales)
        #expect(frames.contains { $0.state.label == "Ontario Driver's License" })
        let classified = analyzer.allRequests.filter { $0.depth == .locateAndClassify }
        #expect(classified.count == 1, "the answer about the smaller outline applies to the grown one")
    }

    /// Frame `i` of a card growing into view at 30 fps: nothing for 1.5 s, part of the card (not
    /// recognisable) for two frames, then the whole card.
    static func growingIntoView(_ i: Int) -> DocumentObservation {
        guard i >= 45 else { return DocumentObservation() }
        let guide = GuideLayout.default.guide(frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight,
                                              viewport: nil, format: .id1)
        let shot = i < 47 ? Shot.of(nil, scale: 0.45) : Shot.of(Docs.licenseFront, scale: 0.9)
        return shot.observation(in: guide, frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight)
    }

    @Test("a card that grows into view while its partial view is being classified is asked about again without waiting for it to end; the late partial answer is dropped")
    func grownCardAskedAgain() throws {
        let analyzer = ScriptedAnalyzer()
        let release = DispatchSemaphore(value: 0)
        let gate = Gate()
        // The first classification (of the partial view) hangs until the end of the test.
        analyzer.onAnalyze = { depth in if depth == .locateAndClassify && gate.take() { release.wait() } }
        defer { release.signal() }
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: analyzer)
        var labelledAt: Double?
        for i in 0..<90 {
            let t = Double(i) / 30
            analyzer.set(Self.growingIntoView(i))
            let update = try #require(try session.offer(CaptureHarness.blank, at: t))
            if labelledAt == nil, update.state.label == "Ontario Driver's License" { labelledAt = t }
            if i >= 45 { Thread.sleep(forTimeInterval: 0.02) }
        }
        let labelled = try #require(labelledAt, "the whole card is named while the partial view's classification still runs")
        #expect(labelled - 47.0 / 30 <= 0.3 + 1e-9)
        #expect(session.analysisCounts.classify == 2)
        // The partial view's answer (nothing known) ends now: it is older than the one shown.
        release.signal()
        session.waitForBackgroundWork()
        for i in 90..<100 {
            let update = try #require(try session.offer(CaptureHarness.blank, at: Double(i) / 30))
            #expect(update.state.label == "Ontario Driver's License")
        }
    }

    #if os(Linux)
    /// The calling thread's nice level.
    static func ownNiceness() -> Int32? {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
              let tid = link.split(separator: "/").last.flatMap({ id_t($0) }) else { return nil }
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid)
    }

    /// Nice levels seen by the classifications, in the order they were read.
    final class Levels: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [(String, Int32?)] = []
        func note(_ what: String, _ level: Int32?) { lock.lock(); values.append((what, level)); lock.unlock() }
        func first(_ what: String) -> Int32? {
            lock.lock(); defer { lock.unlock() }
            return values.first { $0.0 == what }?.1
        }
    }

    @Test("a card that grows into view while its partial view is being classified: that classification yields the core to the whole card's")
    func supersededClassificationYields() throws {
        let analyzer = ScriptedAnalyzer()
        let release = DispatchSemaphore(value: 0)
        let gate = Gate()
        let levels = Levels()
        // The first classification (of the partial view) hangs until the whole card's has begun;
        // each notes its thread's nice level (the first once more when it goes on).
        analyzer.onAnalyze = { depth in
            guard depth == .locateAndClassify else { return }
            if gate.take() {
                levels.note("partial", Self.ownNiceness())
                release.wait()
                levels.note("partial, once superseded", Self.ownNiceness())
            } else {
                levels.note("whole", Self.ownNiceness())
            }
        }
        defer { release.signal() }
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: analyzer)
        for i in 0..<60 {
            analyzer.set(Self.growingIntoView(i))
            _ = try #require(try session.offer(CaptureHarness.blank, at: Double(i) / 30))
            if i >= 45 { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(session.analysisCounts.classify == 2)
        release.signal()
        session.waitForBackgroundWork()
        let partial = try #require(levels.first("partial"))
        let whole = try #require(levels.first("whole"))
        let superseded = try #require(levels.first("partial, once superseded"))
        #expect(partial == whole, "both begin at the classification's level, below the frame path")
        #expect(superseded > whole, "the partial view's classification runs below the whole card's once that has begun")
    }
    #endif

    @Test("a card held half out of the frame is still classified after the entry wait, and told to fit in")
    func cardHeldHalfOut() throws {
        let (frames, analyzer) = try play(Array(repeating: nil, count: 45) + Array(repeating: 230, count: 60))
        let classified = analyzer.allRequests.filter { $0.depth == .locateAndClassify }
        #expect(classified.first?.partial == true)
        let fit = try #require(frames.first { $0.state.instruction.key == .fitInFrame })
        #expect(fit.state.label == "Ontario Driver's License")
        #expect(fit.t - 1.5 <= CapturePolicy.default.entryWait + CapturePolicy.default.labelWait + 0.2)
    }
}
