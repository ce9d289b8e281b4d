import DocFrame
import Foundation

/// Real frame sequences played through live sessions at their own frame rate (see
/// `CaptureBench`), once, shared by the "capture live" rows: each pass plays every sequence
/// with every policy variant in turn, so the variants are compared in the same conditions.
final class LiveCaptureRun {
    /// The policies compared.
    enum Variant: String, CaseIterable {
        /// `CapturePolicy.default`.
        case current
        /// `labelWaitWhileClassifying` off: an unlabelled row goes up after `labelWait` even
        /// while the classification that would name the card is still running.
        case noClassifyingWait = "without the classifying wait"

        var policy: CapturePolicy {
            var policy = CapturePolicy.default
            policy.labelJoinsRow = LiveCaptureRun.labelJoinsRow
            if let wait = LiveCaptureRun.partialAnswerWait { policy.partialAnswerWait = wait }
            if self == .noClassifyingWait { policy.labelWaitWhileClassifying = 0 }
            return policy
        }
    }

    struct Results {
        var frameMs: [Double] = []
        var p99: [Double] = []
        var latencyInView: [Double] = []
        var latencyFull: [Double] = []
        var latencyAtSize: [Double] = []
        var dropped: [Double] = []
        /// Each background classification: wall time and its thread's CPU time.
        var classifyWallMs: [Double] = []
        var classifyCPUMs: [Double] = []
        /// From the document wholly in view to the start of the classification that named it.
        var classifyStartAfterFull: [Double] = []
        /// From the document wholly in view to its automatic capture (the first side's).
        var capturedAfterFull: [Double] = []
    }

    /// The recognizer with its classifications timed (when they started, wall and CPU time):
    /// which part of the label latency is waiting for a classification to start and which is
    /// the classification itself.
    final class TimedAnalyzer: FrameAnalyzing, @unchecked Sendable {
        struct Record {
            var start: ContinuousClock.Instant
            var wallMs: Double
            var cpuMs: Double
            var named: Bool
        }

        let base: Recognizer
        private let lock = NSLock()
        private(set) var records: [Record] = []

        init(_ base: Recognizer) { self.base = base }

        func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
            guard request.depth == .locateAndClassify else { return try base.analyze(frame, request: request) }
            let start = ContinuousClock.now
            let cpu = BenchTable.cpuMilliseconds(.thread)
            let answer = try base.analyze(frame, request: request)
            let d = ContinuousClock.now - start
            let record = Record(start: start, wallMs: Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15,
                                cpuMs: BenchTable.cpuMilliseconds(.thread) - cpu,
                                named: answer.document != nil && answer.undecidedLookAlikes.isEmpty)
            lock.lock()
            records.append(record)
            lock.unlock()
            return answer
        }

        func prepare() { base.prepare() }
        func referenceGlare(_ frame: Image, corners: Quad, templateId: String) throws -> Double? {
            try base.referenceGlare(frame, corners: corners, templateId: templateId)
        }
        func otherSide(of templateId: String) -> String? { base.otherSide(of: templateId) }

