import Foundation
import Testing

/// `docframe mrz` (DESIGN.md): classify's lines with `mrz` filled where a zone is read, and
/// `document` only for a passport recognised by rule.
@Suite struct MRZCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Recognition")

    func truth(_ image: URL) throws -> [String] {
        let sidecar = image.deletingPathExtension().appendingPathExtension("json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: sidecar)) as? [String: Any]
        return try #require(json?["mrz"] as? [String])
    }

    @Test("passport photos and a card back: every line exact and valid, the passport named by rule, the document's outline given")
    func readsPassportsAndCards() throws {
        let passport = Self.fixtures.appendingPathComponent("passport-pages/passport-val-front-321-3.jpg")
        let card = Self.fixtures.appendingPathComponent("captures/ca-pr-back-301-1.jpg")
        let result = try DocFrameProcess.run(["mrz", "--jobs", "1", passport.path, card.path])
        #expect(result.status == 0)
        let records = try result.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        try #require(records.count == 2)
        for (record, image) in zip(records, [passport, card]) {
            let mrz = try #require(record["mrz"] as? [String: Any])
            #expect(mrz["lines"] as? [String] == (try truth(image)))
            #expect(mrz["valid"] as? Bool == true)
            #expect(record["corners"] is [[Double]])
        }
        #expect((records[0]["document"] as? [String: Any])?["label"] as? String == "Passport")
        #expect(records[1]["document"] is NSNull)
    }
}
