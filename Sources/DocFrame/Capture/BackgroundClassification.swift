import Foundation

/// Classification off the frame path, for live sessions: one classification runs on a
/// background thread while frames go on being located and tracked; its answer is picked up by
/// the first frame after it finishes. The camera keeps its frame rate while the expensive part
/// (features, index vote, homography, OCR, MRZ) takes as long as it takes.
///
/// A second slot serves one case: the card grew into view while the first classification was
/// asked about part of it (a partial view costs the most: the whole-frame path, the passport
/// scout), so the whole card is asked about beside it (after `CapturePolicy.partialAnswerWait`,
/// in which the first may still answer) rather than after that one ends. An answer
/// older than one already delivered is dropped. The older classification is then superseded: its
/// thread drops to the lowest priority (`supersededNiceness`), so on one core the whole card's
/// classification gets the time left by the frame path instead of half of it.
///
/// Each classification runs on a thread of its own, which ends with it: a thread dropped to the
/// lowest priority can be raised back only where the process may (root, RLIMIT_NICE), so a
/// reused one (a dispatch queue's worker) would run every later classification at that level.
final class BackgroundClassification: @unchecked Sendable {
    private let lock = NSLock()
    /// The work begun and not yet ended (classifications, the warm-up), for `waitUntilIdle`.
    private let work = DispatchGroup()
    /// Left once the analyzer's warm-up has ended: classifications wait for it, as they would
    /// behind it on one queue (the first one must not load the models beside it).
    private let warm = DispatchGroup()
    private var generation = 0
    private var busy = [false, false]
    /// Per slot: the track epoch and generation of the classification running in it.
    private var running: [(epoch: Int, generation: Int)?] = [nil, nil]
    /// Per slot: the kernel thread running its classification (Linux), once it has begun.
    private var threads: [Int32?] = [nil, nil]
    /// Per slot: a newer classification was started beside this one (`supersededNiceness`).
    private var superseded = [false, false]
    private var finished: Answer?
    /// The frame time of the newest answer delivered (older ones that end later are dropped).
    private var delivered = -Double.infinity

    /// A finished classification: its answer, the time of its frame, the track epoch it was
    /// asked for, and the tracked outline it was asked about (in the tracker's corner order),
    /// so the answer can be carried to wherever that document has moved since.
    struct Answer {
        var observation: DocumentObservation
        var time: Double
        var epoch: Int
        var asked: Quad?
        /// Asked while the card was still coming into view.
        var partial: Bool
    }

    /// How much lower than the frame path the classification thread runs (nice increment),
    /// `DOCFRAME_CLASSIFY_NICE` overriding the default 10 (0 keeps it level with the frame path;
    /// 19 is the lowest). Read once.
    /// DOCFRAME_CAPTURE_TRACE=1: one line per background classification on standard error.
    static let tracing = ProcessInfo.processInfo.environment["DOCFRAME_CAPTURE_TRACE"] == "1"

    static let niceness: Int32 = {
        guard let text = ProcessInfo.processInfo.environment["DOCFRAME_CLASSIFY_NICE"], let value = Int32(text) else { return 10 }
        return min(19, max(0, value))
    }()

    /// The nice level of a classification superseded by a newer one beside it (the lowest): both
    /// run to their end (OpenCV and Tesseract cannot be stopped midway), but the newer, about the
    /// whole card, comes first. Level with each other, the two split the core: on the 1280x720
    /// entry sequence (one core) the first, asked about part of the card as it came in, and the
    /// second, about the whole card 0.2 s later, took 0.74 s and 0.81 s of wall time for 0.21 s of
    /// CPU each, and the label waited for the first.
    static let supersededNiceness: Int32 = 19

    var inFlight: Bool {
        lock.lock()
        defer { lock.unlock() }
        return busy.contains(true)
    }

    /// A classification asked for the document of `epoch` is running and its answer will count
    /// (no `invalidate` since): the session can wait for the label rather than show a row
    /// without it.
    func isClassifying(epoch: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return running.contains { $0.map { $0.epoch == epoch && $0.generation == generation } ?? false }
    }

    /// A slot is free (the second one, while the first is in flight).
    var hasFreeSlot: Bool {
        lock.lock()
        defer { lock.unlock() }
        return busy.contains(false)
    }

    /// Drops any answer for the document tracked so far (it was lost, or a new side began); a
    /// classification still running will be ignored when it ends.
    func invalidate() {
        lock.lock()
        generation += 1
        finished = nil
        lock.unlock()
    }

    /// The answer that finished since the last call, with its frame's time.
    func takeResult() -> Answer? {
        lock.lock()
        defer { lock.unlock() }
        let result = finished
        finished = nil
        if let result { delivered = max(delivered, result.time) }
        return result
    }

