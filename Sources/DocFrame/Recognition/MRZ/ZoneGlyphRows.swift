import Foundation

/// A passport page's machine-readable zone seen by its characters' rhythm when it cannot be
/// read: two rows, one line pitch apart near the page's bottom, along each of which the ink
/// rises and falls 44 times across the zone's width (TD3's 44 OCR-B cells, printed back to
/// back at one pitch).
///
/// Blur that leaves no character readable keeps that rhythm wherever it does not smear along
/// the line: defocus softens each cell into a blob but leaves the blobs one pitch apart, and
/// motion across the line keeps them apart too. So the rhythm is measured as the power of each
/// row's column profile at 44 cycles over the zone's width against the profile's power at the
/// other frequencies, which a page's other print (proportional text, a photo, a guilloche)
/// spreads over many. What it tells apart that the zone's band (`MRZBand`) cannot: a blurred
/// zone whose ink level the outline's offset or a shadow put outside the band's limits, on a
/// page whose pale photo shows little ink (`PassportPhotoColumn`). A TD1 card's 30 cells or a
/// TD2's 36 across a card's zone give their rhythm at other frequencies, for the page's shape.
enum ZoneGlyphRows {
    /// The flattened page's width for the test: TD3's cells stay about 15 px apart.
    static let width = 738, height = 520

    /// The cells across the zone's width (ICAO 9303 part 4: 44 characters per line).
    static let cells = 44

    /// The frequencies (cycles over the zone's width) a zone's rhythm may show at, for an
    /// outline a few percent wider or narrower than the page.
    static let cellRange = 42...46

    /// The frequencies the rhythm must be the strongest of: a card's zone (30 or 36 cells) or a
    /// stripe's harmonics peak outside `cellRange` and stay below their own peak there.
    static let neighbourhood = 34...54

    /// The frequencies whose median power is the reference the rhythm is measured against.
    static let reference = 8...120

    /// The rows' evidence in an upright landscape page.
    struct Evidence: Equatable {
        /// Centre of line 1 (share of the page's height) and the rhythm's strength at each line:
        /// peak power over the reference median.
        var line1Y: Double
        var line1: Double, line2: Double
        /// The frequencies (cycles over the zone's width) of the two lines' peaks.
        var cycles1: Int, cycles2: Int
        /// The rhythm about one line pitch above line 1 (0 where none peaks in `cellRange`), where a
        /// zone has its clear band and a card's TD1 zone, a page's repeated pattern or a column
        /// of monospaced text has another line like the two.
        var above: Double = 0

        /// Both lines carry the rhythm, strongly, at about one frequency (one font, one pitch;
        /// glare over part of a line moved a dev page's peak by 2 of 44).
        var isZone: Bool {
            let weaker = min(line1, line2)
            return weaker >= ZoneGlyphRows.minimumStrength && abs(cycles1 - cycles2) <= 2
                && above <= ZoneGlyphRows.maxAboveShare * weaker
        }
    }

    /// The least rhythm (peak over median power) each line must show. Blurred dev passport
    /// pages (defocus 10-22 px, motion 25-31 px across the line) the band and photo left unnamed
    /// showed 120-450 on their weaker line; the 51 non-documents and unknown designs whose
    /// outlines were asked (dev sets 5001, 40101, 40102) 22 at most. A booklet's facing page,
    /// outlined as a page, showed 131 in its printed pattern: the row above refuses that.
    static let minimumStrength = 100.0

    /// The most rhythm the rows one pitch above line 1 may show, as a share of the weaker
    /// line's: a zone's clear band shows little (most blurred dev pages 0; a page whose motion
    /// blur spread line 1 upward 0.22 of its weaker line, measured one pitch above only; a
    /// defocused one, its line 2 faint, 0.25 within a quarter pitch of it).
    static let maxAboveShare = 0.3

