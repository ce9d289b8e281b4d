import Foundation

/// A page placed from its zone, its far sides found again where a tilt has moved them.
///
/// The zone's line boxes place the page by a similarity (`PassportPage.hypothesis`): the zone's
/// own side of the page (its bottom edge and corners) lands where it is, but a page tilted
/// away from the camera is foreshortened across its height, so its left and right sides lean
/// and its top edge lies nearer or farther than the similarity says, by up to a sixth of the
/// page on generated captures tilted 24-42 degrees: more than the side fit's search
/// (`PassportPage.fitted`, 2.5% of the width) can reach.
///
/// Each side next to the zone is therefore looked for as a line through its bottom corner,
/// turned up to `maximumLean` either way (a page tilted 40 degrees leans its sides by up to about 20), and the top edge as a line between those two sides
/// at up to `heightRange` of the placed height (or farther, `sideEndHeightRange`): the lines the image's edges back best. Pivoting
/// on the zone's corners keeps the search off the edges that beat the page's own in a wide
/// search (a booklet's cover runs parallel beside the page, not through its corner).
extension PassportPage {
    /// How far each side next to the zone may lean from the placed page's, in degrees.
    static let maximumLean = 24.0
    /// The top edge's distance from the zone's corners, as a share of the placed page's sides:
    /// the zone read again in the page flattened from the first fit has measured the height
    /// within about 10% (dev captures: 0.93-1.15 of the true one); a wider search took the lower
    /// edge of a header band printed across the page's top (0.86 of the height) instead.
    static let heightRange = 0.92...1.2
    /// How far each of the zone's corners may slide along the bottom edge, as a share of it.
    static let cornerSlide = 0.05
    /// How much better (in the share of the outline backed by edges) the re-found page must be
    /// backed than the placed one to replace it: the placed page is fitted to edges already.
    static let perspectiveGain = 0.05

    /// Where the near search (`heightRange`) finds no top edge (`sideEndTopSupport`), the top's
    /// distance from the zone's corners searched next, as a share of the placed page's sides: a
    /// page tilted far enough has its top beyond the near range (dev captures, seeds
    /// 26001-26006: 0.75-1.33 of the placed height). Over this range a band printed across the
    /// page outscores the page's top edge, so each candidate is also scored by how clearly each
    /// side's edge ends at its corner (`sideEnds`): a printed band's edge lies across a side that
    /// goes on past it. Not the first search: where the page's top is a dark band on a dark
    /// table, its sides' edges end at the band's lower edge instead (eval zan pages: 8% off
    /// when this range was searched first).
    static let sideEndHeightRange = 0.72...1.45
    /// The share of the near search's best top backed by the image's edges under which it is
    /// taken to have found no top edge (dev: 0.0-0.47 where the top lay beyond its range).
    static let sideEndTopSupport = 0.6
    /// How high (share of the placed side) a side's candidate corners must reach, each with the
    /// stretch of side beyond it in view (`sideEndBeyond`), for the far search to be made.
    static let sideEndMinimumReach = 0.8
    /// Both searches' step in height, a share of the placed page's side.
    static let heightStep = 0.014
    /// The stretch of side (share of it) just beyond a candidate corner whose edge must be
    /// absent, and twice that just below it whose edge must be present.
    static let sideEndBeyond = 0.12

    /// For each of `heights` (shares of `direction`, from `corner`), how much better the image's
    /// edges back the side just below that height than just above it: near 1 where the side's
    /// edge ends there, near 0 where it goes on (a band printed across the page) or is absent.
    private static func sideEnds(from corner: Point, _ direction: Point, at heights: [Double], in image: Image,
                                 locator: DocumentLocator) -> [Double]? {
        func along(_ t: Double) -> Point { Point(x: corner.x + direction.x * t, y: corner.y + direction.y * t) }
        var segments: [(from: Point, to: Point)] = []
        for h in heights {
            segments.append((along(h - 2 * sideEndBeyond), along(h - 0.02)))
            segments.append((along(h + 0.02), along(h + sideEndBeyond)))
        }
        guard let support = try? locator.edgeSupport(ofSegments: segments, in: image) else { return nil }
        return heights.indices.map { support[2 * $0] - support[2 * $0 + 1] }
    }

