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

extension MRZCommandTests {
    /// Fixtures/ReconciledCuts/passport-zan-front-7301-1: a bench-mrz dev capture (seed 7300,
    /// jpeg). The located outline's cut read the zone exactly, its checks holding but
    /// unconfirmed; the whole photo's cut, reported instead as valid, had a doubted Z for the I
    /// of a given name, which the outline's cut had read plainly (`MRZReader.reconciled`).
    @Test("the whole photo's valid reading takes the names the outline's cut read plainly: every line exact")
    func namesFromTheOutlinesCut() throws {
        let image = Self.fixtures.deletingLastPathComponent().appendingPathComponent("ReconciledCuts/passport-zan-front-7301-1.jpg")
        let result = try DocFrameProcess.run(["mrz", "--jobs", "1", image.path])
        #expect(result.status == 0)
        let record = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let mrz = try #require(record["mrz"] as? [String: Any])
        let lines = try #require(mrz["lines"] as? [String])
        let truth = try truth(image)
        // Compared as flags: a failure must not print the zone's characters.
        #expect(lines.first == truth.first, "the names line differs from the page's")
        #expect(lines.last == truth.last, "line 2 differs from the page's")
    }
}

extension MRZCommandTests {
    /// Fixtures/DimBlurredPassports: passport pages blurred past reading, which `docframe
    /// classify` names Passport by their zone's band and photo (DimBlurredPassportTests).
    /// `docframe mrz` names only a passport whose zone says so, and these zones read as nothing:
    /// before, it ran the band, photo and title tests as classify does and named them Passport.
    @Test("a passport page blurred past reading: no zone and no document from docframe mrz")
    func unreadPageNotNamed() throws {
        let root = Self.fixtures.deletingLastPathComponent().appendingPathComponent("DimBlurredPassports")
        let images = ["passport-zan-front-3302-2", "passport-orv-front-3304-3"].map { root.appendingPathComponent($0 + ".jpg") }
        let result = try DocFrameProcess.run(["mrz", "--jobs", "1"] + images.map(\.path))
        #expect(result.status == 0)
        let records = try result.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        try #require(records.count == images.count)
        for record in records {
            #expect(record["mrz"] is NSNull)
            #expect(record["document"] is NSNull)
        }
    }
}
