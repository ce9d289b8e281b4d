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
        let capture = try RecognitionFixtures.capture("ca-bc-dl-back-1701-1.jpg", in: "blurred-cards")
        #expect(capture.conditions.contains("blur"))
        let truth = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-bc-dl-back")
        #expect(document.side == .back)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        let error = RecognitionFixtures.cornerError(corners, truth)
        #expect(error < 0.03, "corner error \(error) of the diagonal: \(corners)")
        #expect(observation.quality?.cutOff == false)
    }

    @Test("a pale card under a strong motion blur, with no edge over the edge map's threshold, is found and named")
    func blurredCardWithoutSharpEdge() throws {
        // A permanent resident card front streaked by a 38-pixel motion blur (dev flat seed 1852,
        // re-encoded at JPEG quality 45): no outline is seen whole at either size, and only the
        // half-size search at the lower edge threshold (`kSoftEdgeThreshold`) finds the card.
        // Without that search: no document.
        let capture = try RecognitionFixtures.capture("ca-pr-front-1852-3.jpg", in: "blurred-cards")
        #expect(capture.conditions.contains("blur"))
        let truth = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-pr-front")
        #expect(document.side == .front)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        let error = RecognitionFixtures.cornerError(corners, truth)
        #expect(error < 0.03, "corner error \(error) of the diagonal: \(corners)")
    }

    @Test("a defocused card is not turned sideways by a few chance keypoints on its own landscape outline")
    func blurredCardNotTurnedByChanceKeypoints() throws {
        // An Ontario health card front under a 7-pixel defocus (dev flat seed 1702). A dozen chance
        // inliers fit the template turned 90 degrees onto the card's landscape outline; the card was
        // named at the right side but reported sideways. A homography that turns a landscape
        // template on a kept landscape outline is left to the glance, which reads it upright.
        let capture = try RecognitionFixtures.capture("ca-on-health-front-1702-2.jpg", in: "blurred-cards")
        #expect(capture.conditions.contains("blur"))
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-on-health-front")
        #expect(observation.orientation?.degrees == capture.orientation)
    }

    @Test("a blurred card glanced on two outlines keeps the one that looks more like its design, not the one along the photo's border")
    func blurredCardKeepsTheLikerOutline() throws {
        // An Ontario health card back under motion blur, wholly in view (dev flat seed 25303,
        // synthesis seed 25310). Its first outline borrowed the photo's right border for the card's
        // soft right side; its second is the card's own. Both glanced the right design, unread, at
        // the same capped confidence, and the first was kept: corners 27% of the diagonal off.
        let capture = try RecognitionFixtures.capture("ca-on-health-back-25303-3.jpg", in: "blurred-cards")
        #expect(capture.conditions.contains("blur"))
        let truth = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-on-health-back")
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        let error = RecognitionFixtures.cornerError(corners, truth)
        #expect(error < 0.02, "corner error \(error) of the diagonal: \(corners)")
    }
}
