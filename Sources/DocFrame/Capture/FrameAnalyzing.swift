/// How much a frame analysis must do. Locating the quad and measuring quality is cheap and runs
/// on every frame; classification (features, index vote, homography, OCR, MRZ) is the
/// expensive part and runs only when a new document appears, tracking is lost, or a document
/// is still unknown (at most every `CapturePolicy.reclassifyInterval`).
public enum AnalysisDepth: String, Sendable, CaseIterable {
    /// Corners and quality only. `document` and `orientation` of the answer are ignored: the
    /// session carries the identity over from the last classification while the quad tracks.
    case locate
    /// Corners, quality, and the document's identity and orientation.
    case locateAndClassify
}

/// What the session asks of one frame.
public struct AnalysisRequest: Sendable, Hashable {
    public var depth: AnalysisDepth
    /// Where the document was on the last frame (a tracking hint: search near it first).
    public var previousCorners: Quad?
    /// How far the document's corners moved between the last two frames, in pixels (how wide
    /// a tracker must look around `previousCorners`).
    public var motion: Double
    /// With `.locateAndClassify`: `previousCorners` is the session's tracked outline on this very
    /// frame, and it may be only part of the document (it runs along the frame's edge). The
    /// classifier tries it as a candidate first (the whole-frame locator may not find a card
    /// that is half in view); `partial` tells it not to trust it as the whole outline.
    public var partial: Bool

    public init(depth: AnalysisDepth, previousCorners: Quad? = nil, motion: Double = 0, partial: Bool = false) {
        self.depth = depth
        self.previousCorners = previousCorners
        self.motion = motion
        self.partial = partial
    }
}

/// Turns one camera frame into a `DocumentObservation`. The recognition layer's `Recognizer`
/// conforms; tests use scripted analyzers. A replay calls it from one thread at a time; a live
/// session may classify one frame in the background while it locates the next, so conforming
/// types must allow concurrent calls (read-only shared state, per-call scratch).
///
/// Answers follow the classify contract (DESIGN.md): `corners` nil when no document is found;
/// with `.locateAndClassify`, corners in the document's own order and `document` nil when the
/// document is not known; with `.locate`, corners in any clockwise order.
public protocol FrameAnalyzing: Sendable {
    func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation

    /// Loads what the first classification would otherwise load on demand (OCR engines, models),
    /// so a live session's first label is not late. Called once, off the frame path.
    func prepare()

    /// Glare judged against the recognised template's reference (`ReferenceGlare`): the share of
    /// the document (corners in its own order) in the largest washed-out patch where the
    /// reference is not white; nil when the analyzer cannot judge it (no reference, or a mostly
    /// white design), and the session falls back to `QualityReport.glare`.
    func referenceGlare(_ frame: Image, corners: Quad, templateId: String) throws -> Double?

    /// The template id of the other side of `templateId`'s document (`otherSide` in
    /// template.json), nil when unknown: once a side is captured, the next side's look-alikes
    /// are told apart by it (the Ontario license's back and the photo card's are twins).
    func otherSide(of templateId: String) -> String?
}

extension FrameAnalyzing {
    public func prepare() {}
    public func referenceGlare(_ frame: Image, corners: Quad, templateId: String) throws -> Double? { nil }
    public func otherSide(of templateId: String) -> String? { nil }
}

/// A `FrameAnalyzing` made from a closure, to plug any recognizer in without a new type.
public struct FrameAnalyzer: FrameAnalyzing {
    private let body: @Sendable (Image, AnalysisRequest) throws -> DocumentObservation

    public init(_ body: @escaping @Sendable (Image, AnalysisRequest) throws -> DocumentObservation) {
        self.body = body
    }

    public func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
        try body(frame, request)
    }
}
