import DocFrame

/// What a design is, as its sidecars and `--list` describe it.
public struct DesignInfo: Sendable {
    /// The design id (`ca-on-dl`, `passport-uto`): the template id without the side.
    public let id: String
    /// The English label sidecars carry.
    public let label: String
    public let kind: DocumentKind
    /// ISO 3166-2 subdivision, ISO 3166-1 alpha-2 country, or a passport's 3-letter issuing state.
    public let jurisdiction: String
    public let format: DocumentFormat
    public let sides: [DocumentSide]
    /// Whether a capture may use the document (`unusable` for health cards).
    public var policy: DocumentPolicy = .accepted

    /// The template id of one side: `passport` for every passport, else `<design>-<side>`.
    public func templateId(_ side: DocumentSide) -> String {
        kind == .passport ? "passport" : "\(id)-\(side.rawValue)"
    }

    /// The radius of the printed page's rounded corners in canonical pixels: ISO/IEC 7810 ID-1
    /// cards round theirs by 3.18 mm of 85.6 mm (38 px of 1012); passport pages are drawn square.
    public var cornerRadius: Double { format == .id1 ? 38 : 0 }
}

/// One document design. The artwork (everything drawn from constants) is identical on every
/// seed; the personal data comes from the seed, the same for both sides of one seed.
protocol SpecimenDesign: Sendable {
    var info: DesignInfo { get }
    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws
}
