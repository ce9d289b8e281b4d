import Foundation
import Testing
@testable import DocFrame

/// Dark photos of cards whose design has a dark band or strip at one side (a Quebec licence
/// back's blue strip, a British Columbia back's bands): against a dark table the band shows no
/// edge over the locator's thresholds, and the located outline is the line of print inside it.
/// The card is named; its corners must be the card's, not the print line's.
/// Fixtures (Fixtures/Recognition/dark-band): dev captures (render and synthesis seeds 39101 and
/// 39201, `synthesize-captures --conditions dark,tilt,shadow`): the Quebec back 39103-3 as
/// generated (recompressed, it loses the failure), the British Columbia back recompressed at JPEG
/// quality 60, the Quebec back 39102-4 at 50.
@Suite("Dark bands lost against a dark table")
struct DarkBandOutlineTests {
    @Test("a design alignment that places a dark licence back clearly is kept though the edges back the print line better")
    func designPlacesDarkCard() throws {
        // Main refused the alignment (correlation 0.56 -> 0.96) for the edges: 0.65 along the
        // located print line against 0.36 along the card's own dark outline; corners 2.5% off.
        // Found at the photo's exposure, the edges back the card's outline (0.78 against 0.76).
        let capture = try RecognitionFixtures.capture("ca-bc-dl-back-39202-1-q60", in: "dark-band")
        #expect(capture.conditions.contains("dark"))
        try RecognitionFixtures.expectPlaced(capture)
    }

    @Test("an alignment that stops at the edge of its view is started again and reaches the card's strip")
    func alignmentStartedAgain() throws {
        // Main took the first alignment (0.61 -> 0.78), which stopped with the right side 5.0%
        // off inside the card; started again from there it reaches 0.89 on the card's own edge.
        let capture = try RecognitionFixtures.capture("ca-qc-dl-back-39103-3", in: "dark-band")
        try RecognitionFixtures.expectPlaced(capture)
    }

    @Test("a located outline not shaped like the card gives way to a homography on many inliers")
    func misshapenOutlineGivesWay() throws {
        // The strip swallowed by the table left an outline of ratio 1.29 (the card's is 1.59);
        // main kept it for its edges (0.94 against 0.51) over 34 inliers' placement: 7.7% off.
        let capture = try RecognitionFixtures.capture("ca-qc-dl-back-39102-4-q50", in: "dark-band")
        #expect(capture.conditions.contains("tilt"))
        try RecognitionFixtures.expectPlaced(capture)
    }
}
