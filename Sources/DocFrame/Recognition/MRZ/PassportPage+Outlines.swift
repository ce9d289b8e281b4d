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
