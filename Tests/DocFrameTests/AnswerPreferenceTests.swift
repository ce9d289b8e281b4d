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
}
