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
///
/// Ink is also judged at the scale of one cell, above the paper's own noise: a dark, grainy
/// photo's noise fills every column with "ink" below the paper's bright percentile (a business
/// card there, turned, was named the back at 0.75 with its zone box half blank), and a
/// receipt's text turned a quarter round stands in columns with gaps a cell wide between them
/// (named the back at 0.75, its item lines across the zone). A zone's lines leave no column a
/// cell wide without ink (`coversEveryCell`). And that ink is characters, whose upright strokes
/// change the grey level along the line, not ruled lines (`strokeBalance`).
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
        guard (perSegment.min() ?? 0) >= evenness * (perSegment.max() ?? 0) else { return false }
        let strokes = strokeBalance(pixels, width: w, height: h)
        if Recognizer.debug { FileHandle.standardError.write(Data(String(format: "zone strokes %.3f\n", strokes).utf8)) }
        guard strokes >= minimumStrokeBalance else { return false }
        return coversEveryCell(pixels, width: w, height: h, paper: paper)
    }

    /// A zone's characters must change the grey level along its lines at least this much for each
    /// unit of change down them (`strokeBalance`). A sheet of ruled lines, turned a quarter round, inks the box
    /// margin to margin and evenly (TrainingData's `negative-11`, named the resident card's back
    /// at 0.75): its lines change only downwards, 0.086. Characters stand in upright strokes:
    /// 1.1 on a sharp zone; motion blur along the line lowers it, to 0.36 for the most streaked
    /// back named at a glance in the eval sets, and to 0.20 / 0.13 for streaks of one / two cells
    /// laid exactly along the line (a rendered zone blurred so; the synthesizer's streaks reach
    /// 1.6 cells in any direction).
    static let minimumStrokeBalance = 0.15

    /// How much the zone's grey levels change along its lines against across them (sum of
    /// horizontal neighbour differences over the sum of vertical ones).
    static func strokeBalance(_ pixels: [UInt8], width w: Int, height h: Int) -> Double {
        var along = 0.0, down = 0.0
        for row in 1..<h {
            for column in 1..<w {
                let p = Int(pixels[row * w + column])
                along += Double(abs(p - Int(pixels[row * w + column - 1])))
                down += Double(abs(p - Int(pixels[(row - 1) * w + column])))
            }
        }
        return down > 0 ? along / down : 0
    }

    /// Cells across a TD1 zone's line (an ID-1 card's zone: three lines of 30).
    static let cellsPerLine = 30
    /// Ink counts from this many times the paper's noise spread below the paper's level.
    static let noiseMultiple = 3.0
    /// The faintest fifth of the cell-wide windows must carry at least this share of the
    /// inkiest tenth's ink. The resident card backs a glance named in three dev sets (blurred,
    /// dark or turned, 32 captures): 0.27-0.81, the dark, grainy ones lowest; the grainy business
    /// card and the turned receipt named before: 0.13 (backs under 0.25 had already failed the
    /// evenness above). The floor sits between, nearer the cards that must not be lost.
    static let cellCoverage = 0.2

    /// Whether every cell-wide stretch of the zone's width holds ink darker than the paper by
    /// more than its noise. The noise is the spread of neighbouring pixels' differences (a
    /// median, so the few edges of characters do not count), which grain raises and clean
    /// paper keeps near zero.
    static func coversEveryCell(_ pixels: [UInt8], width w: Int, height h: Int, paper: Double) -> Bool {
        var differences = [Int](repeating: 0, count: 256)
        for row in 0..<h {
            for column in 1..<w { differences[abs(Int(pixels[row * w + column]) - Int(pixels[row * w + column - 1]))] += 1 }
        }
        let half = (h * (w - 1) + 1) / 2
        var seen = 0, median = 0
        for (d, count) in differences.enumerated() {
            seen += count
            if seen >= half { median = d; break }
        }
        // Robust standard deviation of one pixel's noise from that of a difference of two.
        let noise = Double(median) * 1.4826 / 2.0.squareRoot()
        let cut = paper - noiseMultiple * max(noise, 1)
        var columns = [Double](repeating: 0, count: w)
        for row in 0..<h {
            for column in 0..<w { columns[column] += max(0, cut - Double(pixels[row * w + column])) }
        }
        let cell = max(1, w / cellsPerLine)
        guard w > cell else { return true }
        var windows: [Double] = []
        windows.reserveCapacity(w - cell + 1)
        var sum = columns[0..<cell].reduce(0, +)
        windows.append(sum)
        for column in cell..<w {
            sum += columns[column] - columns[column - cell]
            windows.append(sum)
        }
        windows.sort()
        let faint = windows[windows.count / 5], inky = windows[windows.count * 9 / 10]
        if Recognizer.debug {
            FileHandle.standardError.write(Data(String(format: "zone cells noise %.1f coverage %.2f\n", noise, inky > 0 ? faint / inky : 0).utf8))
        }
        return inky > 0 && faint >= cellCoverage * inky
    }
}
