/// Everything DocFrame saw in one image or frame: the typed form of one classify output line.
public struct DocumentObservation: Sendable {
    /// The recognised document; nil when none is known (never the nearest wrong label).
    public var document: DocumentIdentity?
    /// The document's corners in its own order (DESIGN.md); nil when no document was found.
    public var corners: Quad?
    /// Nil when `corners` is nil.
    public var orientation: Orientation?
    /// Nil when `corners` is nil.
    public var quality: QualityReport?
    /// The machine-readable zone, when one was read.
    public var mrz: MRZResult?
    /// Milliseconds per stage: `decode`, `locate`, `classify`, `ocr`, `mrz`.
    public var timingMs: [String: Double]
    /// Look-alikes (same artwork, other title: the Ontario license and photo
    /// card) that `document` could not be told apart from, its header being unreadable (blur, a
    /// small card): `document` is then the likelier by the header's look only, a guess (its
    /// confidence at most 0.75). Empty when the answer is not such a guess. A capture session
    /// shows no label for a guess (a wrong twin's label, or "wrong document", is worse than a
    /// late one) and asks again on later frames. Not part of the JSON.
    public var undecidedLookAlikes: [DocumentIdentity] = []

    public init(document: DocumentIdentity? = nil, corners: Quad? = nil, orientation: Orientation? = nil,
                quality: QualityReport? = nil, mrz: MRZResult? = nil, timingMs: [String: Double] = [:]) {
        self.document = document
        self.corners = corners
        self.orientation = orientation
        self.quality = quality
        self.mrz = mrz
        self.timingMs = timingMs
    }
}
