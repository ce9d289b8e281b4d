import Testing
@testable import DocFrame

/// Choosing the document's outline: edge support of candidate outlines, the shapes a card can
/// take, and one outline per object among the located ones.
@Suite("Outline choice: edge support, plausible shapes, distinct objects")
struct OutlineChoiceTests {
    /// A light card (with a darker inner box, like a printed band) on a dark table.
    static func scene() throws -> (image: Image, card: Quad, inner: Quad) {
        let canvas = TestCanvas(width: 800, height: 600, gray: 60)
        canvas.rect(x: 150, y: 150, width: 476, height: 300, gray: 220)
        canvas.rect(x: 190, y: 190, width: 300, height: 180, gray: 150)
        return (try canvas.image(), Quad(x: 150, y: 150, width: 476, height: 300), Quad(x: 190, y: 190, width: 300, height: 180))
    }

    @Test("the card's own outline is backed by edges; one shifted off them, or a box inside it, less")
    func edgeSupport() throws {
        let (image, card, inner) = try Self.scene()
        let shifted = Quad(x: 170, y: 165, width: 476, height: 300)
        let support = try DocumentLocator().edgeSupport(of: [card, shifted, inner, Quad(x: 40, y: 40, width: 300, height: 200)], in: image)
        #expect(support.count == 4)
        #expect(support[0].support > 0.9 && support[0].weakest > 0.8)
        #expect(support[1].support < 0.6)
        // The inner box is fully backed too (its own edges): the choice is between outlines the
        // classifier's homography proposes, not a ranking of every box in the image.
        #expect(support[2].support > 0.9)
        #expect(support[3].support < 0.3)
    }

    @Test("a segment along the card's edge is backed by edges; one across the card, or running out of the image, is not")
    func segmentSupport() throws {
        let (image, _, _) = try Self.scene()
        let top = (from: Point(x: 200, y: 150), to: Point(x: 580, y: 150))
        let leaning = (from: Point(x: 200, y: 150), to: Point(x: 580, y: 220))
        let across = (from: Point(x: 300, y: 100), to: Point(x: 300, y: 500))
        // Half of it beyond the image's right edge: only what is in view can back it.
        let leaving = (from: Point(x: 620, y: 150), to: Point(x: 980, y: 150))
        let support = try DocumentLocator().edgeSupport(ofSegments: [top, leaning, across, leaving], in: image)
        #expect(support.count == 4)
        #expect(support[0] > 0.9)
        #expect(support[1] < 0.3)
        #expect(support[2] < 0.3)
        #expect(support[3] < 0.3)
        #expect(try DocumentLocator().edgeSupport(ofSegments: [], in: image).isEmpty)
    }

    /// The locator keeps its edge map with the image for later edge support (the classifier's
    /// outline check): what it measures must not depend on whether the image was located first,
    /// nor carry over to another working size.
    @Test("edge support is the same on a located image as on a fresh one, at each working size")
    func keptEdgeMap() throws {
        let (located, card, inner) = try Self.scene()
        let fresh = try Self.scene().image
        let shifted = Quad(x: 170, y: 165, width: 476, height: 300)
        let quads = [card, shifted, inner]
        #expect(try !DocumentLocator().locate(in: located).isEmpty)
        for workSize in [640, 320, 640] {
            let locator = DocumentLocator(workSize: workSize)
            let kept = try locator.edgeSupport(of: quads, in: located)
            let made = try locator.edgeSupport(of: quads, in: fresh)
            #expect(kept.map(\.support) == made.map(\.support) && kept.map(\.weakest) == made.map(\.weakest), "work size \(workSize)")
        }
    }

    @Test("edge support of a quad reaching beyond the image counts only its visible part")
    func cutOff() throws {
        let canvas = TestCanvas(width: 640, height: 480, gray: 60)
        canvas.rect(x: 300, y: 100, width: 340, height: 250, gray: 220)  // runs off the right edge
        let image = try canvas.image()
        let support = try DocumentLocator().edgeSupport(of: [Quad(x: 300, y: 100, width: 476, height: 250)], in: image)
        #expect(support[0].support > 0.85)
    }

