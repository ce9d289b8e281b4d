import Foundation
import Testing
@testable import DocFrame

/// A card half out of view: the part in the photo is bounded by three of the card's sides and
/// the photo's border, and is not card-shaped (about twice as long as it is deep). The locator
/// completes it past the border to a card's shape (`completedPastFrame` in the shim's
/// locate.cpp); before, it had no outline to offer and the classifier no crop to verify.
@Suite("Outlines of cut-off cards")
struct CutOffOutlineTests {
    /// A plain light card with a header band and lines of text (no template: any card-shaped
    /// document) with the corners `corners` in a 1280x720 photo on a dark table. (No photo box:
    /// a box's edge can cut the part in view into a card-shaped piece, which then outranks the
    /// completed outline; the classifier's region pass recovers those.)
    private func photo(corners: [(Double, Double)]) throws -> Image {
        let canvas = TestCanvas(width: 1012, height: 638, gray: 225)
        canvas.rect(x: 0, y: 0, width: 1012, height: 110, gray: 120)
        _ = canvas.text("SAMPLE CARD", x: 80, y: 200, size: 44)
        _ = canvas.text("NO 1234 5678", x: 80, y: 300, size: 36)
        _ = canvas.text("VALID 2031-04-30", x: 80, y: 380, size: 36)
        canvas.place(corners: corners, width: 1280, height: 720, background: 45)
        return try canvas.image()
    }

    @Test("a card with half of it below the photo's bottom edge is outlined whole, its hidden corners past the border",
          arguments: [
              // Upright, the bottom half cut off.
              [(340.0, 450.0), (940.0, 450.0), (940.0, 828.0), (340.0, 828.0)],
              // Turned by 8 degrees, its bottom right corner well past the bottom edge.
              [(340.0, 400.0), (934.2, 483.5), (881.6, 857.8), (287.4, 774.3)],
          ])
    func halfOutOfView(corners: [(Double, Double)]) throws {
        let truth = Quad(topLeft: Point(x: corners[0].0, y: corners[0].1), topRight: Point(x: corners[1].0, y: corners[1].1),
                         bottomRight: Point(x: corners[2].0, y: corners[2].1), bottomLeft: Point(x: corners[3].0, y: corners[3].1))
        let found = try #require(try DocumentLocator().locateBest(in: try photo(corners: corners)), "no outline")
        let error = RecognitionFixtures.cornerError(found.corners, truth)
        #expect(error < 0.02, "corner error \(error) of the diagonal: \(found.corners)")
        #expect(found.cutOff)
        #expect(found.completed)
        #expect(found.nearestFormat == .id1)
    }

    @Test("a strip of the photo's edge that no card could fill is not completed into one")
    func noCardInAStrip() throws {
        // A long thin light band across the bottom: four times as long as it is deep, far too
        // shallow a part of any card whose whole side is in view.
        let canvas = TestCanvas(width: 1200, height: 150, gray: 225)
        canvas.place(corners: [(40, 640), (1240, 640), (1240, 790), (40, 790)], width: 1280, height: 720, background: 45)
        let found = try DocumentLocator().locate(in: try canvas.image(), limit: 8)
        #expect(found.allSatisfy { !$0.completed }, "\(found.map(\.corners))")
    }
}
