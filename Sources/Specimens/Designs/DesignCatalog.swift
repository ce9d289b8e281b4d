/// Every built-in specimen design, in `--list` order.
public enum DesignCatalog {
    static let all: [any SpecimenDesign] = [
        OntarioCardDesign(variant: .license),
        OntarioCardDesign(variant: .photoCard),
        OntarioHealthCardDesign(),
        QuebecLicenseDesign(),
        BritishColumbiaLicenseDesign(),
        PermanentResidentCardDesign(),
    ] + PassportStyle.all.map { PassportDesign(style: $0) }

    /// The design ids.
    public static var ids: [String] { all.map(\.info.id) }

    /// The description of design `id`, or nil for an unknown id.
    public static func info(_ id: String) -> DesignInfo? { design(id)?.info }

    static func design(_ id: String) -> (any SpecimenDesign)? { all.first { $0.info.id == id } }
}
