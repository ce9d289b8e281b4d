import Foundation
import Testing
@testable import DocFrame

/// Blurred passport pages whose own print misled the zone's band test (`MRZBand`), from
/// generated captures (Fixtures/Recognition/blurred-passports, see
/// scripts/make-recognition-fixtures) that were named nothing before: a design that prints
/// its frame's bottom rule close above the zone (blur spreads it where a third line would
/// stand), and pages whose outline stopped at the lower edge of the band printed across
/// their top (`PassportPage.belowHeader`). And a blurred card with a TD1 zone, whose
/// outline has just such a wide shape, which stays no passport.
@Suite("Blurred passports whose print misled the band test")
struct BlurredPassportPrintTests {
    static func capture(_ name: String) throws -> (photo: Image, truth: Quad) {
        let photo = try Image(contentsOfFile: RecognitionFixtures.root + "/blurred-passports/" + name + ".jpg")
        let truth = try #require(try RecognitionFixtures.capture(name, in: "blurred-passports").corners)
        return (photo, truth)
    }

    static func expectUnreadPassport(_ observation: DocumentObservation, truth: Quad) throws {
        #expect(observation.mrz?.valid != true)
        let document = try #require(observation.document)
        #expect(document.templateId == PassportRule.templateId && document.label.en == "Passport" && document.kind == .passport)
        #expect(document.side == .front)
        #expect(document.confidence == PassportRule.unreadConfidence, "a shape is no confident answer")
        #expect(document.jurisdiction == PassportRule.unknownJurisdiction)
        #expect(observation.orientation == .up)
        let corners = try #require(observation.corners)
        #expect(RecognitionFixtures.cornerError(corners, truth) < 0.05)
    }

    @Test("a blurred passport page printed with a frame rule just above its zone is a Passport, unsure of its state")
    func frameRuleAboveZone() throws {
        let (photo, truth) = try Self.capture("passport-val-front-5402-1")
        // What stands one pitch above the zone is as dark as the zone's lines, and beside the
        // zone as well: the rule, not a third line.
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        let flat = try photo.warped(located.corners.landscape, width: MRZBand.width, height: MRZBand.height)
        let evidence = try MRZBand.evidence(in: flat)
        #expect(min(evidence.line1, evidence.line2) < 2 * evidence.above, "\(evidence)")
        #expect(evidence.isBlurredZone, "\(evidence)")
        try Self.expectUnreadPassport(try RecognitionFixtures.builtIn.observe(photo), truth: truth)
    }

    @Test("a blurred passport page outlined only below its header band is a Passport, its outline grown to the page",
          arguments: ["passport-zan-front-5404-2", "passport-uto-front-5402-1"])
    func outlineBelowHeader(name: String) throws {
        let (photo, truth) = try Self.capture(name)
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        let shape = located.corners.landscape.sideRatio / DocumentFormat.td3.aspectRatio
        #expect(PassportPage.belowHeader.contains(shape), "the outline is wider than a page: \(shape)")
        try Self.expectUnreadPassport(try RecognitionFixtures.builtIn.observe(photo), truth: truth)
    }

    @Test("a blurred card with a TD1 zone, outlined wider than a page, is no passport", arguments: [7, 9])
    func blurredCard(blur: Int) throws {
        var random = MRZTestDocuments.Random(seed: 41)
        let lines = MRZTestDocuments.lines(.td1, state: "UTO", random: &random)
        let card = try MRZTestDocuments.page(lines, format: .td1, title: "RESIDENT CARD").image()
        let photo = try UnreadPassportTests.photo(of: card, degrees: 3, width: 1100, blur: blur)
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        #expect(PassportPage.belowHeader.contains(located.corners.landscape.sideRatio / DocumentFormat.td3.aspectRatio))
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.document?.kind != .passport)
    }
}
