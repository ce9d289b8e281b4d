/// Which document was recognised: the `document` object of the classify JSON.
public struct DocumentIdentity: Sendable, Hashable {
    /// The template's id (`ca-on-dl-front`), or `passport` for a passport recognised by rule.
    public var templateId: String
    public var label: LocalizedText
    public var kind: DocumentKind
    public var side: DocumentSide
    /// ISO 3166-2 subdivision (`CA-ON`), ISO 3166-1 alpha-2 (`CA`), or the MRZ's three-letter
    /// issuing state for passports recognised by rule.
    public var jurisdiction: String
    public var policy: DocumentPolicy
    /// Calibrated: about the share of answers at this confidence that are right.
    public var confidence: Double

    public init(templateId: String, label: LocalizedText, kind: DocumentKind, side: DocumentSide,
                jurisdiction: String, policy: DocumentPolicy, confidence: Double) {
        self.templateId = templateId
        self.label = label
        self.kind = kind
        self.side = side
        self.jurisdiction = jurisdiction
        self.policy = policy
        self.confidence = confidence
    }
}