        var all: [Record] {
            lock.lock()
            defer { lock.unlock() }
            return records
        }
    }

    /// Ground truth per frame: time, document in view, wholly in view, and wholly in view at
    /// `atSizeShare` or more of the area it has at the end of its segment (brought close).
    struct Truth {
        var t: Double
        var inView: Bool
        var full: Bool
        var atSize: Bool
    }

    static let atSizeShare = 0.8

    private let sequences: [(name: String, folder: String)]
    private var cached: [String: [Variant: Results]]?

    var names: [String] { sequences.map(\.name) }

    init(sequences: [(name: String, folder: String)]) {
        self.sequences = sequences
    }

    /// The sequence folders (with a sequence.json) in `folder`, by name; else
    /// `$DOCFRAME_BENCH_SEQUENCE`, else TrainingData's approach (scaled up to 1280x720).
    static func folders(in folder: URL?) -> [(name: String, folder: String)] {
        if let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let found = names.sorted().map { (name: $0, folder: folder.appendingPathComponent($0).path) }
                .filter { FileManager.default.fileExists(atPath: $0.folder + "/sequence.json") }
            if !found.isEmpty { return found }
        }
        if let env = ProcessInfo.processInfo.environment["DOCFRAME_BENCH_SEQUENCE"], !env.isEmpty {
            return [((env as NSString).lastPathComponent, env)]
        }
        let approach = ((try? ResourceLocator.root().path) ?? ".") + "/TrainingData/sequences/approach"
        return [("approach 426x240 scaled", approach)]
    }

    func results(passes runs: Int) throws -> [String: [Variant: Results]] {
        if let cached { return cached }
        let loaded = try sequences.map { try load($0.folder) }
        let recognizer = try Recognizer()
        var all: [String: [Variant: Results]] = [:]
        for _ in 0..<max(1, runs / 20) {
            for (k, sequence) in sequences.enumerated() {
                for variant in Variant.allCases {
                    let one = try pass(loaded[k].frames, loaded[k].truth, recognizer, kind: loaded[k].kind, policy: variant.policy)
                    var sum = all[sequence.name, default: [:]][variant, default: Results()]
                    sum.frameMs += one.frameMs
                    sum.p99.append(BenchTable.percentile(one.frameMs.sorted(), 0.99))
                    sum.latencyInView += one.latencyInView
                    sum.latencyFull += one.latencyFull
                    sum.latencyAtSize += one.latencyAtSize
                    sum.dropped += one.dropped
                    sum.classifyWallMs += one.classifyWallMs
                    sum.classifyCPUMs += one.classifyCPUMs
                    sum.classifyStartAfterFull += one.classifyStartAfterFull
                    sum.capturedAfterFull += one.capturedAfterFull
                    all[sequence.name, default: [:]][variant] = sum
                }
            }
        }
        cached = all
        return all
    }

    private func load(_ folder: String) throws -> (frames: [Image], truth: [Truth], kind: DocumentKind) {
        let json = try Data(contentsOf: URL(fileURLWithPath: folder + "/sequence.json"))
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let list = root["frames"] as? [[String: Any]] else {
            throw DocFrameError(.invalidArgument, "\(folder)/sequence.json has no frames list")
        }
        func area(_ entry: [String: Any]) -> Double? {
            guard let c = entry["corners"] as? [[Double]], c.count == 4 else { return nil }
            let points = c.map { Point(x: $0[0], y: $0[1]) }
            return Quad(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3]).area
        }
        // Per document: the largest area it has on the last frame of a segment showing it (at
        // rest, brought close: a far segment's rest does not count as its size).
        var resting: [String: Double] = [:], lastOfSegment: [String: Double] = [:]
        for entry in list {
            if let segment = entry["segment"] as? String, let id = entry["templateId"] as? String, let a = area(entry) {
                lastOfSegment[segment + "|" + id] = a
            }
        }
        for (key, a) in lastOfSegment {
            let id = String(key.split(separator: "|").last ?? "")
            resting[id] = max(resting[id] ?? 0, a)
        }
        var frames: [Image] = [], truth: [Truth] = []
        for entry in list {
            guard let index = entry["frame"] as? Int, let t = entry["t"] as? Double else { continue }
            var image = try Image(contentsOfFile: folder + String(format: "/%05d.jpg", index))
            if image.width < 1280 { image = try image.resized(width: 1280, height: 720) }
            frames.append(image)
            let inView = entry["templateId"] as? String != nil
            let full = inView && (entry["cutOff"] as? Bool) == false
            let rest = (entry["templateId"] as? String).flatMap { resting[$0] } ?? .infinity
            truth.append(Truth(t: t, inView: inView, full: full, atSize: full && (area(entry) ?? 0) >= Self.atSizeShare * rest))
        }
        guard !frames.isEmpty else { throw DocFrameError(.invalidArgument, "\(folder) has no frames") }
        // The kind a user would choose for it: a sequence that shows only a passport page is a
        // passport capture (photo-page guide, taken once its zone reads); any other a licence's.
        let shown = Set(list.compactMap { $0["templateId"] as? String })
        let kind: DocumentKind = !shown.isEmpty && shown.allSatisfy { $0.hasPrefix("passport") } ? .passport : .driversLicense
        return (frames, truth, kind)
    }

    /// DOCFRAME_BENCH_LABEL_JOINS=1: the sessions run with `CapturePolicy.labelJoinsRow` (the
    /// proposed hold rule), to compare label latencies with the normative one.
    static let labelJoinsRow = ProcessInfo.processInfo.environment["DOCFRAME_BENCH_LABEL_JOINS"] == "1"

    /// DOCFRAME_BENCH_PARTIAL_WAIT=S: the sessions run with `CapturePolicy.partialAnswerWait` S
    /// (seconds), to measure whether leaving a partial view's classification to answer pays.
    static let partialAnswerWait = ProcessInfo.processInfo.environment["DOCFRAME_BENCH_PARTIAL_WAIT"].flatMap(Double.init)

    private func pass(_ frames: [Image], _ truth: [Truth], _ recognizer: Recognizer, kind: DocumentKind,
                      policy: CapturePolicy) throws -> Results {
        let analyzer = TimedAnalyzer(recognizer)
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: kind, policy: policy), analyzer: analyzer)
        // The analyzer's warm-up runs first, as a camera's start-up would give it time to.
        session.waitForBackgroundWork()
        var results = Results()
        let clock = ContinuousClock()
        let start = clock.now
        func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
        var dropped = 0
        // Wall times (since start) at which a document came into view / wholly into view / to
        // its size, and still waits for its label.
        var waitingInView: Double?, waitingFull: Double?, waitingAtSize: Double?
        // Each is measured once per appearance of a document (its outline may wobble around
        // a threshold after the label is shown).
        var measured = (inView: false, full: false, atSize: false)
        // When the document was first wholly in view, per appearance (for the classification's start).
        var fullAt: [ContinuousClock.Instant] = []
        var i = 0
        while i < frames.count {
            let due = truth[i].t - truth[0].t
            let now = seconds(clock.now - start)
            if now < due { Thread.sleep(forTimeInterval: due - now) }
            // The document's entrance counts from the frame that shows it (before its work).
            if truth[i].inView && !measured.inView && waitingInView == nil { waitingInView = due }
            if truth[i].full && !measured.full && waitingFull == nil {
                waitingFull = due
                fullAt.append(start + .milliseconds(Int(due * 1000)))
            }
            if truth[i].atSize && !measured.atSize && waitingAtSize == nil { waitingAtSize = due }
            if !truth[i].inView {
                (waitingInView, waitingFull, waitingAtSize) = (nil, nil, nil)
                measured = (false, false, false)
            }
            let before = clock.now
            let update = try session.offer(frames[i], at: due)
            let after = clock.now
            if let update {
                results.frameMs.append(seconds(after - before) * 1000)
                if update.state.label != nil {
                    let shown = seconds(after - start)
                    if let w = waitingInView { results.latencyInView.append((shown - w) * 1000); waitingInView = nil; measured.inView = true }
                    if let w = waitingFull { results.latencyFull.append(max(0, shown - w) * 1000); waitingFull = nil; measured.full = true }
                    if let w = waitingAtSize { results.latencyAtSize.append(max(0, shown - w) * 1000); waitingAtSize = nil; measured.atSize = true }
                }
                if results.capturedAfterFull.isEmpty, let full = fullAt.first,
                   update.events.contains(where: { if case .captured = $0 { true } else { false } }) {
                    results.capturedAfterFull.append(seconds(after - full) * 1000)
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
        let records = analyzer.all
        results.classifyWallMs = records.map(\.wallMs)
        results.classifyCPUMs = records.map(\.cpuMs)
        for full in fullAt {
            // The first classification started at or after the card was wholly in view that named it.
            if let first = records.first(where: { $0.start >= full && $0.named }) {
                results.classifyStartAfterFull.append(seconds(first.start - full) * 1000)
            }
        }
        return results
    }
}
