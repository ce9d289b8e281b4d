import Foundation

/// The page's left, right and bottom edges found again beside its zone.
///
/// The side fit (`PassportPage.fitted`) takes the strongest edge near each side, and a page's
/// own edge is often not the strongest there: a coloured band printed along the page's side
/// (2.4% of the width on the orv pages) meets the page's white in a stronger edge than the
/// band's dark meets a dark table, and a booklet's dark cover around the page (2-2.5% beyond
/// it) gives two edges of which the fit may take the outer. Beside the zone, though, the page
/// is plain: ICAO 9303 keeps the machine-readable zone's band, the page's whole width along
/// its bottom edge, clear of other printing. So in the zone's rows the first edge met going
/// out from the zone's text is the page's own edge, whatever is printed along the side above
/// or lies around the page; below the zone, the first edge going down is the bottom edge.
///
/// The zone's guess (`PassportPage.hypothesis`) says where to look: it places the page from
/// the zone's line boxes, within about 1% of the true corners on dev captures, independently
/// of any edge. Each side keeps the direction it was fitted with (a printed band or a cover
/// runs parallel to the page's edge) and is moved onto the edge found beside the zone.
extension PassportPage {
    /// The zone's rows in canonical page pixels (its lines' centres at `line1Y` and `line2Y`,
    /// characters about 30 pixels high), kept inside the band whichever way the guess errs.
    static let zoneRows = 890.0...1005.0
    /// Where each scan starts inside the page: clear of the zone's text (its ink from `zoneLeft`
    /// to `zoneRight`, its lower line's ink ending near 993) by at least the guess's error.
    static let scanStartLeft = 30.0, scanStartRight = pageWidth - 30.0, scanStartBottom = 1008.0
    /// How far beyond the guessed edge each scan goes, in canonical pixels (4% of the width):
    /// farther than the guess errs and than a booklet's cover reaches.
    static let scanBeyond = 60.0
    /// How far beyond the guessed edge a scan must still reach where the photo's border stops it
    /// short of `scanBeyond`, in canonical pixels (1% of the width): a page lying near the border
    /// keeps its own edge in view, and the scan stops at the border instead of being given up
    /// (dev: tilted and dark Orvanian pages 12-20 px from the border, their left side left on the
    /// inner edge of the band printed along it, 2.2-2.8% off, now within 1%).
    static let scanReach = 15.0
    /// The columns whose profile down from the zone gives the bottom edge: the zone's length,
    /// away from the corners.
    static let bottomColumns = 150.0...1330.0
    /// An edge counts when its step (over two pixels, mean over the scanned rows, 0-255, the
    /// strongest colour channel) is at least this and at least `relativeStep` of the strongest step in the scan:
    /// a dark page's edge on a dark table measured 15-20 on dev captures, the JPEG noise left
    /// after averaging about 3.
    static let minimumStep = 10.0, relativeStep = 0.35
    /// A side moves only when the edge found lies farther from it than this share of the
    /// page's width: nearer, the fit (on the whole side, at full resolution) is the better one.
    static let zoneEdgeTolerance = 0.005

    /// `fitted` with its left, right and bottom sides moved onto the page's edges beside the
    /// zone, as described above; `guess` is the page placed from the zone (both in the page's
    /// own order, the zone along the bottom edge). Sides whose scan leaves the image short of
    /// `scanReach` or finds no edge keep their fit.
    static func zoneEdgesFitted(_ fitted: Quad, guess: Quad, in image: Image) -> Quad {
        let toImage = Homography.rectangle(width: Int(pageWidth), height: Int(pageHeight), to: guess)
        let width = guess.bottomLeft.distance(to: guess.bottomRight)
        let middle = (zoneRows.lowerBound + zoneRows.upperBound) / 2
        var left = (fitted.topLeft, fitted.bottomLeft), right = (fitted.topRight, fitted.bottomRight)
        var bottom = (fitted.bottomLeft, fitted.bottomRight)
        func moved(_ side: (Point, Point), to edge: Point?) -> (Point, Point)? {
            guard let edge, distance(from: edge, toLineThrough: side.0, side.1) > zoneEdgeTolerance * width else { return nil }
            let shift = edge - foot(of: edge, onLineThrough: side.0, side.1)
            return (side.0 + shift, side.1 + shift)
        }
        let leftEdge = firstEdge(in: image, toImage: toImage, from: scanStartLeft, to: -scanBeyond, reaching: -scanReach, across: zoneRows, horizontal: true)
        let rightEdge = firstEdge(in: image, toImage: toImage, from: scanStartRight, to: pageWidth + scanBeyond, reaching: pageWidth + scanReach, across: zoneRows, horizontal: true)
        let bottomEdge = firstEdge(in: image, toImage: toImage, from: scanStartBottom, to: pageHeight + scanBeyond, reaching: pageHeight + scanReach, across: bottomColumns, horizontal: false)
        var changed = false
        if let side = moved(left, to: leftEdge.map { toImage.apply(Point(x: $0, y: middle)) }) { left = side; changed = true }
        if let side = moved(right, to: rightEdge.map { toImage.apply(Point(x: $0, y: middle)) }) { right = side; changed = true }
        let centre = (bottomColumns.lowerBound + bottomColumns.upperBound) / 2
        if let side = moved(bottom, to: bottomEdge.map { toImage.apply(Point(x: centre, y: $0)) }) { bottom = side; changed = true }
        guard changed else { return fitted }
        let top = (fitted.topLeft, fitted.topRight)
        guard let tl = Point.crossing(of: top, left), let tr = Point.crossing(of: top, right),
              let br = Point.crossing(of: bottom, right), let bl = Point.crossing(of: bottom, left) else { return fitted }
        let page = Quad(topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl)
        debugLog("zone edges left=\(leftEdge.map { String(format: "%.1f", $0) } ?? "-") right=\(rightEdge.map { String(format: "%.1f", $0) } ?? "-") bottom=\(bottomEdge.map { String(format: "%.1f", $0) } ?? "-") page=\(page.pairs)")
        return DocumentLocator.isPlausibleOutline(page) ? page : fitted
    }

