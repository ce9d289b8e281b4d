import Foundation

/// Classification off the frame path, for live sessions: at most one classification runs on a
/// background queue while frames go on being located and tracked; its answer is picked up by
/// the first frame after it finishes. The camera keeps its frame rate while the expensive part
/// (features, index vote, homography, OCR, MRZ) takes as long as it takes.
final class BackgroundClassification: @unchecked Sendable {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "docframe.capture.classify", qos: .userInitiated)
    private var generation = 0
    private var running = false
    private var finished: (observation: DocumentObservation, time: Double)?

    var inFlight: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
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
    func takeResult() -> (observation: DocumentObservation, time: Double)? {
        lock.lock()
        defer { lock.unlock() }
        let result = finished
        finished = nil
        return result
    }

    /// Lowers the calling thread's scheduling priority (nice +10) once, so that on a busy or
    /// single core the camera's frame path always runs first and classification takes what is
    /// left (libdispatch's QoS classes do not reach the Linux scheduler).
    private static func yieldToFramePath() {
        #if os(Linux)
        // The thread's id: /proc/thread-self links to "<pid>/task/<tid>" (gettid is not imported).
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
              let tid = link.split(separator: "/").last.flatMap({ id_t($0) }) else { return }
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        if getpriority(which, tid) < 10 { _ = setpriority(which, tid, 10) }
        #endif
    }

    /// Classifies `frame` in the background. A failed classification counts as "nothing
    /// found"; the tracker asks again when the retry interval has passed.
    func start(_ frame: Image, at t: Double, previous: Quad?, analyzer: any FrameAnalyzing) {
        lock.lock()
        running = true
        let started = generation
        lock.unlock()
        queue.async { [self] in
            Self.yieldToFramePath()
            let answer = try? analyzer.analyze(frame, request: AnalysisRequest(depth: .locateAndClassify, previousCorners: previous))
            lock.lock()
            running = false
            if started == generation { finished = (answer ?? DocumentObservation(), t) }
            lock.unlock()
        }
    }
}
