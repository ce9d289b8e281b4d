import Foundation
@testable import Specimens
import Testing
@testable import DocFrame

/// Passports whose zone is there but cannot be read in full: a blurred photo (the zone's band
/// seen as shape, `MRZBand`) and a zone whose check digits all fail (its structure,
/// `PassportZoneShape`). Both pages are of a state absent from TrainingData, drawn by the
/// team's passport design; neither is read as a confident answer. And a page of the same shape
/// with lines of text along its bottom that is no passport.
@Suite("Passports with an unread zone")
struct UnreadPassportTests {
    /// A state the specimens and TrainingData do not have, in the Utopian design's look.
    static let netherlands: PassportStyle = {
        let u = PassportStyle.utopia
        return PassportStyle(code: "NLD", stateName: "KINGDOM OF THE NETHERLANDS", demonym: "NETHERLANDS",
                             title: ("PASSPORT", "PASPOORT"), captions: u.captions, primary: u.primary, accent: u.accent,
                             paper: u.paper, pattern: u.pattern, header: u.header, crest: u.crest, number: u.number,
                             personalNumber: u.personalNumber, places: ["AMSTERDAM", "UTRECHT"], authority: "BURGEMEESTER")
    }()

    /// The page drawn at its canonical size, with `edit` applied after the design.
    static func page(seed: UInt64, edit: (SpecimenPage) throws -> Void = { _ in }) throws -> (image: Image, mrz: [String]) {
        let design = PassportDesign(style: netherlands)
        let canvas = try Canvas(width: 1476, height: 1039)
        let page = SpecimenPage(canvas: canvas, fonts: try FontBook())
        try design.draw(.front, on: page, seed: seed)
        try edit(page)
        return (try Image(encoded: canvas.pngData()), try #require(page.mrz))
    }

    /// `page` photographed: on a dark table (a border a fifth of its width), turned `degrees`,
    /// shrunk to `width` pixels across, and blurred by shrinking it `blur` times and back.
    static func photo(of page: Image, degrees: Double, width: Int, blur: Int = 1) throws -> Image {
        let border = page.width / 5
        let w = page.width + 2 * border, h = page.height + 2 * border
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) { (pixels[i], pixels[i + 1], pixels[i + 2]) = (58, 72, 92) }
        let inner = try page.bgr().packedPixels()
        for y in 0..<page.height {
            let from = y * page.width * 3, to = ((y + border) * w + border) * 3
            pixels.replaceSubrange(to..<to + page.width * 3, with: inner[from..<from + page.width * 3])
        }
        let table = try Image(pixels: pixels, width: w, height: h, bytesPerRow: w * 3, format: .bgr)
        // The view: a rectangle of the table's proportions, turned about its centre.
        let a = degrees * .pi / 180, cx = Double(w) / 2, cy = Double(h) / 2
        func turned(_ x: Double, _ y: Double) -> Point {
            Point(x: cx + (x - cx) * cos(a) - (y - cy) * sin(a), y: cy + (x - cx) * sin(a) + (y - cy) * cos(a))
        }
        let view = Quad(topLeft: turned(0, 0), topRight: turned(Double(w), 0),
                        bottomRight: turned(Double(w), Double(h)), bottomLeft: turned(0, Double(h)))
        let height = width * h / w
        let shot = try table.warped(view, width: width, height: height)
        guard blur > 1 else { return shot }
        return try shot.resized(width: width / blur, height: height / blur, interpolation: .area)
            .resized(width: width, height: height, interpolation: .linear)
    }

    @Test("a passport photo blurred past reading is still a Passport, by its zone's band, unsure of its state",
          arguments: [(21, 4.0), (22, -3.0)] as [(UInt64, Double)])
    func blurredPassport(seed: UInt64, degrees: Double) throws {
        let page = try Self.page(seed: seed).image
        let photo = try Self.photo(of: page, degrees: degrees, width: 1100, blur: 9)
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.mrz?.valid != true, "the zone is past reading")
        let document = try #require(observation.document)
        #expect(document.templateId == "passport" && document.label.en == "Passport" && document.kind == .passport)
        #expect(document.side == .front)
        #expect(document.confidence < 0.8, "a shape is no confident answer")
        #expect(document.jurisdiction == PassportRule.unknownJurisdiction)
        #expect(observation.orientation == .up)
    }

    @Test("a passport whose zone's check digits all fail is a Passport of the state its zone names; its MRZ is not valid")
    func failingCheckDigits() throws {
        // Line 2's check digits (cells 9, 19, 27, 42, 43; drawn from x 60 in 30.8 px cells on the
        // baseline y 994, PassportDesign) each printed one higher, over the zone's paper: the
        // zone reads plainly and every check fails, as after misreads of each.
        var lines: [String] = []
        let (page, truth) = try Self.page(seed: 23) { page in
            lines = try #require(page.mrz)
            let digits = Array(lines[1])
            for cell in [9, 19, 27, 42, 43] {
                let x = 60 + Double(cell) * 30.8
                let wrong = (Int(String(digits[cell])) ?? 0) + 1
                try page.canvas.fill(Rect(x - 1, 994 - 40, 32, 47), Self.netherlands.paper.0.mixed(with: .white, 0.7))
                try page.label(String(wrong % 10), x: x, y: 994, size: (30.8 / 0.715).rounded(), font: page.fonts.ocrB, RGBA(12, 12, 14))
            }
        }
        let photo = try Self.photo(of: page, degrees: 2, width: 1400)
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        let mrz = try #require(observation.mrz)
        #expect(!mrz.valid)
        #expect(mrz.checks.values.filter { $0 }.count < 3, "the checks fail, as they must")
        #expect(mrz.lines.first == truth.first, "line 1 is untouched")
        let document = try #require(observation.document)
        #expect(document.templateId == "passport" && document.kind == .passport)
        #expect(document.jurisdiction == "NLD")
        #expect(document.confidence == PassportRule.structureConfidence)
    }

    @Test("a page of a passport's shape with lines of text along its bottom is no passport, sharp or blurred",
          arguments: [1, 9])
    func textPageIsNothing(blur: Int) throws {
        // A printed sheet cut to the page's shape: full-width lines of prose down to the bottom
        // edge, some at the zone's places.
        let canvas = try Canvas(width: 1476, height: 1039, background: RGBA(250, 248, 240))
        let page = SpecimenPage(canvas: canvas, fonts: try FontBook())
        let words = "THE COMMITTEE MET ON TUESDAY TO REVIEW THE BUDGET AND AGREED TO MEET AGAIN IN MARCH"
        for (i, y) in stride(from: 80.0, through: 1000, by: 62).enumerated() {
            try page.label(String((words + " " + words).dropFirst(i * 7).prefix(60)), x: 60, y: y, size: 40, font: page.fonts.sans, RGBA(20, 20, 24))
        }
        let photo = try Self.photo(of: try Image(encoded: canvas.pngData()), degrees: 3, width: 1100, blur: blur)
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.document == nil)
    }
}
