import Foundation
import Testing
@testable import DocFrame

/// A surely named card that reaches past the photo's border has its corners out of view placed by
/// its homography, extrapolated from the part in view: they are aligned with the template's
/// reference (`DocumentClassifier.alignmentNeed`, `.cutOff`), and the aligned outline is kept only
/// where the image's edges back it better.
/// Fixtures: dev captures (render seeds 3204, 3203 and 3404, cut off); the two 3203-3204 ones
/// re-encoded at JPEG quality 60.
@Suite("Corners of a surely named card the photo cuts off")
struct CutOffAlignmentTests {
    static func capture(_ name: String) throws -> RecognitionFixtures.Capture {
        try RecognitionFixtures.capture(name, in: "cut-off-aligned")
    }

    @Test("a cut-off card named on many keypoints gets its corners within 2% of the diagonal", arguments: [
        "ca-on-photo-front-3404-2",  // 37 inliers on the frame pass: the corners out of view were 8% off
        "ca-bc-dl-front-3204-2",     // 43 inliers on the located part's flattening: 2.2% off
    ])
    func cornersPlaced(_ name: String) throws {
        let capture = try Self.capture(name)
        #expect(capture.conditions.contains("cut_off"))
        let observation = try RecognitionFixtures.expectPlaced(capture)
        #expect(observation.quality?.cutOff == true)
    }

    @Test("an alignment that drifts on a cut-off card's part in view leaves its corners where the keypoints put them")
    func driftRefused() throws {
        // Aligned, the correlation rose 0.37 -> 0.86 while the outline tilted into the part out of
        // view, 13% off; its sides in view lie on the card's edges less well (0.72 -> 0.59).
        let capture = try Self.capture("ca-on-photo-front-3203-1")
        let truth = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        #expect(observation.document?.templateId == capture.templateId)
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truth) < 0.02 * truth.diagonal, "\(corners)")
    }

    @Test("only a sure answer whose corners lie outside the photo is aligned for being cut off")
    func needOnlyWhenOutside() throws {
        let classifier = RecognitionFixtures.builtIn.classifier
        let frame = try Image(contentsOfFile: try Self.capture("ca-on-photo-front-3404-2").path)
        let inside = Quad(topLeft: Point(x: 100, y: 100), topRight: Point(x: 600, y: 100),
                          bottomRight: Point(x: 600, y: 415), bottomLeft: Point(x: 100, y: 415))
        var result = ClassificationResult(templateIndex: 0, confidence: 0.95, bestIndex: 0, corners: inside, inliers: 60,
                                          path: .frame, projectedOutline: inside)
        #expect(classifier.alignmentNeed(result, in: frame) == nil)
        let outside = Quad(topLeft: Point(x: -100, y: 100), topRight: Point(x: 400, y: 100),
                           bottomRight: Point(x: 400, y: 415), bottomLeft: Point(x: -100, y: 415))
        result.corners = outside
        result.projectedOutline = outside
        #expect(classifier.alignmentNeed(result, in: frame) == .cutOff)
        // Unsure answers are aligned as before, whatever the border.
        result.inliers = DocumentClassifier.alignBelowInliers - 1
        #expect(classifier.alignmentNeed(result, in: frame) == .unsure)
    }
}
