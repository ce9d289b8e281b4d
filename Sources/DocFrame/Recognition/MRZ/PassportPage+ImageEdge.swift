import Foundation

/// A photo page that runs out of the photo, its outline closed by the image's border.
///
/// Where the page runs out of view, the locator (and the side fit after it) has no page edge to
/// find and takes the image's border, or the strongest edge just inside it, for that side: the
/// page is reported as the part in view, a third to a half of it short on generated captures
/// cut off across the page (named by their title or their zone's band). The page's shape is
/// known, though (ICAO 9303: TD3, 125 x 88 mm), and so is the length of the opposite side when
/// it is in view whole: the page's far side is where that shape puts it, beyond the border.
/// The same holds when the outline took a booklet's cover running out of view for the page's
/// side: the shape pulls the side back onto the page (by at most `maximumShrink`).
extension PassportPage {
    /// How near the image's border (share of the image's longer side) both ends of a side must
    /// lie for the side to be the border's: the side fit stops a few pixels short of it, up to
    /// 1.1% of the image's side on dev captures.
    static let imageEdgeMargin = 0.015
    /// The most the side on the border may move inward (the in-view part's extent over the
    /// page's): a cover reaching out of view around the page adds 2-5% of its width beyond a
    /// side; a page whose shape asks for more is no page cut off by the photo.
    static let maximumShrink = 1.12
    /// How near the image's border (share of its longer side) a corner of the opposite side may
    /// lie and still count as in view: a page's own corner can lie nearer the border than a side
    /// fitted along the border stops short of it (dev: a cut-off page's corner 16 px, 1.1%, from
    /// the border, its side on the border left uncompleted, 16% off).
    static let cornerInViewMargin = 0.005

    /// `page` (its own corner order) with a side that lies along the image's border moved to
    /// where a TD3 page's shape puts it, measured from the opposite side, when that side lies
    /// in view whole (both corners off the border) and the outline is not a page's shape
    /// already (`PassportRule.aspectTolerance`); else `page` itself. The sides joining the two
    /// keep their directions (a tilted page's sides converge). Nothing is done when two sides or
    /// none lie on the border: with one corner only in view the page's size is not known.
    ///
    /// - Parameter outlined: `page` is an outline the locator found (the page named by its title
    ///   or its zone's band), not one placed from a zone: a side of it beyond the border counts
    ///   as on it. The locator can run a side the image cut on past the border, as far as the
    ///   sides beside it reach, never measured (dev: a page cut at its bottom, 7% off, 1.2%
    ///   completed). A page placed from its zone has its sides out of view where the zone puts
    ///   them, which a strongly tilted page's foreshortening makes better than the shape from the
    ///   opposite side (dev: a tilted page cut at its top, 7.4% off, 20% so completed).
    ///   Such an outline's bottom side in view short of a page's shape is completed too when the
    ///   shape puts both its corners out of view: it stopped at a line printed across the page
    ///   (a rule, a guilloche's edge) where the page ran on out of the photo (camera dev
    ///   captures, seeds 35301, 35401, 32301: pages named by their title 21.0%, 12.1% and 10.7%
    ///   off, now 3.8%, 4.9% and 2.9%, the far side placed flat).
    static func completedBeyondImageEdge(_ page: Quad, in image: Image, outlined: Bool = false) -> Quad {
        let w = Double(image.width), h = Double(image.height)
        let margin = imageEdgeMargin * max(w, h)
        func onBorder(_ a: Point, _ b: Point) -> Bool {
            if outlined {
                return (a.x <= margin && b.x <= margin) || (a.y <= margin && b.y <= margin)
                    || (a.x >= w - margin && b.x >= w - margin) || (a.y >= h - margin && b.y >= h - margin)
            }
            return (abs(a.x) <= margin && abs(b.x) <= margin) || (abs(a.y) <= margin && abs(b.y) <= margin)
                || (abs(a.x - w) <= margin && abs(b.x - w) <= margin) || (abs(a.y - h) <= margin && abs(b.y - h) <= margin)
        }
        let viewMargin = cornerInViewMargin * max(w, h)
        func inView(_ p: Point) -> Bool { p.x > viewMargin && p.y > viewMargin && p.x < w - viewMargin && p.y < h - viewMargin }
        func isInside(_ p: Point, _ w: Double, _ h: Double) -> Bool { p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= h }
        let p = page.points
        var completed: [Quad] = []
        for k in 0..<4 {
            // Side k runs from p[k] to p[k + 1]; the opposite side's corners joined to them are
            // p[k + 3] and p[k + 2].
            let s0 = p[k], s1 = p[(k + 1) % 4], o0 = p[(k + 3) % 4], o1 = p[(k + 2) % 4]
            let bordered = onBorder(s0, s1)
            // Of a side in view, only the bottom (k == 2) is taken for print: the page's corner
            // order puts its top where its title was read, near the page's top edge, whereas
            // a short outline in view can often be completed past the border either way.
            guard bordered || outlined && k == 2 else { continue }
            if bordered { guard inView(o0), inView(o1) else { return page } } else if !(inView(o0) && inView(o1)) { continue }
            let opposite = o0.distance(to: o1)
            // The top and bottom sides are the page's width; the left and right its height.
            let extent = k % 2 == 0 ? opposite / DocumentFormat.td3.aspectRatio : opposite * DocumentFormat.td3.aspectRatio
            let l0 = o0.distance(to: s0), l1 = o1.distance(to: s1)
            guard extent > 0, l0 > 0, l1 > 0 else { return page }
            let shown = (l0 + l1) / 2 / extent
            guard abs(shown - 1) > PassportRule.aspectTolerance, shown <= maximumShrink else { continue }
            func reach(_ from: Point, _ to: Point, _ length: Double) -> Point {
                let d = to - from, f = extent / length
                return Point(x: from.x + d.x * f, y: from.y + d.y * f)
            }
            var q = p
            q[k] = reach(o0, s0, l0)
            q[(k + 1) % 4] = reach(o1, s1, l1)
            // A side in view on an outline short of a page's shape is the page's edge unless the
            // shape puts both its corners out of view: then it is print across the page (a rule,
            // a guilloche's edge), the page's own edge beyond the border.
            // Nor where a camera explains the outline as a whole page: a page tilted back shows
            // its sides short (`shapes`).
            if !bordered {
                guard shown < 1, !isInside(q[k], w, h), !isInside(q[(k + 1) % 4], w, h),
                      !shapes(of: page, in: image).contains(where: PassportRule.hasPageShape) else { continue }
            }
            completed.append(Quad(topLeft: q[0], topRight: q[1], bottomRight: q[2], bottomLeft: q[3]))
        }
        guard completed.count == 1, let whole = completed.first, DocumentLocator.isPlausibleOutline(whole) else { return page }
        debugLog("completed beyond the image's edge page=\(whole.pairs)")
        return whole
    }
}
