import Foundation
import Testing
@testable import DocFrame

/// A passport page capture kept in a fixture folder beside Fixtures/Recognition, its sidecar
/// holding the page's outline: the page-outline suites (a side turned across a printed stripe, a
/// zone read short, a blurred page outlined again) each ask one to be named Passport and
/// outlined within some share of the diagonal.
struct PassportPageFixture {
    let folder: String
    let name: String

    var root: String { (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/\(folder)/" }

    /// The built-in recognizer's observation, required to name a Passport and to give corners,
    /// with the corners' distance from the sidecar's outline (`RecognitionFixtures.cornerError`).
    func observed(sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (observation: DocumentObservation, document: DocumentIdentity, cornerError: Double) {
        let observation = try RecognitionFixtures.builtIn.observe(Image(contentsOfFile: root + name + ".jpg"))
        let document = try #require(observation.document, "no document", sourceLocation: sourceLocation)
        #expect(document.templateId == PassportRule.templateId, sourceLocation: sourceLocation)
        let corners = try #require(observation.corners, "no corners", sourceLocation: sourceLocation)
        let truth = try RecognitionFixtures.truthCorners(sidecar: root + name + ".json")
        return (observation, document, RecognitionFixtures.cornerError(corners, truth))
    }
}