    /// The canonical coordinate of the first edge met scanning from `start` to `end` (x when
    /// `horizontal`, else y), in the profile averaged over `across` (the other coordinate),
    /// the scan stopped at the photo's border if that lies beyond `reach`; nil when the strip
    /// leaves the image before `reach` or shows no edge.
    private static func firstEdge(in image: Image, toImage: Homography, from start: Double, to end: Double, reaching reach: Double,
                                  across: ClosedRange<Double>, horizontal: Bool) -> Double? {
        func canonical(_ along: Double, _ other: Double) -> Point {
            horizontal ? Point(x: along, y: other) : Point(x: other, y: along)
        }
        // The strip as a quad whose first row runs along the scan, sampled about once a pixel.
        func strip(to end: Double) -> Quad {
            Quad(topLeft: toImage.apply(canonical(start, across.lowerBound)), topRight: toImage.apply(canonical(end, across.lowerBound)),
                 bottomRight: toImage.apply(canonical(end, across.upperBound)), bottomLeft: toImage.apply(canonical(start, across.upperBound)))
        }
        let full = end - start, least = reach - start
        var t = 1.0
        while !strip(to: start + full * t).isInside(width: image.width, height: image.height) {
            t -= 0.05
            guard abs(full * t) >= abs(least) else { return nil }
        }
        let end = start + full * t
        let quad = strip(to: end)
        let a = quad.topLeft, b = quad.topRight, c = quad.bottomRight, d = quad.bottomLeft
        let length = max(12, Int((a.distance(to: b) + d.distance(to: c)) / 2)), rows = max(4, Int((a.distance(to: d) + b.distance(to: c)) / 2))
        guard let cut = try? image.warped(quad, width: length, height: rows), let pixels = try? cut.packedPixels() else { return nil }
        let channels = cut.channels
        var profile = [Double](repeating: 0, count: length * channels)
        for y in 0..<rows {
            for x in 0..<length {
                for k in 0..<channels { profile[x * channels + k] += Double(pixels[(y * length + x) * channels + k]) }
            }
        }
        var step = [Double](repeating: 0, count: length)
        for x in 1..<(length - 1) {
            for k in 0..<channels {
                step[x] = max(step[x], abs(profile[(x + 1) * channels + k] - profile[(x - 1) * channels + k]) / Double(rows))
            }
        }
        guard let strongest = step.max() else { return nil }
        let threshold = max(minimumStep, relativeStep * strongest)
        guard strongest >= threshold else { return nil }
        for x in 1..<(length - 1) where step[x] >= threshold {
            // Climb to this edge's peak.
            var peak = x
            while peak + 1 < length - 1, step[peak + 1] > step[peak] { peak += 1 }
            var offset = Double(peak)
            let l = step[peak - 1], m = step[peak], r = step[peak + 1]
            let denominator = l - 2 * m + r
            if abs(denominator) > 1e-6 { offset += min(0.5, max(-0.5, 0.5 * (l - r) / denominator)) }
            return start + (end - start) * (offset + 0.5) / Double(length)
        }
        return nil
    }

    private static func foot(of p: Point, onLineThrough a: Point, _ b: Point) -> Point {
        let d = b - a
        let t = ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / max(1e-12, d.x * d.x + d.y * d.y)
        return Point(x: a.x + d.x * t, y: a.y + d.y * t)
    }

    private static func distance(from p: Point, toLineThrough a: Point, _ b: Point) -> Double {
        p.distance(to: foot(of: p, onLineThrough: a, b))
    }
}
