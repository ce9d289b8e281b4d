import Foundation
import Testing
@testable import DocFrame

/// A whole-frame answer's homography rests on the few keypoints the coarse match over the whole
/// photo verified; matched again on the flattening through its corners, the card yields
/// keypoints across all of it in view, and their homography places the corners.
/// A cut-off card's corners placed by the homography of its located outline's flattening (the
/// part in view) are matched again the same way.
/// Fixtures: dev captures (render seed 27102; synthesis seed 27102, tilted, a finger over it;
/// synthesis seed 27103, cut off).
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
}
