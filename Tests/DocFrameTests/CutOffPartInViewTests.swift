import Foundation
import Testing
@testable import DocFrame

/// Cut-off cards named from the part of them in view: what lies out of view neither reads
/// against them (their header) nor counts as missing (the spread of their keypoints). Dev
/// captures (render seed 38100, synthesis seed 38301, cut off; not the evaluation set),
/// re-encoded at JPEG quality 45. Main answered no document for either.
@Suite("Cut-off cards named from the part in view")
struct CutOffPartInViewTests {
    @Test("a licence back whose header lies out of view is not refused for the print its cut outline puts there")
    func headerOutOfView() throws {
        // The Ontario licence back's top fifth is out of the photo. Its twins (the licence and the
        // photo card) verified on 27 and 14 inliers; their header lies above the photo, and the
        // outline the border closed, read as if it were the whole card, put the header on the
        // "CONDITIONS" label: a clear reading of neither title, which refused both twins.
        let capture = try RecognitionFixtures.capture("ca-on-dl-back-38102-2.jpg", in: "cut-off-in-view")
        #expect(capture.conditions.contains("cut_off"))
        let observation = try RecognitionFixtures.expectPlaced(capture, within: 0.02)
        #expect(observation.document?.side == .back)
        #expect(observation.quality?.cutOff == true)
    }

    @Test("a health card back showing only its lines' ends and its trillium is named by keypoints its look vouches for")
    func bunchedKeypointsVouchedByLook() throws {
        // The Ontario health card back's left third is out of the photo: what is in view is its
        // magnetic stripe, plain wave pattern, the ends of two text lines and the trillium. Its
        // 31-36 inliers span 1.1-1.4% of the card, under the spread a design must show
        // (`minimumSpread`), while the card placed by them looks the design unmistakably
        // (thumbnail 0.92-0.96, layout 0.86-0.95 with a lead of 0.24-0.31).
        let capture = try RecognitionFixtures.capture("ca-on-health-back-38102-2.jpg", in: "cut-off-in-view")
        #expect(capture.conditions.contains("cut_off"))
        let observation = try RecognitionFixtures.expectPlaced(capture, within: 0.02)
        let document = try #require(observation.document)
        #expect(document.side == .back)
        // Vouched for by its look, not sure: an answer under the look-alikes' guess.
        #expect(document.confidence <= DocumentClassifier.lookAlikeGuess)
        #expect(observation.quality?.cutOff == true)
    }
}
