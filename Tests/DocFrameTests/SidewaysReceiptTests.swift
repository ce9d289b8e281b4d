import Foundation
@testable import Specimens
import Testing
@testable import DocFrame

/// A till receipt of a passport page's shape photographed sideways: its columns of words and of
/// prices run along the page where a zone's two lines would, but as stripes (one per receipt
/// line, a clear gap between each two), where a zone's lines are print without spaces
/// (`MRZBand.gaps`). The sharp band test alone named such a receipt Passport at 0.6.
@Suite("A sideways receipt is no passport zone")
struct SidewaysReceiptTests {
    /// A long till receipt (store, date, items with their prices, the total), each line with
    /// something at its right end, at 1120x1590: a TD3 page's shape on its side, whose column of
    /// prices runs the page's whole width where a zone's lines would once it is turned.
    static func receipt() throws -> Image {
        let w = 1120.0, h = 1590.0
        let canvas = try Canvas(width: Int(w), height: Int(h), background: RGBA(246, 244, 236))
        let page = SpecimenPage(canvas: canvas, fonts: try FontBook())
        let ink = RGBA(40, 40, 48)
        let lines = [("FRESH MART", "#0412"), ("2026-03-14", "17:42"), ("COFFEE", "4.99"), ("BAGEL", "12.49"), ("MILK", "3.29"),
                     ("BREAD", "21.05"), ("APPLES", "6.80"), ("TEA", "2.99"), ("CHEESE", "14.75"), ("BANANAS", "1.99"),
                     ("YOGURT", "5.49"), ("PASTA", "3.19"), ("RICE", "11.40"), ("SUBTOTAL", "92.62"), ("TAX", "4.63"),
                     ("TOTAL", "97.25"), ("CARD", "97.25")]
        var y = 110.0
        for (left, right) in lines {
            try page.label(left, x: 60, y: y, size: 48, font: page.fonts.mono, ink)
            try page.label(right, x: w - 40, y: y, size: 48, font: page.fonts.mono, ink, align: .right)
            y += 88
        }
        return try Image(encoded: canvas.pngData())
    }

    @Test("a receipt of a page's shape, photographed on its side either way, is no document", arguments: [1, 3])
    func sidewaysReceipt(turns: Int) throws {
        let sideways = try Self.receipt().rotated(quarterTurns: turns)
        let photo = try UnreadPassportTests.photo(of: sideways, degrees: 2, width: 1100)
        // Its columns stand where a zone's lines would, as stripes: the band test sees gaps.
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        let flat = try photo.warped(located.corners.landscape, width: MRZBand.width, height: MRZBand.height)
        let evidence = try [0, 2].map { try MRZBand.evidence(in: try flat.rotated(quarterTurns: $0)) }
        #expect(evidence.allSatisfy { !$0.isZone && !$0.isBlurredZone }, "\(evidence)")
        // What let such a receipt through before: every other cue of the sharp test holds.
        #expect(evidence.contains { e in
            var spaceless = e
            spaceless.gaps = 0
            return e.gaps > MRZBand.maxGaps && (spaceless.isZone || spaceless.isBlurredZone)
        }, "\(evidence)")
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.document == nil, "\(observation.document?.templateId ?? "")")
    }

    @Test("a passport page's zone, sharp and photographed alike, is print without gaps")
    func zoneHasNoGaps() throws {
        let page = try UnreadPassportTests.page(seed: 31).image
        let photo = try UnreadPassportTests.photo(of: page, degrees: 2, width: 1100)
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        let flat = try photo.warped(located.corners.landscape, width: MRZBand.width, height: MRZBand.height)
        let evidence = try MRZBand.evidence(in: flat)
        #expect(evidence.isZone && evidence.gaps <= 1, "\(evidence)")
    }

    @Test("gaps: runs of clear columns at least four wide, under a fifth of the mean ink")
    func gapRuns() {
        #expect(MRZBand.gaps(in: [10, 10, 0, 0, 0, 10, 10]) == 0, "three columns are a gap between characters")
        #expect(MRZBand.gaps(in: [10, 0, 0, 0, 0, 10, 0, 0, 0, 0]) == 2, "a run at the end counts")
        #expect(MRZBand.gaps(in: []) == 0 && MRZBand.gaps(in: [0, 0, 0, 0, 0]) == 0)
    }
}
