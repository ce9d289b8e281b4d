import Foundation
import Testing
@testable import DocFrame

/// Passport pages tilted so far that their top lies nearer the zone than the page placed from it
/// says (Fixtures/PassportSideEnds): 0.77-0.85 of the placed height, below the near search's
/// 0.92 (`PassportPage.heightRange`), which found no top edge there and kept a top 10.8% and
/// 16.0% of the diagonal off. Where the near search finds no top edge, the top is looked for
/// farther, where both sides' edges end (`PassportPage.sideEndHeightRange`).
///
/// Made from pass26's dev set: `render-specimen --design passport-uto|passport-zan --side front
/// --seed 26001 --count 6`, `synthesize-captures --per-image 8 --seed 26001 --conditions
/// cut_off,small,tilt,cut_off,small,tilt,blur,shadow` (uto-26002-3 tilted with a shadow,
/// zan-26002-8 tilted); shrunk to 1024 px across (box filter) and saved at JPEG quality 50,
/// their sidecars' corners and imageSize scaled alike.
@Suite("Passport page tops found where the sides end")
struct PassportSideEndTests {
    @Test("a page tilted beyond the near search is outlined at its own top",
          arguments: ["passport-uto-front-26002-3", "passport-zan-front-26002-8"])
    func topWhereSidesEnd(name: String) throws {
        let observed = try PassportPageFixture(folder: "PassportSideEnds", name: name).observed()
        #expect(observed.document.confidence == PassportRule.validConfidence)
        // Near search only: 10.8% and 16.0% off; by the sides' ends: 0.2% and 0.7%.
        #expect(observed.cornerError <= 0.02, "corners off by \(String(format: "%.1f", observed.cornerError * 100))% of the diagonal")
    }
}
