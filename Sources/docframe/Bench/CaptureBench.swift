import DocFrame
import Foundation

/// Rows for the capture session (issue 6).
///
/// The first two time the session's own policy with recognition taken out (a scripted analyzer
/// hands back precomputed observations): tracking bookkeeping, the table, holds, events.
///
/// The "capture live" rows play a real frame sequence through a live session with the real
/// recognizer, paced at the sequence's frame rate as a camera would deliver it (`offer`: a frame
/// that arrives while one is in work is dropped), classification in the background:
/// - frame path: the time `offer` takes per processed frame (locate or track, quality, the
///   table), median and p90; the p99 row is the 99th percentile of one pass;
/// - label latency: wall time from the first frame a document is in view (fully in view, for
///   the second row; per the sequence's ground truth) to the first frame state showing a label.
/// The sequence is `$DOCFRAME_BENCH_SEQUENCE` (a `synthesize-captures --sequence` folder; for
/// the target make one at 1280x720, 30 fps, starting with an empty segment longer than
/// the instruction hold, e.g. "empty:1.5,front:3,empty:1.5,health_card:2.5"), else
/// TrainingData/sequences/approach scaled up to 1280x720. For the one-core figure run
/// `taskset -c 0 docframe bench --filter "capture live"`. One pass per 20 runs.
/// `DOCFRAME_BENCH_LABEL_JOINS=1` runs the sessions with `CapturePolicy.labelJoinsRow`.
enum CaptureBench {
    static func rows() throws -> [BenchRow] {
        let live = LiveCaptureRun()
        return try policyRows() + [
            BenchRow(name: "capture live: frame path ms (\(live.describe))") { runs in try live.results(passes: runs).frameMs },
            BenchRow(name: "capture live: frame path p99 ms, one per pass") { runs in try live.results(passes: runs).p99 },
            BenchRow(name: "capture live: label latency ms (in view)") { runs in try live.results(passes: runs).latencyInView },
            BenchRow(name: "capture live: label latency ms (fully in view)") { runs in try live.results(passes: runs).latencyFull },
            BenchRow(name: "capture live: frames dropped per pass") { runs in try live.results(passes: runs).dropped },
        ]
    }

    static func policyRows() throws -> [BenchRow] {
        let frame = try ImagingBench.syntheticPhoto(width: 1280, height: 720)
        let guide = GuideLayout.default.guide(frameWidth: 1280, frameHeight: 720, viewport: nil, format: .id1)
        let license = DocumentIdentity(templateId: "ca-on-dl-front", label: LocalizedText(en: "Ontario Driver's License"),
                                       kind: .driversLicense, side: .front, jurisdiction: "CA-ON", policy: .accepted, confidence: 0.97)

        // A card-shaped unknown document with a resting hand's jitter: "checking" forever, so a
        // long-lived session never finishes and each run is one ordinary frame.
        let jitter = (0..<64).map { i in
            observation(guide: guide, dx: Double(i % 3) - 1, dy: Double(i % 5) / 2 - 1, identity: nil)
        }
        let checkingAnalyzer = Playback(jitter)
        let checking = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: checkingAnalyzer)
        var t = 0.0

        // A steady known card: 47 frames to auto-capture (the hold starts on the second), including the guide cut and the flattening.
        let steady = Playback([observation(guide: guide, dx: 0, dy: 0, identity: license)])
        return [
            BenchRow(name: "capture policy, 30 frames (scripted, 1280x720)") {
                for _ in 0..<30 {
                    _ = try checking.process(frame, at: t)
                    t += 1.0 / 30
                }
            },
            BenchRow(name: "capture session to auto-capture, 47 frames") {
                let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: steady)
                var captured = false
                for i in 0..<47 {
                    let update = try session.process(frame, at: Double(i) / 30)
                    captured = captured || update.events.contains { if case .captured = $0 { true } else { false } }
                }
                guard captured else { throw DocFrameError(.internalError, "the bench sequence did not auto-capture") }
            },
        ]
    }

    static func observation(guide: GuideRect, dx: Double, dy: Double, identity: DocumentIdentity?) -> DocumentObservation {
        let w = guide.width * 0.9, h = w / DocumentFormat.id1.aspectRatio
        let quad = Quad(x: guide.center.x - w / 2 + dx, y: guide.center.y - h / 2 + dy, width: w, height: h)
        return DocumentObservation(document: identity, corners: quad, orientation: .up,
                                   quality: QualityReport(coverage: quad.area / (1280 * 720), blur: 0.05, glare: 0, cutOff: false))
    }

    /// Plays observations back in a loop.
    final class Playback: FrameAnalyzing, @unchecked Sendable {
        private let observations: [DocumentObservation]
        private let lock = NSLock()
        private var next = 0

        init(_ observations: [DocumentObservation]) { self.observations = observations }

        func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
            lock.lock()
            defer { lock.unlock() }
            next = (next + 1) % observations.count
            return observations[next]
        }
    }
}

