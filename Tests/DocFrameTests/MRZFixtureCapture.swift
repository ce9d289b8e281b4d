import Foundation
import Testing
@testable import DocFrame

/// A passport capture kept in a fixture folder beside Fixtures/Recognition, its sidecar holding
/// the page's MRZ lines (`mrz`): the tests of one reading fault each (glare over the names, a
/// line box sitting low) ask the same of it, every line read exactly and the zone valid.
struct MRZFixtureCapture {
    let folder: String
    let name: String

    var root: String { (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/\(folder)/" }

    func truth() throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: root + name + ".json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["mrz"] as? [String])
    }

    /// Named Passport by the built-in recognizer, its TD3 zone valid and both lines exact.
    /// Compared as flags: a failure must not print the zone's characters.
    func expectReadExactly(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let observation = try RecognitionFixtures.builtIn.observe(Image(contentsOfFile: root + name + ".jpg"))
        #expect(observation.document?.templateId == PassportRule.templateId, sourceLocation: sourceLocation)
        let mrz = try #require(observation.mrz, "no MRZ", sourceLocation: sourceLocation)
        #expect(mrz.valid, sourceLocation: sourceLocation)
        let truth = try truth()
        #expect(mrz.lines.count == 2, sourceLocation: sourceLocation)
        #expect(mrz.lines.first == truth.first, "the names line differs from the page's", sourceLocation: sourceLocation)
        #expect(mrz.lines.last == truth.last, "line 2 differs from the page's", sourceLocation: sourceLocation)
    }
}
