import Foundation
import Testing
@testable import DocFrame

/// Blurred passport pages whose only outline the locator's searches for a blurred card found
/// (its half-size and low-threshold retries; Fixtures/PassportsOutlinedAgain). The zone's band and the photo
/// beside the fields are asked of such an outline as of any other (`PassportPhotoColumn`
/// refuses a letter's text block, whose lines cross the photo's place too); before, such
/// outlines were left out and the pages given no document.
///
/// Made from pass25's dev set: `render-specimen --design passport-uto --side front --seed 25200
/// --count 24`, `synthesize-captures --per-image 4 --seed 25200 --conditions
/// tilt,blur,cut_off,occluded,small,dark,glare,jpeg,shadow`: uto-25223-3 (defocus 10 px, as made),
/// uto-25205-3 (defocus 13 px, shrunk to 1024 px across (box filter) at JPEG quality 70, its
/// sidecar's corners and imageSize scaled alike).
@Suite("Blurred passport pages outlined by the blurred-card searches")
struct PassportOutlinedAgainTests {
    @Test("a blurred page whose outline only a blurred-card search found is an unread Passport, outlined",
          arguments: ["passport-uto-front-25223-3", "passport-uto-front-25205-3"])
    func namedPassport(name: String) throws {
        let (_, document, error) = try PassportPageFixture(folder: "PassportsOutlinedAgain", name: name).observed()
        #expect(document.confidence == PassportRule.unreadConfidence)
        #expect(error <= 0.015, "corners off by \(String(format: "%.1f", error * 100))% of the diagonal")
    }
}
