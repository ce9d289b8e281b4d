/// A passport page's machine-readable zone seen as a shape when it cannot be read: two lines
/// of print running evenly along the whole width of the page's bottom edge, at TD3's pitch,
/// with nothing like them above.
///
/// Blur that leaves no character readable leaves the zone's ink where it was: a row's mean
/// darkness does not change under blur, only its edges soften. So the test works on the
/// flattened page at low resolution, on row and column means of the ink (darkness below the
/// paper), at the places ICAO 9303 part 4 fixes for the lines (`PassportPage`'s calibration).
/// What it tells apart: a TD1 card (three lines, at a larger pitch for the card's height: its
/// upper line falls where this test wants none), a card's or letter's text (short lines, or
/// lines across the page's height once a portrait sheet is laid landscape), a blank or
/// patterned band (no even row of ink against clear rows).
enum MRZBand {
    /// The flattened page's size for the test: the lines stay 15 px apart, blur of a page this
    /// small is already averaged away.
    static let width = 400, height = 282

    /// The evidence found for a zone in an upright landscape page.
    struct Evidence: Equatable {
        /// Mean ink in the rows of line 1 and line 2, in grey levels above the page's clearest
        /// row near the zone.
        var line1: Double, line2: Double
        /// Median ink in the rows where a third line would stand, one pitch above line 1.
        var above: Double
        /// Ink in those rows beside the zone, on both sides (the lesser margin's): a printed
        /// rule or frame running across the page there, which a line of text stopping at the
        /// zone's ends does not reach. Not the darker margin's: prose set from the left margin
        /// to the page's right edge reaches one side (a sheet of prose of the page's shape was
        /// named Passport so).
        var aboveBeside: Double = 0
        /// The share of the zone's eight column segments whose ink is at least half the mean.
        var evenSegments: Int
        /// Mean ink in the margins beside the zone, in the zone's rows.
        var margins: Double
        /// How much more ink the margins hold in the zone's rows than in the body's rows of the
        /// same columns (the larger side's excess).
        var marginsOverBody: Double
        /// How far the zone's rows were found from their calibrated place (share of the height).
        var offset: Double
        /// Clear gaps across the zone's band: runs of at least `gapWidth` columns, within the
        /// zone's width, whose ink over both lines' rows is under a fifth of the band's mean.
        var gaps: Int = 0
        /// Each eighth of the zone's width: its ink over the eighths' mean. Seven of eight are
        /// asked to carry half the mean (`evenSegments`) even blurred: accepting a zone whose
        /// last eighths are faded `<` fill (the first five at half the mean) named two held-out
        /// Nova Scotia ID card fronts Passport, their bottom text lines ending short of the
        /// right (2.43, 0.73, 0.95, 1.75, 1.38, 0.75, 0, 0).
        var segments: [Double] = []

        /// Two lines clearly darker than the rows above them and than the margins beside them,
        /// their ink spread along the width: the thresholds leave room for glare over a segment
        /// and for a dark or washed-out photo's low contrast (ink of 4 grey levels on average).
        var isZone: Bool {
            let weaker = min(line1, line2)
            return weaker >= 4 && weaker >= 2 * above && weaker >= 2 * margins
                && max(line1, line2) <= 3 * weaker && evenSegments >= 7 && gaps <= MRZBand.maxGaps
        }

