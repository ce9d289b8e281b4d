import Foundation
import Testing
@testable import DocFrame

@Suite("Templates: template.json, catalog, training")
struct TemplateTests {
    static let valid = """
    {"version": 1, "id": "xx-test-front", "label": {"en": "Test Card", "fr": "Carte d'essai"}, "kind": "idCard",
     "jurisdiction": "XX", "side": "front", "format": "ID-1", "size": [1012, 638], "otherSide": "xx-test-back",
     "policy": "unusable", "regions": {"header": {"rect": [300, 20, 600, 90], "text": "TEST CARD"}, "photo": {"rect": [40, 150, 260, 330]}}}
    """

    /// A fresh temporary folder for one test's files; the test removes it (`defer`), so runs leave nothing in /tmp.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docframe-template-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("template.json is read field by field and written back the same")
    func roundTrip() throws {
        let t = try DocumentTemplate.parse(Data(Self.valid.utf8), source: "t.json")
        #expect(t.id == "xx-test-front" && t.kind == .idCard && t.side == .front && t.policy == .unusable)
        #expect(t.label[.fr] == "Carte d'essai" && t.label[.es] == "Test Card")
        #expect(t.otherSide == "xx-test-back" && t.width == 1012 && t.height == 638)
        #expect(t.region("header")?.text == "TEST CARD" && t.region("photo")?.width == 260)
        let again = try DocumentTemplate.parse(Data(t.jsonValue().rendered().utf8), source: "again")
        #expect(again.jsonValue() == t.jsonValue())
    }

    @Test("malformed template.json gives invalidTemplate naming the file", arguments: [
        "not json at all",
        "[1, 2, 3]",
        #"{"version": 1, "id": "a", "kind": "idCard", "jurisdiction": "XX", "side": "front"}"#,
        #"{"version": 1, "id": "a", "label": {"en": "A"}, "kind": "spaceship", "jurisdiction": "XX", "side": "front"}"#,
        #"{"version": 1, "id": "a", "label": {"en": "A"}, "kind": "idCard", "jurisdiction": "XX", "side": "top"}"#,
        #"{"version": 1, "id": "a", "label": {"en": "A"}, "kind": "idCard", "jurisdiction": "XX", "side": "front", "size": [10, 10]}"#,
        #"{"version": 1, "id": "a", "label": {"en": "A"}, "kind": "idCard", "jurisdiction": "XX", "side": "front", "regions": {"header": {"rect": [900, 0, 500, 90]}}}"#,
        #"{"version": 2, "id": "a", "label": {"en": "A"}, "kind": "idCard", "jurisdiction": "XX", "side": "front"}"#,
        #"{"version": 1, "id": "../etc", "label": {"en": "A"}, "kind": "idCard", "jurisdiction": "XX", "side": "front"}"#,
    ])
    func malformed(json: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: template.appendingPathComponent("template.json"))
        do {
            _ = try TemplateCatalog.load(directories: [folder], includeBuiltin: false)
            Issue.record("accepted: \(json)")
        } catch let error as DocFrameError {
            #expect(error.code == .invalidTemplate)
            #expect(error.message.contains("template.json"))
        }
    }

    @Test("a template whose features file is missing or corrupt is refused, not crashed on")
    func badFeatures() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.valid.utf8).write(to: folder.appendingPathComponent("template.json"))
        #expect(throws: DocFrameError.self) { try TemplateCatalog.load(directories: [folder], includeBuiltin: false) }
        try Data("garbage, not a features file".utf8).write(to: folder.appendingPathComponent(DocumentTemplate.featuresName))
        let catalog = try TemplateCatalog.load(directories: [folder], includeBuiltin: false)
        do {
            _ = try Recognizer(catalog: catalog)
            Issue.record("a corrupt features file was accepted")
        } catch let error as DocFrameError {
            #expect(error.code == .invalidTemplate)
            #expect(error.message.contains(DocumentTemplate.featuresName))
        }
    }

    @Test("a template whose reference image is missing, corrupt or of another size is refused naming it", arguments: ["missing", "corrupt", "wrongSize"])
    func badReference(damage: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let builtIn = try #require(TemplateCatalog.load().template(id: "ca-bc-dl-front")?.folder)
        let copy = folder.appendingPathComponent("ca-bc-dl-front")
        try FileManager.default.copyItem(at: builtIn, to: copy)
        let reference = copy.appendingPathComponent(DocumentTemplate.referenceName)
        switch damage {
        case "missing": try FileManager.default.removeItem(at: reference)
        case "corrupt": try Data("not a JPEG".utf8).write(to: reference)
        default: try TestImages.halves(width: 500, height: 300).write(to: reference.path, as: .jpeg(quality: 80))
        }
        let catalog = try TemplateCatalog.load(directories: [folder], includeBuiltin: false)
        do {
            _ = try Recognizer(catalog: catalog)
            Issue.record("a \(damage) reference was accepted")
        } catch let error as DocFrameError {
            #expect(error.code == .invalidTemplate)
            #expect(error.message.contains(DocumentTemplate.referenceName))
        }
    }

    @Test("a later template with the same id replaces the earlier one in place")
    func laterReplaces() throws {
        var a = try DocumentTemplate.parse(Data(Self.valid.utf8), source: "a")
        var catalog = TemplateCatalog(templates: [a])
        a.label = LocalizedText(en: "Replaced")
        catalog.add(a)
        #expect(catalog.templates.count == 1)
        #expect(catalog.template(id: "xx-test-front")?.label.en == "Replaced")
    }

    @Test("the built-in templates load and are complete")
    func builtIn() throws {
        let catalog = try TemplateCatalog.load()
        let ids = Set(catalog.templates.map(\.id))
        for design in ["ca-on-dl", "ca-on-photo", "ca-on-health", "ca-qc-dl", "ca-bc-dl", "ca-pr"] {
            #expect(ids.contains("\(design)-front") && ids.contains("\(design)-back"))
        }
        #expect(catalog.template(id: "ca-on-health-front")?.policy == .unusable)
        #expect(catalog.template(id: "ca-pr-back")?.jurisdiction == "CA")
        #expect(catalog.templates.allSatisfy { $0.region("header") != nil })
    }
}

