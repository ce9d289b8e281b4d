import Foundation
import Testing
@testable import DocFrame

/// Passport pages with a colour band printed down the left side (Fixtures/PassportEdges): the
/// band meets the page's white in a stronger edge than the page's own edge meets the table, so
/// the page's outline was fitted to the band's inner edge, 2% of the diagonal inside the page
/// (the corners then missed the 2% the issue asks for). Beside the zone the page is plain, and
/// the first edge met there going out from the zone's text is the page's
/// (`PassportPage.zoneEdgesFitted`).
///
/// Made from pass20's dev set: `render-specimen --design passport-orv --side front --seed 2001
/// --count 6`, `synthesize-captures --per-image 4 --seed 2001`; passport-orv-front-2004-3
/// (dark, upside down) and -2006-4 (tilted) shrunk to 1024 px across (box filter) and saved at
/// JPEG quality 70, their sidecars' corners and imageSize scaled alike.
@Suite("Passport page edges beside the zone")
struct PassportZoneEdgesTests {
    static let root = (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/PassportEdges/"

    static func truth(_ name: String) throws -> Quad {
        try RecognitionFixtures.truthCorners(sidecar: root + name + ".json")
    }

    @Test("the page is outlined at its own edge, not at the band printed along its side",
          arguments: ["passport-orv-front-2004-3", "passport-orv-front-2006-4"])
    func outlinedAtPageEdge(name: String) throws {
        let observation = try RecognitionFixtures.builtIn.observe(Image(contentsOfFile: Self.root + name + ".jpg"))
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == PassportRule.templateId)
        let corners = try #require(observation.corners, "no corners")
        // The band's edge lay 1.3-2.0% of the diagonal inside; the page's own edge within 0.2%.
        let error = RecognitionFixtures.cornerError(corners, try Self.truth(name))
        #expect(error <= 0.01, "corners off by \(String(format: "%.1f", error * 100))% of the diagonal")
    }
}
