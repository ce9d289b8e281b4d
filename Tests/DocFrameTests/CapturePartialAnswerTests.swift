import Foundation
import Testing
@testable import DocFrame

/// A live session's answer about part of a card (asked while it came into view): kept when the
/// card, tracked, turns out whole to be the same one (`CapturePolicy.partialAnswerWait`), and
/// checked by one classification of the whole card, so a wrong one does not stay.
@Suite("Capture: the answer about part of a card coming into view")
struct CapturePartialAnswerTests {
    static let guide = GuideLayout.default.guide(frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight,
                                                 viewport: nil, format: .id1)

    /// Another licence of the kind asked for, for a partial view to be mistaken for.
    static let otherLicense = Docs.identity("ca-bc-dl-front", "British Columbia Driver's Licence", .driversLicense, .front)

    /// The scripted analyzer, except that a classification asked about part of a card (the
    /// request's `partial`) names `partialAnswer` instead.
    struct PartialMisnamed: FrameAnalyzing {
        let base: ScriptedAnalyzer
        let partialAnswer: DocumentIdentity

        func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
            var answer = try base.analyze(frame, request: request)
            if request.depth == .locateAndClassify, request.partial { answer.document = partialAnswer }
            return answer
        }

        func otherSide(of templateId: String) -> String? { base.otherSide(of: templateId) }
    }

    @Test("with a partial answer wait, a card grown wholly into view while its partial view is being classified: that answer is left to come, and names it")
    func partialAnswerKept() throws {
        let analyzer = ScriptedAnalyzer()
        let partial = DispatchSemaphore(value: 0), whole = DispatchSemaphore(value: 0)
        let gate = Gate()
        // The first classification (of the partial view) hangs until the test lets it answer;
        // any later one (of the whole card) until the end of the test.
        analyzer.onAnalyze = { depth in
            guard depth == .locateAndClassify else { return }
            if gate.take() { partial.wait() } else { whole.wait() }
        }
        defer { partial.signal(); whole.signal(); whole.signal() }
        var policy = CapturePolicy.default
        policy.partialAnswerWait = 0.1
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense, policy: policy), analyzer: analyzer)
        var labelledAt: Int?
        for i in 0..<90 {
            analyzer.set(CaptureLiveEntryTests.growingIntoView(i))
            let update = try #require(try session.offer(CaptureHarness.blank, at: Double(i) / 30))
            if labelledAt == nil, update.state.label == "Ontario Driver's License" { labelledAt = i }
            if i == 48 {
                // The card has been wholly in view for two frames (from 47): the same card,
                // tracked, so its partial view's classification is not yet superseded.
                #expect(session.analysisCounts.classify == 1, "the whole card was asked about beside the partial view at once")
                partial.signal()
                Thread.sleep(forTimeInterval: 0.05)
            } else if i >= 45 {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        // The whole card's classification never answered: the label is the partial view's answer.
        let labelled = try #require(labelledAt, "the partial view's answer was not taken")
        #expect(labelled <= 50, "labelled on frame \(labelled), the partial view answered after frame 48")
        // Once named, the whole card is classified once more (the check), in the background.
        #expect(session.analysisCounts.classify == 2)
        #expect(analyzer.allRequests.filter { $0.depth == .locateAndClassify }.count == 1, "the check is still running")
        whole.signal()
        session.waitForBackgroundWork()
    }

    /// The scripted analyzer, except that its first classification waits for `release` and
    /// names `firstAnswer`.
    final class FirstMisnamed: FrameAnalyzing, @unchecked Sendable {
        let base: ScriptedAnalyzer
        let firstAnswer: DocumentIdentity
        let release = DispatchSemaphore(value: 0)
        private let gate = Gate()

        init(base: ScriptedAnalyzer, firstAnswer: DocumentIdentity) {
            self.base = base
            self.firstAnswer = firstAnswer
        }

        func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
            var answer = try base.analyze(frame, request: request)
            if request.depth == .locateAndClassify, gate.take() {
                release.wait()
                answer.document = firstAnswer
            }
            return answer
        }

        func otherSide(of templateId: String) -> String? { base.otherSide(of: templateId) }
    }

    @Test("a card that grew into view while its partial view was classified, named there as another document, gets its own label")
    func wrongAnswerAboutGrownCardReplaced() throws {
        let scripted = ScriptedAnalyzer()
        let analyzer = FirstMisnamed(base: scripted, firstAnswer: Self.otherLicense)
        defer { analyzer.release.signal() }
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: analyzer)
        var labels: [String?] = []
        for i in 0..<120 {
            scripted.set(CaptureLiveEntryTests.growingIntoView(i))
            let update = try #require(try session.offer(CaptureHarness.blank, at: Double(i) / 30))
            labels.append(update.state.label)
            if i == 47 {
                // The card has grown into view; the partial view's answer (the other licence)
                // comes before the next frame, so nothing is asked beside it.
                analyzer.release.signal()
                Thread.sleep(forTimeInterval: 0.05)
            } else if i >= 45 {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        session.waitForBackgroundWork()
        #expect(labels.contains(Self.otherLicense.label.en), "the partial view's answer is shown while it is all there is")
        #expect(labels.last == "Ontario Driver's License", "still \(labels.last.flatMap { $0 } ?? "no label") at the end")
        #expect(session.analysisCounts.classify == 2, "the partial view, then the whole card once")
    }

    @Test("a card held half out, named from its partial view as another document, gets its own label once slid in")
    func wrongPartialAnswerReplaced() throws {
        let scripted = ScriptedAnalyzer()
        let analyzer = PartialMisnamed(base: scripted, partialAnswer: Self.otherLicense)
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: analyzer)
        // 1.5 s of nothing; the card held half out at the frame's right edge for 0.5 s (longer
        // than the entry wait: its partial view is classified), then slid in and held for 2 s.
        let offsets: [Double?] = Array(repeating: nil, count: 45) + Array(repeating: 230, count: 15)
            + [180, 130, 80, 40, 10] + Array(repeating: 0, count: 60)
        var labels: [(t: Double, label: String?, whole: Bool)] = []
        for (i, offset) in offsets.enumerated() {
            let t = Double(i) / 30
            var whole = false
            if let offset {
                var shot = Shot.of(Docs.licenseFront)
                shot.offset = Point(x: offset, y: 0)
                var observation = shot.observation(in: Self.guide, frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight)
                let right = observation.corners!.points.map(\.x).max()!
                observation.quality?.cutOff = right > Double(CaptureHarness.frameWidth)
                whole = right < Double(CaptureHarness.frameWidth) * 0.98
                scripted.set(observation)
            } else {
                scripted.set(DocumentObservation())
            }
            let update = try #require(try session.offer(CaptureHarness.blank, at: t))
            labels.append((t, update.state.label, whole))
            if offset != nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        session.waitForBackgroundWork()
        // While half of it is out, the partial view's answer is all there is (and is shown).
        #expect(labels.contains { !$0.whole && $0.label == Self.otherLicense.label.en })
        // Once the whole card is in view it is classified, and its own label replaces the other.
        let classified = scripted.allRequests.filter { $0.depth == .locateAndClassify }
        #expect(classified.contains { !$0.partial }, "the whole card was never classified")
        let last = try #require(labels.last)
        #expect(last.label == "Ontario Driver's License", "still \(last.label ?? "no label") at the end")
    }

    #if os(Linux)
    /// The calling thread's kernel id.
    static func ownThread() -> id_t? {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else { return nil }
        return link.split(separator: "/").last.flatMap { id_t($0) }
    }

    /// Threads and nice levels seen by the classifications, in the order they began.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [(thread: id_t?, level: Int32?)] = []
        func note() {
            lock.lock()
            values.append((CapturePartialAnswerTests.ownThread(), CaptureLiveEntryTests.ownNiceness()))
            lock.unlock()
        }
        var all: [(thread: id_t?, level: Int32?)] {
            lock.lock(); defer { lock.unlock() }
            return values
        }
    }

    @Test("a classification after a superseded one runs at the classification's level, not on the superseded one's lowered thread")
    func supersededThreadNotReused() throws {
        let analyzer = ScriptedAnalyzer()
        let release = DispatchSemaphore(value: 0)
        let gate = Gate()
        let seen = Seen()
        // The first classification (of the partial view) hangs until the whole card's has begun
        // and superseded it.
        analyzer.onAnalyze = { depth in
            guard depth == .locateAndClassify else { return }
            seen.note()
            if gate.take() { release.wait() }
        }
        defer { release.signal() }
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: analyzer)
        for i in 0..<60 {
            analyzer.set(CaptureLiveEntryTests.growingIntoView(i))
            _ = try #require(try session.offer(CaptureHarness.blank, at: Double(i) / 30))
            if i >= 45 { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(session.analysisCounts.classify == 2, "the partial view, then the whole card beside it")
        release.signal()
        session.waitForBackgroundWork()
        // The card goes, and another comes: its classification.
        for i in 60..<90 {
            analyzer.set(i < 70 ? DocumentObservation() : Shot.of(Docs.licenseFront)
                .observation(in: Self.guide, frameWidth: CaptureHarness.frameWidth, frameHeight: CaptureHarness.frameHeight))
            _ = try #require(try session.offer(CaptureHarness.blank, at: Double(i) / 30))
            Thread.sleep(forTimeInterval: 0.02)
        }
        session.waitForBackgroundWork()
        let all = seen.all
        try #require(all.count >= 3)
        let superseded = all[0], whole = all[1], next = all[2]
        // A thread once lowered to the superseded level can be raised back only by a process
        // allowed to (root, RLIMIT_NICE): a worker thread reused would run the next document's
        // classification there. Each classification's thread is its own.
        #expect(next.thread != superseded.thread)
        #expect(next.level == whole.level, "the next classification ran at nice \(next.level ?? -1), the first ones at \(whole.level ?? -1)")
    }
    #endif
}
