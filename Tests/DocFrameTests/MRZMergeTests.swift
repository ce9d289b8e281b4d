import Foundation
import Testing
@testable import DocFrame

/// Readings of one zone merged field by field (`MRZReader.merge`): valid only on characters
/// the OCR read plainly, with what only the composite covers read alike by two cuts.
@Suite("MRZ readings merged across cuts")
struct MRZMergeTests {
    let parser = MRZParser(referenceDate: MRZParserTests.today)
    /// ICAO 9303 Part 5's TD1 specimen.
    let td1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]

    /// A reading of `lines` as the OCR gave them (no correction), with what it doubted and
    /// what correction rewrote.
    func reading(_ lines: [String], doubted: Set<MRZCorrector.Position> = [],
                 corrected: Set<MRZCorrector.Position> = []) throws -> MRZReader.Reading {
        var result = try #require(parser.parse(lines))
        // A doubted checked character keeps a reading from being valid on its own (the reader
        // marks such readings invalid, or asks another cut to confirm them).
        if !doubted.isEmpty || !corrected.isEmpty { result.valid = false }
        return MRZReader.Reading(result: result, doubted: doubted, read: lines.map(Array.init), unsure: doubted, corrected: corrected)
    }

    @Test("two cuts that each misread a different field merge into the zone, valid")
    func complementaryMisreads() throws {
        let reader = try MRZReader(parser: parser)
        // The document number misread in one cut (I for 1), the birth date in the other (8 for 3).
        let a = try reading(["I<UTOD23I458907<<<<<<<<<<<<<<<", td1[1], td1[2]])
        let b = try reading([td1[0], "7408182F1204159UTO<<<<<<<<<<<6", td1[2]])
        #expect(!a.result.valid && !b.result.valid)
        let merged = try #require(reader.merge([a, b]))
        #expect(merged.valid)
        #expect(merged.lines == td1)
    }

    @Test("a line placed a cell off whose composite holds by chance once another cut's field is taken in is not valid")
    func chanceComposite() throws {
        let reader = try MRZReader(parser: parser)
        // One cut split the document number's check digit into two glyphs and read a speck as
        // a 9: the optional data shifted ("79" where fillers stand) and the number misread.
        // With the number taken from the other cut, the shifted data adds 7x3 + 9x1 = 30 to
        // the composite, which holds: every check passes on a wrong line.
        let shifted = try reading(["I<UTOD23I45890779<<<<<<<<<<<<<", td1[1], td1[2]])
        // The other cut read everything right but doubted a digit of the birth date.
        let right = try reading(td1, doubted: [MRZCorrector.Position(line: 1, index: 4)])
        var lines = shifted.result.lines
        lines[0] = String(Array(td1[0])[0..<15]) + String(Array(lines[0])[15...])
        let chance = try #require(parser.parse(lines))
        #expect(chance.valid && chance.lines != td1, "the constructed misread must pass every check")
        let merged = reader.merge([shifted, right])
        #expect(merged?.valid != true)
    }

    @Test("a field that holds its check only by correction is not taken into a merge")
    func correctedDonor() throws {
        let reader = try MRZReader(parser: parser)
        // The first cut misread the document number; the second cut's number holds only because
        // correction chose a look-alike for one of its characters.
        let a = try reading(["I<UTOD23I458907<<<<<<<<<<<<<<<", td1[1], td1[2]])
        let b = try reading(td1, corrected: [MRZCorrector.Position(line: 0, index: 8)])
        #expect(reader.merge([a, b]) == nil)
        // Read plainly, the same number is taken.
        #expect(try reader.merge([a, reading(["I<UTOD231458907<<<<<<<<<<<<<<<", "7408182F1204159UTO<<<<<<<<<<<6", td1[2]])])?.valid == true)
    }
}
