import DocFrame
import Foundation

/// Renders specimens: `render(design:side:seed:)` is a pure function of its arguments.
public enum SpecimenRenderer {
    /// What fills the corners outside a card's rounded outline: a flat mid grey, plainly not card
    /// stock, so a consumer can tell them apart (the sidecar's `cornerRadius` says where they are).
    /// The PNG stays opaque BGR because DocFrame's Image decodes to BGR.
    public static let cornerColor = RGBA(128, 128, 128)

    /// Renders one side of design `id` (built-in or held out) for `seed`. An unknown design or a
    /// side the design does not have is `invalidArgument`.
    public static func render(design id: String, side: DocumentSide, seed: UInt64) throws -> Specimen {
        let (info, page) = try draw(design: id, side: side, seed: seed)
        let canvas = page.canvas
        return Specimen(design: info, side: side, seed: seed, png: try canvas.pngData(), width: canvas.width,
                        height: canvas.height, fields: page.fields, regions: page.regions, mrz: page.mrz)
    }

    /// Draws one side without encoding it.
    static func draw(design id: String, side: DocumentSide, seed: UInt64) throws -> (DesignInfo, SpecimenPage) {
        guard let design = DesignCatalog.design(id) else {
            throw DocFrameError(.invalidArgument, "unknown design '\(id)' (see --list and --list-holdout)")
        }
        let info = design.info
        guard info.sides.contains(side) else {
            throw DocFrameError(.invalidArgument, "design '\(id)' has no \(side.rawValue) side")
        }
        let canvas = try Canvas(width: info.format.canonicalWidth, height: info.format.canonicalHeight)
        let page = SpecimenPage(canvas: canvas, fonts: try FontBook())
        try design.draw(side, on: page, seed: seed)
        try paintCorners(canvas, radius: info.cornerRadius)
        return (info, page)
    }

    /// Paints the four corners outside a rounded rectangle of `radius` with `cornerColor`
    /// (antialiased along the arc, like a die-cut card edge).
    static func paintCorners(_ canvas: Canvas, radius r: Double) throws {
        guard r > 0 else { return }
        let w = Double(canvas.width), h = Double(canvas.height), steps = 32
        // Corner origin, the arc's centre, and the quadrant's start angle.
        let corners: [((Double, Double), (Double, Double), Double)] = [
            ((-1, -1), (r, r), .pi), ((w + 1, -1), (w - r, r), 1.5 * .pi),
            ((w + 1, h + 1), (w - r, h - r), 0), ((-1, h + 1), (r, h - r), 0.5 * .pi),
        ]
        for (origin, centre, start) in corners {
            var points = [origin]
            for i in 0...steps {
                let a = start + 0.5 * .pi * Double(i) / Double(steps)
                points.append((centre.0 + r * cos(a), centre.1 + r * sin(a)))
            }
            try canvas.fillPolygon(points, cornerColor)
        }
    }
}
