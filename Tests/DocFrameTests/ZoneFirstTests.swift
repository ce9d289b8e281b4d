import Foundation
import Testing
@testable import DocFrame

/// The zone read before the card search (`Recognizer.readZoneFirst`): a photo page whose zone
/// holds every check is a passport before any card template is tried; cards pay no read for
/// it; and a trained passport design, when one is loaded, keeps its precedence over the rule.
@Suite("Zone read first") struct ZoneFirstTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TrainingData/samples")

    static func photo(_ name: String) throws -> Image {
        try Image(contentsOfFile: samples.appendingPathComponent(name).path)
    }

    @Test("a passport page whose zone holds every check is named before the card search, as that search named it")
    func passportPageFirst() throws {
        let recognizer = RecognitionFixtures.builtIn
        let image = try Self.photo("passport-uto-front-301-1.jpg")
        let located = try #require(try recognizer.locator.locate(in: image, limit: Recognizer.outlines).first)
        let zone = try #require(recognizer.readZoneFirst(in: image, located: located)?.zone)
        #expect(zone.result.valid)
        // The answer is the one the rule gives after the card search: the same document, zone and page.
        let observation = try recognizer.observe(image)
        #expect(observation.document?.templateId == PassportRule.templateId)
        #expect(observation.document?.confidence == PassportRule.validConfidence)
        #expect(observation.mrz?.lines == zone.result.lines)
    }

    @Test("an ID-1 card's outline is not read for a zone before classification")
    func cardsPayNothing() throws {
        let recognizer = RecognitionFixtures.builtIn
        for name in ["ca-on-dl-front-301-1.jpg", "ca-bc-dl-back-301-1.jpg"] {
            let image = try Self.photo(name)
            let located = try #require(try recognizer.locator.locate(in: image, limit: Recognizer.outlines).first)
            #expect(recognizer.readZoneFirst(in: image, located: located) == nil, "\(name)")
        }
    }

    @Test("with a passport design's template loaded, the card search runs first and the template may answer")
    func trainedPassportTemplateFirst() throws {
        // Any template of kind passport: the Ontario licence's front, relabelled.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zone-first-\(UUID().uuidString)/xx-passport-front")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        let builtIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates/ca-on-dl-front")
        try FileManager.default.copyItem(at: builtIn, to: folder)
        let manifest = folder.appendingPathComponent("template.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"id\": \"ca-on-dl-front\"", with: "\"id\": \"xx-passport-front\"")
            .replacingOccurrences(of: "\"kind\": \"driversLicense\"", with: "\"kind\": \"passport\"")
            .replacingOccurrences(of: "\"otherSide\": \"ca-on-dl-back\",", with: "")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let recognizer = try Recognizer(catalog: TemplateCatalog.load(directories: [folder.deletingLastPathComponent()]))
        #expect(recognizer.catalog.template(id: "xx-passport-front")?.kind == .passport)
        let image = try Self.photo("passport-uto-front-301-1.jpg")
        let located = try #require(try recognizer.locator.locate(in: image, limit: Recognizer.outlines).first)
        #expect(recognizer.readZoneFirst(in: image, located: located) == nil)
        // No template matches this page, so the rule still names it after the search.
        #expect(try recognizer.observe(image).document?.templateId == PassportRule.templateId)
    }
}
