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
    /// completed outline: `pieceOfThePartInView`.)
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

    @Test("a card half out of view keeps its whole outline beside a card-shaped piece of the part in view")
    func pieceOfThePartInView() throws {
        // A dark stripe down the card cuts the part in view into a piece as long as it is deep
        // as a card (its right side, top and the stripe, closed by the border), which outranks
        // the completed outline. The completion encloses the piece: that once read as a card seen
        // whole and the table past it, and the completion was dropped, leaving the classifier
        // only the piece to flatten.
        let corners = [(290.0, 400.0), (990.0, 400.0), (990.0, 841.0), (290.0, 841.0)]
        let canvas = TestCanvas(width: 1012, height: 638, gray: 225)
        canvas.rect(x: 316, y: 0, width: 16, height: 638, gray: 60)
        _ = canvas.text("SAMPLE CARD", x: 380, y: 120, size: 44)
        _ = canvas.text("NO 1234 5678", x: 380, y: 220, size: 36)
        canvas.place(corners: corners, width: 1280, height: 720, background: 45)
        let truth = Quad(topLeft: Point(x: 290, y: 400), topRight: Point(x: 990, y: 400),
                         bottomRight: Point(x: 990, y: 841), bottomLeft: Point(x: 290, y: 841))
        let found = try DocumentLocator().locate(in: try canvas.image(), limit: Recognizer.outlines)
        let errors = found.map { RecognitionFixtures.cornerError($0.corners, truth) }
        #expect(errors.contains { $0 < 0.02 }, "corner errors \(errors) of \(found.map(\.corners))")
    }

    @Test("a card with only one corner in view, the rest past two borders, is outlined from that corner along its two sides past both")
    func oneCornerInView() throws {
        // Turned by 6 degrees, its bottom-right corner at (460, 330) and the rest past the top
        // and left borders: the part in view is bounded by two of the card's sides and two
        // borders, and no side is seen whole. Before, such a part was no candidate at all.
        let corners = [(-224.2, -403.6), (473.9, -330.2), (427.7, 108.4), (-270.3, 35.0)]
            .map { ($0.0 - 10, $0.1 + 221.6) }
        let found = try DocumentLocator().locate(in: try photo(corners: corners), limit: Recognizer.outlines)
        let completed = try #require(found.first { $0.completed }, "no completed outline among \(found.map(\.corners))")
        #expect(completed.cutOff)
        let inView = Point(x: corners[2].0, y: corners[2].1)
        let points = completed.corners.points
        let nearest = try #require(points.min { $0.distance(to: inView) < $1.distance(to: inView) })
        #expect(nearest.distance(to: inView) < 0.02 * 831, "in-view corner at \(nearest)")
        // The other three lie past the borders, along the card's sides.
        let others = points.filter { $0 != nearest }
        #expect(others.allSatisfy { $0.x < 0 || $0.y < 0 }, "\(points)")
        for side in [(corners[1], corners[2]), (corners[3], corners[2])] {
            let direction = (side.0.0 - side.1.0, side.0.1 - side.1.1)
            let along = others.contains { p in
                let v = (p.x - inView.x, p.y - inView.y)
                let cosine = (v.0 * direction.0 + v.1 * direction.1) / (hypot(v.0, v.1) * hypot(direction.0, direction.1))
                return cosine > 0.999
            }
            #expect(along, "no corner along the side towards \(side.0): \(points)")
        }
    }

    @Test("a whole card whose dark band runs along its edge near the border is offered no completed outline past the border")
    func wholeCardIsNoCompletion() throws {
        // A clean close capture of a Nova Scotia ID front (held-out design check, JPEG re-encoded):
        // the card lies whole in view, its dark bottom band near the photo's bottom. The band
        // with the table below it, closed by the border, completes past the border to a card
        // that is not there. Given the reserve place (meant for a cut-off card whose pieces take
        // every other place), that completion was flattened when the card's own outlines gave no
        // answer (its design was not trained) and, with only Alberta's licence templates loaded,
        // named Alberta's licence front, cut off, at 0.997 (0.85-0.997 on three such captures).
        let capture = try RecognitionFixtures.capture("ca-ns-id-front-105-3.jpg", in: "unseen")
        let truth = try #require(capture.corners)
        let outlines = try DocumentLocator().locate(in: try Image(contentsOfFile: capture.path), limit: Recognizer.outlines)
        let best = try #require(outlines.first)
        #expect(RecognitionFixtures.cornerError(best.corners, truth) < 0.02, "best outline \(best.corners)")
        #expect(!best.cutOff)
        #expect(!outlines.contains { $0.completed }, "completed: \(outlines.filter(\.completed).map(\.corners))")
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
