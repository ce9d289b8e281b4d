import Foundation
import Testing
@testable import DocFrame

/// An appearance answer whose outline was completed past the photo's border takes its
/// alignment for a small gain in correlation: the sides out of view were the format's guess
/// (`DocumentClassifier.guessedOutlineGain`). Fixture: a dev capture (render and synthesis seed
/// 29101, dark and cut off), re-encoded at JPEG quality 70.
@Suite("A cut-off card's guessed sides placed by its design")
struct CutOffGuessTests {
    @Test("a dark cut-off card named by its layout gets its corners within 2% of the diagonal")
    func guessedSidesAligned() throws {
        // The completion put the left side, out of view, 7.9% of the diagonal off; the
        // alignment (correlation 0.936 -> 0.960) put it 0.8% off.
        let capture = try RecognitionFixtures.capture("ca-bc-dl-back-29102-1", in: "cut-off-guess")
        #expect(capture.conditions.contains("cut_off"))
        try RecognitionFixtures.expectPlaced(capture)
    }
}
