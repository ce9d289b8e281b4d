import Foundation
import Testing
@testable import DocFrame

/// A clean passport page whose zone's 44-character lines, placed in TD2's 36 cells, passed all
/// four of TD2's checks by chance (a TD3 line's first 28 cells have TD2's layout, and the
/// composite held once in ten), while the TD3 reading, passing all five of its own, still waited
/// for a second cut to confirm a doubted character. The valid TD2 reading won: the page was given
/// no document, its zone read as TD2 (Fixtures/SqueezedZones). ICAO 9303 issues TD2 documents
/// with codes A, C, I and V only, so a TD2 reading of code P no longer displaces a TD3 reading
/// that passes more checks (`MRZReader.readGroup`).
///
/// Made from pass31's dev set (`render-specimen` over the four passport designs, seed 31301,
/// `synthesize-captures --per-image 4 --seed 31301`): passport-uto-front-31305-3, clean, kept as
/// synthesized (saved again at JPEG quality 70, its zone read right before the change too).
@Suite("MRZ: a passport zone squeezed into TD2's cells")
struct MRZSqueezedZoneTests {
    @Test("a passport page whose zone also reads as a valid TD2 is read as its TD3 and named Passport")
    func readAsTD3() throws {
        let fixture = PassportPageFixture(folder: "SqueezedZones", name: "passport-uto-front-31305-3")
        let observed = try fixture.observed()
        let mrz = try #require(observed.observation.mrz, "no MRZ")
        #expect(mrz.format == .td3)
        #expect(mrz.valid)
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.root + fixture.name + ".json")))
        let truth = try #require((sidecar as? [String: Any])?["mrz"] as? [String])
        #expect(mrz.lines == truth)
        #expect(observed.cornerError <= 0.02, "corners off by \(String(format: "%.1f", observed.cornerError * 100))% of the diagonal")
    }
}