    @Test("no quads, no work")
    func empty() throws {
        let (image, _, _) = try Self.scene()
        #expect(try DocumentLocator().edgeSupport(of: [], in: image).isEmpty)
    }

    @Test("plausible outlines: a card in perspective yes; crossed, needle-thin or square-ish no")
    func plausibleShapes() {
        #expect(DocumentLocator.isPlausibleOutline(Quad(x: 0, y: 0, width: 856, height: 540)))
        let tilted = Quad(topLeft: Point(x: 100, y: 80), topRight: Point(x: 700, y: 120),
                          bottomRight: Point(x: 680, y: 480), bottomLeft: Point(x: 130, y: 430))
        #expect(DocumentLocator.isPlausibleOutline(tilted))
        let crossed = Quad(topLeft: Point(x: 0, y: 0), topRight: Point(x: 800, y: 500),
                           bottomRight: Point(x: 800, y: 0), bottomLeft: Point(x: 0, y: 500))
        #expect(!DocumentLocator.isPlausibleOutline(crossed))
        #expect(!DocumentLocator.isPlausibleOutline(Quad(x: 0, y: 0, width: 900, height: 60)))
        #expect(!DocumentLocator.isPlausibleOutline(Quad(x: 0, y: 0, width: 500, height: 500)))
        let sheared = Quad(topLeft: Point(x: 0, y: 0), topRight: Point(x: 600, y: 0),
                           bottomRight: Point(x: 1100, y: 380), bottomLeft: Point(x: 500, y: 380))
        #expect(!DocumentLocator.isPlausibleOutline(sheared))
    }

    @Test("one outline per object: refits of the same edge collapse, a second card and an inner box stay")
    func distinctObjects() {
        func located(_ q: Quad, _ score: Double) -> LocatedQuad {
            LocatedQuad(corners: q, score: score, edgeSupport: 0.9, aspect: q.sideRatio, cutOff: false)
        }
        let card = located(Quad(x: 100, y: 100, width: 476, height: 300), 0.9)
        let refit = located(Quad(x: 104, y: 103, width: 468, height: 295), 0.8)
        let inner = located(Quad(x: 140, y: 140, width: 200, height: 126), 0.7)
        let other = located(Quad(x: 700, y: 500, width: 300, height: 190), 0.6)
        let kept = DocumentClassifier.distinctObjects([card, refit, inner, other], limit: 4)
        #expect(kept.map(\.score) == [0.9, 0.7, 0.6])
        #expect(DocumentClassifier.distinctObjects([card, refit, inner, other], limit: 2).map(\.score) == [0.9, 0.7])
        // The locator's leading outlines are all tried; past them, only further objects.
        let sheetFits = (0..<5).map { located(Quad(x: 50 + Double($0), y: 50, width: 600, height: 420), 0.95 - 0.01 * Double($0)) }
        let tried = DocumentClassifier.outlinesToTry(sheetFits + [other])
        #expect(tried.count == DocumentClassifier.leading + 1)
        #expect(tried.last?.score == 0.6)
    }

    @Test("the recogniser keeps the card's outline where the locator found it")
    func recognizerOutline() throws {
        let recognizer = RecognitionFixtures.builtIn
        let clean = RecognitionFixtures.captures().filter { !$0.negative && $0.conditions == ["clean"] }
        #expect(!clean.isEmpty)
        for capture in clean {
            let observation = try recognizer.observe(try Image(contentsOfFile: capture.path))
            if let truth = capture.corners, let found = observation.corners {
                #expect(RecognitionFixtures.cornerError(found, truth) < 0.02, "\(capture.name)")
            }
        }
    }
}
