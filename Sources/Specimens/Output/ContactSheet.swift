import DocFrame
import Foundation

/// Every design and side of one seed on one PNG, for people checking the designs at a glance.
public enum ContactSheet {
    /// The built-in designs, or with `holdout` the held-out ones.
    public static func render(seed: UInt64, holdout: Bool = false) throws -> Data {
        let cellH = 255.0, gap = 16.0, perRow = 4
        var cells: [(Canvas, Double)] = []
        for id in holdout ? DesignCatalog.holdoutIds : DesignCatalog.ids {
            guard let info = DesignCatalog.info(id) else { continue }
            for side in info.sides {
                let (_, page) = try SpecimenRenderer.draw(design: id, side: side, seed: seed)
                cells.append((page.canvas, cellH * Double(page.canvas.width) / Double(page.canvas.height)))
            }
        }
        let cellW = cells.map(\.1).max() ?? 1
        let rows = (cells.count + perRow - 1) / perRow
        let sheet = try Canvas(width: Int(gap + Double(perRow) * (cellW + gap)), height: Int(gap + Double(rows) * (cellH + gap)),
                               background: RGBA(90, 90, 96))
        for (i, (canvas, w)) in cells.enumerated() {
            let x = gap + Double(i % perRow) * (cellW + gap), y = gap + Double(i / perRow) * (cellH + gap)
            try sheet.paste(canvas, into: Rect(x, y, w, cellH))
        }
        return try sheet.pngData()
    }
}
