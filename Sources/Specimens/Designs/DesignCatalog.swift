/// Every specimen design: the built-in ones (`--list`, rendered into the built-in training data)
/// and the held-out ones (`--list-holdout`), which stand in for designs DocFrame has never seen
/// so generalisation tests can train templates from a few of their samples.
public enum DesignCatalog {
    static let all: [any SpecimenDesign] = [
        OntarioCardDesign(variant: .license),
        OntarioCardDesign(variant: .photoCard),
        OntarioHealthCardDesign(),
        QuebecLicenseDesign(),
        BritishColumbiaLicenseDesign(),
        PermanentResidentCardDesign(),
    ] + PassportStyle.all.map { PassportDesign(style: $0) }

    /// Designs that must never become built-in templates: keep them out of `all`.
    static let holdout: [any SpecimenDesign] = [
        AlbertaLicenseDesign(),
        NovaScotiaIDCardDesign(),
        ManitobaHealthCardDesign(),
    ]

    /// The built-in design ids, in `--list` order.
    public static var ids: [String] { all.map(\.info.id) }

    /// The held-out design ids, in `--list-holdout` order.
    public static var holdoutIds: [String] { holdout.map(\.info.id) }

    /// The description of design `id` (built-in or held out), or nil for an unknown id.
    public static func info(_ id: String) -> DesignInfo? { design(id)?.info }

    static func design(_ id: String) -> (any SpecimenDesign)? {
        all.first { $0.info.id == id } ?? holdout.first { $0.info.id == id }
    }
}
