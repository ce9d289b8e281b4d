import Foundation

/// Follows one document from frame to frame so classification runs only when it must: when a
/// document appears, when tracking is lost (the quad jumps), or while it is still unknown (at
/// most every `reclassifyInterval`, as while the user is asked to show another document or
/// side). In between, frames are only located, the identity is
/// carried over, and the corners keep their labels by matching the previous frame's, so the
/// orientation follows a card turned in the hand.
///
/// Replays classify synchronously on the frame that needs it (the same output on every
/// machine); live sessions hand classification to a `BackgroundClassification` and keep
/// locating frames meanwhile (the identity shows up on the first frame after it is known).
struct DocumentTracker: Sendable {
    /// Where the document is: the median of the last located quads (labels kept from frame to frame).
    private(set) var corners: Quad?
    /// The last few located quads and their median (what the session judges and captures).
    private var recent: [Quad] = []
    private var lastSmoothed: Quad?
    /// The median outline's recent steps (when, how far its corners moved, over how long), for
    /// the corner speed over `CapturePolicy.steadyWindow`.
    private var steps: [(t: Double, distance: Double, duration: Double)] = []
    /// The last frame's own quad (not the median) and how far its corners moved from the one
    /// before: where and how widely the analyzer tracks the outline on the next frame.
    private var lastRaw: Quad?
    private var lastMotion = 0.0
    /// When the document now tracked came into view.
    private var trackStart: Double?
    private var lastQuality: QualityReport?
    private var time: Double?
    private var identity: DocumentIdentity?
    private var orientation: Orientation?
    private var lastClassification: Double?
    /// Analyses asked for, by depth (for tests and the bench).
    private(set) var locateCount = 0
    private(set) var classifyCount = 0

    /// Forgets the document (a new side starts).
    mutating func reset() {
        corners = nil
        recent = []
        lastSmoothed = nil
        steps = []
        lastRaw = nil
        lastMotion = 0
        trackStart = nil
        lastQuality = nil
        time = nil
        identity = nil
        orientation = nil
        lastClassification = nil
    }

    /// - Parameter reverify: the user was asked to change the document (wrong kind, wrong side,
    ///   unusable): classify again every `reclassifyInterval`, because a card turned over or
    ///   swapped in place can keep a smoothly tracked quad.
    mutating func observe(_ frame: Image, at t: Double, analyzer: any FrameAnalyzing, guide: GuideRect,
                          policy: CapturePolicy, reverify: Bool = false,
                          background: BackgroundClassification? = nil) throws -> TrackedObservation {
        if let background {
            return try observeLive(frame, at: t, analyzer: analyzer, guide: guide, policy: policy, reverify: reverify,
                                   background: background)
        }
        let previous = corners, previousTime = time
        let due = lastClassification.map { t - $0 >= policy.reclassifyInterval - 1e-9 } ?? true
        var classify = previous == nil || ((identity == nil || reverify) && due)
        var observation = try analyze(frame, classify: classify, previous: previous, analyzer: analyzer)

        var aligned: Quad?
        if let found = observation.corners, let previous, !classify {
            let candidate = DocumentTracker.align(found, to: previous)
            if candidate.maxCornerDistance(to: previous) > policy.trackingJump * guide.diagonal {
                // Tracking lost: possibly another document. Classify this same frame so a
                // swapped document never shows the old one's label.
                classify = true
                observation = try analyze(frame, classify: true, previous: nil, analyzer: analyzer)
            } else {
                aligned = candidate
            }
        }
        guard let found = observation.corners else {
            reset()
            time = t
            return .nothing
        }
        if classify {
            lastClassification = t
            identity = observation.document
            aligned = found
            orientation = observation.document != nil ? observation.orientation : nil
        } else if identity != nil, let aligned {
            orientation = Orientation(of: aligned)
        }
        return finish(aligned ?? found, quality: observation.quality, classified: classify, at: t, previous: previous,
                      previousTime: previousTime, guide: guide, policy: policy)
    }

    /// The live path: locate now, classify in the background.
    private mutating func observeLive(_ frame: Image, at t: Double, analyzer: any FrameAnalyzing, guide: GuideRect,
                                      policy: CapturePolicy, reverify: Bool,
                                      background: BackgroundClassification) throws -> TrackedObservation {
        let previous = corners, previousTime = time
        let jump = policy.trackingJump * guide.diagonal
        let observation = try analyze(frame, classify: false, previous: previous, analyzer: analyzer)
        guard let found = observation.corners else {
            reset()
            background.invalidate()
            time = t
            return .nothing
        }
        var quad = found
        if let previous, case let tracked = DocumentTracker.align(found, to: previous), tracked.maxCornerDistance(to: previous) <= jump {
            quad = tracked
        } else {
            // A new document, or tracking lost: what was known no longer applies.
            identity = nil
            orientation = nil
            lastClassification = nil
            background.invalidate()
        }
        var classified = false
        if let (answer, answerTime) = background.takeResult() {
            lastClassification = answerTime
            if let answerCorners = answer.corners,
               case let matched = DocumentTracker.align(quad, to: answerCorners), matched.maxCornerDistance(to: answerCorners) <= jump {
                // Still the document that was classified: take its identity, and its corner
                // labels (the document's own order) for the quad of this frame.
                identity = answer.document
                if identity != nil { quad = matched }
                classified = true
            }
        }
        if identity != nil { orientation = Orientation(of: quad) }
        let due = lastClassification.map { t - $0 >= policy.reclassifyInterval - 1e-9 } ?? true
        if (identity == nil || reverify) && due && !background.inFlight {
            classifyCount += 1
            lastClassification = t
            background.start(frame, at: t, previous: quad, analyzer: analyzer)
        }
        return finish(quad, quality: observation.quality, classified: classified, at: t, previous: previous,
                      previousTime: previousTime, guide: guide, policy: policy)
    }

