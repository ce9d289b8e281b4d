import Foundation
import Testing
@testable import DocFrame

/// A small card too blurred for keypoints is recognised at a glance (its layout and colour
/// thumbnail) on its own located outline, which the locator scores low only because it is small:
/// the appearance path judges an outline by its shape and edges, not its size
/// (`DocumentClassifier.outlineShape`).
@Suite("Recognition of small blurred cards at a glance")
struct SmallOutlineTests {
    static let name = "ca-qc-dl-back-9902-3.jpg"

    @Test("a small blurred licence back is recognised by its appearance, with its side and orientation")
    func smallBlurredBack() throws {
        // The start of session 16 answered no document here: the outline whose flattening looks
        // unmistakably like the design scored 0.23, under the glance's floor of 0.3.
        let capture = try RecognitionFixtures.capture(Self.name, in: "small")
        #expect(capture.conditions.contains("small") && capture.conditions.contains("blur"))
        let truthCorners = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-qc-dl-back")
        #expect(document.side == .back)
        // Unread and without keypoints: an answer, not a certain one.
        #expect(document.confidence >= DocumentClassifier.threshold && document.confidence <= DocumentClassifier.lookAlikeGuess)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truthCorners) < 0.08 * truthCorners.diagonal)
    }

    @Test("a small card's outline keeps its shape score: the locator's size term is divided out")
    func shapeWithoutSize() throws {
        let capture = try RecognitionFixtures.capture(Self.name, in: "small")
        let image = try Image(contentsOfFile: capture.path)
        let outlines = try DocumentLocator().locate(in: image)
        let truth = try #require(capture.corners)
        // The card's own outlines, small in the frame: ranked low for their size, not their shape.
        let own = outlines.filter { $0.corners.maxCornerDistance(to: truth) < 0.1 * truth.diagonal }
        #expect(!own.isEmpty)
        for o in own {
            let shape = DocumentClassifier.outlineShape(o, imageWidth: image.width, imageHeight: image.height)
            #expect(shape > o.score)
            #expect(shape >= DocumentClassifier.glanceOutline)
        }
        #expect(own.contains { $0.score < DocumentClassifier.glanceOutline })
        // An outline as large as the frame's size term allows keeps its score.
        let large = LocatedQuad(corners: Quad(topLeft: Point(x: 0, y: 0), topRight: Point(x: 600, y: 0),
                                              bottomRight: Point(x: 600, y: 380), bottomLeft: Point(x: 0, y: 380)),
                                score: 0.7, edgeSupport: 0.9, aspect: 1.58, cutOff: false)
        #expect(abs(DocumentClassifier.outlineShape(large, imageWidth: 1000, imageHeight: 600) - 0.7) < 1e-9)
    }
}