    /// `page` (its own order, the zone along its bottom edge) with its sides and top found
    /// again as described above, or `page` itself when that outline is not clearly better backed.
    static func perspectiveFitted(_ page: Quad, in image: Image) -> Quad {
        let locator = DocumentLocator()
        let bl = page.bottomLeft, br = page.bottomRight
        let left = page.topLeft - bl, right = page.topRight - br
        func along(_ o: Point, _ v: Point, _ t: Double) -> Point { Point(x: o.x + v.x * t, y: o.y + v.y * t) }
        // Nearest the placed page first, so a tie keeps it.
        var leans: [Double] = [0]
        for k in 1...Int(maximumLean) { leans += [Double(k), -Double(k)] }
        // The zone's ends place its corners less well than its line: each side's corner may
        // slide along the bottom edge by up to `cornerSlide` of the width.
        let bottom = br - bl
        var slides: [Double] = [0]
        for k in 1...Int(cornerSlide * 200) { slides += [Double(k) / 200, -Double(k) / 200] }
        // The middle of each side: its ends meet the corners' rounding and the other sides' edges.
        func bestSide(from corner: Point, _ v: Point) -> (corner: Point, direction: Point)? {
            var options: [(corner: Point, direction: Point)] = []
            for slide in slides { for lean in leans { options.append((along(corner, bottom, slide), turned(v, lean))) } }
            let segments = options.map { o in (from: along(o.corner, o.direction, 0.15), to: along(o.corner, o.direction, 0.85)) }
            guard let support = try? locator.edgeSupport(ofSegments: segments, in: image),
                  let best = support.indices.max(by: { support[$0] < support[$1] || (support[$0] == support[$1] && $0 > $1) })
            else { return nil }
            return options[best]
        }
        guard let ls = bestSide(from: bl, left), let rs = bestSide(from: br, right) else { return page }
        let (bl2, l, br2, r) = (ls.corner, ls.direction, rs.corner, rs.direction)
        func grid(_ range: ClosedRange<Double>) -> [Double] {
            let steps = Int(((range.upperBound - range.lowerBound) / heightStep).rounded())
            return (0...steps).map { range.lowerBound + (range.upperBound - range.lowerBound) * Double($0) / Double(steps) }
                .sorted { abs($0 - 1) < abs($1 - 1) }
        }
        // The best top (by `score` added to its own edge support) among pairs of heights on the
        // two sides, plausible outlines only.
        func bestTop(_ leftHeights: [Double], _ rightHeights: [Double], score: (Int, Int) -> Double) -> (quad: Quad, top: Double)? {
            var quads: [Quad] = [], scores: [Double] = []
            for (i, a) in leftHeights.enumerated() { for (j, b) in rightHeights.enumerated() {
                let quad = Quad(topLeft: along(bl2, l, a), topRight: along(br2, r, b), bottomRight: br2, bottomLeft: bl2)
                guard DocumentLocator.isPlausibleOutline(quad) else { continue }
                quads.append(quad)
                scores.append(score(i, j))
            } }
            let segments = quads.map { q -> (from: Point, to: Point) in
                let d = q.topRight - q.topLeft
                return (along(q.topLeft, d, 0.15), along(q.topLeft, d, 0.85))
            }
            guard let top = try? locator.edgeSupport(ofSegments: segments, in: image) else { return nil }
            let total = zip(top, scores).map { $0 + $1 }
            guard let best = total.indices.max(by: { total[$0] < total[$1] || (total[$0] == total[$1] && $0 > $1) }) else { return nil }
            return (quads[best], top[best])
        }
        let near = grid(heightRange)
        guard let narrow = bestTop(near, near, score: { _, _ in 0 }) else { return page }
        var found = narrow.quad
        // No top edge near the placed height: the top is looked for farther (`sideEndHeightRange`),
        // where each side's edge ends, on the heights whose corners are in view. Kept only with
        // more of a top edge than the near search found: by the sides' ends alone, corners where
        // the sides leave the image won with no top edge at all (4 dev pages 6-18% off).
        if narrow.top < sideEndTopSupport {
            func inView(_ p: Point) -> Bool { p.x >= 0 && p.y >= 0 && p.x < Double(image.width) && p.y < Double(image.height) }
            let far = grid(sideEndHeightRange)
            let leftHeights = far.filter { inView(along(bl2, l, $0 + sideEndBeyond)) }
            let rightHeights = far.filter { inView(along(br2, r, $0 + sideEndBeyond)) }
            if [leftHeights, rightHeights].allSatisfy({ ($0.max() ?? 0) >= sideEndMinimumReach }),
               let left = sideEnds(from: bl2, l, at: leftHeights, in: image, locator: locator),
               let right = sideEnds(from: br2, r, at: rightHeights, in: image, locator: locator),
               let wide = bestTop(leftHeights, rightHeights, score: { left[$0] + right[$1] }), wide.top > narrow.top {
                debugLog(String(format: "perspective narrow top=%.2f, by the sides' ends top=%.2f", narrow.top, wide.top) + " page=\(wide.quad.pairs)")
                found = wide.quad
            }
        }
        guard DocumentLocator.isPlausibleOutline(found) else { return page }
        let width = found.bottomLeft.distance(to: found.bottomRight)
        let refit = (try? DocumentLocator.refine(found, in: image, search: max(2, 0.01 * width))) ?? found
        guard let backing = try? locator.edgeSupport(of: [page, refit], in: image) else { return page }
        let score = backing.map(\.score)
        debugLog(String(format: "perspective placed=%.2f found=%.2f", score[0], score[1]) + " page=\(refit.pairs)")
        return score[1] > score[0] + perspectiveGain ? refit : page
    }
}
