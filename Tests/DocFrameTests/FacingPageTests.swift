import Foundation
import Testing
@testable import DocFrame

/// A passport's photo page found across the booklet's fold from the facing page the locator
/// outlined (`PassportPage.facingPages`, `foldShares`).
/// Fixture: a dev capture (render and synthesis seed 6102, cut off; not the evaluation set),
/// re-encoded at JPEG quality 75.
@Suite("A photo page found across the fold from its facing page")
struct FacingPageTests {
    @Test("a passport whose photo page runs out of the photo below its blank facing page is named Passport and placed within 2%")
    func photoPageBelowFacingPage() throws {
        let capture = try RecognitionFixtures.capture("passport-orv-front-6102-2.jpg", in: "cut-off-pages")
        #expect(capture.conditions.contains("cut_off"))
        // Before: the blank facing page outlined, nothing named (no zone, no title in view in it).
        let observation = try RecognitionFixtures.expectPlaced(capture, within: 0.02)
        #expect(observation.document?.confidence ?? 1 < 0.8, "a passport named by its title alone is not confident")
    }

    /// Plane points of a page 1000 x 704 (TD3's shape) through a fixed perspective.
    static let perspective = Homography([1.0, 0.1, 100, 0.05, 0.9, 50, 0.0002, 0.0008, 1])
    static func plane(_ top: Double, _ bottom: Double, through h: Homography = perspective) -> Quad {
        Quad(topLeft: h.apply(Point(x: 0, y: top)), topRight: h.apply(Point(x: 1000, y: top)),
             bottomRight: h.apply(Point(x: 1000, y: bottom)), bottomLeft: h.apply(Point(x: 0, y: bottom)))
    }

    @Test("the facing pages lie in the outline's plane, one page height past each long side")
    func facingPagesCarryThePerspective() throws {
        let outline = Self.plane(0, 704)
        let pages = PassportPage.facingPages(of: outline)
        let below = try #require(pages[0]), above = try #require(pages[1])
        #expect(below.maxCornerDistance(to: Self.plane(704, 1408)) < 0.5)
        #expect(above.maxCornerDistance(to: Self.plane(-704, 0)) < 0.5)
        // Past the plane's horizon there is no page: this one's runs 1.11 page heights below
        // the outline's top (foreshortened, the page seen twice as wide as high stays landscape).
        let steep = Homography([2, 0, 100, 0, 1, 50, 0, -0.0009, 1])
        let cut = PassportPage.facingPages(of: Self.plane(0, 704, through: steep))
        #expect(cut[0] == nil && cut[1] != nil)
    }

    @Test("an outline that ran past the fold to the title band's far edge has its fold found at the band's near edge")
    func foldInsideTheOutline() throws {
        // Facing page (white), the photo page's title band (dark), the photo page (cream).
        let canvas = TestCanvas(width: 1000, height: 1500, gray: 90)
        canvas.rect(x: 0, y: 0, width: 1000, height: 704, gray: 245)
        canvas.rect(x: 0, y: 704, width: 1000, height: 56, gray: 100)
        canvas.rect(x: 0, y: 760, width: 1000, height: 648, gray: 230)
        let image = try canvas.image()
        let outline = Quad(topLeft: Point(x: 0, y: 0), topRight: Point(x: 1000, y: 0),
                           bottomRight: Point(x: 1000, y: 760), bottomLeft: Point(x: 0, y: 760))
        let folds = PassportPage.foldShares(of: outline, in: image)
        #expect(abs(folds.below * 760 - 704) < 6, "fold at \(folds.below * 760)")
        let page = try #require(PassportPage.facingPages(of: outline, folds: folds)[0])
        let truth = Quad(topLeft: Point(x: 0, y: 704), topRight: Point(x: 1000, y: 704),
                         bottomRight: Point(x: 1000, y: 1408), bottomLeft: Point(x: 0, y: 1408))
        #expect(page.maxCornerDistance(to: truth) < 15, "\(page)")
    }
}