    /// Lowers the calling thread's scheduling priority (`niceness`), so that on a busy or
    /// single core the camera's frame path always runs first and classification takes what is
    /// left (libdispatch's QoS classes do not reach the Linux scheduler). Each classification's
    /// thread is new (`spawn`), so none starts lower than this. Returns the thread's id (nil:
    /// not Linux).
    private static func yieldToFramePath() -> Int32? {
        #if os(Linux)
        // The thread's id: /proc/thread-self links to "<pid>/task/<tid>" (gettid is not imported).
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
              let tid = link.split(separator: "/").last.flatMap({ id_t($0) }) else { return nil }
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        // The main thread's level (its id is the process id): the frame path's, usually.
        let base = getpriority(which, id_t(getpid()))
        let target = min(19, base + niceness)
        if getpriority(which, tid) != target { _ = setpriority(which, tid, target) }
        return Int32(bitPattern: tid)
        #else
        return nil
        #endif
    }

    /// The calling thread's CPU time so far (for the trace).
    private static func threadCPUMilliseconds() -> Double {
        var spec = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return 0 }
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
    }

    /// Drops thread `tid` to `supersededNiceness`.
    private static func demote(_ tid: Int32) {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(bitPattern: tid), supersededNiceness)
        #endif
    }

    /// Classifies `frame` in the background. A failed classification counts as "nothing
    /// found"; the tracker asks again when the retry interval has passed.
    /// - Parameters:
    ///   - previous: the tracked outline on `frame` (the classifier's first candidate).
    ///   - epoch: the tracker's epoch for this document, handed back with the answer.
    func start(_ frame: Image, at t: Double, previous: Quad?, partial: Bool, epoch: Int, analyzer: any FrameAnalyzing) {
        lock.lock()
        guard let slot = busy.firstIndex(of: false) else {
            lock.unlock()
            return
        }
        busy[slot] = true
        let started = generation
        running[slot] = (epoch, started)
        superseded[slot] = false
        for other in busy.indices where other != slot && busy[other] {
            // The one running is about less of the card (see the type's comment): this one first.
            superseded[other] = true
            if let tid = threads[other] { Self.demote(tid) }
        }
        lock.unlock()
        work.enter()
        Self.spawn { [self] in
            defer { work.leave() }
            warm.wait()
            let tid = Self.yieldToFramePath()
            lock.lock()
            threads[slot] = tid
            if superseded[slot], let tid { Self.demote(tid) }
            lock.unlock()
            let request = AnalysisRequest(depth: .locateAndClassify, previousCorners: previous, partial: partial)
            let began = ContinuousClock.now
            let cpuBefore = Self.threadCPUMilliseconds()
            let answer = try? analyzer.analyze(frame, request: request)
            if Self.tracing {
                // When the classification of the frame at `t` ended, its wall and CPU time (on one
                // core, whether a second classification beside it would be sooner), and what it
                // named (tuning the label latency; no personal data).
                let d = ContinuousClock.now - began
                let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
                let cpu = Self.threadCPUMilliseconds() - cpuBefore
                let named = answer?.document?.templateId ?? "-"
                let twins = answer.map { $0.undecidedLookAlikes.isEmpty ? "" : " undecided" } ?? ""
                // The stages' wall times (locate 0: the tracked outline settled it alone).
                let stages = (answer?.timingMs ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\(Int($0.value.rounded()))ms" }
                let line = String(format: "classify frame t=%.3f slot=%d epoch=%d partial=%@ wall=%.0fms cpu=%.0fms ", t, slot,
                                  epoch, partial ? "true" : "false", ms, cpu) + stages.joined(separator: " ") + " "
                    + "doc=\(named)\(twins)\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
            lock.lock()
            busy[slot] = false
            running[slot] = nil
            threads[slot] = nil
            superseded[slot] = false
            if started == generation, t > delivered, finished.map({ $0.time < t }) ?? true {
                finished = Answer(observation: answer ?? DocumentObservation(), time: t, epoch: epoch, asked: previous, partial: partial)
            }
            lock.unlock()
        }
    }

    /// Blocks until the work queued so far (a classification, the warm-up) has finished. A
    /// process must not exit while Tesseract or OpenCV run on the background thread: their
    /// static destructors would run under it.
    func waitUntilIdle() {
        work.wait()
    }

    /// Warms the analyzer up (`FrameAnalyzing.prepare`) on the classification queue, so the
    /// first classification does not pay for loading models while a document waits for its label.
    func prepare(_ analyzer: any FrameAnalyzing) {
        work.enter()
        warm.enter()
        Self.spawn { [self] in
            _ = Self.yieldToFramePath()
            analyzer.prepare()
            warm.leave()
            work.leave()
        }
    }

    /// Runs `body` on a new thread, which ends with it (see the type's comment).
    private static func spawn(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = "docframe.capture.classify"
        thread.qualityOfService = .userInitiated
        thread.start()
    }
}
