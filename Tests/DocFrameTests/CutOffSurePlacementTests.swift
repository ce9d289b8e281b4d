import Foundation
import Testing
@testable import DocFrame

/// A located outline cut off by the photo's border or a finger is the part of the card in view,
/// or a box printed inside it: its edges are sharp, so they back it better than the card's own
/// outline, part of which lies out of view or under the finger. A homography on `surePlacement`
/// inliers places the whole card, and its outline replaces the cut-off one whatever the edges say.
/// Fixture: a dev capture (render seed 26103, synthesis seed 26105; cut off and occluded).
@Suite("Corners of a cut-off card placed by a sure homography")
struct CutOffSurePlacementTests {
    @Test("a cut-off, occluded card named on many keypoints gets the corners its homography places, not an inner box's")
    func surePlacementWins() throws {
        // The located outline is a printed box inside the card (edges 0.98 against the card's
        // 0.80, part of it under a finger): it was kept, its corners 8.9% of the diagonal off,
        // while the homography on 59 inliers placed the card within 1.1%.
        let capture = try RecognitionFixtures.capture("ca-qc-dl-back-26103-2.jpg", in: "cut-off-sure")
        try RecognitionFixtures.expectPlaced(capture)
    }
}
