import Foundation
import Testing
@testable import DocFrame

/// A passport page cut off by the photo's side through its zone, the zone's part in view read
/// as a TD3 zone: its lines' length is no measure of the zone's, so the page is scaled by the
/// lines' pitch and placed from the end in view (`PassportPage.hypothesis(for:cut:)`).
@Suite("Passport zones cut by the photo's border")
struct PassportZoneCutTests {
    /// ICAO 9303's TD3 specimen zone, its two lines drawn at half the canonical page's scale
    /// (pitch 31.45 px) from x `start`, `length` px long, in an image `imageWidth` wide.
    static func zone(start: Double, length: Double, imageWidth: Int) throws -> MRZReader.Zone {
        let result = try #require(MRZParser().parse(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
                                                      "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]))
        let y1 = 500.0, y2 = y1 + 0.5 * (PassportPage.line2Y - PassportPage.line1Y)
        let boxes = [y1, y2].map { TextLineBox(centerX: start + length / 2, centerY: $0, width: length, height: 15, angle: 0) }
        return MRZReader.Zone(result: result, quarterTurns: 0, lines: boxes, turnedWidth: imageWidth, turnedHeight: 800)
    }

    @Test("a zone whose lines end at the photo's right border places the page at the scale of its lines' pitch")
    func cutOnTheRight() throws {
        // 500 px of the zone's 676.5 in view, ending at the border of a 600 px wide photo.
        let zone = try Self.zone(start: 100, length: 500, imageWidth: 600)
        let atBorder = { (p: Point) in p.x >= 600 - 5 }
        let page = try #require(PassportPage.hypothesis(for: zone, cut: atBorder))
        let left = 100 - 0.5 * PassportPage.zoneLeft
        #expect(abs(page.bottomLeft.x - left) < 1 && abs(page.topLeft.x - left) < 1)
        #expect(abs(page.bottomRight.x - (left + 0.5 * PassportPage.pageWidth)) < 1, "right side at \(page.bottomRight.x)")
        #expect(abs(page.bottomLeft.y - page.topLeft.y - 0.5 * PassportPage.pageHeight) < 1)
        // Taken whole, the part in view makes a page 0.74 of its width.
        let whole = try #require(PassportPage.hypothesis(for: zone))
        #expect(whole.bottomRight.x - whole.bottomLeft.x < 0.8 * 0.5 * PassportPage.pageWidth)
    }

    @Test("cut on the left, the page is placed from the zone's right end")
    func cutOnTheLeft() throws {
        // The zone's right end at x 700 in a 900 px photo, its left end at the left border.
        let zone = try Self.zone(start: 0, length: 700, imageWidth: 900)
        let page = try #require(PassportPage.hypothesis(for: zone, cut: { $0.x <= 5 }))
        let right = 700 + 0.5 * (PassportPage.pageWidth - PassportPage.zoneRight)
        #expect(abs(page.bottomRight.x - right) < 1)
        #expect(abs(page.bottomLeft.x - (right - 0.5 * PassportPage.pageWidth)) < 1, "left side at \(page.bottomLeft.x)")
        // Both ends at the border (a zone filling the photo): its length stands.
        let both = try #require(PassportPage.hypothesis(for: zone, cut: { $0.x <= 5 || $0.x >= 695 }))
        let plain = try #require(PassportPage.hypothesis(for: zone))
        #expect(both == plain)
    }
}
