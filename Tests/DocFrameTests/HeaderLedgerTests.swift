import Testing
@testable import DocFrame

/// A header read clearly on one fit of a card counts against the answer another fit gave.
@Suite("Header ledger: a clear reading of a card vetoes an unsure answer from another fit")
struct HeaderLedgerTests {
    static let card = Quad(x: 200, y: 400, width: 1000, height: 630)
    // Templates 0 and 1 are twins (a licence and a photo card on the same artwork); 2 stands alone.
    static let twins = [[1], [0], []]

    static func answer(_ template: Int, confidence: Double, at corners: Quad = card, supported: Bool = false) -> ClassificationResult {
        ClassificationResult(templateIndex: template, confidence: confidence, bestIndex: template, corners: corners,
                             path: .flattened, headerSupported: supported)
    }

    static func contradiction(_ template: Int, at corners: Quad = card) -> ClassificationResult {
        ClassificationResult(templateIndex: nil, confidence: 0.49, bestIndex: template, corners: corners,
                             path: .flattened, headerContradicted: true)
    }

    @Test("an unsure answer for a template (or its twin) whose header another fit read as another document gives no document")
    func vetoed() {
        var ledger = HeaderLedger()
        ledger.note(Self.contradiction(0, at: Quad(x: 190, y: 380, width: 1030, height: 660)), twins: Self.twins)
        let licence = ledger.vetted(Self.answer(0, confidence: 0.5))
        #expect(licence.templateIndex == nil)
        #expect(licence.confidence < DocumentClassifier.threshold)
        #expect(ledger.vetted(Self.answer(1, confidence: 0.61)).templateIndex == nil)
    }

    @Test("a sure answer, one its own header chose, another template or another card stands")
    func stands() {
        var ledger = HeaderLedger()
        ledger.note(Self.contradiction(0), twins: Self.twins)
        #expect(ledger.vetted(Self.answer(0, confidence: 0.9)).templateIndex == 0)
        #expect(ledger.vetted(Self.answer(0, confidence: 0.6, supported: true)).templateIndex == 0)
        #expect(ledger.vetted(Self.answer(2, confidence: 0.6)).templateIndex == 2)
        let otherCard = Quad(x: 1500, y: 100, width: 500, height: 315)
        #expect(ledger.vetted(Self.answer(0, confidence: 0.6, at: otherCard)).templateIndex == 0)
        // Results without a contradiction leave the ledger empty.
        var quiet = HeaderLedger()
        quiet.note(Self.answer(0, confidence: 0.4), twins: Self.twins)
        #expect(quiet.vetted(Self.answer(0, confidence: 0.55)).templateIndex == 0)
    }
}
