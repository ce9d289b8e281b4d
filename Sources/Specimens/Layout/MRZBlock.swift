/// Draws a machine-readable zone in OCR-B on a plain band and records it (lines and region).
enum MRZBlock {
    /// Draws `lines` left-aligned at `x`, the first baseline at `y`, with `pitch` pixels per
    /// character and `spacing` pixels between baselines; region `mrz` covers the text.
    /// Returns the box of each line, for `field(...)`.
    @discardableResult
    static func draw(_ page: SpecimenPage, lines: [String], x: Double, y: Double, pitch: Double, spacing: Double) throws -> [Rect] {
        let font = page.fonts.ocrB
        // OCR-B advances 0.715 em per character: choose the size that gives the pitch.
        let size = (pitch / 0.715).rounded()
        var boxes: [Rect] = []
        for (i, line) in lines.enumerated() {
            boxes.append(try page.label(line, x: x, y: y + Double(i) * spacing, size: size, font: font, RGBA(12, 12, 14)))
        }
        if let first = boxes.first {
            let box = boxes.dropFirst().reduce(first) { $0.union($1) }
            page.region("mrz", Rect(box.x - 6, box.y - 6, box.w + 12, box.h + 12))
        }
        page.mrz = lines
        return boxes
    }

    /// Records a personal field shown only in the zone: its region is the span of characters
    /// `range` of line `line` (OCR-B is monospaced, so the span is exact).
    static func field(_ page: SpecimenPage, _ name: String, _ truth: String, lines: [String], boxes: [Rect], line: Int,
                      _ range: Range<Int>) {
        let box = boxes[line], pitch = box.w / Double(lines[line].count)
        page.field(name, truth)
        page.region(name, Rect(box.x + pitch * Double(range.lowerBound) - 1, box.y - 2,
                               pitch * Double(range.count) + 2, box.h + 4))
    }
}