        /// The zone as blur leaves it: the margins beside it are a few pixels of the page at
        /// this size, and blur spreads both the zone's ink and the table beyond a slightly wide
        /// outline into them, so they count only by their excess over the same columns in the
        /// page's body: a stripe or pattern running across the whole page's bottom (a card's
        /// colour band) still has ink there that the body's columns lack. Because that lets more
        /// through, the lines must carry a real zone's bold ink: OCR-B on clear paper gave 23 grey
        /// levels and more on blurred dev captures, a receipt's thin lines of a page's shape 7.
        /// Blur also evens the two lines' ink and leaves them where the page has them: lines
        /// a half apart in ink (an edge or stripe beside one line), or found only at the end of
        /// the search for the zone's place, are no blurred zone (a small, slightly mis-outlined
        /// ID card of an unknown design showed both, 18 and 33 grey levels at 2.8% off).
        /// Whatever blur spreads into the margins is diluted on its way, so they never hold more
        /// ink than the lines themselves: margins darker than both lines are a dark object the
        /// outline took in beside a stripe (a dark business card with a coloured bottom band,
        /// outlined with the phone beside it, showed margins 37 against lines 24 and 30; the
        /// blurred dev passports 0.6-0.7 of their stronger line). Unless the margins are no
        /// darker in the zone's rows than in the body's: then their ink runs down the page's
        /// whole side (a design's coloured stripe along its edge, blurred dev pages showing
        /// margins of 1.2-1.6 times their lines), not beside the zone (the card: 8.3 over).
        ///
        /// What stands one pitch above the zone counts only by its excess over the same rows
        /// beside the zone: a design that prints its frame's bottom rule close above the zone
        /// (blur spreads it over the rows a third line would fill; dev captures of such a page
        /// showed 0.8-1.0 of the lines' ink there) has it in the margins too, where a card's
        /// third zone line or a text line ends.
        var isBlurredZone: Bool {
            let weaker = min(line1, line2)
            return weaker >= 15 && weaker >= 2 * max(0, above - aboveBeside) && weaker >= 2 * marginsOverBody
                && (margins <= max(line1, line2) || marginsOverBody <= MRZBand.marginNoise)
                && max(line1, line2) <= 1.5 * weaker && evenSegments >= 7 && abs(offset) <= 0.02
                && gaps <= MRZBand.maxGaps
        }

        /// The zone as blur leaves it on a page whose photo shows (`PassportPhotoColumn`): the
        /// photo, not the margins, tells the page from a stripe or an object beside it, so the
        /// margins' tests of `isBlurredZone` are left out. A blurred booklet's cover or the table
        /// lies in the few columns beside a page outlined from its other edges (dev and eval
        /// pages: margins of 55-100 grey levels beside lines of 33-39). The zone may lie a little
        /// further from its place (a blurred eval page's motion smeared it 2.1% of the height down).
        var isBlurredZoneBesidePhoto: Bool {
            let weaker = min(line1, line2)
            return weaker >= 15 && max(line1, line2) <= MRZBand.maxBlurredInk && weaker >= 2 * max(0, above - aboveBeside)
                && max(line1, line2) <= 1.5 * weaker && evenSegments >= 7 && abs(offset) <= 0.025
                && gaps <= MRZBand.maxGaps
        }
    }

    /// A zone's lines are print without spaces: two rows of OCR-B cells back to back (the
    /// gap between two characters is about 3 columns at this size, and the two lines' cells lie
    /// under each other), so across the band's rows hardly a run of `gapWidth` clear columns
    /// occurs; glare, a finger or a shadow over part of the zone clears one or two stretches.
    /// Lines of text seen sideways (a receipt turned a quarter, whose columns of words stand
    /// where the zone's lines would) cross the band as stripes with a clear gap between each two
    /// lines: a dozen and more. The sharp test alone let such a receipt through (its columns'
    /// ink 8.7 and 13 grey levels: within a dark photo's zone's range), and the blurred test
    /// one whose prices' column was bold (24 and 28 grey levels): blur fills gaps, it never
    /// opens them, so both tests ask for a band without them.
    /// Grey levels by which the margins' ink in the zone's rows may exceed their ink in the
    /// body's rows and still count as no darker: noise (a blurred eval page under a lamp, its
    /// coloured edge down the whole side, showed 0.2; the dark card beside a phone 8.3).
    static let marginNoise = 1.0

    /// The most ink a blurred zone's line shows: blur spreads OCR-B's strokes over the paper
    /// between them (dev and eval pages: 20-40 grey levels); a solid colour band shows far more
    /// (an unknown driver's licence's, beside its photo: 66-118).
    static let maxBlurredInk = 60.0

    static let gapWidth = 4
    static let maxGaps = 4

    /// Clear runs of at least `gapWidth` columns in `profile` (column ink), where clear is under
    /// a fifth of the profile's mean; none for an empty profile.
    static func gaps(in profile: [Double]) -> Int {
        let mean = profile.reduce(0, +) / Double(max(1, profile.count))
        guard mean > 0 else { return 0 }
        var runs = 0, run = 0
        for v in profile + [Double.infinity] {
            if v < 0.2 * mean { run += 1; continue }
            if run >= gapWidth { runs += 1 }
            run = 0
        }
        return runs
    }

