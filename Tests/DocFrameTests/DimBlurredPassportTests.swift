import Foundation
import Testing
@testable import DocFrame

/// Passport pages photographed in dim light and blurred past reading (Fixtures/DimBlurredPassports):
/// the zone's band shows, and so does the holder's photo beside the fields, at a quarter of the
/// ink a lit page shows it with. The photo's least ink was a fixed 30 grey levels, so these pages
/// (photos of 17.6 and 18.6 on paper of 54 and 38) were "no document".
///
/// Made from dev captures: `render-specimen --design passport-D --side front --seed 3301 --count 6`
/// for the four passport designs, `synthesize-captures --per-image 4 --seed 3302 --conditions
/// blur,jpeg,dark` over them; passport-zan-front-3302-2.jpg and passport-orv-front-3304-3.jpg
/// shrunk to 1024 px across (box filter) and saved at JPEG quality 65, their sidecars' corners and
/// imageSize scaled alike.
@Suite("Blurred passports in dim light")
struct DimBlurredPassportTests {
    static let root = (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/DimBlurredPassports/"
    static let names = ["passport-zan-front-3302-2", "passport-orv-front-3304-3"]

    @Test("a dim, blurred passport page is a Passport (its zone unread) with its page's corners", arguments: names)
    func named(_ name: String) throws {
        let observation = try RecognitionFixtures.builtIn.observe(try Image(contentsOfFile: Self.root + name + ".jpg"))
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == PassportRule.templateId && document.kind == .passport && document.side == .front)
        #expect(document.confidence == PassportRule.unreadConfidence)
        let corners = try #require(observation.corners)
        let truth = try RecognitionFixtures.truthCorners(sidecar: Self.root + name + ".json")
        #expect(RecognitionFixtures.cornerError(corners, truth) < 0.03, "\(corners.pairs) \(truth.pairs)")
        #expect(observation.orientation == .up)
    }

    @Test("the photo beside the fields shows on a page darkened to a quarter, as it does lit")
    func darkenedPhoto() throws {
        let page = try UnreadPassportTests.page(seed: 31).image
        let blurred = try page.resized(width: page.width / 9, height: page.height / 9, interpolation: .area)
            .resized(width: page.width, height: page.height, interpolation: .linear)
        let lit = try PassportPhotoColumn.measure(in: blurred)
        #expect(lit.showsPhoto, "\(lit)")
        let gray = try blurred.grayscale()
        let dim = try Image(pixels: try gray.packedPixels().map { UInt8(Double($0) / 4) }, width: gray.width, height: gray.height,
                            bytesPerRow: gray.width, format: .gray8)
        let measure = try PassportPhotoColumn.measure(in: dim)
        #expect(measure.showsPhoto, "\(measure)")
    }
}
