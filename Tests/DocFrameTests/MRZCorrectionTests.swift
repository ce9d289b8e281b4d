import Foundation
import Testing
@testable import DocFrame

@Suite("MRZ field-aware correction")
struct MRZCorrectionTests {
    let parser = MRZParser(referenceDate: MRZParserTests.today)
    let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    @Test("digits where the format has digits, letters where it has letters")
    func coercion() throws {
        let read = ["P<UT0ERIKSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<", "L898902C36UT074O8I22F12O4I59ZE184226B<<<<<I0"]
        let r = try #require(parser.parseCorrecting(read))
        #expect(r.lines == td3)
        #expect(r.valid)
        #expect(r.fields["surname"] == "ERIKSSON" && r.fields["givenNames"] == "ANNA MARIA")
    }

    @Test("a sex read as another letter is the M, F or < it can only be; X stays")
    func sexField() throws {
        // TD3 line 2, position 20 holds the sex (F in the ICAO example).
        func withSex(_ c: Character) -> String { String(td3[1].prefix(20)) + String(c) + td3[1].dropFirst(21) }
        for (read, meant) in [("H", "M"), ("N", "M"), ("W", "M"), ("E", "F"), ("P", "F"), ("K", "<"), ("X", "X"), ("M", "M")] {
            let r = try #require(parser.parseCorrecting([td3[0], withSex(Character(read))]))
            #expect(r.lines[1] == withSex(Character(meant)), "\(read)")
            #expect(r.valid)
        }
    }

    @Test("a passport zone's document code read as F or R is a P; a visa's V and a TD2 code stay")
    func passportDocumentCode() throws {
        for misread in ["F", "R"] {
            let r = try #require(parser.parseCorrecting([misread + td3[0].dropFirst(), td3[1]]))
            #expect(r.lines == td3 && r.valid)
            #expect(PassportRule.identity(for: r) != nil)
        }
        let td2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"]
        let other = try #require(parser.parseCorrecting(["F" + td2[0].dropFirst(), td2[1]]))
        #expect(other.lines[0].first == "F")
    }

    @Test("a look-alike in a document number is corrected when the check digit allows one reading")
    func documentNumberLookAlike() throws {
        // L898902C3 read with O for the 0: of O, 0, D and Q only 0 passes the check digit 6.
        let read = [td3[0], "L8989O2C36UTO7408122F1204159ZE184226B<<<<<10"]
        #expect(parser.parse(read)?.valid == false)
        let r = try #require(parser.parseCorrecting(read))
        #expect(r.lines == td3 && r.valid)
        #expect(r.fields["documentNumber"] == "L898902C3")
    }

    @Test("a look-alike the OCR was unsure of is corrected when its check digit allows one reading")
    func optionalDataLookAlike() throws {
        // ZE184226B with the B read as 8 (position 36), the OCR unsure of it: of 8 and B only B
        // passes the optional data's check digit.
        let read = [td3[0], "L898902C36UTO7408122F1204159ZE1842268<<<<<10"]
        let unsure = try #require(parser.parseCorrecting(read, uncertain: [MRZCorrector.Position(line: 1, index: 36)]))
        #expect(unsure.lines == td3 && unsure.valid)
        // Without that evidence every 2/Z, 1/I/L, 6/G, 8/B of the field is a candidate, several
        // readings pass, and nothing is changed.
        let blind = try #require(parser.parseCorrecting(read))
        #expect(!blind.valid && blind.lines == read)
    }

