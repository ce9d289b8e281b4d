import Foundation
import Testing
@testable import DocFrame

/// How much a TD3 reading vouches for a passport (`PassportRule.identity`): check digits count
/// only over fields with content, the document number's among them, and the state reported is
/// a state's code. Readings are built directly (the ICAO example, with the misreads a photo
/// gives) so each tier is pinned without depending on the reader.
@Suite("Passport rule: what a reading vouches for")
struct PassportRuleTests {
    let parser = MRZParser(referenceDate: MRZParserTests.today)
    static let line1 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    static let line2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"
    static let page = 1476.0 / 1039.0

    func reading(_ lines: [String]) throws -> MRZResult {
        try #require(parser.parse(lines))
    }

    /// `line` with the characters from `offset` replaced by `text`.
    static func replacing(_ line: String, at offset: Int, with text: String) -> String {
        var c = Array(line)
        c.replaceSubrange(offset..<offset + text.count, with: Array(text))
        return String(c)
    }

    @Test("a letter's lines read as a passport zone are no passport, though three of its checks hold")
    func lettersLines() throws {
        // A generated letter photographed (dev negatives): its text read with the MRZ alphabet.
        // Birth, expiry and optional-data checks hold by chance over fields that are no dates;
        // the document number's fails, and the issuing state is no state's code.
        let letter = try reading(["PFOIOEO<NDODMRIMAVCG<O<SOHOU<UDOBMOXD<YPU<<<", "FOFWZHQ<D0OD<50H8<C0D0<PF0000<F0F<FQOG<W<F60"])
        #expect(letter.checks.values.filter { $0 }.count == 3, "the checks the old rule counted")
        #expect(PassportRule.identity(for: letter) == nil)
        #expect(PassportRule.identity(for: letter, pageAspectRatio: Self.page) == nil)
    }

    @Test("checks over zeros and filler vouch for nothing")
    func emptyFields() throws {
        // Dates of zeros and blank optional data pass their checks whatever was read; the
        // document number's check fails.
        let zeros = try reading([Self.line1, "L898902C37UTO0000000F0000000<<<<<<<<<<<<<<05"])
        #expect(zeros.checks["birthDate"] == true && zeros.checks["expiryDate"] == true && zeros.checks["optionalData"] == true)
        #expect(PassportRule.identity(for: zeros) == nil)
        // On a measured page its structure may still name it, never confidently.
        #expect((PassportRule.identity(for: zeros, pageAspectRatio: Self.page)?.confidence ?? 0) < 0.8)
    }

    @Test("a real passport partly misread is still a passport of its state")
    func partlyMisread() throws {
        let whole = try reading([Self.line1, Self.line2])
        #expect(PassportRule.identity(for: whole)?.confidence == 0.99)
        // The expiry date misread: number, birth date and optional data still hold.
        let expiry = try reading([Self.line1, Self.replacing(Self.line2, at: 26, with: "6")])
        let confident = try #require(PassportRule.identity(for: expiry))
        #expect(confident.confidence == 0.8 && confident.jurisdiction == "UTO" && confident.label.en == "Passport")
        // The document number misread: the dates hold, the zone's structure is a passport's.
        let number = try reading([Self.line1, Self.replacing(Self.line2, at: 2, with: "7")])
        #expect(number.checks["documentNumber"] == false)
        let unsure = try #require(PassportRule.identity(for: number))
        #expect(unsure.confidence == PassportRule.structureConfidence && unsure.jurisdiction == "UTO")
    }

    @Test("an issuing state that is no state's code is never reported")
    func unknownState() throws {
        let valid = try reading([Self.replacing(Self.line1, at: 2, with: "QQQ"), Self.line2])
        #expect(valid.valid)
        #expect(PassportRule.identity(for: valid) == nil)
        #expect(PassportRule.identity(for: valid, pageAspectRatio: Self.page) == nil)
    }

    @Test("a zone's band: margins darker than both lines are no blurred zone")
    func darkMargins() {
        // Measured on a dark business card with a coloured bottom band, outlined with the phone
        // beside it (dev negatives), and on a blurred passport page (BlurredPassportBandTests).
        let card = MRZBand.Evidence(line1: 23.5, line2: 30.2, above: 1.8, evenSegments: 8, margins: 37.5,
                                    marginsOverBody: 8.3, offset: -0.014, gaps: 0)
        #expect(!card.isZone && !card.isBlurredZone)
        let page = MRZBand.Evidence(line1: 46.7, line2: 58.5, above: 20.0, evenSegments: 7, margins: 35.0,
                                    marginsOverBody: -1.4, offset: 0, gaps: 0)
        #expect(page.isBlurredZone)
        // A blurred page whose design prints a dark stripe down its side: the margin beside
        // the zone is darker than the lines, but no darker there than beside the page's body.
        let striped = MRZBand.Evidence(line1: 45.0, line2: 47.7, above: 12.9, evenSegments: 8, margins: 71.5,
                                       marginsOverBody: -2.7, offset: 0, gaps: 0)
        #expect(striped.isBlurredZone)
    }
}
