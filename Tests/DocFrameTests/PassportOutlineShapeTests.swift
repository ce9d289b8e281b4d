import Foundation
import Testing
@testable import DocFrame

/// A dark passport page on a dark table (Fixtures/PassportOutlineShapes), its zone read in the
/// whole photo and in the located outline. The page placed from the whole photo's zone took
/// the lower edge of the dark band printed across the page's top for the page's top (that edge
/// strong, the page's own top faint against the table), 7.9% of the diagonal off; the page
/// placed from the outline's zone was right, but its edges were backed less, so it lost. It
/// now stands where its shape is a TD3 page's and the other's is a sixth too short
/// (`Recognizer.outlinePlacedPage`).
///
/// Made from a dev capture (`scripts/render-specimen` and `scripts/synthesize-captures
/// --per-image 4`, seed 30301, over the four passport designs): zan-30301-4, dark; saved again
/// at JPEG quality 60.
@Suite("Passport pages placed from the outline when the other placement has no page's shape")
struct PassportOutlineShapeTests {
    @Test("a dark page on a dark table is outlined at its own top, not its header band's edge")
    func outlinedAtItsTop() throws {
        let observed = try PassportPageFixture(folder: "PassportOutlineShapes", name: "passport-zan-front-30301-4").observed()
        #expect(observed.document.confidence == PassportRule.validConfidence)
        // At the band's edge: 7.9% off; at the page's top: 0.1%.
        #expect(observed.cornerError <= 0.02, "corners off by \(String(format: "%.1f", observed.cornerError * 100))% of the diagonal")
    }
}
