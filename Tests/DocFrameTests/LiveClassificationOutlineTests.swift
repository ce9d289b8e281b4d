import Foundation
import Testing
@testable import DocFrame

/// A live session's classification (`Recognizer.analyze` at `.locateAndClassify`, given the
/// tracked outline) tries that outline alone first: a card or passport page held wholly in view
/// is named from it without the whole-frame locator's search (`FurtherOutlines`), which put
/// about 25 ms on every classification a label waited for (1280x720, one core). The locator
/// still runs when the outline does not settle the answer, and the answer is the one the
/// locator's outlines behind the tracked one would have given.
@Suite("Capture: a live classification tries the tracked outline first")
struct LiveClassificationOutlineTests {
    /// The last frame of a short generated sequence (the document held in view, 1280x720) and the
    /// document's true outline on it.
    static func heldFrame(script: String, front: String, passport: String? = nil, hold: String = "bottom", seed: Int = 11) throws -> (Image, Quad) {
        let folder = try GeneratedSequences.make(script: script, front: front, passport: passport, fps: 10, size: "1280x720", seed: seed,
                                                 hold: hold)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/sequence.json"))) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        let last = frames.count - 1
        let c = try #require(frames[last]["corners"] as? [[Double]])
        #expect((frames[last]["cutOff"] as? Bool) == false)
        let quad = Quad(topLeft: Point(x: c[0][0], y: c[0][1]), topRight: Point(x: c[1][0], y: c[1][1]),
                        bottomRight: Point(x: c[2][0], y: c[2][1]), bottomLeft: Point(x: c[3][0], y: c[3][1]))
        return (try Image(contentsOfFile: folder + String(format: "/%05d.jpg", last)), quad)
    }

    static func liveClassification(_ frame: Image, tracked: Quad) throws -> DocumentObservation {
        try RecognitionFixtures.builtIn.analyze(frame, request: AnalysisRequest(depth: .locateAndClassify, previousCorners: tracked))
    }

    @Test("a license held in view is named from its tracked outline, the frame not searched")
    func heldLicense() throws {
        let (frame, quad) = try Self.heldFrame(script: "front:0.4", front: "ca-on-dl-front-1.jpg")
        let observation = try Self.liveClassification(frame, tracked: quad)
        #expect(observation.document?.templateId == "ca-on-dl-front")
        #expect(observation.timingMs["locate"] == 0, "the locator searched the frame (\(observation.timingMs["locate"] ?? -1) ms)")
    }

    @Test("a passport page held by its side is named from its tracked outline's zone, the frame not searched")
    func heldPassport() throws {
        let (frame, quad) = try Self.heldFrame(script: "passport:0.4", front: "ca-on-dl-front-1.jpg", passport: "passport-uto-front-1.jpg",
                                               hold: "side")
        let observation = try Self.liveClassification(frame, tracked: quad)
        #expect(observation.document?.templateId == PassportRule.templateId)
        #expect(observation.mrz?.valid == true)
        #expect(observation.timingMs["locate"] == 0, "the locator searched the frame (\(observation.timingMs["locate"] ?? -1) ms)")
    }

    /// The same observation with the locator's outlines given behind the first one, or searched
    /// for only when it does not settle the answer.
    static func expectSameAnswer(_ frame: Image, first: LocatedQuad) throws -> FurtherOutlines {
        let recognizer = RecognitionFixtures.builtIn
        var options = RecognitionOptions()
        options.searchTiles = false
        let others = try recognizer.locator.locate(in: frame, limit: 3)
        let further = FurtherOutlines { others }
        let lazy = try recognizer.observe(frame, located: [first], further: further, options: options)
        let given = try recognizer.observe(frame, located: [first] + others, options: options)
        #expect(lazy.document == given.document)
        #expect(lazy.undecidedLookAlikes == given.undecidedLookAlikes)
        #expect(lazy.corners == given.corners)
        #expect(lazy.orientation == given.orientation)
        #expect(lazy.mrz == given.mrz)
        return further
    }

    @Test("the answer is the one with the locator's outlines given: a whole card's outline settles it alone, a wrong one has them searched")
    func sameAnswer() throws {
        let (frame, quad) = try Self.heldFrame(script: "front:0.4", front: "ca-on-dl-front-1.jpg")
        let whole = LocatedQuad(corners: quad, score: 1, edgeSupport: 1, aspect: quad.sideRatio, cutOff: false)
        #expect(try !Self.expectSameAnswer(frame, first: whole).searched)
        // The card's top half: no card's outline, so the locator's outlines are tried behind it.
        let p = quad.points
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        let half = Quad(topLeft: p[0], topRight: p[1], bottomRight: mid(p[1], p[2]), bottomLeft: mid(p[0], p[3]))
        let part = LocatedQuad(corners: half, score: 1, edgeSupport: 1, aspect: half.sideRatio, cutOff: false)
        #expect(try Self.expectSameAnswer(frame, first: part).searched)
    }
}

/// A passport page whose tracked outline stops short of its zone (lagging the page as it slid
/// in, or fitted to a printed band above the zone): card-shaped, so no zone is read in it first.
@Suite("Capture: a live classification finds a passport page's zone in the searched outlines")
struct LivePassportZoneFirstTests {
    @Test("the page is named from its zone read first in the locator's outline, before any card template is tried")
    func pageFromSearchedOutline() throws {
        let (frame, page) = try LiveClassificationOutlineTests.heldFrame(script: "passport:0.4", front: "ca-on-dl-front-1.jpg",
                                                                        passport: "passport-uto-front-1.jpg", hold: "side", seed: 2)
        // The page's upper four fifths: the outline of a card, short of the zone.
        let p = page.points
        func along(_ a: Point, _ b: Point, _ s: Double) -> Point { Point(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s) }
        let short = Quad(topLeft: p[0], topRight: p[1], bottomRight: along(p[1], p[2], 0.8), bottomLeft: along(p[0], p[3], 0.8))
        #expect(DocumentFormat.nearest(toAspectRatio: short.sideRatio) == .id1)
        let recognizer = RecognitionFixtures.builtIn
        var options = RecognitionOptions()
        options.searchTiles = false
        let further = FurtherOutlines { try recognizer.locator.locate(in: frame, limit: 3) }
        let observation = try recognizer.observe(frame, located: [LocatedQuad(corners: short, score: 1, edgeSupport: 1, aspect: short.sideRatio,
                                                                                cutOff: false)],
                                                 further: further, options: options)
        #expect(further.page != nil, "the card search went on past the searched outlines")
        #expect(observation.document?.templateId == PassportRule.templateId)
        #expect(observation.mrz?.valid == true)
        let corners = try #require(observation.corners)
        #expect(RecognitionFixtures.cornerError(corners, page) <= 0.02)
    }
}
