import Foundation
import Testing
@testable import DocFrame

/// A cut-off card under a shadow that no located outline verified and whose share of the
/// whole-frame pass's keypoints was too thin: the frame pass in tiles (DocumentClassifier+Tiles)
/// verifies it in the tile holding its part in view, and a card the photo cuts off is an answer
/// there too. Fixture: a dev capture (render and synthesis seed 30101, a shadow, cut off on
/// three corners).
@Suite("Recognition of a cut-off card found by the tile search")
struct CutOffTileTests {
    @Test("a shadowed cut-off health card back no outline verified is named, with its side and orientation, and shown cut off")
    func cutOffCardNamedByTile() throws {
        // The start of session 30 answered no document here: the tile's match (27 inliers,
        // 0.96) was refused because the card reaches past the photo.
        let capture = try RecognitionFixtures.capture("ca-on-health-back-30101-2", in: "cut-off-tile")
        #expect(capture.conditions.contains("cut_off"))
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-on-health-back")
        #expect(document.side == .back)
        #expect(observation.orientation?.degrees == capture.orientation)
        #expect(observation.quality?.cutOff == true)
    }
}
