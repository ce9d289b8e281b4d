/// Draws a machine-readable zone in OCR-B on a plain band and records it (lines and region).
enum MRZBlock {
    /// Draws `lines` left-aligned at `x`, the first baseline at `y`, with `pitch` pixels per
    /// character and `spacing` pixels between baselines; region `mrz` covers the text.
    static func draw(_ page: SpecimenPage, lines: [String], x: Double, y: Double, pitch: Double, spacing: Double) throws {
        let font = page.fonts.ocrB
        // OCR-B advances 0.715 em per character: choose the size that gives the pitch.
        let size = (pitch / 0.715).rounded()
        var box: Rect?
        for (i, line) in lines.enumerated() {
            let b = try page.label(line, x: x, y: y + Double(i) * spacing, size: size, font: font, RGBA(12, 12, 14))
            box = box.map { $0.union(b) } ?? b
        }
        if let box { page.region("mrz", Rect(box.x - 4, box.y - 4, box.w + 8, box.h + 8)) }
        page.mrz = lines
    }
}
