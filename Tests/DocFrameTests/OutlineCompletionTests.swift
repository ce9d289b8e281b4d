import Foundation
import Testing
@testable import DocFrame

/// Blurred and dark cards whose coloured band merged with the table: the locator fits the rest of
/// the card, and the classifier completes that outline to the template's shape
/// (DocumentClassifier+Completion).
@Suite("Completing a located outline short of a band")
struct OutlineCompletionTests {
    @Test("a blurred card located without its band is named, with its side, orientation and corners")
    func blurredCard() throws {
        let captures = RecognitionFixtures.captures(in: "band-lost")
        #expect(!captures.isEmpty)
        for capture in captures where !capture.conditions.contains("unknown_document") {
            let truth = try #require(capture.corners)
            let observation = try RecognitionFixtures.observe(capture)
            let document = try #require(observation.document, "\(capture.name): no document")
            #expect(document.templateId == capture.templateId, "\(capture.name)")
            #expect(observation.orientation?.degrees == capture.orientation, "\(capture.name)")
            let corners = try #require(observation.corners)
            #expect(corners.maxCornerDistance(to: truth) < 0.03 * truth.diagonal, "\(capture.name)")
        }
    }

    @Test("a blurred card of a design without a template stays unknown, its outline completed or not")
    func unknownDesign() throws {
        let captures = RecognitionFixtures.captures(in: "band-lost").filter { $0.conditions.contains("unknown_document") }
        #expect(!captures.isEmpty)
        for capture in captures {
            let observation = try RecognitionFixtures.observe(capture)
            #expect(observation.document == nil, "\(capture.name): named \(observation.document?.templateId ?? "")")
        }
    }

    @Test("an outline too wide for a card is completed upward and downward to the card's shape, perspective kept")
    func completionGeometry() throws {
        // A card seen straight on, 1012 x 638, whose top band (100 px) was not located.
        let located = LocatedQuad(corners: Quad(x: 100, y: 200, width: 1012, height: 538), score: 0.8, edgeSupport: 0.8,
                                  aspect: 1012.0 / 538.0, cutOff: false)
        let completions = DocumentClassifier.completions(of: [located], formats: [.id1])
        #expect(completions.count == 2)
        let up = Quad(x: 100, y: 100, width: 1012, height: 638), down = Quad(x: 100, y: 200, width: 1012, height: 638)
        #expect(completions.contains { $0.corners.maxCornerDistance(to: up) < 2 })
        #expect(completions.contains { $0.corners.maxCornerDistance(to: down) < 2 })
        // Too narrow (a stripe along a short side lost): completed to the left and to the right.
        let narrow = LocatedQuad(corners: Quad(x: 200, y: 100, width: 880, height: 638), score: 0.8, edgeSupport: 0.8,
                                 aspect: 880.0 / 638.0, cutOff: false)
        let sideways = DocumentClassifier.completions(of: [narrow], formats: [.id1])
        #expect(sideways.contains { $0.corners.maxCornerDistance(to: Quad(x: 68, y: 100, width: 1012, height: 638)) < 2 })
        #expect(sideways.contains { $0.corners.maxCornerDistance(to: Quad(x: 200, y: 100, width: 1012, height: 638)) < 2 })
        // A card's own shape, or another object's far off it, is left alone.
        let card = LocatedQuad(corners: Quad(x: 100, y: 100, width: 1012, height: 638), score: 0.8, edgeSupport: 0.8,
                               aspect: 1012.0 / 638.0, cutOff: false)
        #expect(DocumentClassifier.completions(of: [card], formats: [.id1]).isEmpty)
        let strip = LocatedQuad(corners: Quad(x: 100, y: 100, width: 1000, height: 300), score: 0.8, edgeSupport: 0.8,
                                aspect: 1000.0 / 300.0, cutOff: false)
        #expect(DocumentClassifier.completions(of: [strip], formats: [.id1]).isEmpty)
    }
}
