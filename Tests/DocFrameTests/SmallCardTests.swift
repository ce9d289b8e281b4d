import Foundation
import Testing
@testable import DocFrame

/// A small card that no located outline holds: wood grain crosses its sides and a sheet of printed
/// lines beside it has the longest edges, so the locator's outlines are the sheet's; the frame
/// pass spreads its keypoints over the whole photo and too few land on the card. The frame pass in
/// tiles (DocumentClassifier+Tiles) gives the card its keypoints.
@Suite("Recognition of small cards")
struct SmallCardTests {
    @Test("a small licence front no outline holds is recognised, with its side, orientation and corners")
    func smallUnlocatedCard() throws {
        // The start of session 15 answered no document here.
        let capture = try RecognitionFixtures.capture("ca-on-dl-front-9601-4.jpg", in: "small")
        #expect(capture.conditions.contains("small"))
        let truthCorners = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-on-dl-front")
        #expect(document.side == .front)
        #expect(document.confidence >= DocumentClassifier.verifyBelow)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truthCorners) < 0.02 * truthCorners.diagonal)
        #expect(observation.quality?.cutOff == false)
    }

    @Test("tiles: four, two thirds of the frame each, so a card spanning a third of either side lies wholly in one")
    func tiles() {
        let tiles = DocumentClassifier.tiles(width: 1200, height: 900)
        #expect(tiles.count == 4)
        #expect(tiles.allSatisfy { $0.width == 800 && $0.height == 600 })
        #expect(tiles.map(\.x) == [0, 400, 0, 400] && tiles.map(\.y) == [0, 0, 300, 300])
        // Every box a third of the frame across and down, wherever it lies, fits in a tile.
        for x in stride(from: 0, through: 800, by: 50) {
            for y in stride(from: 0, through: 600, by: 50) {
                #expect(tiles.contains { $0.x <= x && $0.y <= y && x + 400 <= $0.x + $0.width && y + 300 <= $0.y + $0.height },
                        "box at \(x),\(y)")
            }
        }
        #expect(DocumentClassifier.tiles(width: 90, height: 90).isEmpty)
    }
}

/// The same small card as a capture session's camera frame: the screen asks the user to fill the
/// frame with the card; it does not search the frame in tiles on every frame that shows no card.
@Suite("Capture: a small card far from the camera, with the real recognizer")
struct CaptureSmallCardTests {
    @Test("a card a third of the frame across that no outline holds is not named: 'Fill the frame with your license'")
    func farCardAsksToFillTheFrame() throws {
        let capture = try RecognitionFixtures.capture("ca-on-dl-front-9601-4.jpg", in: "small")
        let frame = try Image(contentsOfFile: capture.path)
        // As a still photo the tile search names it (SmallCardTests); as a camera frame it is not searched for.
        let classified = try RecognitionFixtures.builtIn.analyze(frame, request: AnalysisRequest(depth: .locateAndClassify))
        #expect(classified.document == nil, "\(classified.document?.templateId ?? "")")
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: RecognitionFixtures.builtIn)
        let update = try session.process(frame, at: 0)
        #expect(update.state.instruction.key == .searching, "\(update.state.instruction.key)")
        #expect(update.state.instruction.text.hasPrefix("Fill the frame with your license"))
        #expect(update.state.label == nil)
    }
}
