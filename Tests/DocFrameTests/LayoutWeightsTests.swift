import Foundation
import Testing
@testable import DocFrame

/// The layout cue weighs a template's reference by where its training samples agreed: a card's
/// personal data (the barcode that fills a third of a license's back, the photo, the name) is
/// another pattern on every card and says nothing about the design.
@Suite("Layout weighted by the template's stable design")
struct LayoutWeightsTests {
    static let testData = DifficultCaptureTests.testData

    /// Unseen backs (TrainingData/test: people the templates were not trained on) whose barcode
    /// or photo covers much of the card.
    static let backs = ["ca-qc-dl-back-201-1", "ca-qc-dl-back-202-2", "ca-qc-dl-back-203-1",
                        "ca-bc-dl-back-201-1", "ca-bc-dl-back-202-2", "ca-bc-dl-back-203-1"]

    @Test("a barcode-heavy back flattened by its true corners looks like its own design once personal data is left out")
    func barcodeBacks() throws {
        let templates = RecognitionFixtures.builtIn.catalog.templates
        let references = try templates.map { t -> (plain: LayoutSignature, weighted: LayoutSignature) in
            let reference = try Image(contentsOfFile: try #require(t.referenceURL).path)
            let features = try NativeFeatures.load(from: try #require(t.featuresURL))
            return (try LayoutSignature(of: reference), try LayoutSignature(of: reference, stability: features))
        }
        for name in Self.backs {
            let truth = try DifficultCaptureTests.truth(name)
            let k = try #require(templates.firstIndex { $0.id == truth.templateId })
            let t = templates[k]
            let photo = try Image(contentsOfFile: Self.testData + "/" + name + ".jpg")
            let flattened = try photo.warped(truth.corners, width: DocumentClassifier.workWidth,
                                             height: DocumentClassifier.workWidth * t.height / t.width)
            let query = try LayoutSignature(of: flattened)
            let plain = try query.similarity(to: references[k].plain).upright
            let weighted = try query.similarity(to: references[k].weighted).upright
            // Measured: 0.53-0.81 unweighted, 0.12-0.18 more weighted.
            #expect(weighted >= plain + 0.08, "\(name): weighted \(weighted), plain \(plain)")
            // Still its own design's, and only upright (other sides and designs weighted too).
            for (j, other) in templates.enumerated() where j != k {
                let s = try query.similarity(to: references[j].weighted)
                #expect(weighted > max(s.upright, s.turned), "\(name) vs \(other.id)")
            }
        }
    }

    @Test("the layout comparison gives exactly the plain computation's similarities, weighted or not, upright and turned")
    func sameAsPlain() throws {
        let templates = RecognitionFixtures.builtIn.catalog.templates
        let references = try templates.map { t -> [LayoutSignature] in
            let reference = try Image(contentsOfFile: try #require(t.referenceURL).path)
            let features = try NativeFeatures.load(from: try #require(t.featuresURL))
            return [try LayoutSignature(of: reference), try LayoutSignature(of: reference, stability: features)]
        }.flatMap { $0 }
        var compared = 0
        for name in Self.backs.prefix(3) {
            let photo = try Image(contentsOfFile: Self.testData + "/" + name + ".jpg")
            let query = try LayoutSignature(of: photo.resized(width: DocumentClassifier.workWidth, height: DocumentClassifier.workWidth * 5 / 8))
            for reference in references {
                let fast = try query.similarity(to: reference)
                let plain = try query.similarity(to: reference, plainly: true)
                #expect(fast.upright == plain.upright && fast.turned == plain.turned, "\(name): \(fast) against \(plain)")
                compared += 1
            }
        }
        #expect(compared == 3 * 2 * templates.count)
    }

    @Test("the prepared references give exactly each reference's own similarities, with and without weights or a layout")
    func preparedSameAsPairwise() throws {
        let templates = RecognitionFixtures.builtIn.catalog.templates
        // Weighted and plain references of every template, and a template without a layout.
        var layouts: [LayoutSignature?] = try templates.flatMap { t -> [LayoutSignature?] in
            let reference = try Image(contentsOfFile: try #require(t.referenceURL).path)
            let features = try NativeFeatures.load(from: try #require(t.featuresURL))
            return [try LayoutSignature(of: reference), try LayoutSignature(of: reference, stability: features)]
        }
        layouts.insert(nil, at: 3)
        let prepared = try LayoutReferences(layouts)
        for name in Self.backs.prefix(3) {
            let photo = try Image(contentsOfFile: Self.testData + "/" + name + ".jpg")
            let query = try LayoutSignature(of: photo.resized(width: DocumentClassifier.workWidth, height: DocumentClassifier.workWidth * 5 / 8))
            let all = try prepared.similarities(of: query)
            #expect(all.count == layouts.count)
            for (i, layout) in layouts.enumerated() {
                guard let layout else {
                    #expect(all[i].upright == -1 && all[i].turned == -1)
                    continue
                }
                let own = try query.similarity(to: layout)
                #expect(all[i].upright == own.upright && all[i].turned == own.turned, "\(name) #\(i): \(all[i]) against \(own)")
            }
        }
    }
}
