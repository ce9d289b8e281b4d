import Foundation
@testable import Specimens
import Testing
@testable import DocFrame

/// Passports whose zone is out of view or unreadable, named by the page's printed title where a
/// photo page has it (`PassportTitle`): a generated capture cut off below the photo
/// (Fixtures/Recognition/passport-title, a dev seed apart from the evaluation set's) that had
/// no answer before; and a sheet of the page's shape headed with the word, which is no passport.
@Suite("Passports by their printed title")
struct PassportTitleTests {
    @Test("title words: the document's name in capitals, one letter misread at most")
    func titleWords() {
        for word in ["PASSPORT", "PASSEPORT", "PASAPORTE/", "REISEPASS", "PASSPoRT", "PASPOORT", "PASSP0RT"] {
            #expect(PassportTitle.isTitle(word), "\(word)")
        }
        for word in ["Passport", "PASS", "PASSENGER", "SPORT", "PASSPORTOFFICE", "passport"] {
            #expect(!PassportTitle.isTitle(word), "\(word)")
        }
    }

    @Test("a passport page cut off below its photo, its zone out of view, is a Passport by its title, the right way up",
          arguments: PassportTitleTests.fixtures)
    func cutOffPage(name: String) throws {
        let capture = try RecognitionFixtures.capture(name, in: "passport-title")
        #expect(capture.conditions.contains("cut_off"))
        let observation = try RecognitionFixtures.observe(capture)
        #expect(observation.mrz?.valid != true)
        let document = try #require(observation.document)
        #expect(document.templateId == PassportRule.templateId && document.kind == .passport && document.side == .front)
        // Known to be a passport, not whose: below the confident answers, no state named.
        #expect(document.confidence == PassportRule.unreadConfidence)
        #expect(document.jurisdiction == PassportRule.unknownJurisdiction)
        #expect(observation.orientation?.degrees == capture.orientation)
    }

    static let fixtures = ["passport-uto-front-3005-1", "passport-zan-front-3004-3"]

    @Test("a sheet of a passport page's shape headed PASSPORT, its lines set from the left margin, is no passport")
    func headedSheet() throws {
        let canvas = try Canvas(width: 1476, height: 1039, background: RGBA(246, 244, 236))
        let page = SpecimenPage(canvas: canvas, fonts: try FontBook())
        try page.label("PASSPORT", x: 560, y: 110, size: 56, font: page.fonts.sans, RGBA(20, 20, 24))
        let lines = ["RENEWALS BY APPOINTMENT", "BRING TWO PHOTOS", "FEES ARE NOT REFUNDED", "OPEN MONDAY TO FRIDAY", "ASK AT THE DESK"]
        for (i, y) in stride(from: 260.0, through: 740, by: 80).enumerated() {
            try page.label(lines[i % lines.count], x: 80, y: y, size: 40, font: page.fonts.sans, RGBA(30, 30, 34))
        }
        let photo = try UnreadPassportTests.photo(of: try Image(encoded: canvas.pngData()), degrees: 3, width: 1100)
        // The title is read where a page has it: the layout under it is what refuses.
        let outline = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        #expect(PassportTitle.sightings(in: outline.corners, image: photo).contains(where: PassportTitle.isPageTitle))
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.document == nil)
    }
}
