import Foundation
import Testing
@testable import DocFrame

/// A tilted passport page whose located outline stops short of its zone
/// (Fixtures/PassportGrownOutlines): its bottom corners lie 8-12% of the diagonal inside the
/// page, across the zone's lines, so the outline's read finds no zone, and the whole-photo
/// scout, cutting the foreshortened lines as rectangles, reads two checks of five.
/// Before, the page was named only from its band and photo (Passport 0.6, no state, corners
/// 11.6% off); now the outline grown on every side is read (`grownOutlinePage`), its zone
/// holds every check, and the page is placed from it.
///
/// Made from pass27's dev set: `render-specimen --design passport-zan --side front --seed 27001
/// --count 6`, `synthesize-captures --per-image 4 --seed 27002 --conditions tilt,small,tilt,cut_off`:
/// zan-27003-1 (tilt), smoothed (Gaussian, radius 0.8) and saved again at JPEG quality 65.
@Suite("Passport pages outlined short of their zone")
struct PassportGrownOutlineTests {
    @Test("a tilted page outlined short of its zone is a Passport of the zone's state, outlined whole")
    func namedFromGrownOutline() throws {
        let (observation, document, error) = try PassportPageFixture(folder: "PassportGrownOutlines", name: "passport-zan-front-27003-1").observed()
        #expect(document.jurisdiction == "ZAN")
        #expect(document.confidence == PassportRule.validConfidence)
        #expect(observation.mrz?.valid == true)
        #expect(error <= 0.01, "corners off by \(String(format: "%.1f", error * 100))% of the diagonal")
    }
}
