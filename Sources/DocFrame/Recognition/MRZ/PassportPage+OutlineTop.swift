import Foundation

/// A page placed from its zone whose top took a line printed across the page, given the top of
/// the outline the locator found around it.
///
/// The zone read in the located outline places the page's bottom and sides well, but the fit of
/// its far side can stop at a line or band printed across the page's upper part (its edge
/// stronger than the page's own), a page too short for its width. The located outline can be the
/// booklet's, or stretched at its sides and bottom by a cover or a shadow, yet its top often
/// lies on the page's own top edge: that line, met with the placed page's sides, gives the top
/// where it makes a TD3 page's shape of a placement that had none.
extension PassportPage {
    /// How much nearer a TD3 page's shape (`shapeError`) the page topped by the outline must be
    /// than the placed page, and the most its own error may be. Dev (seed 30401, uto-30405-2,
    /// glare): placed 0.079 (5.5% off), topped 0.012 (0.1%); on seeds 30301 and 30401 no other
    /// page placed in its outline passed both.
    static let outlineTopGain = 0.03, outlineTopShapeError = 0.04

    /// `page` (its own order, placed from the zone) with its top replaced by `located`'s top
    /// line (same order) where that makes a page's shape out of one that is not; else `page`.
    static func toppedByOutline(_ page: Quad, located: Quad, in image: Image) -> Quad {
        let top = (located.topLeft, located.topRight)
        guard let tl = Point.crossing(of: top, (page.bottomLeft, page.topLeft)),
              let tr = Point.crossing(of: top, (page.bottomRight, page.topRight)) else { return page }
        let topped = Quad(topLeft: tl, topRight: tr, bottomRight: page.bottomRight, bottomLeft: page.bottomLeft)
        // The shape must be measured with the perspective undone: a strongly tilted page's own
        // outline can show a sixth less than a page's width/height as located, and a band
        // printed across its top then makes a page's side ratio (dev: a tilted orv page, right
        // within 0.1%, topped at its header band 9% off).
        guard DocumentLocator.isPlausibleOutline(topped),
              perspectiveAspect(of: topped, imageWidth: image.width, imageHeight: image.height) != nil else { return page }
        let placedError = shapeError(page, in: image), toppedError = shapeError(topped, in: image)
        debugLog(String(format: "outline top: placed shape %.3f, topped %.3f", placedError, toppedError) + " page=\(topped.pairs)")
        return toppedError <= outlineTopShapeError && toppedError + outlineTopGain <= placedError ? topped : page
    }
}