@Suite("TemplateTrainer: a design held out of Templates/")
struct HeldOutTemplateTests {
    @Test("trained from 5 photos, it recognises its own captures and steals none of the built-in ones")
    func heldOutDesign() throws {
        let samples = RecognitionFixtures.captures(in: "heldout/samples")
        #expect(samples.count == 5)
        let out = try TemplateTests.temporaryFolder().appendingPathComponent("passport-zan-front")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let template = DocumentTemplate(id: "passport-zan-front", label: LocalizedText(en: "Zanaria Passport"), kind: .passport,
                                        jurisdiction: "ZA", side: .front, format: .td3)
        let trainer = TemplateTrainer(existing: try TemplateCatalog.load())
        let report = try trainer.train(template, samples: samples.map { ($0.path, try Image(contentsOfFile: $0.path)) }, output: out)
        #expect(report.keypoints >= 100)
        #expect(report.blankedShare > 0.02, "personal data must be blanked")
        for name in [DocumentTemplate.fileName, DocumentTemplate.referenceName, DocumentTemplate.featuresName] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path))
        }
        #expect(!report.warnings.contains { $0.contains("recognised as the existing template") })

        let recognizer = try Recognizer(catalog: TemplateCatalog.load(directories: [out], includeBuiltin: true))
        for capture in RecognitionFixtures.captures(in: "heldout/captures") {
            let observation = try recognizer.observe(try Image(contentsOfFile: capture.path))
            #expect(observation.document?.templateId == "passport-zan-front", "\(capture.name)")
            #expect(observation.orientation?.degrees == capture.orientation, "\(capture.name)")
        }
        for capture in RecognitionFixtures.captures() {
            let observation = try recognizer.observe(try Image(contentsOfFile: capture.path))
            #expect(observation.document?.templateId != "passport-zan-front", "\(capture.name) was stolen")
        }
    }
}
