import Foundation
@testable import Specimens
import Testing
@testable import DocFrame

/// A passport page blurred past reading, found by its zone's band (`MRZBand.isBlurredZone`)
/// where blur has spread the zone's ink and the table beyond the outline into the narrow
/// margins beside the zone: generated captures (Fixtures/Recognition/blurred-passports, see
/// scripts/make-recognition-fixtures) that the strict band test missed. And a page of the same
/// shape with a colour band across its whole bottom, which is no zone however blurred.
@Suite("Blurred passports by their zone's band")
struct BlurredPassportBandTests {
    static func capture(_ name: String) throws -> Image {
        try Image(contentsOfFile: RecognitionFixtures.root + "/blurred-passports/" + name + ".jpg")
    }

    @Test("a blurred passport page whose zone's margins blur has filled is a Passport, unsure of its state",
          arguments: ["passport-uto-front-7408-1", "passport-zan-front-7407-1"])
    func blurredPage(name: String) throws {
        let photo = try Self.capture(name)
        // What the strict test saw: no zone either way up in the located outline.
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        let flat = try photo.warped(located.corners.landscape, width: MRZBand.width, height: MRZBand.height)
        let upright = try MRZBand.evidence(in: flat)
        #expect(!upright.isZone && upright.isBlurredZone, "\(upright)")

        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.mrz?.valid != true)
        let document = try #require(observation.document)
        #expect(document.templateId == PassportRule.templateId && document.kind == .passport && document.side == .front)
        #expect(document.confidence == PassportRule.unreadConfidence)
        #expect(document.jurisdiction == PassportRule.unknownJurisdiction)
        #expect(observation.orientation == .up)
    }

    @Test("a blurred passport page whose located outline runs a few percent off is found by its band once refit to its edges")
    func refitOutline() throws {
        let name = "passport-zan-front-7003-3"
        let photo = try Self.capture(name)
        let truth = try #require(try RecognitionFixtures.capture(name, in: "blurred-passports").corners)
        // What the band test saw in the outline as located: the zone's rows fall on the table.
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        #expect(RecognitionFixtures.cornerError(located.corners, truth) > 0.03)
        let flat = try photo.warped(located.corners.landscape, width: MRZBand.width, height: MRZBand.height)
        #expect(try MRZBand.turns(of: flat) == nil)

        let observation = try RecognitionFixtures.builtIn.observe(photo)
        let document = try #require(observation.document)
        #expect(document.templateId == PassportRule.templateId && document.confidence == PassportRule.unreadConfidence)
        let corners = try #require(observation.corners)
        #expect(RecognitionFixtures.cornerError(corners, truth) < 0.02)
        #expect(observation.orientation == .up)
    }

    @Test("a blurred passport page lit from one side is a Passport: its zone's ink is measured against the paper under it")
    func pageLitFromOneSide() throws {
        let name = "passport-orv-front-1701-2"
        let photo = try Self.capture(name)
        let truth = try #require(try RecognitionFixtures.capture(name, in: "blurred-passports").corners)
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        let flat = try photo.warped(located.corners.landscape, width: MRZBand.width, height: MRZBand.height)
        // Against one paper level the zone's far end shows no ink (the band's eighths fade out);
        // against the paper under each column the band is even and a blurred zone's.
        let single = try MRZBand.evidence(in: flat)
        #expect(!single.isZone && !single.isBlurredZone && single.evenSegments < 7, "\(single)")
        let perColumn = try MRZBand.evidence(in: flat, paperPerColumn: true)
        #expect(perColumn.isBlurredZone && perColumn.evenSegments == 8, "\(perColumn)")

        let observation = try RecognitionFixtures.builtIn.observe(photo)
        let document = try #require(observation.document)
        #expect(document.templateId == PassportRule.templateId && document.kind == .passport)
        #expect(document.confidence == PassportRule.unreadConfidence)
        let corners = try #require(observation.corners)
        #expect(RecognitionFixtures.cornerError(corners, truth) < 0.02)
        #expect(observation.orientation == .up)
    }

    @Test("two lines of text ending short of the right, as an ID card's bottom lines, are no blurred zone")
    func linesEndingShort() {
        // Measured on a held-out Nova Scotia ID card front (built-in templates only): its bottom
        // lines' ink along the eighths of the would-be zone. A blurred passport page lit from
        // one side showed a profile alike (2.29, 2.03, 1.54, 1.1, 0.78, 0.26, 0, 0) while its
        // ink was measured against one paper level for the whole band; measured against the
        // paper under each column (`MRZBand.localPaper`) its eighths are even (0.91-1.09).
        let card = MRZBand.Evidence(line1: 25.5, line2: 37.17, above: 4.61, aboveBeside: 0, evenSegments: 6, margins: 36.74,
                                    marginsOverBody: 10.79, offset: -0.0142, gaps: 3,
                                    segments: [2.43, 0.73, 0.95, 1.75, 1.38, 0.75, 0, 0])
        #expect(!card.isBlurredZone)
    }

    @Test("a page of a passport's shape with a dark band across its whole bottom is no passport, sharp or blurred",
          arguments: [1, 9])
    func bandAcrossPage(blur: Int) throws {
        // A sheet cut to the page's shape: a title, a few short lines, and a dark band from edge
        // to edge where a zone's two lines would stand (a card's or a form's colour stripe).
        let canvas = try Canvas(width: 1476, height: 1039, background: RGBA(246, 244, 236))
        let page = SpecimenPage(canvas: canvas, fonts: try FontBook())
        try page.label("PASSPORT OFFICE NOTICE", x: 80, y: 110, size: 56, font: page.fonts.sans, RGBA(20, 20, 24))
        for (i, y) in stride(from: 260.0, through: 620, by: 90).enumerated() {
            try page.label(["RENEWALS BY APPOINTMENT", "BRING TWO PHOTOS", "FEES ARE NOT REFUNDED", "OPEN MONDAY TO FRIDAY", "ASK AT THE DESK"][i % 5],
                           x: 80, y: y, size: 40, font: page.fonts.sans, RGBA(30, 30, 34))
        }
        try canvas.fill(Rect(0, 880, 1476, 125), RGBA(40, 60, 110))
        let photo = try UnreadPassportTests.photo(of: try Image(encoded: canvas.pngData()), degrees: 3, width: 1100, blur: blur)
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.document == nil)
    }
}