    @Test("with the OCR's candidate lists known, only glyphs it doubted or listed the new character for are rewritten")
    func correctionFollowsCandidates() throws {
        // X4RTBPFW4 with its B read as 8. Any look-alike anywhere finds one reading that passes
        // (B); but a sure 8 the classifier listed no B for is not a B however well the check
        // digit likes it: the reading stays as read and invalid.
        let truth = [td3[0], "X4RTBPFW46UTO7408122F1204159ZE184226B<<<<<10"]
        let read = [td3[0], "X4RT8PFW46UTO7408122F1204159ZE184226B<<<<<10"]
        let p = MRZCorrector.Position(line: 1, index: 4)
        #expect(parser.parse(truth)?.valid == true)
        let blind = try #require(parser.parseCorrecting(read))
        #expect(blind.lines == truth && blind.valid)
        let sure = try #require(parser.parseCorrecting(read, uncertain: [], choices: [:]))
        #expect(sure.lines == read && !sure.valid)
        let listed = try #require(parser.parseCorrecting(read, uncertain: [], choices: [p: ["B"]]))
        #expect(listed.lines == truth && listed.valid)
        let doubted = try #require(parser.parseCorrecting(read, uncertain: [p], choices: [:]))
        #expect(doubted.lines == truth && doubted.valid)
    }

    @Test("no correction when the check digits allow more than one reading")
    func ambiguousStaysInvalid() throws {
        // Two ambiguous characters read wrongly at once: several look-alike combinations pass
        // the check, so none is chosen and the MRZ stays invalid.
        let read = [td3[0], "L8989O2C36UTO7408122F1204159ZEI842Z6B<<<<<10"]
        let r = try #require(parser.parseCorrecting(read))
        #expect(!r.valid)
    }

    @Test("a correction that would rewrite two characters is not made, though it alone passes the check")
    func oneSubstitutionPerCheck() throws {
        // L898902C3 with its C read as 0 (no look-alike): of the O/0 swaps, only both zeros as
        // O (L8989O2O3) passes the check digit 6, and the composite with it. A check digit
        // passes one combination in ten by chance; it vouches for one rewritten character.
        let read = [td3[0], "L898902036UTO7408122F1204159ZE184226B<<<<<10"]
        let chance = [td3[0], "L8989O2O36UTO7408122F1204159ZE184226B<<<<<10"]
        #expect(parser.parse(chance)?.valid == true)
        let r = try #require(parser.parseCorrecting(read))
        #expect(!r.valid && r.lines != chance)
        #expect(r.checks["documentNumber"] == false)
    }

    @Test("a misread digit that no look-alike explains is never made valid")
    func unrelatedMisread() throws {
        // 7408122 read as 7403122: a 3 for an 8 is not a look-alike swap.
        let read = [td3[0], "L898902C36UTO7403122F1204159ZE184226B<<<<<10"]
        let r = try #require(parser.parseCorrecting(read))
        #expect(!r.valid && r.checks["birthDate"] == false)
        #expect(r.fields["birthDate"] == "1974-03-12")
    }

    @Test("TD1 lines: letters coerced in the state codes and dates repaired")
    func td1() throws {
        let read = ["I<UT0D231458907<<<<<<<<<<<<<<<", "74O8I22F12O4I59UT0<<<<<<<<<<<6", "ERIKSS0N<<ANNA<MARIA<<<<<<<<<<"]
        let r = try #require(parser.parseCorrecting(read))
        #expect(r.valid)
        #expect(r.lines == ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"])
    }

    @Test("a K among the trailing fillers of a name is a misread <")
    func trailingK() throws {
        let read = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<K<<<<<<<<<<<", td3[1]]
        #expect(try #require(parser.parseCorrecting(read)).lines == td3)
        // A real one-letter given name K is kept.
        let name = try #require(parser.parseCorrecting(["P<UTOERIKSSON<<K<<<<<<<<<<<<<<<<<<<<<<<<<<<<", td3[1]]))
        #expect(name.fields["givenNames"] == "K")
    }

