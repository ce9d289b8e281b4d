import Foundation

/// A page named from its outline (its title or its zone's band, no zone read) whose outline
/// stopped short of the page's edge at a line printed across the page.
///
/// Such an outline is the page's on three sides, but on the side away from what named it the
/// locator took a printed line for the page's edge: the lower edge of a header band across the
/// page's top (a band page, 5-6% of the height on the Utopian pages) or a frame's rule above
/// the zone (a title page, whose zone then lies outside the outline). The page's edge there is
/// often too faint to find (a light page on the booklet's light facing page, blurred), but the
/// page's shape is known (ICAO 9303 TD3, 125 x 88 mm): the short side is moved out along the
/// two sides beside it until the outline, its perspective undone, is a TD3 page's, and onto the
/// best-backed edge among the positions that keep that shape (the nearest such edge: the
/// booklet's cover gives another beyond the page's).
///
/// Measured on passport dev captures (seeds 39001, 39002, 39101; 480 captures): a blurred
/// Utopian page named by its band, its top on the header band, 3.3% off, now within 0.3%; a
/// small dark page named by its title within 2% now; a tilted title page stopped at the frame
/// above its zone, 6.0% off, now 2.1%; no page placed worse.
extension PassportPage {
    /// How far from a TD3 page's shape (`shapeError`, log width/height) an outline must be, too
    /// wide for its height, to be grown.
    static let growthShapeError = 0.05
    /// How far from the page's shape a grown outline may stay.
    static let grownShapeError = 0.025
    /// The most a side grows (share of the sides beside it).
    static let maximumGrowth = 1.3
    /// The least edge support (`DocumentLocator.edgeSupport(ofSegments:)`) of the grown side for
    /// its edge to place it; below, the shape alone does.
    static let grownEdgeSupport = 0.3
    /// The share of the strongest edge's support a nearer edge needs to be taken instead.
    static let innerEdgeShare = 0.7

    /// `page` (its own order) with its top (`side` 0) or bottom (`side` 2) moved out as
    /// described above, or `page` itself when it has a page's shape already, is too tall, or no
    /// growth gives one.
    static func grownToPageShape(_ page: Quad, side: Int, in image: Image) -> Quad {
        // A page running out of the photo is short of its shape by the part out of view, which
        // `completedBeyondImageEdge` places from the opposite side (grown here by shape alone,
        // two cut-off test pages came out 6.8% off, not 3%).
        guard side == 0 || side == 2, !page.points.contains(where: { atBorder($0, of: image) }) else { return page }
        // Every measure of the shape must find the outline too wide: a strongly tilted page's
        // own outline, right within 1% (blurred), measured 0.063 through the image's centre
        // and a tenth too tall as it stands.
        guard shapes(of: page, in: image).allSatisfy({ log($0 / DocumentFormat.td3.aspectRatio) > growthShapeError }) else { return page }
        // Each growth that gives a plausible page's shape, with its distance from the shape.
        var candidates: [(quad: Quad, error: Double)] = []
        for step in 1...Int((maximumGrowth - 1) / 0.005) {
            let t = 1 + Double(step) * 0.005
            let quad = side == 0 ? page.extendingTop(by: t) : page.extendingBottom(by: t)
            guard DocumentLocator.isPlausibleOutline(quad) else { continue }
            let error = shapeError(quad, in: image)
            if error <= grownShapeError { candidates.append((quad, error)) }
        }
        guard !candidates.isEmpty else { return page }
        let segments = candidates.map { c -> (from: Point, to: Point) in
            let (a, b) = side == 0 ? (c.quad.topLeft, c.quad.topRight) : (c.quad.bottomRight, c.quad.bottomLeft)
            return (a.along(to: b, by: 0.15), a.along(to: b, by: 0.85))
        }
        let support = (try? DocumentLocator().edgeSupport(ofSegments: segments, in: image)) ?? []
        let shapeBest = candidates.indices.min { candidates[$0].error < candidates[$1].error }!
        // The nearest well-backed edge, not the strongest: beyond the page's edge the booklet's
        // cover gives a second one, often stronger.
        var best = shapeBest
        if let strongest = support.max(), strongest >= grownEdgeSupport,
           var first = support.firstIndex(where: { $0 >= max(grownEdgeSupport, innerEdgeShare * strongest) }) {
            while first + 1 < support.count, support[first + 1] > support[first] { first += 1 }
            best = first
        }
        debugLog(String(format: "grown to a page's shape side=%d shape %.3f -> %.3f support %.2f", side, shapeError(page, in: image),
                        candidates[best].error, support.isEmpty ? -1 : support[best]) + " page=\(candidates[best].quad.pairs)")
        return candidates[best].quad
    }
}
