/// Every timing and threshold of a capture session. Times are in seconds; geometric thresholds
/// are relative to the guide rectangle, so they hold for any frame size and viewport.
public struct CapturePolicy: Sendable, Hashable, Codable {
    // MARK: Timings (DESIGN.md, normative defaults)

    /// A row (state, colour, instruction, label) stays at least this long before another
    /// replaces it, so no instruction flickers past unread. Captures, done and cancel are exempt.
    public var instructionHold: Double = 1.0
    /// How long every check must pass without a break before the photo is taken automatically.
    public var steadyHold: Double = 1.5
    /// How long "Front captured" / "Back captured" shows the frozen card.
    public var capturedFreeze: Double = 1.0
    /// How long the turn-over animation ("Now show the back...") runs; the rows do not apply then.
    public var flipDuration: Double = 1.5
    /// The manual shutter appears this long after a document first comes into view in a side...
    public var manualShutterAfterSeen: Double = 8.0
    /// ...or this long into the side, whichever comes first.
    public var manualShutterIntoSide: Double = 15.0
    /// "All done!" stays this long before the session finishes.
    public var doneHold: Double = 1.0

    // MARK: Thresholds
    //
    // Defaults chosen from the geometry of ID-1 cards held at arm's length in a 1280x720
    // preview and from the recognition layer's quality scale (QualityReport: 0 clean, 1
    // unreadable). They are starting points to be re-fitted on TrainingData's capture sequences.

    /// Minimum document area over guide area ("Move a little closer" below it). 0.55 is a card
    /// about 74% of the guide's width: big enough for the header text and MRZ to be read at 720p.
    public var minFill: Double = 0.55
    /// How far a corner may lie outside the guide, as a share of the guide's width (x) or height
    /// (y), before "Fit the whole ... in the frame". The guide cut keeps a margin that wide.
    public var maxOverflow: Double = 0.08
    /// Maximum `QualityReport.glare` (share of the document washed out) for a capture: 2% is
    /// about one line of text lost to a highlight.
    public var maxGlare: Double = 0.02
    /// Maximum `QualityReport.blur` for a capture.
    public var maxBlur: Double = 0.35
    /// Steadiness: the largest corner speed, in guide diagonals per second, that still counts as
    /// held still, measured on the median outline (`smoothingFrames`). 0.25/s is about 8 px a
    /// frame on a 1280x720 frame's guide (diagonal 943 px) at 30 fps. On synthesized sequences
    /// (synthesize-captures --sequence) a held card moves 1-3 px a frame plus the locator's own
    /// noise of a few px, and shaky hands move up to ~20 px a frame: the first passes, the second
    /// never holds for the steady hold. Measured as a speed (motion over elapsed time) so dropped
    /// frames do not look like shaking.
    public var maxCornerSpeed: Double = 0.25
    /// A located quad further than this (in guide diagonals) from the last one is a different
    /// document, or tracking was lost: the document is classified again.
    public var trackingJump: Double = 0.2
    /// Corners are the median of this many last located frames before they are judged: one or
    /// two frames where the locator picks a wrong outline (a printed inner frame, a shadow) do
    /// not move the card, break the steady hold, or end up in the flattened capture.
    public var smoothingFrames: Int = 5
    /// A located outline further than this (in guide diagonals) from the median is an outlier:
    /// its frame's quality (blur, glare, cut-off) was measured on the wrong region and is not used.
    public var outlierDistance: Double = 0.02
    /// A quad the classifier has not recognised counts as a document only once it has been
    /// located (or tracked) on this many consecutive frames: the locator's one-frame outlines
    /// of an empty table never reach the screen.
    public var confirmFrames: Int = 2
    /// A document that has just come into view and is not yet recognised leaves the row on
    /// screen unchanged for up to this long while classification runs (in the background, live;
    /// retried every `reclassifyInterval`, both ways): its first row then carries its label at
    /// once instead of an unlabelled row that the instruction hold would keep for a second.
    public var labelWait: Double = 0.5
    /// While a card-shaped document stays unknown, classification is retried at most this often.
    public var reclassifyInterval: Double = 0.25
    /// An unknown quad counts as card-shaped when its long/short side ratio is within this share
    /// of the guide format's (ID-1 1.586, TD3 1.42); other shapes are treated as no document.
    public var cardShapeTolerance: Double = 0.25

    public init() {}

    public static let `default` = CapturePolicy()
}