    /// The Hann window over `columns` and the DFT's twiddles for the frequencies looked at.
    private static func spectrum(columns n: Int) -> (hann: [Double], frequencies: [Int], cosines: [[Double]], sines: [[Double]]) {
        let hann = (0..<n).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n - 1)) }
        let frequencies = Array(reference.lowerBound...max(reference.upperBound, neighbourhood.upperBound))
        let cosines = frequencies.map { k in (0..<n).map { cos(2 * Double.pi * Double(k) * Double($0) / Double(n)) } }
        let sines = frequencies.map { k in (0..<n).map { sin(2 * Double.pi * Double(k) * Double($0) / Double(n)) } }
        return (hann, frequencies, cosines, sines)
    }

    /// `spectrum(columns:)` for the zone's columns at `width`, where every page is measured: made
    /// once, not for each page and way up asked (about 150,000 sines and cosines each time).
    private static let spectrum = spectrum(columns: Int(PassportPage.zoneRight * Double(width) / PassportPage.pageWidth)
        - Int(PassportPage.zoneLeft * Double(width) / PassportPage.pageWidth))

    /// The evidence in `page`: the pair of rows one line pitch apart, in the page's lower part,
    /// whose weaker rhythm is the strongest; nil for an empty page.
    static func evidence(in page: Image) throws -> Evidence? {
        let small = try page.resized(width: width, height: height)
        let gray = small.isGrayscale ? small : try small.grayscale()
        let pixels = try gray.packedPixels()
        let w = gray.width, h = gray.height
        let sx = Double(w) / PassportPage.pageWidth, sy = Double(h) / PassportPage.pageHeight
        let left = Int(PassportPage.zoneLeft * sx), right = Int(PassportPage.zoneRight * sx)
        let n = right - left
        guard n > 2 * neighbourhood.upperBound else { return nil }
        let pitch = (PassportPage.line2Y - PassportPage.line1Y) * sy
        let half = max(1, Int((0.3 * pitch).rounded()))
        // Detrending window: two cells, so what varies slower than the rhythm (shading, a
        // line's ends) is taken out before the spectrum.
        let window = max(3, Int((2 * Double(n) / Double(cells)).rounded()) | 1)
        // Column sums over the rows, cumulated, so each row's band is two subtractions a column.
        var cumulative = [Double](repeating: 0, count: (h + 1) * n)
        for y in 0..<h {
            for x in 0..<n {
                cumulative[(y + 1) * n + x] = cumulative[y * n + x] + Double(pixels[y * w + left + x])
            }
        }
        let (hann, frequencies, cosines, sines) = n == Self.spectrum.hann.count ? Self.spectrum : Self.spectrum(columns: n)
        func rhythm(at center: Int) -> (strength: Double, cycles: Int) {
            let y0 = max(0, center - half), y1 = min(h, center + half + 1)
            guard y1 > y0 else { return (0, 0) }
            let profile = (0..<n).map { x in (cumulative[y1 * n + x] - cumulative[y0 * n + x]) / Double(y1 - y0) }
            // Moving mean by a running sum.
            var running = [Double](repeating: 0, count: n + 1)
            for x in 0..<n { running[x + 1] = running[x] + profile[x] }
            let r = window / 2
            let detrended = (0..<n).map { x -> Double in
                let a = max(0, x - r), b = min(n, x + r + 1)
                return (profile[x] - (running[b] - running[a]) / Double(b - a)) * hann[x]
            }
            var power = [Int: Double]()
            for (i, k) in frequencies.enumerated() {
                var re = 0.0, im = 0.0
                let c = cosines[i], s = sines[i]
                for x in 0..<n { re += detrended[x] * c[x]; im += detrended[x] * s[x] }
                power[k] = re * re + im * im
            }
            let median = reference.map { power[$0] ?? 0 }.sorted()[reference.count / 2]
            guard median > 0, let peak = neighbourhood.max(by: { (power[$0] ?? 0) < (power[$1] ?? 0) }),
                  cellRange.contains(peak) else { return (0, 0) }
            return ((power[peak] ?? 0) / median, peak)
        }
        // Line 1 looked for from three quarters of the height down to where line 2 still fits:
        // a blurred page's outline may be a few percent off its edges.
        let start = Int(0.78 * Double(h)), end = h - 1 - half - Int(pitch.rounded())
        guard end > start else { return nil }
        var rows = [Int: (strength: Double, cycles: Int)]()
        func cached(_ y: Int) -> (strength: Double, cycles: Int) {
            if let r = rows[y] { return r }
            let r = rhythm(at: y)
            rows[y] = r
            return r
        }
        var best: Evidence?
        for y in stride(from: start, through: end, by: 2) {
            let a = cached(y), b = cached(y + Int(pitch.rounded()))
            let e = Evidence(line1Y: Double(y) / Double(h), line1: a.strength, line2: b.strength, cycles1: a.cycles, cycles2: b.cycles)
            if best.map({ min(e.line1, e.line2) > min($0.line1, $0.line2) }) ?? true { best = e }
        }
        guard var found = best else { return nil }
        let p = Int(pitch.rounded())
        // Above: the strongest rhythm within a quarter pitch of one pitch above line 1 (the rows
        // found for the lines may lie up to half a pitch off theirs when blur has run them
        // together), never reaching line 1's own ink.
        func above(_ e: Evidence) -> (strength: Double, cycles: Int) {
            let y1 = Int((e.line1Y * Double(h)).rounded()), quarter = max(1, p / 4)
            var best: (strength: Double, cycles: Int) = (0, 0)
            for y in stride(from: y1 - p - quarter, through: y1 - p + quarter, by: 2) where y - half >= 0 {
                let r = cached(y)
                if r.strength > best.strength { best = r }
            }
            return best
        }
        let over = above(found)
        found.above = over.strength
        // Blur spreads line 2 down past its place, and an outline a few percent short of the
        // page's bottom puts that spread where line 2 should be: the pair found is then line 2
        // and its spread, line 1 rhythmic above it. The pair one pitch higher is the zone.
        if !found.isZone, over.strength >= Self.maxAboveShare * min(found.line1, found.line2) {
            var higher = Evidence(line1Y: found.line1Y - Double(p) / Double(h), line1: over.strength, line2: found.line1,
                                  cycles1: over.cycles, cycles2: found.cycles1)
            higher.above = above(higher).strength
            if higher.isZone { found = higher }
        }
        return found
    }

    /// The quarter turns (0 or 2) that stand the landscape page `flat` upright with a zone's
    /// rhythm at its bottom, or nil.
    static func turns(of flat: Image) throws -> Int? {
        for turns in [0, 2] {
            let page = turns == 0 ? flat : try flat.rotated(quarterTurns: 2)
            if try evidence(in: page)?.isZone == true { return turns }
        }
        return nil
    }
}
