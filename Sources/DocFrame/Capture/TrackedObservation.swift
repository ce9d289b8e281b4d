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

    static let nothing = TrackedObservation(corners: nil, identity: nil, orientation: nil, quality: nil, steady: false, classified: false)
}
