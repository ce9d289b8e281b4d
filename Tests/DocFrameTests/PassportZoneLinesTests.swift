import Foundation
import Testing
@testable import DocFrame

/// Blurred passport pages whose located outline was no page (cut at the header's band, or the
/// page with the table beside it) and whose zone the scout found as two lines it could not
/// read: the page placed from those lines (`PassportPage.hypothesis`), fitted to the image's
/// edges, shows the zone's band and the photo, measured against the paper of the photo's and the
/// fields' own columns where glare or a shadow lies across the page (`PassportPhotoColumn`).
///
/// Made from pass29's dev captures (specimens rendered with seeds 29301-29308 and 29401-29408,
/// 4 captures each, `make-dev.sh`): zan-29303-1 (glare, blur) and zan-29402-1 (blur, a shadow
/// over the fields); saved again at JPEG quality 60. Both were named nothing before.
@Suite("Blurred passport pages placed from the zone's lines")
struct PassportZoneLinesTests {
    @Test("a blurred page under glare, its zone found as two unread lines, is a Passport of no known state",
          arguments: ["passport-zan-front-29303-1", "passport-zan-front-29402-1"])
    func placedFromZoneLines(name: String) throws {
        let observed = try PassportPageFixture(folder: "PassportZoneLines", name: name).observed()
        #expect(observed.document.confidence == PassportRule.unreadConfidence)
        #expect(observed.document.jurisdiction == PassportRule.unknownJurisdiction)
        #expect(observed.cornerError <= 0.03, "corners off by \(String(format: "%.1f", observed.cornerError * 100))% of the diagonal")
    }

    @Test("a blurred page with a shadow across its fields shows its photo against its columns' paper")
    func shadowedFields() throws {
        let page = try UnreadPassportTests.page(seed: 31).image
        let blurred = try page.resized(width: page.width / 9, height: page.height / 9, interpolation: .area)
            .resized(width: page.width, height: page.height, interpolation: .linear)
        // A shadow over the page right of the photo: its paper and print at half their light.
        var pixels = try blurred.bgr().packedPixels()
        for y in 0..<page.height { for x in 440..<page.width { for c in 0..<3 {
            let i = (y * page.width + x) * 3 + c
            pixels[i] = UInt8(Double(pixels[i]) * 0.5)
        } } }
        let shadowed = try Image(pixels: pixels, width: page.width, height: page.height, bytesPerRow: page.width * 3, format: .bgr)
        let onePaper = try PassportPhotoColumn.measure(in: shadowed)
        #expect(!onePaper.showsPhoto, "one paper level takes the shadow for the fields' ink: \(onePaper)")
        let columnsPaper = try PassportPhotoColumn.measure(in: shadowed, paperPerColumn: true)
        #expect(columnsPaper.showsPhoto, "\(columnsPaper)")
        #expect(try PassportPhotoColumn.showsPhoto(in: shadowed))
    }
}
