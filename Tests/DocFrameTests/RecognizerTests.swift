import Foundation
import Testing
@testable import DocFrame

@Suite("Recognizer: built-in templates on test photos")
struct RecognizerTests {
    static let positives = RecognitionFixtures.captures().filter { !$0.negative }

    @Test("every built-in side is recognised on its photos, upright ones with their corners")
    func everySideRecognised() throws {
        let recognizer = RecognitionFixtures.builtIn
        var seen = Set<String>()
        for capture in Self.positives {
            let observation = try recognizer.observe(try Image(contentsOfFile: capture.path))
            #expect(observation.document?.templateId == capture.templateId, "\(capture.name)")
            if let document = observation.document, document.templateId == capture.templateId {
                seen.insert(document.templateId)
                #expect(document.confidence >= 0.5 && document.confidence <= 1)
            }
            if let truth = capture.corners, let found = observation.corners {
                #expect(RecognitionFixtures.cornerError(found, truth) < 0.02, "\(capture.name)")
            }
        }
        let builtIn = Set(recognizer.catalog.templates.map(\.id))
        #expect(builtIn.count == 12)
        #expect(seen == builtIn)
    }

    @Test("upside-down photos report 180 and sideways ones 90 or 270, with the document's own corners")
    func orientation() throws {
        let recognizer = RecognitionFixtures.builtIn
        let turned = Self.positives.filter { $0.conditions.contains("upside_down") || $0.conditions.contains("sideways") }
        #expect(turned.count >= 6)
        for capture in turned {
            let observation = try recognizer.observe(try Image(contentsOfFile: capture.path))
            let degrees = try #require(observation.orientation?.degrees, "\(capture.name)")
            if capture.conditions.contains("upside_down") {
                #expect(degrees == 180, "\(capture.name)")
            } else {
                #expect(degrees == 90 || degrees == 270, "\(capture.name)")
            }
            #expect(degrees == capture.orientation, "\(capture.name)")
            // The document's own top-left, not the image's: exact order, no rotation allowed.
            if let truth = capture.corners, let found = observation.corners {
                #expect(found.maxCornerDistance(to: truth) < 0.02 * truth.diagonal, "\(capture.name)")
            }
        }
    }

    @Test("negatives (receipts, playing cards, empty tables...) give no document")
    func negatives() throws {
        let recognizer = RecognitionFixtures.builtIn
        let negatives = RecognitionFixtures.captures().filter(\.negative)
        #expect(negatives.count >= 3)
        for capture in negatives {
            let observation = try recognizer.observe(try Image(contentsOfFile: capture.path))
            #expect(observation.document == nil, "\(capture.name): \(observation.document?.templateId ?? "")")
        }
    }

    @Test("locate-only observations carry corners and quality but no document")
    func locateOnly() throws {
        let capture = try #require(Self.positives.first { $0.conditions == ["clean"] })
        let observation = try RecognitionFixtures.builtIn.observe(try Image(contentsOfFile: capture.path), options: .locateOnly)
        #expect(observation.document == nil)
        let quality = try #require(observation.quality)
        #expect(quality.coverage > 0.05 && quality.coverage < 1)
        #expect(!quality.cutOff)
        #expect(quality.glare >= 0 && quality.glare <= 1 && quality.blur >= 0 && quality.blur <= 1)
    }

    @Test("as a capture session's frame analyzer: locate-only frames are cheap, classify frames name the document")
    func frameAnalyzer() throws {
        let capture = try #require(Self.positives.first { $0.conditions == ["clean"] })
        let frame = try Image(contentsOfFile: capture.path)
        let analyzer: any FrameAnalyzing = RecognitionFixtures.builtIn
        let located = try analyzer.analyze(frame, request: AnalysisRequest(depth: .locate))
        #expect(located.document == nil && located.corners != nil)
        let classified = try analyzer.analyze(frame, request: AnalysisRequest(depth: .locateAndClassify))
        #expect(classified.document?.templateId == capture.templateId)
    }

    @Test("no templates at all: documents are located, never named")
    func emptyCatalog() throws {
        let recognizer = try Recognizer(catalog: TemplateCatalog())
        let capture = try #require(Self.positives.first)
        let observation = try recognizer.observe(try Image(contentsOfFile: capture.path))
        #expect(observation.document == nil)
        #expect(observation.corners != nil)
    }
}

@Suite("Recognizer: images too small or too thin to hold a document")
struct DegenerateImageTests {
    /// A gray image; its content does not matter, its shape does.
    static func flat(width: Int, height: Int) throws -> Image {
        try Image(pixels: [UInt8](repeating: 128, count: width * height * 3), width: width, height: height,
                  bytesPerRow: width * 3, format: .bgr)
    }

    // Each once raised OpenCV's resize assertion as an internal error, or would: a one-pixel
    // image, one-pixel strips both ways, a strip whose working copy has a short side under 1.
    @Test("observed as no document, not as an error, on every path", arguments: [(1, 1), (1, 500), (500, 1), (31, 400), (36, 2000), (3000, 40)])
    func noDocumentNoError(size: (Int, Int)) throws {
        let recognizer = RecognitionFixtures.builtIn
        let image = try Self.flat(width: size.0, height: size.1)
        let observation = try recognizer.observe(image)
        #expect(observation.document == nil && observation.corners == nil && observation.mrz == nil)
        #expect(Set(observation.timingMs.keys) == ["locate", "classify", "ocr", "mrz"])
        #expect(try recognizer.locator.locate(in: image).isEmpty)
        for depth in [AnalysisDepth.locate, .locateAndClassify] {
            let frame = try recognizer.analyze(image, request: AnalysisRequest(depth: depth))
            #expect(frame.document == nil && frame.corners == nil)
        }
    }

    @Test("a small but whole image is still looked at")
    func smallImageStillObserved() throws {
        let image = try Self.flat(width: 64, height: 48)
        #expect(!DocumentLocator.holdsNoDocument(image))
        let observation = try RecognitionFixtures.builtIn.observe(image)
        #expect(observation.document == nil)
    }
}
