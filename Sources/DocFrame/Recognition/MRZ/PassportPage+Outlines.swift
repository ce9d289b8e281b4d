import Foundation

/// Where else the photo page may be when the outline the classifier kept is no page: the
/// other outlines the locator found.
///
/// The locator's best outline is often not the photo page: the open booklet around it (two
/// pages, long/short 1.41, the same as the page's own 1.42, so the shape cannot tell), the
/// page cut by a printed frame or by the table's shadow, or another object beside it. The
/// page's own outline (or what the image's edge left of it) is then often among the locator's
/// other candidates, where the page's printed title names it (`PassportTitle`).
///
/// Not the zone's band (`MRZBand`) there: the other outlines include quads inside a letter's
/// text, and 4 of 80 dev negatives (letters on a table) showed a zone's evidence in one. A
/// booklet's halves were tried too and named letters Passport as well: half a letter is a
/// landscape page with lines of text along its width.
extension PassportPage {
    /// The located outlines other than `first` (and than any listed before them), best first,
    /// at most `limit`. Any corner order.
    static func alternativeOutlines(first: Quad?, others: [Quad], limit: Int = 6) -> [Quad] {
        var listed: [Quad] = first.map { [$0] } ?? []
        var found: [Quad] = []
        for q in others where found.count < limit && DocumentLocator.isPlausibleOutline(q) {
            guard !listed.contains(where: { agree($0, q, tolerance: 0.03) != nil }) else { continue }
            listed.append(q)
            found.append(q)
        }
        return found
    }
}

extension PassportPage {
    /// How close (share of the larger outline's diagonal) two outlines' corners must lie to be
    /// one shared corner: the two outlines of one page split along a printed line end on it a
    /// few pixels apart (1.7% on the eval's page split at its photo's column).
    static let sharedCornerTolerance = 0.03

    /// The outline made of `a` and `b` when they lie side by side, sharing one whole side (two
    /// adjacent corners of each within `sharedCornerTolerance`): the page the locator split in
    /// two along a line printed across it (the photo's frame, a field's rule), where neither
    /// part has the page's layout (the title over the fields, the photo's column on the left).
    /// In `a`'s turning sense (any corner first: the title's reading turns it upright); nil
    /// when they share no side or the union is no plausible outline.
    static func joined(_ a: Quad, _ b: Quad) -> Quad? {
        let p = a.points, q = b.points
        let tolerance = sharedCornerTolerance * max(a.diagonal, b.diagonal)
        for i in 0..<4 {
            for j in 0..<4 {
                // Outlines of one turning sense run along a shared side in opposite directions.
                guard p[i].distance(to: q[(j + 1) % 4]) <= tolerance, p[(i + 1) % 4].distance(to: q[j]) <= tolerance else { continue }
                let union = Quad(topLeft: p[(i + 2) % 4], topRight: p[(i + 3) % 4], bottomRight: q[(j + 2) % 4], bottomLeft: q[(j + 3) % 4])
                // Side by side, not one inside the other: the union is larger than either.
                guard DocumentLocator.isPlausibleOutline(union), union.area > 1.2 * max(a.area, b.area) else { return nil }
                return union
            }
        }
        return nil
    }
}