    @Test("letters among a name's trailing fillers: after three fillers always a filler; a lone one after two only when doubted")
    func nameFillers() throws {
        // Fillers read as S, Z, F after the name has ended (three fillers in a row).
        let late = try #require(parser.parseCorrecting(["P<UTOERIKSSON<<ANNA<MARIA<<<<<S<<<<<Z<<<<F<<", td3[1]]))
        #expect(late.lines == td3)
        #expect(late.valid)
        // A lone S right after the separator is a one-letter given name when read plainly...
        let name = ["P<UTOERIKSSON<<S<<<<<<<<<<<<<<<<<<<<<<<<<<<<", td3[1]]
        #expect(try #require(parser.parseCorrecting(name)).fields["givenNames"] == "S")
        let plain = try #require(parser.parseCorrecting(name, uncertain: []))
        #expect(plain.fields["givenNames"] == "S")
        // ...and a filler the OCR misread when it doubted it.
        let doubted = try #require(parser.parseCorrecting(name, uncertain: [MRZCorrector.Position(line: 0, index: 15)]))
        #expect(doubted.lines[0] == "P<UTOERIKSSON<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<")
        // Fillers the OCR only filled in (glare over a name) do not end it.
        let washed = Set((19..<22).map { MRZCorrector.Position(line: 0, index: $0) })
        let kept = try #require(parser.parseCorrecting(["P<UTOERIKSSON<<ANNA<<<<ARIA<<<<<<<<<<<<<<<<<", td3[1]], uncertain: washed))
        #expect(kept.lines[0] == "P<UTOERIKSSON<<ANNA<<<<ARIA<<<<<<<<<<<<<<<<<")
        // TD1: the name is the third line.
        let td1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]
        let card = try #require(parser.parseCorrecting([td1[0], td1[1], "ERIKSSON<<ANNA<MARIA<<<<S<<<<<"]))
        #expect(card.lines == td1 && card.valid)
    }

    @Test("a misread state code is repaired only toward the one known code it can be")
    func stateCodes() throws {
        // NLD read as NLQ: NLD is the only known code one character away.
        var lines = td3
        lines[0] = lines[0].replacingOccurrences(of: "P<UTO", with: "P<NLQ")
        let r = try #require(parser.parseCorrecting(lines))
        #expect(r.fields["issuingState"] == "NLD")
        // FBA could be FRA or XBA (an ICAO code): left as read.
        lines[0] = td3[0].replacingOccurrences(of: "P<UTO", with: "P<FBA")
        #expect(try #require(parser.parseCorrecting(lines)).fields["issuingState"] == "FBA")
        // Germany's D<< read with a digit for the D.
        let td1 = ["I<D<<D231458907<<<<<<<<<<<<<<<", "7408122F1204159D<<<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]
        var misread = td1
        misread[1] = "7408122F12041599<<<<<<<<<<<<<6"
        #expect(try #require(parser.parseCorrecting(misread)).fields["nationality"] == "D")
        // Known codes and codes with several neighbours stay as read.
        #expect(try #require(parser.parseCorrecting(td3)).fields["issuingState"] == "UTO")
        lines[0] = td3[0].replacingOccurrences(of: "P<UTO", with: "P<CAA")
        #expect(try #require(parser.parseCorrecting(lines)).fields["issuingState"] == "CAA")
    }
}

@Suite("MRZ reading confirmed by another cut")
struct MRZConfirmationTests {
    let parser = MRZParser(referenceDate: MRZParserTests.today)
    let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    func reading(read line2: String, guessed: Set<MRZCorrector.Position> = [], doubted: Set<MRZCorrector.Position> = []) throws -> MRZReader.Reading {
        let result = try #require(parser.parse(td3))
        return MRZReader.Reading(result: result, doubted: doubted, needsConfirmation: !guessed.isEmpty,
                                 read: [Array(td3[0]), Array(line2)], guessed: guessed)
    }

    @Test("a cut that misread the guessed glyph alike and was corrected alike does not vouch; one that read it plainly does")
    func independentConfirmation() throws {
        let p = MRZCorrector.Position(line: 1, index: 1)
        let misread = "LB98902C36UTO7408122F1204159ZE184226B<<<<<10"
        let guessed = try reading(read: misread, guessed: [p])
        #expect(!guessed.isConfirmed(by: try reading(read: misread)))
        #expect(guessed.isConfirmed(by: try reading(read: td3[1])))
        // Read plainly but doubted there: no evidence either.
        #expect(!guessed.isConfirmed(by: try reading(read: td3[1], doubted: [p])))
        // A cut whose checked characters differ never vouches.
        var other = try reading(read: td3[1])
        other.result.lines[1] = "L898902C46UTO7408122F1204159ZE184226B<<<<<10"
        #expect(!guessed.isConfirmed(by: other))
    }
}
