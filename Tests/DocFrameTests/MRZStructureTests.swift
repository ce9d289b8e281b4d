import Testing
@testable import DocFrame

/// A reading whose checks fail is reported only when it still has a zone's structure: text lines
/// of a letter read with the MRZ alphabet are zone-shaped garbage, not an MRZ.
@Suite("MRZ structure of readings that fail their checks")
struct MRZStructureTests {
    let parser = MRZParser(referenceDate: MRZParserTests.today)
    static let line1 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    static let line2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"

    @Test("a passport zone with misread check digits, or of a state DocFrame does not know, keeps its structure")
    func misreadZone() throws {
        let misread = try #require(parser.parse([Self.line1, Self.line2.replacingOccurrences(of: "C36", with: "C37")]))
        #expect(!misread.valid)
        #expect(misread.hasZoneStructure)
        let unknownState = try #require(parser.parse([Self.line1.replacingOccurrences(of: "UTO", with: "QXZ"),
                                                      Self.line2.replacingOccurrences(of: "C36", with: "C37")]))
        #expect(unknownState.hasZoneStructure)
        // An ID card's TD1 zone (document code I) too.
        let td1 = try #require(parser.parse(["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6",
                                             "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]))
        #expect(td1.hasZoneStructure)
    }

    @Test("two text lines of a letter read with the MRZ alphabet have no zone structure, whatever checks hold")
    func letterLines() throws {
        // Read from a generated letter (no personal data): three of four checks held after correction.
        let garbage = try #require(parser.parse(["MOXIMMOXI<NG<YOUB<PGCSO<<PBCS<G<PFOG", "FBV0W<TMO8CUW0V8<W<7OF0080F6S<SCHGG0"]))
        #expect(!garbage.valid)
        #expect(!garbage.hasZoneStructure)
        // A document code letter alone is not enough: the issuing state must be letters and a date a date.
        let digitsState = try #require(parser.parse(["P<U7OERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7413322F1213459ZE184226B<<<<<10"]))
        #expect(!digitsState.hasZoneStructure)
    }
}
