/// What the classifier decided about one image: the template (or none), where the document's
/// own corners are, and the evidence behind the confidence.
struct ClassificationResult: Sendable {
    /// Index into the catalog; nil when no template is confident enough.
    var templateIndex: Int?
    var confidence: Double
    /// The best candidate whether or not it passed the threshold (evidence, calibration).
    var bestIndex: Int?
    /// The document's own corners (top-left first), in image pixels.
    var corners: Quad? = nil
    var orientation: Orientation? = nil
    /// The document flattened at the classifier's working size (for quality), when made.
    var flattened: Image? = nil
    /// Evidence, for calibration and debugging.
    var inliers: Int = 0
    var spread: Double = 0
    var appearance: Double = 0
    /// Layout similarity of the pick (at its orientation), and its lead over the best other design.
    var layout: Double = 0
    var layoutMargin: Double = 0
    var path: Path = .none
    /// Milliseconds spent reading header text to tell look-alikes apart.
    var ocrMs: Double = 0
    /// Look-alikes (same artwork, other title) the answer was guessed between because their
    /// header could not be read: the document may be any of these instead of `templateIndex`.
    var undecided: [Int] = []
    /// With `undecided`: the guess was made by where the look-alikes' designs differ
    /// (`TwinContrast`), clearly, not by the header's look alone.
    var contrasted = false
    /// A clear reading of the header named another document than `bestIndex` (and its twins).
    var headerContradicted = false
    /// A reading of the header chose `templateIndex` among its look-alikes.
    var headerSupported = false
    /// Diagnostics (DOCFRAME_DEBUG_CORNERS): the located outline in the document's order, and
    /// the template's outline projected through the verified homography, in image pixels.
    var locatedOutline: Quad? = nil
    var projectedOutline: Quad? = nil
    /// The corners before `DocumentClassifier.align` refined them (nil: not refined), and the
    /// design's correlation with the image before and after.
    var unalignedCorners: Quad? = nil
    /// The corners were placed again by matching the template on the flattening through them
    /// (`DocumentClassifier.rematched`): a homography's, not an outline's, like the frame path's.
    var rematched = false
    var alignment: (before: Double, after: Double)? = nil

    enum Path: String, Sendable {
        case none, flattened, frame, appearance
    }
}
