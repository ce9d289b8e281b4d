import Foundation
import Testing
@testable import DocFrame

/// A blurred card whose own outline the working-size edge map does not close: a 30-pixel motion
/// blur leaves the card's lower side too soft to pair, and the best outline then borrows the
/// photo's bottom border for it (a cut-off outline reaching well past the card). That outline is
/// not convincing: the half-size search runs and finds the card's own (`dv_locate_quads`).
/// Dev capture (flat seed 1701, synthesis seed 1701, blur; not the evaluation set), re-encoded at
/// JPEG quality 45.
@Suite("Outlines of blurred cards")
struct BlurredCardOutlineTests {
    @Test("a motion-blurred licence back whose best outline ran to the photo's border is named, upright, on its own outline")
    func blurredCardBesideTheBorder() throws {
        // The start of session 17 answered no document here.
        let capture = try #require(RecognitionFixtures.captures(in: "blurred-cards").first { $0.name == "ca-bc-dl-back-1701-1.jpg" })
        #expect(capture.conditions.contains("blur"))
        let truth = try #require(capture.corners)
        let observation = try RecognitionFixtures.builtIn.observe(try Image(contentsOfFile: capture.path))
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-bc-dl-back")
        #expect(document.side == .back)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        let error = RecognitionFixtures.cornerError(corners, truth)
        #expect(error < 0.03, "corner error \(error) of the diagonal: \(corners)")
        #expect(observation.quality?.cutOff == false)
    }
}
