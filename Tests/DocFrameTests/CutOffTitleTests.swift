import Foundation
import Testing
@testable import DocFrame

/// Cut-off cards whose title is out of view, or left out of the located outline. The located
/// outline is then only the part in view, and the title's place in its flattening holds other
/// print (a field line, a number): read there, it names none of the twins' titles and used to
/// refuse a card whose keypoints (30 and more inliers) placed the template clearly elsewhere.
/// Fixtures: dev captures (render seeds 3101-3106, synthesis seed 3101), re-encoded at quality 65.
@Suite("Recognition of cut-off cards without their title")
struct CutOffTitleTests {
    @Test("an Ontario card front cut off across its title is named (a guess between its twins), its corners placed",
          arguments: ["ca-on-dl-front-3101-2", "ca-on-photo-front-3101-1"])
    func cutOffTitle(name: String) throws {
        let capture = try RecognitionFixtures.capture(name, in: "cut-off")
        #expect(capture.conditions.contains("cut_off"))
        let truth = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "\(name): no document")
        #expect(document.templateId == capture.templateId)
        // Unread, the twins are told apart by the rest of their design: an answer, not a sure one.
        #expect(document.confidence <= DocumentClassifier.lookAlikeGuess)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truth) < 0.05 * truth.diagonal, "\(name): \(corners)")
        #expect(observation.quality?.cutOff == true)
    }
}