    /// The evidence in `page` (grey or colour, any size; an upright landscape page is assumed:
    /// the caller tries the page turned too), the zone's ink measured against one paper level
    /// for the whole band, or with `paperPerColumn` against the paper under each column
    /// (`localPaper`).
    static func evidence(in page: Image, paperPerColumn: Bool = false) throws -> Evidence {
        let small = try page.resized(width: width, height: height)
        let gray = small.isGrayscale ? small : try small.grayscale()
        let pixels = try gray.packedPixels()
        let w = gray.width, h = gray.height
        let sx = Double(w) / PassportPage.pageWidth, sy = Double(h) / PassportPage.pageHeight
        let left = Int(PassportPage.zoneLeft * sx), right = Int(PassportPage.zoneRight * sx)
        // The paper's level: a bright percentile of the page's lower fifth, where the zone's
        // band is (glare above it would only make ink look larger, never create it).
        var lower = [UInt8]()
        lower.reserveCapacity((right - left) * h / 5)
        for y in (h * 4 / 5)..<h { for x in left..<right { lower.append(pixels[y * w + x]) } }
        lower.sort()
        let paper = Double(lower[lower.count * 9 / 10])
        let zonePaper = paperPerColumn ? localPaper(pixels, width: w, height: h, columns: left..<right) : []
        func ink(_ x: Int, _ y: Int) -> Double {
            let level = paperPerColumn && x >= left && x < right ? zonePaper[x - left] : paper
            return max(0, level - Double(pixels[y * w + x]))
        }
        // Row means of ink across the zone's width.
        var rows = [Double](repeating: 0, count: h)
        for y in 0..<h {
            var sum = 0.0
            for x in left..<right { sum += ink(x, y) }
            rows[y] = sum / Double(right - left)
        }
        // Noise and a dim photo's grain lift every row's mean alike: the clearest row of the
        // page's lower fifth (the clear band over the zone, or its bottom margin) is the floor
        // the zone's ink is measured from.
        let floor = rows[(h * 4 / 5)..<(h - 1)].min() ?? 0
        for y in 0..<h { rows[y] = max(0, rows[y] - floor) }
        let pitch = (PassportPage.line2Y - PassportPage.line1Y) * sy
        let half = max(1, Int((0.25 * pitch).rounded()))
        func band(_ center: Double) -> Double {
            let c = Int(center.rounded())
            let span = max(0, c - half)...min(h - 1, c + half)
            return span.map { rows[$0] }.reduce(0, +) / Double(span.count)
        }
        // The outline may be off by a few percent of the height: the zone is looked for near
        // its place, and the best fit is kept.
        let reach = Int(0.03 * Double(h))
        var best: (score: Double, dy: Int) = (-1, 0)
        for dy in -reach...reach {
            let y1 = PassportPage.line1Y * sy + Double(dy), y2 = PassportPage.line2Y * sy + Double(dy)
            guard y2 + Double(half) < Double(h) else { continue }
            let score = band(y1) + band(y2)
            if score > best.score { best = (score, dy) }
        }
        let y1 = PassportPage.line1Y * sy + Double(best.dy), y2 = PassportPage.line2Y * sy + Double(best.dy)
        // Above: where a third line at the zone's pitch would stand (a TD1's, or a text line
        // over the zone), by the median of its rows: a printed rule or frame edge there (thin,
        // one or two rows) is no line of text, and a vertical smear of the zone's own ink
        // (motion blur) reaches no further than half a pitch above line 1.
        let aboveCenter = Int((y1 - pitch).rounded())
        let aboveRows = max(0, aboveCenter - half)...max(0, min(h - 1, aboveCenter + half))
        let above: Double = {
            let values = aboveRows.map { rows[$0] }.sorted()
            return values[values.count / 2]
        }()
        // Columns: the zone's ink per eighth of its width, and beside it.
        let top = max(0, Int((y1 - 0.3 * pitch).rounded())), bottom = min(h - 1, Int((y2 + 0.3 * pitch).rounded()))
        func columnInk(_ x0: Int, _ x1: Int, rows: ClosedRange<Int>? = nil) -> Double {
            let rows = rows ?? top...bottom
            guard x1 > x0 else { return 0 }
            var sum = 0.0
            for y in rows { for x in x0..<x1 { sum += ink(x, y) } }
            return max(0, sum / Double((x1 - x0) * rows.count) - floor)
        }
        let segments = (0..<8).map { i in columnInk(left + (right - left) * i / 8, left + (right - left) * (i + 1) / 8) }
        let mean = segments.reduce(0, +) / 8
        let margin = max(1, left / 3)
        let leftMargin = (margin, left - margin), rightMargin = (right + margin, min(w - margin, right + (w - right) - margin))
        let margins = max(columnInk(leftMargin.0, leftMargin.1), columnInk(rightMargin.0, rightMargin.1))
        // The body: rows between the photo's middle and the zone's clear band (45-75% of the
        // height), clear of the zone's spread and of a header band.
        let body = (h * 45 / 100)...(h * 75 / 100)
        let marginsOverBody = max(columnInk(leftMargin.0, leftMargin.1) - columnInk(leftMargin.0, leftMargin.1, rows: body),
                                  columnInk(rightMargin.0, rightMargin.1) - columnInk(rightMargin.0, rightMargin.1, rows: body))
        let aboveBeside = min(columnInk(leftMargin.0, leftMargin.1, rows: aboveRows),
                              columnInk(rightMargin.0, rightMargin.1, rows: aboveRows))
        let profile = (left..<right).map { x in columnInk(x, x + 1) }
        return Evidence(line1: band(y1), line2: band(y2), above: above, aboveBeside: aboveBeside,
                        evenSegments: segments.filter { $0 >= 0.5 * mean }.count, margins: margins,
                        marginsOverBody: marginsOverBody, offset: Double(best.dy) / Double(h), gaps: gaps(in: profile),
                        segments: segments.map { mean > 0 ? ($0 / mean * 100).rounded() / 100 : 0 })
    }

