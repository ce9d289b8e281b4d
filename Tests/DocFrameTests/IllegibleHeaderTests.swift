import Foundation
import Testing
@testable import DocFrame

/// Twins (a province's licence and its photo card) told apart by a header Tesseract read as
/// garbage: a guess, not a confident answer (`DocumentClassifier.legibleHeader`).
/// Fixture: a dev capture (render seed 38100, synthesis seed 38201, motion blur 32 px; not the
/// evaluation set), its bytes as the generator wrote them (re-encoded, its header read otherwise).
@Suite("Twins chosen by an illegible header")
struct IllegibleHeaderTests {
    @Test("a blurred licence front whose header reads as garbage is never named its twin confidently")
    func illegibleHeaderIsAGuess() throws {
        let capture = try RecognitionFixtures.capture("ca-on-dl-front-38102-1.jpg", in: "blurred-cards")
        #expect(capture.conditions.contains("blur"))
        let observation = try RecognitionFixtures.observe(capture)
        // Before: the photo card at 0.9 (its header read "ANT ARTE PERI FT" at confidence 0.28).
        let document = try #require(observation.document)
        if document.templateId != capture.templateId {
            #expect(document.confidence < 0.8, "\(document.templateId) at \(document.confidence)")
        }
    }
}
