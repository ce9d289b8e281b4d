internal import CDocVision

/// Which part of a flattened document the photo shows, cell by cell of a layout signature
/// (`LayoutSignature`'s grey and chroma maps), for comparing only that part
/// (`LayoutReferences.similarities(of:visibility:)`).
///
/// Why: a cut-off card's outline runs past the photo's border, and its flattening fills the part
/// outside with the border's pixels smeared across it. Compared whole, that smear counts against
/// the card's own design as much as a wrong design's print would: a dark, cut-off British
/// Columbia licence back whose outline lay within 3% of the card scored a layout of 0.49 against
/// its template, short of what a glance needs, with a third of the card outside the photo.
struct LayoutVisibility: Sendable {
    /// DV_LAYOUT_SIZE values, 0...1, laid out as a signature.
    let values: [Float]
    /// The share of the document's area in the photo, 0...1.
    let share: Double

    /// Samples per cell side: a cell the border crosses counts by the share of it in view.
    private static let samples = 4

    /// The visibility of a `width` x `height` flattening whose pixels `toImage` maps into an
    /// `imageWidth` x `imageHeight` photo; nil when the whole flattening lies in the photo.
    init?(width: Int, height: Int, toImage: Homography, imageWidth: Int, imageHeight: Int) {
        let (w, h) = (Double(width), Double(height))
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map(toImage.apply)
        let (iw, ih) = (Double(imageWidth), Double(imageHeight))
        func inside(_ p: Point) -> Bool { p.x >= 0 && p.y >= 0 && p.x <= iw && p.y <= ih }
        guard !corners.allSatisfy(inside) else { return nil }
        func map(columns: Int, rows: Int) -> [Float] {
            var out = [Float](repeating: 0, count: columns * rows)
            let n = Self.samples
            for row in 0..<rows {
                for column in 0..<columns {
                    var seen = 0
                    for sy in 0..<n {
                        for sx in 0..<n {
                            let x = (Double(column) + (Double(sx) + 0.5) / Double(n)) / Double(columns) * w
                            let y = (Double(row) + (Double(sy) + 0.5) / Double(n)) / Double(rows) * h
                            if inside(toImage.apply(Point(x: x, y: y))) { seen += 1 }
                        }
                    }
                    out[row * columns + column] = Float(seen) / Float(n * n)
                }
            }
            return out
        }
        let grey = map(columns: 64, rows: 40)
        let chroma = map(columns: 32, rows: 20)
        values = grey + chroma + chroma
        assert(values.count == Int(DV_LAYOUT_SIZE))
        share = Double(grey.reduce(0, +)) / Double(grey.count)
    }
}
