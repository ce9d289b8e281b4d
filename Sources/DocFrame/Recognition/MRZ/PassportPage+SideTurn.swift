import Foundation

/// A fitted side turned away from the page placed from its zone, found again at the placed
/// side's direction.
///
/// The side fit (`DocumentLocator.refine`) takes, at each point along a side, the strongest
/// edge across it, and fits one line through them. Where two edges run side by side within its
/// search and the stronger is not the same one along the whole side, the line is fitted through
/// points on both and turns across them: a stripe printed down the page's side ends at the
/// zone's band, so above the band the stripe's inner edge (against the page's white) is the
/// strongest and in the band's rows the page's own edge is the only one; the line from one to
/// the other turned 2.5-3.5 degrees from either (dev captures, orv pages: a top corner 2.1-2.7%
/// of the diagonal off, where the page placed from the zone was within 0.8%). The page placed
/// from a zone read in a flattened located outline carries that outline's perspective, so its
/// sides' directions are the page's within a few tenths of a degree on dev captures; a side
/// fitted at another direction is fitted again at the placed direction (give or take
/// `directionSlack`), offset only, and that line replaces it when the image's edge backs it
/// better along its length. Which of two parallel edges it took is then the zone's rows' to say
/// (`zoneEdgesFitted`).
extension PassportPage {
    /// How far (degrees) a fitted side may turn from the placed page's before it is fitted again.
    static let sideTurnChecked = 1.0
    /// How far (degrees) either way of the placed side's direction the side is fitted again.
    static let directionSlack = 0.6

    /// `fitted` with each side that turned more than `sideTurnChecked` from `guess`'s fitted
    /// again as described above (both quads in one corner order, `search` the fit's reach in
    /// pixels); `fitted` itself when no side changed or the result is no plausible outline.
    static func sidesTurnedBack(_ fitted: Quad, guess: Quad, search: Double, in image: Image) -> Quad {
        let f = fitted.points, g = guess.points
        var sides = (0..<4).map { (f[$0], f[($0 + 1) % 4]) }
        var changed = false
        for s in 0..<4 {
            let (a, b) = sides[s]
            let length = a.distance(to: b), guessLength = g[s].distance(to: g[(s + 1) % 4])
            guard length > 16, guessLength > 16 else { continue }
            let fd = scaled(b - a, 1 / length), gd = scaled(g[(s + 1) % 4] - g[s], 1 / guessLength)
            let turn = acos(min(1, max(-1, fd.x * gd.x + fd.y * gd.y))) * 180 / .pi
            guard turn > sideTurnChecked else { continue }
            let middle = scaled(a + b, 0.5)
            guard let own = stepProfile(through: middle, direction: fd, length: length, search: 0, in: image)?.first else { continue }
            var best = (score: own, side: (a, b))
            let slack = Int((directionSlack * 5).rounded())
            for k in -slack...slack {
                let d = turned(gd, Double(k) / 5)
                guard let profile = stepProfile(through: middle, direction: d, length: length, search: Int(search.rounded()), in: image) else { continue }
                let n = Point(x: -d.y, y: d.x), half = scaled(d, length / 2)
                for (i, score) in profile.enumerated() where score > best.score {
                    let c = middle + scaled(n, Double(i - profile.count / 2))
                    best = (score, (c - half, c + half))
                }
            }
            debugLog(String(format: "side %d turned %.2f step fitted=%.1f again=%.1f", s, turn, own, best.score))
            guard best.score > own else { continue }
            sides[s] = best.side
            changed = true
        }
        guard changed else { return fitted }
        guard let page = Quad(sides: sides) else { return fitted }
        debugLog("sides turned back page=\(page.pairs)")
        return DocumentLocator.isPlausibleOutline(page) ? page : fitted
    }

    /// For each line parallel to the one through `centre` along `direction` (a unit vector), at
    /// offsets -`search`...`search` pixels, the mean step across it over the middle 70% of
    /// `length` (0-255, over two pixels, the strongest colour channel, the largest within a
    /// pixel of the line), at full resolution: a line along an edge keeps it the whole way, one
    /// turned across two edges only at its ends. Nil when the strip leaves the image.
    static func stepProfile(through centre: Point, direction: Point, length: Double, search: Int, in image: Image) -> [Double]? {
        let n = Point(x: -direction.y, y: direction.x)
        let along = scaled(direction, 0.35 * length), across = scaled(n, Double(search + 2))
        let strip = Quad(topLeft: centre - along - across, topRight: centre + along - across,
                         bottomRight: centre + along + across, bottomLeft: centre - along + across)
        let columns = Int(0.7 * length), rows = 2 * (search + 2) + 1
        guard columns >= 8, strip.isInside(width: image.width, height: image.height),
              let cut = try? image.warped(strip, width: columns, height: rows),
              let pixels = try? cut.packedPixels() else { return nil }
        let channels = cut.channels
        // The step at each row (offset + search + 2) and column.
        var step = [Double](repeating: 0, count: rows * columns)
        for y in 1..<(rows - 1) {
            for x in 0..<columns {
                var best = 0.0
                for k in 0..<channels {
                    let above = Double(pixels[((y - 1) * columns + x) * channels + k])
                    let below = Double(pixels[((y + 1) * columns + x) * channels + k])
                    best = max(best, abs(below - above))
                }
                step[y * columns + x] = best
            }
        }
        return (0...(2 * search)).map { i in
            let y = i + 2
            var total = 0.0
            for x in 0..<columns { total += max(step[(y - 1) * columns + x], step[y * columns + x], step[(y + 1) * columns + x]) }
            return total / Double(columns)
        }
    }

    private static func scaled(_ p: Point, _ k: Double) -> Point { Point(x: p.x * k, y: p.y * k) }

    /// `v` turned by `degrees` (clockwise in image coordinates, y down). Shared with
    /// `perspectiveFitted`, which leans the page's sides the same way.
    static func turned(_ v: Point, _ degrees: Double) -> Point {
        let a = degrees * .pi / 180
        return Point(x: v.x * cos(a) - v.y * sin(a), y: v.x * sin(a) + v.y * cos(a))
    }
}
