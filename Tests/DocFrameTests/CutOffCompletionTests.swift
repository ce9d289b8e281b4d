import Foundation
import Testing
@testable import DocFrame

/// Corners of a named document that a border of the photo cuts, placed by the camera's geometry
/// (`CutOffCompletion`).
/// Fixtures: dev captures (render and synthesis seed 6104, cut off; not the evaluation set), scaled
/// to 0.6 and 0.75 and re-encoded at JPEG quality 75.
@Suite("Corners of a cut-off document placed past the photo's border")
struct CutOffCompletionTests {
    @Test("a passport page cut off at the top has its corners out of view within 2% of the diagonal",
          arguments: ["passport-val-front-6104-3.jpg", "passport-orv-front-6104-2.jpg"])
    func cutOffPassportPage(name: String) throws {
        let capture = try RecognitionFixtures.capture(name, in: "cut-off-pages")
        #expect(capture.conditions.contains("cut_off"))
        // Before: placed from the zone's line pitch, the top corners 2.5% and 6% off.
        let observation = try RecognitionFixtures.expectPlaced(capture, within: 0.02)
        #expect(observation.quality?.cutOff == true)
    }

    /// A card 85.6 x 54 mm facing a pinhole camera of `focal` pixels square-on (principal point
    /// at the centre of a 1280 x 720 photo), its centre at `centre` (millimetres).
    static func squareOnCard(focal: Double, centre: SIMD3<Double>) -> Quad {
        func project(_ u: Double, _ v: Double) -> Point {
            Point(x: 640 + focal * (centre.x + u) / centre.z, y: 360 + focal * (centre.y + v) / centre.z)
        }
        return Quad(topLeft: project(-42.8, -27), topRight: project(42.8, -27), bottomRight: project(42.8, 27), bottomLeft: project(-42.8, 27))
    }

    @Test("a square-on card cut off on the left is made as long as its height says, whatever the focal length")
    func squareOnCardPlaced() throws {
        let aspect = 85.6 / 54
        let truth = Self.squareOnCard(focal: 0.8 * 1280, centre: SIMD3(-55, 0, 100))
        #expect(truth.topLeft.x < 0 && truth.bottomLeft.x < 0 && truth.topRight.x < 1280)
        // The answer's guess of the side out of view: 5% of the card's length too near.
        var guess = truth
        let length = truth.topRight.x - truth.topLeft.x
        guess.topLeft.x += 0.05 * length
        guess.bottomLeft.x += 0.05 * length
        let placed = try #require(CutOffCompletion.completed(guess, width: 1280, height: 720, aspect: aspect))
        #expect(placed.maxCornerDistance(to: truth) < 0.002 * truth.diagonal, "\(placed) for \(truth)")
        // The corners in view stay where they were.
        #expect(placed.topRight == guess.topRight && placed.bottomRight == guess.bottomRight)
    }

    @Test("an outline with all its corners in view, or one corner out, is not placed again")
    func onlyOneSideCut() {
        let inside = Quad(topLeft: Point(x: 100, y: 100), topRight: Point(x: 500, y: 110),
                          bottomRight: Point(x: 490, y: 360), bottomLeft: Point(x: 95, y: 350))
        #expect(CutOffCompletion.completed(inside, width: 640, height: 480, aspect: 85.6 / 54) == nil)
        var corner = inside
        corner.topLeft = Point(x: -20, y: -10)
        #expect(CutOffCompletion.completed(corner, width: 640, height: 480, aspect: 85.6 / 54) == nil)
    }
}
