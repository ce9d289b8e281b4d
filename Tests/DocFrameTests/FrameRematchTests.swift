import Foundation
import Testing
@testable import DocFrame

/// A whole-frame answer's homography rests on the few keypoints the coarse match over the whole
/// photo verified; matched again on the flattening through its corners, the card yields
/// keypoints across all of it in view, and their homography places the corners.
/// Fixture: a dev capture (render seed 27102, synthesis seed 27102; tilted, a finger over it).
@Suite("Corners of a whole-frame answer placed by a second match on its flattening")
struct FrameRematchTests {
    @Test("a tilted, occluded card named by the whole-frame match gets corners within 2% of the diagonal")
    func rematchPlacesCorners() throws {
        // The frame's homography (25 inliers bunched on the card's upper part) put the corners
        // 21% of the diagonal off; matched again on its flattening (31, then 63 inliers), within 0.2%.
        let capture = try RecognitionFixtures.capture("ca-bc-dl-back-27102-4", in: "frame-rematch")
        let truth = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        #expect(observation.document?.templateId == capture.templateId)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truth) < 0.02 * truth.diagonal, "\(corners)")
    }
}