    private mutating func finish(_ quad: Quad, quality: QualityReport?, classified: Bool, at t: Double, previous: Quad?,
                                 previousTime: Double?, guide: GuideRect, policy: CapturePolicy) -> TrackedObservation {
        // The last few located quads, relabelled like this one; a break in tracking starts afresh.
        let continuous = previous.map { DocumentTracker.align(quad, to: $0).maxCornerDistance(to: $0) <= policy.trackingJump * guide.diagonal } ?? false
        if !continuous {
            recent = []
            trackStart = t
        }
        let raw = lastRaw.map { DocumentTracker.align(quad, to: $0) } ?? quad
        lastMotion = continuous ? lastRaw.map { raw.maxCornerDistance(to: $0) } ?? 0 : 0
        lastRaw = raw
        recent = Array((recent.map { DocumentTracker.align($0, to: quad) } + [quad]).suffix(max(1, policy.smoothingFrames)))
        let smoothed = DocumentTracker.median(recent)
        // A frame whose outline the median overruled was measured on the wrong region: keep the
        // quality of the last frame that agreed with the track.
        var quality = quality
        if continuous, quad.maxCornerDistance(to: smoothed) > policy.outlierDistance * guide.diagonal, let trusted = lastQuality {
            quality = trusted
        } else {
            lastQuality = quality
        }

        var steady = false
        if continuous, let lastSmoothed, let previousTime, t > previousTime {
            let motion = DocumentTracker.align(smoothed, to: lastSmoothed).maxCornerDistance(to: lastSmoothed)
            steps.append((t, motion, t - previousTime))
            // Path length over the window's duration: the latest step always counts.
            while steps.count > 1, steps[0].t - steps[0].duration < t - policy.steadyWindow - 1e-9 { steps.removeFirst() }
            let speed = steps.reduce(0) { $0 + $1.distance } / max(guide.diagonal, 1) / steps.reduce(0) { $0 + $1.duration }
            steady = speed <= policy.maxCornerSpeed
        } else {
            steps = []
        }
        // Tracking goes on from the median, so a wrong outline is a jump to be checked (and the
        // next right one is not).
        corners = smoothed
        lastSmoothed = smoothed
        time = t
        if identity == nil && recent.count < policy.confirmFrames {
            // Not yet known and new: a one-frame outline of the background (a shadow, a table
            // edge) is no document until it holds on the next frames. Known documents need no
            // wait: the classifier has vouched for them.
            return TrackedObservation(corners: nil, identity: nil, orientation: nil, quality: nil, steady: false, classified: classified)
        }
        var observation = TrackedObservation(corners: smoothed, identity: identity, orientation: identity != nil ? orientation : nil,
                                             quality: quality, steady: steady, classified: classified)
        observation.awaitingIdentity = identity == nil && t - (trackStart ?? t) < policy.labelWait - 1e-9
        return observation
    }

    /// Corner by corner, coordinate by coordinate: the median quad (robust to a locator that
    /// picks a wrong outline on a minority of frames).
    static func median(_ quads: [Quad]) -> Quad {
        guard quads.count > 2 else { return quads.last! }
        func mid(_ values: [Double]) -> Double {
            let v = values.sorted()
            return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
        }
        let points = (0..<4).map { i in
            Point(x: mid(quads.map { $0.points[i].x }), y: mid(quads.map { $0.points[i].y }))
        }
        return Quad(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3])
    }

    private mutating func analyze(_ frame: Image, classify: Bool, previous: Quad?, analyzer: any FrameAnalyzing) throws -> DocumentObservation {
        if classify { classifyCount += 1 } else { locateCount += 1 }
        // Track from the last frame's own quad (the median lags a moving card by a frame or two).
        let hint = previous.flatMap { _ in lastRaw } ?? previous
        return try analyzer.analyze(frame, request: AnalysisRequest(depth: classify ? .locateAndClassify : .locate,
                                                                     previousCorners: hint, motion: lastMotion))
    }

    /// `quad` with its labels turned to best match `previous` (corners move little between frames).
    static func align(_ quad: Quad, to previous: Quad) -> Quad {
        var best = quad, bestDistance = Double.infinity
        for k in 0..<4 {
            let turned = quad.rotatingLabels(by: k)
            let distance = zip(turned.points, previous.points).map { $0.distance(to: $1) }.reduce(0, +)
            if distance < bestDistance { (best, bestDistance) = (turned, distance) }
        }
        return best
    }
}
