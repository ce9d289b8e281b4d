import Foundation
import Testing
@testable import DocFrame

/// The title `template train` writes into a template's header region, which the classifier
/// reads to tell look-alikes apart: read from the reference alone, one reading decides, and a
/// retrain of the Ontario photo card's back from TrainingData read it "PHOTO CARD ONTARIO
/// SERVICEONTARIC" (a word lost, a letter misread).
@Suite("TemplateTrainer: the header's title as the samples agree on it")
struct TrainedHeaderTextTests {
    static let flat: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TrainingData/flat").path

    static func train(_ design: String, _ side: DocumentSide, label: String, into folder: URL) throws -> DocumentTemplate {
        let paths = (1...4).map { "\(flat)/\(design)-\(side.rawValue)-\($0).jpg" }
        var trainer = TemplateTrainer(existing: TemplateCatalog(templates: []))
        trainer.checkConfusion = false
        let template = DocumentTemplate(id: "\(design)-\(side.rawValue)", label: LocalizedText(en: label), kind: .idCard,
                                        jurisdiction: "CA-ON", side: side, format: .id1,
                                        otherSide: "\(design)-\(side == .front ? "back" : "front")")
        return try trainer.train(template, samples: paths.map { ($0, try Image(contentsOfFile: $0)) },
                                 output: folder.appendingPathComponent(template.id)).template
    }

    @Test("the photo card back's title keeps every word its samples print")
    func titleVotedAcrossSamples() throws {
        let folder = try TemplateTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = try Self.train("ca-on-photo", .back, label: "Ontario Photo Card", into: folder)
        let text = try #require(template.region("header")?.text)
        #expect(text.contains("CARTE-PHOTO"), "\(text)")
        #expect(text.contains("SERVICEONTARIO"), "\(text)")
    }

    @Test("training twice from the same samples writes the same template")
    func deterministic() throws {
        let folder = try TemplateTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.train("ca-on-photo", .back, label: "Ontario Photo Card", into: folder.appendingPathComponent("a"))
        _ = try Self.train("ca-on-photo", .back, label: "Ontario Photo Card", into: folder.appendingPathComponent("b"))
        for name in [DocumentTemplate.fileName, DocumentTemplate.referenceName, DocumentTemplate.featuresName] {
            let a = try Data(contentsOf: folder.appendingPathComponent("a/ca-on-photo-back/\(name)"))
            let b = try Data(contentsOf: folder.appendingPathComponent("b/ca-on-photo-back/\(name)"))
            #expect(a == b, "\(name) differs between two trainings")
        }
    }
}
