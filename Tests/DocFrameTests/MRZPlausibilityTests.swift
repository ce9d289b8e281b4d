import Foundation
import Testing
@testable import DocFrame

/// What `valid` needs beyond the check digits: calendar dates, and (in the reader) a second cut
/// agreeing on the checked characters when the OCR doubted them.
@Suite("MRZ plausibility beyond check digits")
struct MRZPlausibilityTests {
    let parser = MRZParser(referenceDate: MRZParserTests.today)

    /// A TD3 second line with every check digit computed, for the given dates.
    static func td3Line2(number: String = "L898902C3", birth: String, expiry: String, optional: String = "ZE184226B<<<<<") -> String {
        func cd(_ s: String) -> String { String(MRZCheckDigit.compute(s)!) }
        let n = number + cd(number), b = birth + cd(birth), e = expiry + cd(expiry), o = optional + cd(optional)
        return n + "UTO" + b + "F" + e + o + cd(n + b + e + o)
    }

    static let line1 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"

    @Test("a date that is no calendar date is not valid, even when its check digit holds")
    func impossibleDates() throws {
        let good = try #require(parser.parse([Self.line1, Self.td3Line2(birth: "740812", expiry: "120415")]))
        #expect(good.valid)
        for (birth, expiry) in [("741312", "120415"), ("740832", "120415"), ("740812", "120230"), ("740800", "120415")] {
            let r = try #require(parser.parse([Self.line1, Self.td3Line2(birth: birth, expiry: expiry)]))
            #expect(r.checks.values.allSatisfy { $0 }, "the check digits hold for \(birth) \(expiry)")
            #expect(!r.valid, "\(birth) \(expiry) is not a pair of calendar dates")
        }
    }

    @Test("calendar dates, and ICAO's unknown month or day as <<")
    func plausibleDates() {
        #expect(MRZDate.isPlausible("740812"))
        #expect(MRZDate.isPlausible("000229"))
        #expect(MRZDate.isPlausible("7408<<"))
        #expect(MRZDate.isPlausible("74<<<<"))
        #expect(!MRZDate.isPlausible("741312"))
        #expect(!MRZDate.isPlausible("740431"))
        #expect(!MRZDate.isPlausible("7A0812"))
        #expect(!MRZDate.isPlausible("<<0812"))
        #expect(!MRZDate.isPlausible("74081"))
    }

    @Test("two misreads that cancel out pass the check digits, and the reader tells the readings apart")
    func cancellingMisreads() throws {
        // S (28) for 3 twice, at weights 7 and 3: 25 x 10 = 250 changes no check digit. Measured
        // on a blurred capture; the reader keeps such a reading valid only when another cut of
        // the zone reads the checked characters alike.
        let truth = try #require(parser.parse([Self.line1, "5322795234VAL1202236F3010208359355948<<<<<90"]))
        let misread = try #require(parser.parse([Self.line1, "5S227952S4VAL1202236F3010208S59S55948<<<<<90"]))
        #expect(truth.valid && misread.valid)
        #expect(!MRZReader.agree(truth, misread))
        // A name read otherwise does not count against a reading: no check digit covers it.
        let otherName = try #require(parser.parse(["P<UTOERIKSSON<<ANNA<MARLA<<<<<<<<<<<<<<<<<<<", truth.lines[1]]))
        #expect(MRZReader.agree(truth, otherName))
    }
}

@Suite("MRZ passport state codes")
struct MRZStateCodeAgreementTests {
    let parser = MRZParser(referenceDate: MRZParserTests.today)
    let line2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"

