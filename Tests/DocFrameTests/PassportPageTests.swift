import Foundation
import Testing
@testable import DocFrame

/// Passports by rule placed by their zone (`PassportPage`): generated photos (Fixtures/
/// Recognition/passport-pages, see scripts/make-recognition-fixtures) on which the outline alone
/// failed: the booklet's edge taken for the page, and a tilted page whose outline looked like an
/// ID-1 card's. Each must come out as a Passport with the page's own corners and its zone read
/// exactly.
@Suite("Passport page from its zone") struct PassportPageTests {
    struct Truth {
        var corners: Quad
        var mrz: [String]
        var orientation: Int
    }

    static func truth(_ name: String) throws -> (Image, Truth) {
        let path = RecognitionFixtures.root + "/passport-pages/" + name
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + ".json"))) as? [String: Any])
        let corners = try #require((object["corners"] as? [[Double]]).flatMap { Quad(pairs: $0) })
        return (try Image(contentsOfFile: path + ".jpg"),
                Truth(corners: corners, mrz: object["mrz"] as? [String] ?? [], orientation: object["orientation"] as? Int ?? -1))
    }

    func expectPassportPage(_ name: String) throws {
        let (photo, truth) = try Self.truth(name)
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        let document = try #require(observation.document)
        #expect(document.templateId == "passport" && document.side == .front)
        let mrz = try #require(observation.mrz)
        #expect(mrz.valid)
        #expect(mrz.lines == truth.mrz)
        #expect(observation.orientation?.degrees == truth.orientation)
        // The corners in the page's own order, within 2% of its diagonal.
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truth.corners) <= 0.02 * truth.corners.diagonal, "\(corners.pairs)")
    }

    @Test("a passport page in its open booklet (cover and facing page around it) is the page, not the booklet")
    func pageInBooklet() throws {
        try expectPassportPage("passport-uto-front-321-4")
    }

    @Test("a strongly tilted passport page (its outline as wide for its height as an ID-1 card) is a Passport")
    func tiltedPage() throws {
        try expectPassportPage("passport-val-front-321-3")
    }

    @Test("a page placed from its zone has its far side found where the image's edges are, not where the zone's guess put it")
    func farSideFromEdges() throws {
        // Sideways, in shadow: the guess from the zone, fitted, left the page's far side 4% of
        // the diagonal off; the sides pivoted on the zone's corners find it.
        try expectPassportPage("passport-zan-front-6607-2")
    }

    @Test("the page placed from its zone alone lands near the true page before any edge fit")
    func hypothesisFromZone() throws {
        // The flat page itself: its zone's lines put the page where the page is.
        let (photo, truth) = try Self.truth("passport-val-front-321-3")
        let flat = try photo.warped(truth.corners, width: Int(PassportPage.pageWidth), height: Int(PassportPage.pageHeight))
        let reader = try #require(Recognizer.mrzReader)
        let zone = try #require(try reader.readZone(in: flat, turns: [0]))
        let guess = try #require(PassportPage.hypothesis(for: zone, measuringHeight: true))
        let page = Quad(x: 0, y: 0, width: PassportPage.pageWidth, height: PassportPage.pageHeight)
        #expect(guess.maxCornerDistance(to: page) <= 0.03 * page.diagonal, "\(guess.pairs)")
    }
}
