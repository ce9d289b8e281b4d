import Foundation
import Testing
@testable import DocFrame

/// Passport pages that run out of the photo (Fixtures/PassportImageEdge): named by their title
/// or their zone's band, they were outlined as the part in view, the image's border taken for
/// the side out of view (11-13% of the diagonal short). A side on the border is placed where a
/// TD3 page's shape puts it from the opposite side (`PassportPage.completedBeyondImageEdge`).
///
/// Made from pass21's dev set: `render-specimen --design passport-zan|passport-uto --side front
/// --seed 3001 --count 6`; passport-zan-front-3001-1 from `synthesize-captures --per-image 2
/// --seed 3003 --conditions cut_off,blur` saved again at JPEG quality 70; passport-uto-front-3003-3
/// from `synthesize-captures --per-image 4 --seed 3002`, shrunk to 1024 px across (box filter),
/// saved at quality 70, its sidecar's corners and imageSize scaled alike.
/// passport-zan-front-30408-1 from pass31's dev set (`synthesize-captures --per-image 4 --seed
/// 30401` over the four passport designs' seed-30401 specimens), saved again at quality 60: its
/// top-right corner, the page's own, lies 16 px (1.1%) from the right border, which counted it
/// out of view and left the page as the part in view (15.8% off). passport-uto-front-31302-1
/// from pass31's seed-31301 set (made alike), saved again at quality 60: named by its title, its
/// outline run past the lower border by the locator (6.7% off).
@Suite("Passport pages beyond the image's edge")
struct PassportImageEdgeTests {
    static let root = (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/PassportImageEdge/"

    static func truth(_ name: String) throws -> Quad {
        try RecognitionFixtures.truthCorners(sidecar: root + name + ".json")
    }

    @Test("a page cut off by the photo's edge is outlined whole, beyond the edge",
          arguments: ["passport-zan-front-3001-1", "passport-uto-front-3003-3", "passport-zan-front-30408-1", "passport-uto-front-31302-1"])
    func outlinedBeyondEdge(name: String) throws {
        let image = try Image(contentsOfFile: Self.root + name + ".jpg")
        let observation = try RecognitionFixtures.builtIn.observe(image)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == PassportRule.templateId)
        let corners = try #require(observation.corners, "no corners")
        #expect(!corners.isInside(width: image.width, height: image.height))
        // The part in view was 11-13% of the diagonal short; the page's shape places the far
        // side within 3.1% (the perspective across the page is not measured).
        let error = RecognitionFixtures.cornerError(corners, try Self.truth(name))
        #expect(error <= 0.05, "corners off by \(String(format: "%.1f", error * 100))% of the diagonal")
    }

    static func blank(width: Int, height: Int) throws -> Image {
        try Image(pixels: [UInt8](repeating: 128, count: width * height * 3), width: width, height: height, bytesPerRow: width * 3, format: .rgb)
    }

