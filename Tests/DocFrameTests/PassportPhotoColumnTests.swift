import Foundation
@testable import Specimens
import Testing
@testable import DocFrame

/// A passport page blurred past reading is named by its zone's band only where the holder's
/// photo shows beside the fields (`PassportPhotoColumn`); the band is looked for inside the open
/// booklet's outline too (its halves). A letter whose last lines stand clear of the text above
/// them shows a band but no photo.
@Suite("Blurred passports by their zone's band and photo")
struct PassportPhotoColumnTests {
    @Test("a blurred letter whose last lines look like a zone's band is no passport: no photo stands beside its text")
    func letterWithBand() throws {
        let capture = try RecognitionFixtures.capture("letter-blurred-band.jpg", in: "negatives")
        let photo = try Image(contentsOfFile: capture.path)
        // What named it Passport 0.6 before: its located outline, of a page's shape, shows a band.
        let located = try #require(try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).first)
        let flat = try photo.warped(located.corners.landscape, width: MRZBand.width, height: MRZBand.height)
        let turns = try #require(try MRZBand.turns(of: flat))
        let measure = try PassportPhotoColumn.measure(in: try flat.rotated(quarterTurns: turns))
        #expect(!measure.showsPhoto, "\(measure)")

        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.document == nil)
    }

    @Test("a blurred passport page shows its photo beside the fields; a page of text does not")
    func photoBesideFields() throws {
        let page = try UnreadPassportTests.page(seed: 31).image
        let blurred = try page.resized(width: page.width / 9, height: page.height / 9, interpolation: .area)
            .resized(width: page.width, height: page.height, interpolation: .linear)
        #expect(try PassportPhotoColumn.measure(in: blurred).showsPhoto)
        let canvas = try Canvas(width: 1476, height: 1039, background: RGBA(250, 248, 240))
        let text = SpecimenPage(canvas: canvas, fonts: try FontBook())
        for (i, y) in stride(from: 80.0, through: 1000, by: 62).enumerated() {
            try text.label(String(repeating: "THE COMMITTEE MET ON TUESDAY ", count: 3).dropFirst(i * 5).prefix(60).description,
                           x: 60, y: y, size: 40, font: text.fonts.sans, RGBA(20, 20, 24))
        }
        let sheet = try Image(encoded: canvas.pngData())
        #expect(try !PassportPhotoColumn.measure(in: sheet).showsPhoto)
    }

    @Test("a blurred passport held open, the booklet outlined, is a Passport with its photo page's corners")
    func blurredBooklet() throws {
        // The open booklet: the photo page below a facing page, in a dark cover 36 px wide.
        let page = try UnreadPassportTests.page(seed: 32).image
        let cover = 36, w = page.width + 2 * cover, h = 2 * page.height + 2 * cover
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) { (pixels[i], pixels[i + 1], pixels[i + 2]) = (40, 30, 110) }
        for y in cover..<(cover + page.height) {
            for x in cover..<(cover + page.width) { let i = (y * w + x) * 3; (pixels[i], pixels[i + 1], pixels[i + 2]) = (226, 236, 240) }
        }
        let inner = try page.bgr().packedPixels()
        for y in 0..<page.height {
            let from = y * page.width * 3, to = ((y + cover + page.height) * w + cover) * 3
            pixels.replaceSubrange(to..<to + page.width * 3, with: inner[from..<from + page.width * 3])
        }
        let booklet = try Image(pixels: pixels, width: w, height: h, bytesPerRow: w * 3, format: .bgr)
        let photo = try UnreadPassportTests.photo(of: booklet, degrees: 0, width: 900, blur: 8)
        // The photo page's corners in the photo: the booklet on a table a fifth of its width wide.
        let border = Double(w / 5), scale = 900 / (Double(w) + 2 * border)
        func point(_ x: Int, _ y: Int) -> Point { Point(x: (border + Double(x)) * scale, y: (border + Double(y)) * scale) }
        let top = cover + page.height
        let truth = Quad(topLeft: point(cover, top), topRight: point(cover + page.width, top),
                         bottomRight: point(cover + page.width, top + page.height), bottomLeft: point(cover, top + page.height))

        let observation = try RecognitionFixtures.builtIn.observe(photo)
        #expect(observation.mrz?.valid != true, "the zone is past reading")
        let document = try #require(observation.document)
        #expect(document.templateId == PassportRule.templateId && document.kind == .passport)
        #expect(document.confidence == PassportRule.unreadConfidence)
        let corners = try #require(observation.corners)
        #expect(RecognitionFixtures.cornerError(corners, truth) < 0.03, "\(corners.pairs) \(truth.pairs)")
        #expect(observation.orientation == .up)
    }
}
