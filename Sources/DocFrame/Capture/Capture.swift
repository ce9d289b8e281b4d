/// One captured side.
public struct Capture: Sendable {
    public var side: DocumentSide
    /// Taken with the manual shutter (not refused: the server checks it).
    public var manual: Bool
    /// Whether what is sent is the whole frame (a manual photo, or the device was turned during
    /// the side) rather than the guide-frame cut.
    public var whole: Bool
    /// The whole camera frame.
    public var frame: Image
    /// The frame cut to the guide, with the policy's overflow margin around it.
    public var guideCut: Image
    /// The document flattened to its format's canonical size; nil when no document was located
    /// (a manual photo of nothing the locator could find).
    public var document: Image?
    /// The recognised document, when it was known.
    public var identity: DocumentIdentity?
    /// The document's corners in the frame, when located.
    public var corners: Quad?
    /// The frame's timestamp, in seconds.
    public var time: Double

    /// The image to send: the guide cut, or the whole frame when `whole`.
    public var sent: Image { whole ? frame : guideCut }
}