/// A real sequence played through a live session at its own frame rate (see `CaptureBench`),
/// once, shared by the "capture live" rows.
final class LiveCaptureRun {
    struct Results {
        var frameMs: [Double] = []
        var p99: [Double] = []
        var latencyInView: [Double] = []
        var latencyFull: [Double] = []
        var dropped: [Double] = []
    }

    private let folder: String
    private var cached: Results?

    init() {
        if let env = ProcessInfo.processInfo.environment["DOCFRAME_BENCH_SEQUENCE"], !env.isEmpty {
            folder = env
        } else {
            folder = ((try? ResourceLocator.root().path) ?? ".") + "/TrainingData/sequences/approach"
        }
    }

    var describe: String { (folder as NSString).lastPathComponent + ", 1280x720" }

    func results(passes runs: Int) throws -> Results {
        if let cached { return cached }
        let (frames, truth) = try load()
        let recognizer = try Recognizer()
        var all = Results()
        for _ in 0..<max(1, runs / 20) {
            let one = try pass(frames, truth, recognizer)
            all.frameMs += one.frameMs
            all.p99.append(BenchTable.percentile(one.frameMs.sorted(), 0.99))
            all.latencyInView += one.latencyInView
            all.latencyFull += one.latencyFull
            all.dropped += one.dropped
        }
        cached = all
        return all
    }

    /// Ground truth per frame: time, document in view, fully in view.
    struct Truth {
        var t: Double
        var inView: Bool
        var full: Bool
    }

    private func load() throws -> ([Image], [Truth]) {
        let json = try Data(contentsOf: URL(fileURLWithPath: folder + "/sequence.json"))
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let list = root["frames"] as? [[String: Any]] else {
            throw DocFrameError(.invalidArgument, "\(folder)/sequence.json has no frames list")
        }
        var frames: [Image] = [], truth: [Truth] = []
        for entry in list {
            guard let index = entry["frame"] as? Int, let t = entry["t"] as? Double else { continue }
            var image = try Image(contentsOfFile: folder + String(format: "/%05d.jpg", index))
            if image.width < 1280 { image = try image.resized(width: 1280, height: 720) }
            frames.append(image)
            let inView = entry["templateId"] as? String != nil
            truth.append(Truth(t: t, inView: inView, full: inView && (entry["cutOff"] as? Bool) == false))
        }
        guard !frames.isEmpty else { throw DocFrameError(.invalidArgument, "\(folder) has no frames") }
        return (frames, truth)
    }

    /// DOCFRAME_BENCH_LABEL_JOINS=1: the session runs with `CapturePolicy.labelJoinsRow` (the
    /// proposed hold rule), to compare label latencies with the normative one.
    static let labelJoinsRow = ProcessInfo.processInfo.environment["DOCFRAME_BENCH_LABEL_JOINS"] == "1"

    private func pass(_ frames: [Image], _ truth: [Truth], _ recognizer: Recognizer) throws -> Results {
        var policy = CapturePolicy.default
        policy.labelJoinsRow = Self.labelJoinsRow
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense, policy: policy), analyzer: recognizer)
        var results = Results()
        let clock = ContinuousClock()
        let start = clock.now
        func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
        var dropped = 0
        // Wall times (since start) at which a document came into view / fully into view and
        // still waits for its label.
        var waitingInView: Double?, waitingFull: Double?
        var i = 0
        while i < frames.count {
            let due = truth[i].t - truth[0].t
            let now = seconds(clock.now - start)
            if now < due { Thread.sleep(forTimeInterval: due - now) }
            // The document's entrance counts from the frame that shows it (before its work).
            if truth[i].inView && (i == 0 || !truth[i - 1].inView) { waitingInView = due }
            if truth[i].full && (i == 0 || !truth[i - 1].full) && waitingFull == nil { waitingFull = due }
            if !truth[i].inView { waitingInView = nil; waitingFull = nil }
            let before = clock.now
            let update = try session.offer(frames[i], at: due)
            let after = clock.now
            if let update {
                results.frameMs.append(seconds(after - before) * 1000)
                if update.state.label != nil {
                    let shown = seconds(after - start)
                    if let w = waitingInView { results.latencyInView.append((shown - w) * 1000); waitingInView = nil }
                    if let w = waitingFull { results.latencyFull.append(max(0, shown - w) * 1000); waitingFull = nil }
                }
            }
            if session.result != nil { break }
            // Frames whose time passed while this one was in work never reach the session.
            let finished = seconds(after - start)
            var next = i + 1
            while next + 1 < frames.count && truth[next + 1].t - truth[0].t <= finished {
                next += 1
                dropped += 1
            }
            i = next
        }
        results.dropped = [Double(dropped)]
        // A classification may still run: let it end before the next pass (or the process's
        // exit, whose static destructors would run under it).
        session.waitForBackgroundWork()
        return results
    }
}
