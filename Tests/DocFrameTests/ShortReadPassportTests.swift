import Foundation
import Testing
@testable import DocFrame

/// Passport pages in view whole whose zone glare cut short (Fixtures/ShortReadPassports): the
/// line boxes end where the glare starts, the reader fits the cells in view to TD2, and the
/// document number, birth and expiry checks hold at a TD3 line's places. Before, such a zone
/// counted as another document's (a TD2 card's), so nothing else was asked of the page and the
/// photo was given no document; now a `P` zone read short, starting where a page has its zone
/// in an outline of a page's shape, names the outline Passport (`ShortReadPassportZone`).
///
/// Made from pass25's dev set: `render-specimen --design passport-uto|passport-val --side front
/// --seed 25200 --count 24`, `synthesize-captures --per-image 4 --seed 25200 --conditions
/// tilt,blur,cut_off,occluded,small,dark,glare,jpeg,shadow`: uto-25206-4 (glare, as made),
/// val-25211-2 (glare and shadow, saved again at JPEG quality 62).
@Suite("Passport zones read short by glare")
struct ShortReadPassportTests {
    @Test("a page whose zone glare cut short is a Passport of the zone's state, outlined",
          arguments: [("passport-uto-front-25206-4", "UTO"), ("passport-val-front-25211-2", "VAL")])
    func namedPassport(name: String, state: String) throws {
        let (observation, document, error) = try PassportPageFixture(folder: "ShortReadPassports", name: name).observed()
        #expect(document.jurisdiction == state)
        #expect(document.confidence == PassportRule.truncatedConfidence)
        // Part of a zone is no reading of it.
        #expect(observation.mrz == nil)
        #expect(error <= 0.01, "corners off by \(String(format: "%.1f", error * 100))% of the diagonal")
    }
}