    @Test("the side on the border moves to where the page's shape puts it; whole pages and pages cut at a corner stay")
    func completion() throws {
        let image = try Self.blank(width: 1000, height: 800)
        // The page's top in view whole (710 wide), its bottom side on the image's lower border.
        let cut = Quad(topLeft: Point(x: 100, y: 400), topRight: Point(x: 810, y: 400),
                       bottomRight: Point(x: 810, y: 798), bottomLeft: Point(x: 100, y: 798))
        let whole = PassportPage.completedBeyondImageEdge(cut, in: image)
        let height = 710 / DocumentFormat.td3.aspectRatio
        #expect(abs(whole.bottomLeft.y - (400 + height)) < 0.5 && abs(whole.bottomRight.y - (400 + height)) < 0.5)
        #expect(whole.topLeft == cut.topLeft && whole.topRight == cut.topRight)
        // A page cut on the left, its right side (400 high) in view whole: the left side moves out.
        let turned = Quad(topLeft: Point(x: 2, y: 100), topRight: Point(x: 500, y: 100),
                          bottomRight: Point(x: 500, y: 500), bottomLeft: Point(x: 2, y: 500))
        let turnedWhole = PassportPage.completedBeyondImageEdge(turned, in: image)
        let width = 400 * DocumentFormat.td3.aspectRatio
        #expect(turnedWhole.points.map(\.x).min().map { abs($0 - (500 - width)) < 0.5 } == true)
        // A whole page touching the border has its shape already.
        let touching = Quad(topLeft: Point(x: 100, y: 798 - height), topRight: Point(x: 810, y: 798 - height),
                            bottomRight: Point(x: 810, y: 798), bottomLeft: Point(x: 100, y: 798))
        #expect(PassportPage.completedBeyondImageEdge(touching, in: image) == touching)
        // Cut at a corner (two sides on the border): the page's size is not known.
        let corner = Quad(topLeft: Point(x: 500, y: 400), topRight: Point(x: 999, y: 400),
                          bottomRight: Point(x: 999, y: 799), bottomLeft: Point(x: 500, y: 799))
        #expect(PassportPage.completedBeyondImageEdge(corner, in: image) == corner)
        // The top's right corner 1.1% of the image's side from its right border (the page's own
        // corner, its right side leaning away from the border): the top is still in view whole.
        let nearBorder = Quad(topLeft: Point(x: 100, y: 400), topRight: Point(x: 989, y: 400),
                              bottomRight: Point(x: 940, y: 798), bottomLeft: Point(x: 100, y: 798))
        let nearWhole = PassportPage.completedBeyondImageEdge(nearBorder, in: image)
        #expect(abs(nearWhole.bottomLeft.y - (400 + 889 / DocumentFormat.td3.aspectRatio)) < 0.5)
        // An outline the locator ran past the lower border (its bottom 30 px out of view, the
        // page's sides a tenth short): a page named by its title or band is completed
        // from its top; a page placed from its zone keeps the side where the zone put it.
        let pastBorder = Quad(topLeft: Point(x: 100, y: 380), topRight: Point(x: 810, y: 380),
                              bottomRight: Point(x: 810, y: 830), bottomLeft: Point(x: 100, y: 830))
        let outlinedWhole = PassportPage.completedBeyondImageEdge(pastBorder, in: image, outlined: true)
        #expect(abs(outlinedWhole.bottomLeft.y - (380 + height)) < 0.5 && abs(outlinedWhole.bottomRight.y - (380 + height)) < 0.5)
        #expect(PassportPage.completedBeyondImageEdge(pastBorder, in: image) == pastBorder)
        // An outline named by its title whose bottom stopped at a line printed across the page
        // (in view, 120 px above the lower border, its sides 0.7 of the shape's): the
        // shape puts the bottom out of view, where the page's own edge is, so the printed line
        // is no edge of it; a page placed from its zone keeps its sides.
        let printed = Quad(topLeft: Point(x: 100, y: 330), topRight: Point(x: 810, y: 330),
                           bottomRight: Point(x: 810, y: 680), bottomLeft: Point(x: 100, y: 680))
        let printedWhole = PassportPage.completedBeyondImageEdge(printed, in: image, outlined: true)
        #expect(abs(printedWhole.bottomLeft.y - (330 + height)) < 0.5 && abs(printedWhole.bottomRight.y - (330 + height)) < 0.5)
        #expect(printedWhole.topLeft == printed.topLeft && printedWhole.topRight == printed.topRight)
        #expect(PassportPage.completedBeyondImageEdge(printed, in: image) == printed)
        // A whole page tilted 35 degrees (its bottom away) and turned 8 before a phone's camera
        // (principal point at the centre of a 720 x 1280 photo, focal 0.85 of its height), near
        // the lower border: its sides show 0.55 of a page's height, but the perspective undone it
        // is a page's shape, so its bottom, in view, stays (drawn flat it would move out of view).
        let portrait = try Self.blank(width: 720, height: 1280)
        let tilted = Quad(topLeft: Point(x: 98.94, y: 916.69), topRight: Point(x: 700.65, y: 984.69),
                          bottomRight: Point(x: 636.52, y: 1212.3), bottomLeft: Point(x: 145.6, y: 1144.97))
        #expect(PassportPage.shapes(of: tilted, in: portrait).contains(where: PassportRule.hasPageShape))
        let sideShown = tilted.topLeft.distance(to: tilted.bottomLeft)
        let sideFlat = tilted.topLeft.distance(to: tilted.topRight) / DocumentFormat.td3.aspectRatio
        #expect(tilted.topLeft.y + (tilted.bottomLeft.y - tilted.topLeft.y) * sideFlat / sideShown > 1280)
        #expect(PassportPage.completedBeyondImageEdge(tilted, in: portrait, outlined: true) == tilted)
        // Nothing on the border (the page's shape would end in view below it: the short side
        // stands; above it, out of view, but a named page's top is its title's side).
        let inside = Quad(topLeft: Point(x: 100, y: 100), topRight: Point(x: 600, y: 100),
                          bottomRight: Point(x: 600, y: 300), bottomLeft: Point(x: 100, y: 300))
        #expect(PassportPage.completedBeyondImageEdge(inside, in: image) == inside)
        #expect(PassportPage.completedBeyondImageEdge(inside, in: image, outlined: true) == inside)
    }
}
