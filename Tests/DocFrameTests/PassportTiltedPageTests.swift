import Foundation
import Testing
@testable import DocFrame

/// Tilted passport pages whose zone reads (Fixtures/PassportTilted): the page placed from the
/// zone found in the whole photo had its top taken at a band printed across the page or at the
/// booklet's fold (13-19% of the diagonal off), while the page placed from the zone read in the
/// located outline, flattened by that outline's perspective, had it right. Where the two agree
/// at the zone, the outline's page stands (`Recognizer.outlinePlacedPage`).
///
/// Made from pass21's dev set: `render-specimen --design passport-zan|passport-orv --side front
/// --seed 3001 --count 6`, `synthesize-captures --per-image 2 --seed 3005 --conditions tilt`;
/// passport-zan-front-3004-2 and passport-orv-front-3002-1 shrunk to 1024 px across (box
/// filter) and saved at JPEG quality 70, their sidecars' corners and imageSize scaled alike.
@Suite("Tilted passport pages")
struct PassportTiltedPageTests {
    static let root = (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/PassportTilted/"

    static func truth(_ name: String) throws -> Quad {
        try RecognitionFixtures.truthCorners(sidecar: root + name + ".json")
    }

    @Test("a tilted page is outlined at its own top edge, not at a band printed across it",
          arguments: ["passport-zan-front-3004-2", "passport-orv-front-3002-1"])
    func outlinedAtTop(name: String) throws {
        let observation = try RecognitionFixtures.builtIn.observe(Image(contentsOfFile: Self.root + name + ".jpg"))
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == PassportRule.templateId && document.confidence == PassportRule.validConfidence)
        let corners = try #require(observation.corners, "no corners")
        // The scout's page was 13.5-18.8% of the diagonal off at its top; the outline's within 0.6%.
        let error = RecognitionFixtures.cornerError(corners, try Self.truth(name))
        #expect(error <= 0.02, "corners off by \(String(format: "%.1f", error * 100))% of the diagonal")
    }
}
