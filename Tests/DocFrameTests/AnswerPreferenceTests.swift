import Testing
@testable import DocFrame

/// Between two answers for one image, a header that was read outweighs a guess among look-alikes.
@Suite("Choosing between answers for one image")
struct AnswerPreferenceTests {
    static func answer(_ index: Int?, _ confidence: Double, undecided: [Int] = [], contrasted: Bool = false) -> ClassificationResult {
        ClassificationResult(templateIndex: index, confidence: confidence, bestIndex: index, undecided: undecided, contrasted: contrasted)
    }

    @Test("a look-alike named by its header beats a more confident guess among the look-alikes")
    func readHeaderBeatsGuess() {
        let guess = Self.answer(7, 0.75, undecided: [3])
        let read = Self.answer(3, 0.62)
        #expect(DocumentClassifier.prefers(read, over: guess))
        #expect(!DocumentClassifier.prefers(guess, over: read))
        // The read answer may also confirm the guess's own pick.
        #expect(DocumentClassifier.prefers(Self.answer(7, 0.6), over: guess))
    }

    @Test("otherwise the more confident answer stands, and any answer beats none")
    func confidenceDecides() {
        // A design outside the guessed look-alikes does not get the read header's privilege.
        #expect(!DocumentClassifier.prefers(Self.answer(5, 0.62), over: Self.answer(7, 0.75, undecided: [3])))
        #expect(DocumentClassifier.prefers(Self.answer(5, 0.8), over: Self.answer(7, 0.75)))
        #expect(!DocumentClassifier.prefers(Self.answer(5, 0.7), over: Self.answer(7, 0.75)))
        #expect(DocumentClassifier.prefers(Self.answer(5, 0.55), over: Self.answer(nil, 0.4)))
        #expect(!DocumentClassifier.prefers(Self.answer(nil, 0.45), over: Self.answer(7, 0.75)))
    }

    @Test("between two guesses among the same look-alikes, the one their differing design decided beats the header's look")
    func contrastBeatsLook() {
        // The whole frame showed the labels the twins differ in (0.73 after its 0.97 factor); the
        // first outline had only the header's look to go by.
        let look = Self.answer(7, 0.75, undecided: [3])
        let contrast = Self.answer(3, 0.73, undecided: [7], contrasted: true)
        #expect(DocumentClassifier.prefers(contrast, over: look))
        #expect(!DocumentClassifier.prefers(look, over: contrast))
        // A header read still beats it, and a design outside the look-alikes gains nothing.
        #expect(DocumentClassifier.prefers(Self.answer(7, 0.6), over: contrast))
        #expect(!DocumentClassifier.prefers(Self.answer(5, 0.6, undecided: [2], contrasted: true), over: look))
    }

    static func glance(_ index: Int, _ confidence: Double, layout: Double, corners: Quad, undecided: [Int] = [],
                       supported: Bool = false) -> ClassificationResult {
        ClassificationResult(templateIndex: index, confidence: confidence, bestIndex: index, corners: corners,
                             orientation: Orientation(of: corners), layout: layout, path: .appearance, undecided: undecided,
                             headerSupported: supported)
    }

    @Test("a header read on a worse outline of the same card names the title, the better outline keeps the corners")
    func readTitleKeepsBetterOutline() {
        let card = Quad(x: 100, y: 100, width: 600, height: 378)
        let inside = Quad(x: 148, y: 110, width: 552, height: 368)  // 48 px in at the left, 7% of the diagonal
        let guess = Self.glance(7, 0.75, layout: 0.85, corners: card, undecided: [3])
        let read = Self.glance(7, 0.9, layout: 0.76, corners: inside, supported: true)
        let kept = DocumentClassifier.preferred(read, over: guess)
        #expect(kept.templateIndex == 7 && kept.confidence == 0.9 && kept.undecided.isEmpty && kept.headerSupported)
        #expect(kept.corners == card && kept.layout == 0.85)
        // Not when the read outline looks about as alike, names the twin, or is another object.
        #expect(DocumentClassifier.preferred(Self.glance(7, 0.9, layout: 0.82, corners: inside, supported: true), over: guess).corners == inside)
        #expect(DocumentClassifier.preferred(Self.glance(3, 0.9, layout: 0.76, corners: inside, supported: true), over: guess).templateIndex == 3)
        #expect(DocumentClassifier.preferred(Self.glance(3, 0.9, layout: 0.76, corners: inside, supported: true), over: guess).corners == inside)
        let elsewhere = Quad(x: 700, y: 500, width: 600, height: 378)
        #expect(DocumentClassifier.preferred(Self.glance(7, 0.9, layout: 0.76, corners: elsewhere, supported: true), over: guess).corners == elsewhere)
        // And an answer that does not replace the held one leaves it as it was.
        #expect(DocumentClassifier.preferred(Self.glance(7, 0.6, layout: 0.6, corners: inside), over: read).corners == inside)
        #expect(DocumentClassifier.preferred(guess, over: nil).corners == card)
    }
}
