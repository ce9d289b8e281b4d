import Foundation
import Testing
@testable import DocFrame

/// The names line, which no check digit covers: a misread there passes every check, so what
/// is reported must rest on the zone's cuts agreeing, never on `valid`.
@Suite("MRZ names line")
struct MRZNameLineTests {
    /// A passport page with glare over the given names (Fixtures/GlaredNames), made from an
    /// MRZ dev capture (not scripts/make-recognition-fixtures, which rewrites its own folder):
    /// `render-specimen --design D --side front --seed 6601 --count 12` for the four passport
    /// designs and ca-pr's back, `synthesize-captures --per-image 3 --seed 6601` over them;
    /// passport-uto-front-6607-1.jpg cropped to the page's rows (y 272..904) and saved at JPEG
    /// quality 60, its sidecar's corners and imageSize moved alike. The first cut read a
    /// washed-out letter of the name as another, doubting it; of the two other cuts one read it
    /// plainly and right, the other doubted it and read a filler: the tie kept the misreading,
    /// and the MRZ came out valid with a wrong name.
    static let root = (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/GlaredNames/"
    static let name = "passport-uto-front-6607-1"

    static func truth() throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: root + name + ".json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["mrz"] as? [String])
    }

    @Test("a name partly washed out by glare is read exactly, every line")
    func glaredNameExact() throws {
        let observation = try RecognitionFixtures.builtIn.observe(Image(contentsOfFile: Self.root + Self.name + ".jpg"))
        #expect(observation.document?.templateId == PassportRule.templateId)
        let mrz = try #require(observation.mrz, "no MRZ")
        #expect(mrz.valid)
        // Compared as flags: a failure must not print the zone's characters.
        let truth = try Self.truth()
        #expect(mrz.lines.count == 2)
        #expect(mrz.lines.first == truth.first, "the names line differs from the page's")
        #expect(mrz.lines.last == truth.last, "line 2 differs from the page's")
    }
}
