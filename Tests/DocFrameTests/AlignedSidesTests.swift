import Foundation
import Testing
@testable import DocFrame

/// An unsure answer on a blurred card whose alignment is refused as a whole takes the aligned
/// outline's sides that the image's edges back clearly better than its own
/// (`DocumentClassifier.takeAlignedSides`). Fixture: a dev capture (render and synthesis seed
/// 29201, glare and blur), unchanged.
@Suite("The aligned sides a blurred card's outline lacks")
struct AlignedSidesTests {
    @Test("a blurred card whose outline missed its top edge is placed within 2% of the diagonal")
    func topSideTaken() throws {
        // The located outline ran its top side across the table's stripes (3.0% of the diagonal
        // off); the alignment put the top on the card's edge but its left side 12% off on the
        // table, and its edges fell short as a whole (0.76 -> 0.33).
        let capture = try RecognitionFixtures.capture("ca-on-dl-front-29203-1", in: "aligned-sides")
        #expect(capture.conditions.contains("blur"))
        try RecognitionFixtures.expectPlaced(capture)
    }
}
