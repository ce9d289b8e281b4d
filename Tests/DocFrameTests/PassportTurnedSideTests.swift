import Foundation
import Testing
@testable import DocFrame

/// Passport pages whose side fit turned a side across two edges (Fixtures/PassportTurnedSides):
/// the orv page's stripe down its left side ends at the zone's band, so the fit took the
/// stripe's inner edge above the band and the page's own edge in the band's rows, and the line
/// through both put the top-left corner 2.6% of the diagonal off; the uto page's right side
/// turned the same way. The page placed from the zone read in the located outline carries that
/// outline's perspective: a side fitted at another direction is fitted again at the placed
/// direction (`PassportPage.sidesTurnedBack`).
///
/// Made from pass24's dev set: `render-specimen --design passport-orv|passport-uto --side front
/// --seed 3701 --count 6`, `synthesize-captures --per-image 8` with `--seed 3701` (orv-3701-7,
/// glare) and `--seed 3702 --conditions tilt,cut_off,blur,small,glare,dark,shadow,jpeg,occluded`
/// (uto-3703-7, tilted); shrunk to 1024 px across (box filter) and saved at JPEG quality 50,
/// their sidecars' corners and imageSize scaled alike.
@Suite("Passport page sides turned across two edges")
struct PassportTurnedSideTests {
    @Test("a side fitted across a printed stripe and the page's edge is found again along the page",
          arguments: ["passport-orv-front-3701-7", "passport-uto-front-3703-7"])
    func sideAlongPage(name: String) throws {
        // Turned: 2.6% and 1.5% of the diagonal off at a top corner; found again: within 0.2%.
        let error = try PassportPageFixture(folder: "PassportTurnedSides", name: name).observed().cornerError
        #expect(error <= 0.01, "corners off by \(String(format: "%.1f", error * 100))% of the diagonal")
    }
}