    /// Columns each side of a column whose paper levels make its own (`localPaper`): a tenth of
    /// the zone's width, several characters, so no character's ink is taken for paper.
    static let paperReach = 17

    /// The paper's level under each column of `columns`: the bright percentile of the column in
    /// the page's lower fifth, by its median over the columns `paperReach` either side.
    ///
    /// One level for the whole band (the band's bright percentile) measures a page lit from one
    /// side as ink at its darker end and nothing at its brighter end: on blurred eval pages under
    /// a lamp the paper ran from 173 to 250 grey levels across the zone, and the zone's right
    /// half, where line 2's data and the fill are, showed no ink at all while the dim margin
    /// beside its left end showed more than the lines. The columns beside the zone keep the
    /// band's level: what lies there (a page's coloured edge, the table, a phone beside a card)
    /// is no paper the zone's ink can be measured from. Neither level replaces the other
    /// (`evidences`): an outline turned against the page's print puts the clear band over the
    /// zone into some columns' lower fifth and the zone into others', a slope no lamp made, and
    /// one dev page found by the single level was lost by the levels per column.
    static func localPaper(_ pixels: [UInt8], width w: Int, height h: Int, columns: Range<Int>) -> [Double] {
        let rows = (h * 4 / 5)..<h
        let bright: [Double] = columns.map { x in
            let values = rows.map { pixels[$0 * w + x] }.sorted()
            return Double(values[values.count * 9 / 10])
        }
        return bright.indices.map { i in
            let window = bright[max(0, i - paperReach)...min(bright.count - 1, i + paperReach)].sorted()
            return window[window.count / 2]
        }
    }

    /// The evidence in `page` measured both ways (`evidence(in:paperPerColumn:)`): one paper
    /// level for the band, then the paper under each column.
    static func evidences(in page: Image) throws -> [Evidence] {
        try [false, true].map { try evidence(in: page, paperPerColumn: $0) }
    }

    /// The quarter turns (0 or 2) that stand the landscape page `flat` upright with its zone
    /// at the bottom, or nil when neither way up shows a zone (measured either way, `evidences`).
    static func turns(of flat: Image) throws -> Int? {
        for turns in [0, 2] {
            let page = turns == 0 ? flat : try flat.rotated(quarterTurns: 2)
            if try evidences(in: page).contains(where: { $0.isZone || $0.isBlurredZone }) { return turns }
        }
        return nil
    }
}
