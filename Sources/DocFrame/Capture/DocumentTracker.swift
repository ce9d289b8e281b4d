import Foundation

/// Follows one document from frame to frame so classification runs only when it must: when a
/// document appears, when tracking is lost (the quad jumps), or while it is still unknown (at
/// most every `reclassifyInterval`, as while the user is asked to show another document or
/// side). In between, frames are only located, the identity is
/// carried over, and the corners keep their labels by matching the previous frame's, so the
/// orientation follows a card turned in the hand.
struct DocumentTracker: Sendable {
    private(set) var corners: Quad?
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
        time = nil
        identity = nil
        orientation = nil
        lastClassification = nil
    }

    /// - Parameter reverify: the user was asked to change the document (wrong kind, wrong side,
    ///   unusable): classify again every `reclassifyInterval`, because a card turned over or
    ///   swapped in place can keep a smoothly tracked quad.
    mutating func observe(_ frame: Image, at t: Double, analyzer: any FrameAnalyzing, guide: GuideRect,
                          policy: CapturePolicy, reverify: Bool = false) throws -> TrackedObservation {
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
            orientation = DocumentTracker.orientation(of: aligned)
        }
        let quad = aligned ?? found

        var steady = false
        if let previous, let previousTime, t > previousTime {
            let motion = DocumentTracker.align(quad, to: previous).maxCornerDistance(to: previous)
            let speed = motion / max(guide.diagonal, 1) / (t - previousTime)
            steady = speed <= policy.maxCornerSpeed
        }
        corners = quad
        time = t
        return TrackedObservation(corners: quad, identity: identity, orientation: identity != nil ? orientation : nil,
                                  quality: observation.quality, steady: steady, classified: classify)
    }

    private mutating func analyze(_ frame: Image, classify: Bool, previous: Quad?, analyzer: any FrameAnalyzing) throws -> DocumentObservation {
        if classify { classifyCount += 1 } else { locateCount += 1 }
        return try analyzer.analyze(frame, request: AnalysisRequest(depth: classify ? .locateAndClassify : .locate,
                                                                     previousCorners: previous))
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

    /// The clockwise rotation of the document from its labelled top edge.
    static func orientation(of quad: Quad) -> Orientation {
        let top = (quad.topRight - quad.topLeft) + (quad.bottomRight - quad.bottomLeft)
        return Orientation(snapping: atan2(top.y, top.x) * 180 / .pi)
    }
}
