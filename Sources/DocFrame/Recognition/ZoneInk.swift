import Foundation

/// Whether a flattened card shows ink along the whole width of the place its design prints a
/// machine-readable zone: the check an appearance-only glance must pass for a design that
/// carries one (a permanent resident card's back).
///
/// A glance names a card from its colours laid out (no keypoint verified, no title read), so
/// any card with a band of the same colour at the same end looks like it: sharp business cards
/// with a red-orange band, turned, were named the resident card's back at 0.75 on fresh
/// negatives (4 of 140 across three dev sets, layout 0.551-0.562). A zone is ink in every
/// column: lines of OCR-B cells and `<` fill from margin to margin, which blur spreads but never
/// removes. A business card's text there stops short of the right.
enum ZoneInk {
    /// The zone's width is cut in this many segments...
    static let segments = 8
    /// ...and the faintest must carry this share of the darkest's ink (true zones, blurred or
    /// not: 0.39-0.67, fainter to the right where the `<` fill thins; the business cards that
    /// passed a mean-based rule: 0.06 and 0.24).
    static let evenness = 1.0 / 3.0
    /// Mean ink (grey levels below the paper) the zone must hold at all.
    static let minimumInk = 3.0

    /// - Parameters:
    ///   - flattened: the card flattened to the template's aspect, as the glance judged it.
    ///   - region: the template's `mrz` region, in template pixels.
    ///   - upright: whether the glance took the card upright (else turned half round).
    static func showsZone(_ flattened: Image, region: DocumentTemplate.Region, templateWidth: Int, templateHeight: Int,
                          upright: Bool) throws -> Bool {
        let page = upright ? flattened : try flattened.rotated(quarterTurns: 2)
        let sx = Double(page.width) / Double(max(templateWidth, 1)), sy = Double(page.height) / Double(max(templateHeight, 1))
        let x = max(0, Int(Double(region.x) * sx)), y = max(0, Int(Double(region.y) * sy))
        let w = min(page.width - x, Int(Double(region.width) * sx)), h = min(page.height - y, Int(Double(region.height) * sy))
        guard w >= segments * 2, h >= 4 else { return true }
        let crop = try page.cropped(x: x, y: y, width: w, height: h)
        let gray = crop.isGrayscale ? crop : try crop.grayscale()
        let pixels = try gray.packedPixels()
        // The paper's level: a bright percentile of the zone's box (its gaps between lines).
        let paper = Double(pixels.sorted()[pixels.count * 9 / 10])
        var columns = [Double](repeating: 0, count: w)
        for row in 0..<h {
            for column in 0..<w { columns[column] += max(0, paper - Double(pixels[row * w + column])) }
        }
        let perSegment = (0..<segments).map { s -> Double in
            let from = s * w / segments, to = (s + 1) * w / segments
            return columns[from..<to].reduce(0, +) / Double(max(1, (to - from) * h))
        }
        let mean = perSegment.reduce(0, +) / Double(segments)
        if Recognizer.debug {
            FileHandle.standardError.write(Data("zone ink \(perSegment.map { String(format: "%.1f", $0) }.joined(separator: " "))\n".utf8))
        }
        guard mean >= minimumInk else { return false }
        return (perSegment.min() ?? 0) >= evenness * (perSegment.max() ?? 0)
    }
}
