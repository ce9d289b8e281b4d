import Foundation
import Testing
@testable import DocFrame

/// A whole-frame answer's homography rests on the few keypoints the coarse match over the whole
/// photo verified; matched again on the flattening through its corners, the card yields
/// keypoints across all of it in view, and their homography places the corners.
/// A cut-off card's corners placed by the homography of its located outline's flattening (the
/// part in view) are matched again the same way, and so are corners the template placed far from
/// the located outline they were matched on (that outline's flattening distorted the match), and
/// a located outline kept far from the template's placement is matched again from that placement.
/// Corners so placed come from a homography, as the frame path's do, and are fitted to the
/// card's edges as those are.
/// Fixtures: dev captures (render seed 27102; synthesis seed 27102, tilted, a finger over it;
/// synthesis seed 27103, cut off; render seed 27103, synthesis seed 27102, tilted and cut off,
/// re-encoded at JPEG quality 55; render and synthesis seed 29102, tilted; render and synthesis
/// seed 29204, tilted and close; render and synthesis seed 29101, close and re-encoded; the
/// same seed, ca-bc-dl-back-29101-1).
@Suite("Corners placed again by a second match on the flattening through them")
struct RematchTests {
    @Test("a tilted, occluded card named by the whole-frame match gets corners within 2% of the diagonal")
    func rematchPlacesCorners() throws {
        // The frame's homography (25 inliers bunched on the card's upper part) put the corners
        // 21% of the diagonal off; matched again on its flattening (31, then 63 inliers), within 0.2%.
        let capture = try RecognitionFixtures.capture("ca-bc-dl-back-27102-4", in: "rematch")
        try RecognitionFixtures.expectPlaced(capture)
    }

    @Test("a cut-off card placed by its outline's homography gets corners within 2% of the diagonal")
    func rematchPlacesCutOffCorners() throws {
        // The homography on the located part's flattening (20 inliers) put the corners out of
        // view 18% of the diagonal off; matched again on its flattening (58, then 114 inliers), within 1%.
        let capture = try RecognitionFixtures.capture("ca-on-photo-front-27102-1", in: "rematch")
        try RecognitionFixtures.expectPlaced(capture)
    }

    @Test("a tilted cut-off card placed again by the second match has its corners on its edges, within 1% of the diagonal")
    func rematchedCornersFitted() throws {
        // The second match's homography (41, then 90 and 100 inliers) put the bottom-left corner,
        // on the near side of the tilt, 1.3% of the diagonal off; the sides fitted to the
        // card's edges put it 0.5% off.
        let capture = try RecognitionFixtures.capture("ca-on-photo-front-27103-4", in: "rematch")
        #expect(capture.conditions.contains("cut_off"))
        try RecognitionFixtures.expectPlaced(capture, within: 0.01)
    }

    @Test("a tilted card whose located outline ran off the photo gets corners within 1% of the diagonal")
    func rematchPlacesCornersFarFromOutline() throws {
        // The located outline put one corner off the photo (30% of the diagonal off); the
        // homography on its distorted flattening (39 inliers) placed the card 4.8% off, beyond
        // the edge refit's reach. Matched again on its own flattening (93, then 115 inliers), within 0.1%.
        let capture = try RecognitionFixtures.capture("ca-qc-dl-back-29102-1", in: "rematch")
        #expect(capture.conditions.contains("tilt"))
        try RecognitionFixtures.expectPlaced(capture, within: 0.01)
    }

    @Test("a tilted card whose located outline is an inner line gets corners within 1% of the diagonal")
    func rematchReplacesKeptOutline() throws {
        // The located outline ran along a printed line below the card's top edge (6.7% of the
        // diagonal off) and its edges outscored the template's placement refitted, so it was
        // kept; matched again from the template's placement (72, then 78 inliers), the corners
        // lie within 0.1%.
        let capture = try RecognitionFixtures.capture("ca-pr-back-29204-3", in: "rematch")
        #expect(capture.conditions.contains("tilt"))
        try RecognitionFixtures.expectPlaced(capture, within: 0.01)
    }

    @Test("a located outline on the card's edges keeps its corners against a second match the edges do not back")
    func keptOutlineStandsOnItsEdges() throws {
        // The template's placement was 5.7% of the diagonal off; matched again from there, the
        // first round verified more inliers (52 against 50) on a placement still 5.7% off whose
        // sides miss the card's edges (0.46 against the located outline's 0.73): the located
        // outline, within 0.1%, stays.
        let capture = try RecognitionFixtures.capture("ca-pr-back-29101-4", in: "rematch")
        try RecognitionFixtures.expectPlaced(capture, within: 0.01)
    }

    @Test("a card placed far from a wrong located outline but on its own edges is not matched a second time")
    func placementOnEdgesStands() throws {
        // The located outline was 43% of the diagonal off; the template's placement on its
        // flattening lies on the card's edges (support 0.96, weakest side 0.91) and within 0.1%:
        // a second match (a round of features and matching, about a third of the classification's
        // cost) would move it by less than the edge refit does.
        let capture = try RecognitionFixtures.capture("ca-bc-dl-back-29101-1", in: "rematch")
        let recognizer = RecognitionFixtures.builtIn
        let image = try Image(contentsOfFile: capture.path)
        let result = try recognizer.classifier.classify(image, candidates: try recognizer.locator.locate(in: image, limit: Recognizer.outlines),
                                                        readHeaderText: false)
        #expect(result.templateIndex.map { recognizer.catalog.templates[$0].id } == capture.templateId)
        let corners = try #require(result.corners)
        #expect(try #require(result.locatedOutline).maxCornerDistance(to: corners) > DocumentClassifier.rematchFarOutline * corners.diagonal)
        #expect(!result.rematched)
        try RecognitionFixtures.expectPlaced(capture, within: 0.01)
    }
}