    @Test("a passport's nationality read one letter off its issuing state takes the known code")
    func nationalityFollowsIssuer() throws {
        // UTO read as OTO on the second line: OTO is no code, UTO is.
        let read = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", line2.replacingOccurrences(of: "UTO", with: "OTO")]
        let r = try #require(parser.parseCorrecting(read))
        #expect(r.fields["nationality"] == "UTO")
        // ZAM is no code either (Zambia is ZMB): the specimen state ZAN it is.
        let zam = ["P<ZANERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", line2.replacingOccurrences(of: "UTO", with: "ZAM")]
        #expect(try #require(parser.parseCorrecting(zam)).fields["nationality"] == "ZAN")
        // Both known (a British Overseas Territories citizen's GBR passport) and neither doubted:
        // both are kept as read.
        let both = ["P<GBRERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", line2.replacingOccurrences(of: "UTO", with: "GBD")]
        let kept = try #require(parser.parseCorrecting(both, uncertain: []))
        #expect(kept.fields["issuingState"] == "GBR" && kept.fields["nationality"] == "GBD")
        // The OCR doubted the D: the R of the issuing state stands.
        let doubted = try #require(parser.parseCorrecting(both, uncertain: [MRZCorrector.Position(line: 1, index: 12)]))
        #expect(doubted.fields["nationality"] == "GBR")
    }

    @Test("codes that differ in more than one letter, or an ID card's, are left alone")
    func otherwiseUntouched() throws {
        let read = ["P<GBRERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", line2.replacingOccurrences(of: "UTO", with: "FRA")]
        let r = try #require(parser.parseCorrecting(read))
        #expect(r.fields["issuingState"] == "GBR" && r.fields["nationality"] == "FRA")
    }
}

@Suite("MRZ character placement")
struct MRZPlacementTests {
    /// Symbols of `text` at a 20-pixel pitch from x = 40, 30 pixels high.
    static func symbols(_ text: String, from x: Int = 40) -> [RecognizedText.Word] {
        text.enumerated().map { i, c in
            RecognizedText.Word(text: String(c), confidence: 0.9, x: x + 20 * i, y: 10, width: 14, height: 30)
        }
    }

    @Test("a speck before the first character or a shadow after the last does not shift the line")
    func straysDropped() {
        let line = "P<UTOERIKSSON<<ANNA<<<<<<<"
        // A mark three pitches left of the P, and a small one right after the last filler.
        let speck = RecognizedText.Word(text: "O", confidence: 0.5, x: -20, y: 10, width: 14, height: 28)
        let tail = RecognizedText.Word(text: "M", confidence: 0.5, x: 40 + 20 * line.count, y: 20, width: 10, height: 12)
        let text = RecognizedText(text: "", confidence: 0.9, symbols: [speck] + Self.symbols(line) + [tail])
        let placed = MRZReader.placeMarking(text, length: line.count, left: 33, right: 33 + 20 * Double(line.count))
        #expect(placed.line == line)
        // With exactly the line's characters nothing is dropped, however far apart.
        let exact = RecognizedText(text: "", confidence: 0.9, symbols: [speck] + Self.symbols(String(line.dropFirst())))
        #expect(MRZReader.placeMarking(exact, length: line.count, left: 33, right: 33 + 20 * Double(line.count)).line == "O" + line.dropFirst())
    }

    @Test("a glyph read as two symbols and a filler dropped, exactly the line's count, shift nothing")
    func splitGlyphAndDroppedFiller() {
        let line = "P<UTOSTEWART<<ROSA<<<<<<<<"
        var symbols = Self.symbols(line)
        // The S read twice (a second symbol 6 px right of it, on the same glyph) and the second
        // `<` of the separator not read at all: still 26 symbols, in order shifted by one cell.
        var twin = symbols[5]
        twin.x += 6
        twin.confidence = 0.4
        symbols.insert(twin, at: 6)
        symbols.remove(at: 14)
        #expect(symbols.count == line.count)
        let text = RecognizedText(text: "", confidence: 0.9, symbols: symbols)
        let placed = MRZReader.placeMarking(text, length: line.count, left: 33, right: 33 + 20 * Double(line.count))
        #expect(placed.line == line)
        #expect(placed.unsure.contains(13))
    }
}
