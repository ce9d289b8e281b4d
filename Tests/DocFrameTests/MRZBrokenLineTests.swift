import Foundation
import Testing
@testable import DocFrame

/// Zone lines broken in two by what lies across them (a finger, a band of glare): the text-line
/// finder returns each line as two pieces, and no group of pieces has a zone's length.
@Suite("MRZ lines broken by an occluder")
struct MRZBrokenLineTests {
    /// A passport page with a fingertip over the middle of both zone lines (Fixtures/
    /// BrokenZoneLines), made from an MRZ dev capture (not scripts/make-recognition-fixtures,
    /// which rewrites its own folder): `render-specimen --design D --side front --seed 6601
    /// --count 12` for the four passport designs and ca-pr's back, `synthesize-captures
    /// --per-image 3 --seed 6601` over them; passport-orv-front-6607-2.jpg cropped to the page
    /// (x 101..1039, y 791..1484) and saved at JPEG quality 60, its sidecar's corners and
    /// imageSize moved alike. Only fillers lie under the finger.
    static let root = (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/BrokenZoneLines/"
    static let name = "passport-orv-front-6607-2"

    @Test("a zone with a finger across both lines is read exactly; it is valid only if exact")
    func fingerOverZone() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.root + Self.name + ".json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let truth = try #require(object["mrz"] as? [String])
        let observation = try RecognitionFixtures.builtIn.observe(Image(contentsOfFile: Self.root + Self.name + ".jpg"))
        #expect(observation.document?.templateId == PassportRule.templateId)
        let mrz = try #require(observation.mrz, "no MRZ")
        // Compared as flags: a failure must not print the zone's characters.
        let exact = mrz.lines == truth
        #expect(exact, "the zone is not read exactly")
        if mrz.valid { #expect(exact, "a valid MRZ differs from the page's") }
    }

    /// Two TD3 lines (44 characters, 30 px pitch, boxes 32 px high) each found as a left piece
    /// of 20 characters and a right piece of 18, a gap of 6 characters between.
    static func brokenLines(angle: Double = 0) -> [TextLineBox] {
        let pitch = 30.0, height = 32.0, left = 60.0
        return [900.0, 960.0].flatMap { y -> [TextLineBox] in
            [(0, 20), (26, 44)].map { from, to in
                let centre = left + (Double(from + to) / 2) * pitch
                let dy = (centre - 720) * tan(angle * .pi / 180)
                return TextLineBox(centerX: centre, centerY: y + dy, width: Double(to - from) * pitch, height: height, angle: angle)
            }
        }
    }

    @Test("the pieces of each line make a whole line again, and the two whole lines a zone", arguments: [0.0, -4.0])
    func piecesJoined(angle: Double) {
        let groups = MRZLocator().groups(in: Self.brokenLines(angle: angle), imageWidth: 1476, imageHeight: 1039)
        let best = groups.first
        #expect(best?.lines.count == 2)
        for line in best?.lines ?? [] {
            #expect(abs(line.width - 44 * 30) < 0.02 * 44 * 30, "a zone line spans \(line.width) px, not the whole line")
        }
    }

    @Test("pieces of lines one above the other, or far apart along a row, are not joined")
    func unrelatedPiecesApart() {
        let a = TextLineBox(centerX: 400, centerY: 500, width: 600, height: 30, angle: 0)
        let below = TextLineBox(centerX: 1100, centerY: 530, width: 500, height: 30, angle: 0)
        let far = TextLineBox(centerX: 400 + 300 + 13 * 30 + 250, centerY: 500, width: 500, height: 30, angle: 0)
        #expect(MRZLocator.joiningBroken([a, below]).count == 2)
        #expect(MRZLocator.joiningBroken([a, far]).count == 2)
        #expect(MRZLocator.joiningBroken([a, TextLineBox(centerX: 1100, centerY: 502, width: 500, height: 30, angle: 0)]).count == 3)
    }
}
