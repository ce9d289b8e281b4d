import Foundation
import Testing
@testable import DocFrame

/// A dark, grainy photo of a passport page (Fixtures/DarkPassports), underexposed with sensor
/// noise, the page partly out of frame and its zone in view. Black-hat lifts the grain as much
/// as the strokes there, and the text-line mask split at Otsu's threshold was mostly noise: no
/// zone was found in the photo or the page, and the page was "no document".
///
/// Made from an MRZ dev capture (not scripts/make-recognition-fixtures, which rewrites its own
/// folder): `render-specimen --design D --side front|back --seed 6701 --count 12` for the four
/// passport designs and ca-pr's back, `synthesize-captures --per-image 3 --seed 6701` over them;
/// passport-orv-front-6705-2.jpg shrunk to 1024 px across (OpenCV INTER_AREA) and saved at JPEG
/// quality 65, its sidecar's corners and imageSize scaled alike.
@Suite("Passports in dark, grainy photos")
struct DarkPassportTests {
    static let name = "passport-orv-front-6705-2"
    static let root = (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/DarkPassports/"

    static func photo() throws -> Image {
        try Image(contentsOfFile: root + name + ".jpg")
    }

    static func truth() throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: root + name + ".json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["mrz"] as? [String])
    }

    @Test("the zone's two lines are found in the grain at some line-finding scale")
    func linesFound() throws {
        let gray = try Self.photo().grayscale()
        let work = min(gray.width, 1600)
        let found = try [(900, 0.021), (900, 0.011), (1600, 0.006)].contains { width, share in
            let w = min(gray.width, width)
            let lines = try TextLineBox.find(in: gray, workWidth: w, charHeight: max(4, Int(Double(w) * share)))
            return MRZLocator().groups(in: lines, imageWidth: gray.width, imageHeight: gray.height)
                .contains { $0.lines.count == 2 && $0.lines.allSatisfy { $0.width >= 24 * $0.height && $0.width >= 0.2 * Double(work) } }
        }
        #expect(found, "no two-line zone among the text lines found")
    }

    @Test("the page is named Passport, upright, from its zone; a valid MRZ is read exactly")
    func namedPassport() throws {
        let observation = try RecognitionFixtures.builtIn.observe(Self.photo())
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == PassportRule.templateId && document.kind == .passport && document.side == .front)
        #expect(observation.orientation == .up)
        let mrz = try #require(observation.mrz, "no MRZ")
        #expect(mrz.format == .td3 && mrz.lines.count == 2)
        // The strict rule: valid only when every checked character is what the page says.
        // (Compared as a flag: a failure must not print the zone's characters.)
        let exact = mrz.lines == (try Self.truth())
        if mrz.valid { #expect(exact, "a valid MRZ differs from the page's") }
    }
}
