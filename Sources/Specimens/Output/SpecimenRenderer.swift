import DocFrame

/// Renders specimens: `render(design:side:seed:)` is a pure function of its arguments.
public enum SpecimenRenderer {
    /// Renders one side of design `id` for `seed`. An unknown design or a side the design does
    /// not have is `invalidArgument`.
    public static func render(design id: String, side: DocumentSide, seed: UInt64) throws -> Specimen {
        let (info, page) = try draw(design: id, side: side, seed: seed)
        let canvas = page.canvas
        return Specimen(design: info, side: side, seed: seed, png: try canvas.pngData(), width: canvas.width,
                        height: canvas.height, fields: page.fields, regions: page.regions, mrz: page.mrz)
    }

    /// Draws one side without encoding it.
    static func draw(design id: String, side: DocumentSide, seed: UInt64) throws -> (DesignInfo, SpecimenPage) {
        guard let design = DesignCatalog.design(id) else {
            throw DocFrameError(.invalidArgument, "unknown design '\(id)' (see --list)")
        }
        let info = design.info
        guard info.sides.contains(side) else {
            throw DocFrameError(.invalidArgument, "design '\(id)' has no \(side.rawValue) side")
        }
        let canvas = try Canvas(width: info.format.canonicalWidth, height: info.format.canonicalHeight)
        let page = SpecimenPage(canvas: canvas, fonts: try FontBook())
        try design.draw(side, on: page, seed: seed)
        return (info, page)
    }
}
