import Foundation
@testable import Specimens
import Testing
@testable import DocFrame

/// A passport page's zone seen by its characters' rhythm when blur leaves none readable
/// (`ZoneGlyphRows`), and a blurred dev capture named Passport by it. Fixtures: dev captures
/// (the passport: render seed 39003, synthesis seed 39001; the card: dev set seed 5001; pinhole
/// camera; not the evaluation sets), as the generator wrote them.
@Suite("Passport zones seen by their characters' rhythm")
struct ZoneGlyphRowsTests {
    static let folder = "passport-glyph-rows"

    /// The page drawn by the team's design for a state absent from TrainingData, blurred by
    /// shrinking it `blur` times and back, after `edit`.
    static func blurredPage(seed: UInt64, blur: Int, edit: (SpecimenPage) throws -> Void = { _ in }) throws -> Image {
        let design = PassportDesign(style: UnreadPassportTests.netherlands)
        let canvas = try Canvas(width: 1476, height: 1039)
        let page = SpecimenPage(canvas: canvas, fonts: try FontBook())
        try design.draw(.front, on: page, seed: seed)
        try edit(page)
        let sharp = try Image(encoded: canvas.pngData())
        return try sharp.resized(width: sharp.width / blur, height: sharp.height / blur, interpolation: .area)
            .resized(width: sharp.width, height: sharp.height, interpolation: .linear)
    }

    @Test("a blurred page's zone shows two rows of 44 cells at its bottom, upright only")
    func blurredZone() throws {
        let page = try Self.blurredPage(seed: 31, blur: 8)
        let evidence = try #require(try ZoneGlyphRows.evidence(in: page))
        #expect(evidence.isZone, "\(evidence)")
        #expect(ZoneGlyphRows.cellRange.contains(evidence.cycles1) && ZoneGlyphRows.cellRange.contains(evidence.cycles2))
        #expect(try ZoneGlyphRows.turns(of: page) == 0)
        #expect(try ZoneGlyphRows.turns(of: page.rotated(quarterTurns: 2)) == 2)
    }

    @Test("a third row of such cells above the two is no passport's zone (a stack of monospaced lines)")
    func thirdRowAbove() throws {
        // Line 2's baseline is at y 994 and the lines 63 px apart, cells 30.8 px from x 60
        // (`PassportDesign`): a line like the zone's drawn one and two pitches above line 1, over
        // the page's paper.
        let page = try Self.blurredPage(seed: 31, blur: 8) { page in
            let text = String(repeating: "K7<M2<Q9", count: 6).prefix(44)
            for baseline in [868.0, 805.0] {
                try page.canvas.fill(Rect(40, baseline - 48, 1400, 56), RGBA(248, 246, 240))
                for (i, c) in text.enumerated() {
                    try page.label(String(c), x: 60 + Double(i) * 30.8, y: baseline, size: (30.8 / 0.715).rounded(),
                                   font: page.fonts.ocrB, RGBA(12, 12, 14))
                }
            }
        }
        let evidence = try ZoneGlyphRows.evidence(in: page)
        #expect(evidence?.isZone != true, "\(String(describing: evidence))")
    }

    @Test("a blurred passport page whose zone's ink band is not found is a Passport, unsure of its state")
    func blurredCapture() throws {
        let capture = try RecognitionFixtures.capture("passport-val-front-39003-4", in: Self.folder)
        #expect(capture.conditions.contains("blur"))
        // Before: no document (the band's line 1 measured at 7-8 grey levels, below a zone's).
        let observation = try RecognitionFixtures.expectPlaced(capture, within: 0.03)
        let document = try #require(observation.document)
        #expect(document.confidence == PassportRule.unreadConfidence, "no zone read: not a confident answer")
        #expect(document.jurisdiction == PassportRule.unknownJurisdiction)
        #expect(observation.mrz?.valid != true)
    }

    @Test("a permanent resident card's back outlined with a passport page's shape is no Passport")
    func cardBackIsNoPassport() throws {
        let capture = try RecognitionFixtures.capture("ca-pr-back-5001-1", in: Self.folder)
        // Its outline (1.44 wide for its height) is asked for the zone's rows: its TD1 zone's
        // 30 cells a line show no rhythm at a TD3 zone's 44.
        let observation = try RecognitionFixtures.observe(capture)
        #expect(observation.document?.kind != .passport)
    }
}
