import Foundation
import Testing
@testable import DocFrame

/// A passport's photo page placed on its own paper edges where the located outline took a line
/// printed across the page, or a side the edge scan beside the zone gave up at the photo's border.
/// Fixtures: dev captures (render and synthesis seed 39001 and, for the tilted page, 39002;
/// pinhole camera; not the evaluation sets), as the generator wrote them: re-encoded, the
/// blurred page's zone band no longer showed.
@Suite("Passport photo pages placed on their own edges")
struct PassportPageEdgesTests {
    static let folder = "passport-page-edges"

    @Test("a blurred passport page whose outline stopped at its header band is placed within 2%")
    func blurredPageBelowHeaderBand() throws {
        let capture = try RecognitionFixtures.capture("passport-uto-front-39003-4", in: Self.folder)
        #expect(capture.conditions == ["blur"])
        // Before: the band named the page, its top left on the header band's lower edge, 3.3% off.
        let observation = try RecognitionFixtures.expectPlaced(capture, within: 0.02)
        #expect(observation.document?.confidence == PassportRule.unreadConfidence, "no zone read: not a confident answer")
    }

    @Test("a tilted passport page near the photo's border has its side found beside the zone")
    func pageNearTheBorder() throws {
        let capture = try RecognitionFixtures.capture("passport-orv-front-39004-1", in: Self.folder)
        #expect(capture.conditions == ["tilt"])
        // Before: the left side left on the band printed along the page (2.8% off): the scan
        // beside the zone was given up, reaching past the photo's border.
        let observation = try RecognitionFixtures.expectPlaced(capture, within: 0.02)
        #expect(observation.mrz?.valid == true)
    }

    /// A frontal page of TD3's shape (1000 x 704) on a dark table, a header band printed across
    /// its top (50 pixels high, 7% of the page), and the outline that stopped at the band's
    /// lower edge.
    static func pageBelowBand() throws -> (image: Image, outline: Quad, page: Quad) {
        let canvas = TestCanvas(width: 1400, height: 1100, gray: 40)
        canvas.rect(x: 200, y: 200, width: 1000, height: 704, gray: 235)
        canvas.rect(x: 200, y: 200, width: 1000, height: 50, gray: 120)
        let image = try canvas.image()
        func quad(_ top: Double) -> Quad {
            Quad(topLeft: Point(x: 200, y: top), topRight: Point(x: 1200, y: top),
                 bottomRight: Point(x: 1200, y: 904), bottomLeft: Point(x: 200, y: 904))
        }
        return (image, quad(250), quad(200))
    }

    @Test("an outline too wide for a page is grown at its top to the page's edge")
    func grownToThePageTop() throws {
        let (image, outline, page) = try Self.pageBelowBand()
        let grown = PassportPage.grownToPageShape(outline, side: 0, in: image)
        #expect(grown.maxCornerDistance(to: page) < 6, "\(grown.pairs)")
        // Grown at the bottom instead (turned upside down), the same page.
        let turned = outline.rotatingLabels(by: 2), truth = page.rotatingLabels(by: 2)
        let grownBottom = PassportPage.grownToPageShape(turned, side: 2, in: image)
        #expect(grownBottom.maxCornerDistance(to: truth) < 6, "\(grownBottom.pairs)")
    }

    @Test("an outline of a page's shape, or taller, is left as it is")
    func pageShapeKept() throws {
        let (image, _, page) = try Self.pageBelowBand()
        #expect(PassportPage.grownToPageShape(page, side: 0, in: image) == page)
        let tall = Quad(topLeft: Point(x: 200, y: 100), topRight: Point(x: 1200, y: 100),
                        bottomRight: Point(x: 1200, y: 904), bottomLeft: Point(x: 200, y: 904))
        #expect(PassportPage.grownToPageShape(tall, side: 0, in: image) == tall)
    }
}
