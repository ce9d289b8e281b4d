import Foundation
import Testing
@testable import DocFrame

/// A page's shape judged with its perspective undone, in a photo cropped after it was taken:
/// the camera's principal point is then no longer the image's centre, so undoing the
/// perspective through the centre alone misjudges a tilted page (`PassportPage.perspectiveAspects`).
///
/// The outlines are drawn: a TD3 page (125 x 88) and an ID-1 card (85.6 x 54) turned 8 degrees
/// and tilted 12 and 38 (card: 10 and 30) degrees, their centres on the axis of a camera with a
/// 1632-pixel focal length (a phone's, 0.85 of a 1920 x 1080 frame), then the photo cropped
/// 40 pixels left of the document and 600 right, 30 above and 300 below.
@Suite("Page shapes in cropped photos")
struct PassportCroppedShapeTests {
    static let page = Quad(topLeft: Point(x: 632.6, y: 209.5), topRight: Point(x: 1407.8, y: 229.1),
                           bottomRight: Point(x: 1371.4, y: 955.3), bottomLeft: Point(x: 667.6, y: 743.0))
    static let card = Quad(topLeft: Point(x: 683.2, y: 294.5), topRight: Point(x: 1319.2, y: 347.5),
                           bottomRight: Point(x: 1279.8, y: 823.7), bottomLeft: Point(x: 684.2, y: 687.9))

    static func shifted(_ q: Quad, by dx: Double, _ dy: Double) -> Quad {
        Quad(topLeft: Point(x: q.topLeft.x + dx, y: q.topLeft.y + dy), topRight: Point(x: q.topRight.x + dx, y: q.topRight.y + dy),
             bottomRight: Point(x: q.bottomRight.x + dx, y: q.bottomRight.y + dy), bottomLeft: Point(x: q.bottomLeft.x + dx, y: q.bottomLeft.y + dy))
    }

    @Test("a tilted page cropped off the photo's centre still has a page's shape; a tilted card's outline still has none")
    func croppedPage() throws {
        // Uncropped, the phone's camera explains both: the page is a page, the card (a TD3's side ratio as seen) a card.
        #expect(Recognizer.mayBePage(PassportPage.perspectiveAspects(of: Self.page, imageWidth: 1920, imageHeight: 1080)))
        #expect(DocumentFormat.nearest(toAspectRatio: Self.card.sideRatio) == .td3)
        #expect(!Recognizer.mayBePage(PassportPage.perspectiveAspects(of: Self.card, imageWidth: 1920, imageHeight: 1080)))

        let page = Self.shifted(Self.page, by: -592.6, -179.5), card = Self.shifted(Self.card, by: -643.2, -264.5)
        // Through the cropped image's centre the page measures a seventh too long for a page:
        // the outline would not be read as one.
        let centred = try #require(PassportPage.perspectiveAspect(of: page, imageWidth: 1415, imageHeight: 1075))
        #expect(!PassportRule.hasPageShape(centred))
        #expect(Recognizer.mayBePage(PassportPage.perspectiveAspects(of: page, imageWidth: 1415, imageHeight: 1075)))
        #expect(!Recognizer.mayBePage(PassportPage.perspectiveAspects(of: card, imageWidth: 1275, imageHeight: 859)))
    }
}
