import Foundation
import Testing
@testable import DocFrame

/// Passport pages whose photo page is not the outline the classifier kept (an open booklet, a
/// frame printed on the page, an object beside it) but another outline the locator found: the
/// page's title named there (`PassportPage.alternativeOutlines`). Generated
/// captures of seeds outside the eval set (Fixtures/Recognition/passport-outlines, see
/// scripts/make-recognition-fixtures). And sheets of a letter, whose located outlines include
/// quads inside its text that must not be named Passport (the zone's band test, asked of those
/// quads, named these letters Passport).
@Suite("Passport pages among the other located outlines")
struct PassportOtherOutlineTests {
    static func capture(_ name: String) throws -> Image {
        try Image(contentsOfFile: RecognitionFixtures.root + "/passport-outlines/" + name + ".jpg")
    }

    @Test("a passport page cut off below its fields, outlined second, is a Passport by its title, upright")
    func cutPageOutlinedSecond() throws {
        let photo = try Self.capture("passport-orv-front-5108-1")
        // The outline kept first shows no title where a page has it.
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        #expect(PassportTitle.page(outline: located.corners, in: photo) == nil)
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        let document = try #require(observation.document)
        #expect(document.templateId == PassportRule.templateId && document.kind == .passport && document.side == .front)
        #expect(document.confidence < 0.8, "a title or a band is no confident answer")
        #expect(observation.orientation == .up)
    }

    @Test("letters on a table stay no document, whichever of their outlines is looked at")
    func lettersStayNull() throws {
        let photo = try Self.capture("negative-letters-1")
        // The letter's text is outlined in several places besides the sheet.
        let outlines = try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines)
        #expect(outlines.count > 1)
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.document == nil)
    }
}
