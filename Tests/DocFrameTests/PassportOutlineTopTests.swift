import Foundation
import Testing
@testable import DocFrame

/// A passport page under glare (Fixtures/PassportOutlineTop), its zone read valid in the located
/// outline, which is the booklet's (wider than the page at its sides and bottom) but runs along
/// the page's own top edge. The page placed from the zone had its top fitted at a line printed
/// across the page, 5.5% of the diagonal below the page's top; the outline's top line, met with
/// the placed page's sides, makes a TD3 page's shape and now gives the top
/// (`PassportPage.toppedByOutline`).
///
/// Made from a dev capture (`scripts/render-specimen` and `scripts/synthesize-captures
/// --per-image 4`, seed 30401, over the four passport designs): uto-30405-2, glare; kept as
/// synthesized (saved again at lower quality, its top was found without the outline).
@Suite("Passport pages topped by the located outline's top")
struct PassportOutlineTopTests {
    @Test("a page placed in the booklet's outline takes the outline's top where that makes a page's shape")
    func toppedByOutline() throws {
        let observed = try PassportPageFixture(folder: "PassportOutlineTop", name: "passport-uto-front-30405-2").observed()
        #expect(observed.document.confidence >= PassportRule.validConfidence)
        // At the printed line: 5.5% off; at the outline's top: 0.1%.
        #expect(observed.cornerError <= 0.02, "corners off by \(String(format: "%.1f", observed.cornerError * 100))% of the diagonal")
    }

    @Test("a placed page whose topped outline has no measurable perspective keeps its top")
    func unmeasuredShapeKept() throws {
        // A strongly foreshortened page (its sides as located a sixth short of a page's
        // width/height) and an outline whose top is a band across it: the band would make a
        // page's side ratio, but the perspective of that outline cannot be undone.
        let image = try Image(pixels: [UInt8](repeating: 128, count: 1600 * 1200 * 3), width: 1600, height: 1200,
                              bytesPerRow: 1600 * 3, format: .rgb)
        let page = Quad(topLeft: Point(x: 514.7, y: 1181.6), topRight: Point(x: 448.6, y: 122.1),
                        bottomRight: Point(x: 1207.4, y: 19.5), bottomLeft: Point(x: 1450.4, y: 1049.1))
        let located = Quad(topLeft: Point(x: 638.6, y: 1163.6), topRight: Point(x: 545.8, y: 109.0),
                           bottomRight: Point(x: 1207.4, y: 19.5), bottomLeft: Point(x: 1450.3, y: 1048.6))
        #expect(PassportPage.toppedByOutline(page, located: located, in: image) == page)
    }
}
