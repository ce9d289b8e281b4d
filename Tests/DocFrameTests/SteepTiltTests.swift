import Foundation
import Testing
@testable import DocFrame

/// A card tilted steeply before a phone's camera (principal point at the frame's centre): its
/// near and far sides converge by 28-32 degrees and it may look square, so the locator pairs
/// converging edges judged by the shape with the perspective undone (locate.cpp, `kSteep`), and
/// the flattening reads the card's long sides from that shape (`LocatedQuad.perspectiveLandscape`).
/// Fixtures: dev captures of `synthesize-captures --camera pinhole` (render and synthesis seeds
/// 33204 and 33102), JPEG quality 70.
@Suite("Cards tilted steeply before a phone's camera")
struct SteepTiltTests {
    @Test("a health card looking square, its top and bottom 28 degrees apart, is placed within 2% of the diagonal")
    func squareLookingCard() throws {
        // The contours ran into the table's stripes and no pair of its edges was parallel
        // within 20 degrees: main placed it on a piece of the card, 32% off.
        let capture = try RecognitionFixtures.capture("ca-on-health-front-33204-4", in: "steep-tilt")
        #expect(capture.conditions.contains("tilt"))
        try RecognitionFixtures.expectPlaced(capture)
    }

    @Test("a licence whose top and bottom converge by 32 degrees is placed within 2% of the diagonal")
    func convergingSides() throws {
        // Main named it from a piece of the card, 11% off.
        let capture = try RecognitionFixtures.capture("ca-qc-dl-front-33102-4", in: "steep-tilt")
        try RecognitionFixtures.expectPlaced(capture)
    }

    @Test("the locator's first outline of the square-looking card reads its long sides as the long ones")
    func longSidesFromPerspective() throws {
        let capture = try RecognitionFixtures.capture("ca-on-health-front-33204-4", in: "steep-tilt")
        let image = try Image(contentsOfFile: capture.path)
        let truth = try #require(capture.corners)
        let first = try #require(try DocumentLocator().locateBest(in: image))
        // In the image the sides are about as long one way as the other (ratio 1.00).
        #expect(first.corners.sideRatio < 1.1)
        let landscape = first.landscapeCorners
        // The document's top side runs from its top-left to its top-right corner, either way round.
        let top = (truth.topLeft, truth.topRight)
        let near = 0.02 * truth.diagonal
        let sameTop = (landscape.topLeft.distance(to: top.0) < near && landscape.topRight.distance(to: top.1) < near)
            || (landscape.topLeft.distance(to: top.1) < near && landscape.topRight.distance(to: top.0) < near)
            || (landscape.bottomRight.distance(to: top.0) < near && landscape.bottomLeft.distance(to: top.1) < near)
            || (landscape.bottomRight.distance(to: top.1) < near && landscape.bottomLeft.distance(to: top.0) < near)
        #expect(sameTop, "\(landscape)")
    }
}
