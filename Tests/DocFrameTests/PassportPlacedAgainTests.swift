import Foundation
import Testing
@testable import DocFrame

/// A tilted passport page whose zone read valid at once in the whole photo
/// (Fixtures/PassportPlacedAgain): the page placed from it by a similarity, which cannot show
/// the tilt's foreshortening, and the far-side search after it took a band across the page for
/// its top, 14.4% of the diagonal off. The page is now also placed again from the zone read in
/// the page flattened from the fit, its height measured through that perspective, and that
/// outline kept where the image's edges back it better and its shape is nearer a TD3 page's
/// (`PassportPage.betterBacked`).
///
/// Made from pass27's dev captures (/tmp/pass27-dev/captures: specimens rendered with seeds
/// 27001-27006, 8 captures each): zan-27003-3, tilted; saved again at JPEG quality 60.
@Suite("Passport pages placed again through the fit's perspective")
struct PassportPlacedAgainTests {
    @Test("a tilted page whose zone read valid at once is outlined near its own top")
    func placedAgain() throws {
        let observed = try PassportPageFixture(folder: "PassportPlacedAgain", name: "passport-zan-front-27003-3").observed()
        #expect(observed.document.confidence == PassportRule.validConfidence)
        // Placed once: 14.4% off; placed again: 2.5%.
        #expect(observed.cornerError <= 0.03, "corners off by \(String(format: "%.1f", observed.cornerError * 100))% of the diagonal")
    }
}
