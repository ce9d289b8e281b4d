/// One frame's observation after tracking: the identity carried over while the quad tracks,
/// corners labelled consistently from frame to frame, and the steadiness measured.
struct TrackedObservation: Sendable {
    /// In the document's own order when the identity is known.
    var corners: Quad?
    var identity: DocumentIdentity?
    var orientation: Orientation?
    var quality: QualityReport?
    /// Corner speed under the policy's maximum since the previous frame.
    var steady: Bool
    /// Whether this frame was classified (rather than located and tracked).
    var classified: Bool
    /// A document just came into view and its first classifications have not named it yet:
    /// for up to `CapturePolicy.labelWait` the session keeps the row on screen rather than
    /// show an unlabelled one that would then stand for the whole instruction hold.
    var awaitingIdentity = false
    /// An outline too new to count as a document (`CapturePolicy.confirmFrames`): `corners` is
    /// nil, but the session keeps the row on screen rather than flash "searching" for a frame.
    var unconfirmed = false
    /// The outline runs along the frame's edge (the card is coming into view, or cut off).
    var entering = false
    /// With `identity` nil: the look-alikes (same artwork, same side, other title) the card is
    /// one of, its header unread (`DocumentObservation.undecidedLookAlikes`, the likelier first);
    /// `orientation` is then known. Empty otherwise.
    var lookAlikes: [DocumentIdentity] = []
    /// `FrameAnalyzing.referenceGlare` for the recognised document, when the analyzer judges it:
    /// the lower median of the track's last `CapturePolicy.glareFrames` readings (what row 9 judges).
    var referenceGlare: Double?
    /// This frame's own reading (or the last frame's that agreed with the track): a frame that
    /// reads over the threshold is never auto-captured, even while the hold goes on.
    var frameReferenceGlare: Double?

    /// The document's machine-readable zone was read with every check holding on some
    /// classification of this track (a passport is auto-captured only then:
    /// `CapturePolicy.passportNeedsReadZone`).
    var zoneRead = false

    static let nothing = TrackedObservation(corners: nil, identity: nil, orientation: nil, quality: nil, steady: false, classified: false)
}
