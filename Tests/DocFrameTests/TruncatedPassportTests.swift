import Foundation
@testable import Specimens
import Testing
@testable import DocFrame

/// A passport page cut off on the right by the photo's edge, its zone read short
/// (`TruncatedPassportZone`): a Passport of the state its zone names, placed from the zone's
/// lines; and the rule's limits on zones that are no cut passport's.
@Suite("Passports cut off with their zone")
struct TruncatedPassportTests {
    @Test("a page whose right fifth is out of the photo is a Passport of its zone's state, placed from its zone; no MRZ is reported")
    func pageCutOnTheRight() throws {
        let page = try UnreadPassportTests.page(seed: 31).image
        let degrees = 3.0, width = 1100
        let shot = try UnreadPassportTests.photo(of: page, degrees: degrees, width: width)
        // The shot's right side cut off: about 36 of each zone line's 44 characters stay in view.
        let visible = 780
        let photo = try shot.cropped(x: 0, y: 0, width: visible, height: shot.height)
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        let document = try #require(observation.document)
        #expect(document.templateId == "passport" && document.kind == .passport && document.side == .front)
        #expect(document.jurisdiction == "NLD")
        #expect(document.confidence == PassportRule.truncatedConfidence)
        #expect(observation.mrz == nil, "part of a TD3 zone is no reading of it")
        #expect(observation.orientation == .up)
        // Where the page is: the table photo's geometry (UnreadPassportTests.photo) undone.
        let border = Double(page.width / 5)
        let w = Double(page.width) + 2 * border, h = Double(page.height) + 2 * border
        let scale = Double(width) / w, a = -degrees * .pi / 180
        func inShot(_ x: Double, _ y: Double) -> Point {
            let cx = w / 2, cy = h / 2
            let tx = cx + (x - cx) * cos(a) - (y - cy) * sin(a), ty = cy + (x - cx) * sin(a) + (y - cy) * cos(a)
            return Point(x: tx * scale, y: ty * scale)
        }
        let pw = Double(page.width), ph = Double(page.height)
        let truth = Quad(topLeft: inShot(border, border), topRight: inShot(border + pw, border),
                         bottomRight: inShot(border + pw, border + ph), bottomLeft: inShot(border, border + ph))
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truth) <= 0.03 * truth.diagonal, "corners \(corners.pairs), truth \(truth.pairs)")
        #expect(!corners.isInside(width: photo.width, height: photo.height))
    }

    /// A zone as read in a `width` x 600 image: two lines 700 px long from x 40, `right` px
    /// short of the image's right edge.
    static func zone(_ lines: [String], imageWidth: Int, gapRight: Double) throws -> MRZReader.Zone {
        let result = try #require(MRZParser().parse(lines))
        let length = 700.0, right = Double(imageWidth) - gapRight
        let boxes = [500.0, 540.0].map { y in
            TextLineBox(centerX: right - length / 2, centerY: y, width: length, height: 22, angle: 0)
        }
        return MRZReader.Zone(result: result, quarterTurns: 0, lines: boxes, turnedWidth: imageWidth, turnedHeight: 600)
    }

    /// ICAO 9303's TD3 specimen lines, their first 36 characters.
    static let cutLines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
                           "L898902C36UTO7408122F1204159ZE184226"]

    @Test("the rule asks for code P, the three visible checks and lines ending at the image's edge")
    func ruleLimits() throws {
        #expect(TruncatedPassportZone.isTruncatedPassportZone(try Self.zone(Self.cutLines, imageWidth: 800, gapRight: 5)))
        // Lines ending well inside the image: a whole zone of 36 characters, no cut passport's.
        #expect(!TruncatedPassportZone.isTruncatedPassportZone(try Self.zone(Self.cutLines, imageWidth: 800, gapRight: 80)))
        // A TD2 card's code (I) at the image's edge.
        var card = Self.cutLines
        card[0] = "I" + card[0].dropFirst()
        #expect(!TruncatedPassportZone.isTruncatedPassportZone(try Self.zone(card, imageWidth: 800, gapRight: 5)))
        // A misread birth date (its check fails).
        var misread = Self.cutLines
        misread[1] = misread[1].replacingOccurrences(of: "740812", with: "740813")
        #expect(!TruncatedPassportZone.isTruncatedPassportZone(try Self.zone(misread, imageWidth: 800, gapRight: 5)))
    }

    /// The shot's left side cut off: at 320 pixels about 36 of each zone line's 44 characters
    /// stay in view; at 460 about 27, the birth date cut through (its expiry and optional data
    /// vouch then).
    @Test("a page whose left fifth or third is out of the photo is a Passport placed from its zone's right end; no state, no MRZ",
          arguments: [320, 460])
    func pageCutOnTheLeft(cut: Int) throws {
        let page = try UnreadPassportTests.page(seed: 31).image
        let degrees = -2.0, width = 1100
        let shot = try UnreadPassportTests.photo(of: page, degrees: degrees, width: width)
        let photo = try shot.cropped(x: cut, y: 0, width: shot.width - cut, height: shot.height)
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        let document = try #require(observation.document)
        #expect(document.templateId == "passport" && document.kind == .passport && document.side == .front)
        #expect(document.jurisdiction == PassportRule.unknownJurisdiction, "the issuing state is out of view")
        #expect(document.confidence == LeftCutPassportZone.confidence)
        #expect(observation.mrz == nil, "part of a TD3 zone is no reading of it")
        #expect(observation.orientation == .up)
        let border = Double(page.width / 5)
        let w = Double(page.width) + 2 * border, h = Double(page.height) + 2 * border
        let scale = Double(width) / w, a = -degrees * .pi / 180
        func inPhoto(_ x: Double, _ y: Double) -> Point {
            let cx = w / 2, cy = h / 2
            let tx = cx + (x - cx) * cos(a) - (y - cy) * sin(a), ty = cy + (x - cx) * sin(a) + (y - cy) * cos(a)
            return Point(x: tx * scale - Double(cut), y: ty * scale)
        }
        let pw = Double(page.width), ph = Double(page.height)
        let truth = Quad(topLeft: inPhoto(border, border), topRight: inPhoto(border + pw, border),
                         bottomRight: inPhoto(border + pw, border + ph), bottomLeft: inPhoto(border, border + ph))
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truth) <= 0.03 * truth.diagonal, "corners \(corners.pairs), truth \(truth.pairs)")
        #expect(!corners.isInside(width: photo.width, height: photo.height))
    }

    @Test("a zone cut on the left vouches by TD3's checks counted from the line's end, never by a card's line")
    func leftCutLimits() {
        let line2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"
        #expect(LeftCutPassportZone.vouches(forLine2: String(line2.suffix(36))))
        #expect(LeftCutPassportZone.vouches(forLine2: String(line2.suffix(31))))
        // The birth date cut through or out of view: the expiry and optional data's checks vouch.
        #expect(LeftCutPassportZone.vouches(forLine2: String(line2.suffix(30))))
        #expect(LeftCutPassportZone.vouches(forLine2: String(line2.suffix(24))))
        // Empty optional data: its fill and a `<` (or 0) check stand for the check.
        let empty = "L898902C36UTO7408122F1204159<<<<<<<<<<<<<<<4"
        #expect(LeftCutPassportZone.vouches(forLine2: String(empty.suffix(27))))
        // The same with the expiry misread (its check fails), or the birth date's rest not digits.
        #expect(!LeftCutPassportZone.vouches(forLine2: String(line2.suffix(27)).replacingOccurrences(of: "120415", with: "120715")))
        var birthCut = Array(line2.suffix(27))
        birthCut[1] = "<"
        #expect(!LeftCutPassportZone.vouches(forLine2: String(birthCut)))
        // The first character in view may be one the edge cut through.
        #expect(LeftCutPassportZone.vouches(forLine2: "W" + String(line2.suffix(26))))
        // Too little in view to reach the expiry date's check and the sex, or the whole line
        // (the reader's own case).
        #expect(!LeftCutPassportZone.vouches(forLine2: String(line2.suffix(23))))
        #expect(!LeftCutPassportZone.vouches(forLine2: line2))
        // A misread birth date; a character dropped (every field left of it moves).
        #expect(!LeftCutPassportZone.vouches(forLine2: String(line2.suffix(36)).replacingOccurrences(of: "740812", with: "740813")))
        #expect(!LeftCutPassportZone.vouches(forLine2: String(line2.suffix(36)).replacingOccurrences(of: "ZE18", with: "ZE1")))
        // ICAO's TD2 and TD1 specimens' line 2: a card's zone, whole or cut, is no passport's.
        let td2 = "D231458907UTO7408122F1204159<<<<<<<6"
        #expect(!LeftCutPassportZone.vouches(forLine2: td2))
        #expect(!LeftCutPassportZone.vouches(forLine2: String(td2.suffix(32))))
        #expect(!LeftCutPassportZone.vouches(forLine2: String(td2.suffix(28))))
        #expect(!LeftCutPassportZone.vouches(forLine2: String(td2.suffix(24))))
        #expect(!LeftCutPassportZone.vouches(forLine2: "7408122F1204159UTO<<<<<<<<<<<6"))
    }
}
