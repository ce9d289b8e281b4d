import Foundation
import Testing
@testable import DocFrame

/// How the names line, which no check digit covers, is settled across a zone's cuts
/// (`MRZNameVote`) and taken from one of two cuts that vouch for each other (`MRZReader.vouched`).
/// The lines are the generated specimens' (bench-mrz seed 7000 and dev seed 8400 captures), as
/// the reader placed them.
@Suite("MRZ names line across cuts")
struct MRZNameVoteTests {
    let parser = MRZParser(referenceDate: MRZParserTests.today)

    static func line(_ text: String) -> [Character] {
        Array(text.padding(toLength: 44, withPad: "<", startingAt: 0))
    }

    @Test("a given name placed a cell off after an empty cell is taken from the cuts that read it alike")
    func shiftedNameRepaired() {
        // passport-uto-front-7001-2 (JPEG): a glyph gap left cell 12 empty (a doubted `<`) and
        // every letter after it a cell on; the four other cuts of the zone read the line alike.
        let own = Self.line("P<UTOSATO<<A<NDREW")
        let truth = Self.line("P<UTOSATO<<ANDREW")
        let voters = (0..<4).map { _ in MRZNameVote.Voter(line: truth, unsure: []) }
        #expect(MRZNameVote.settled(own, doubted: [12], voters: voters) == truth)
        // Voting at the doubted cell alone doubled the N.
        #expect(MRZNameVote.shiftRepaired(own: own, doubted: [12], voters: voters.map(\.line)) == truth)
    }

    @Test("a filler taken in where the separator is makes a three-filler run, repaired alike")
    func extraFillerRepaired() {
        // passport-uto-front-7002-1 (dark): cell 11 doubted, `<<<` before the given names.
        let own = Self.line("P<UTOFORTIN<<<LUCAS<MARCO")
        let truth = Self.line("P<UTOFORTIN<<LUCAS<MARCO")
        let garbage = Self.line("PP<<UIOBFORMTINE<ZLUFCAS<SMAR<ZOSSZ<<<<L")
        let voters = [garbage, truth, truth, truth].map { MRZNameVote.Voter(line: $0, unsure: []) }
        #expect(MRZNameVote.settled(own, doubted: [11], voters: voters) == truth)
    }

    @Test("cuts that read a plainly read glyph alike but otherwise do not outvote it")
    func plainGlyphKept() {
        // passport-val-front-8403-1 (dark, JPEG): three binarisations of one cut read the I of
        // the surname as Z; the reading kept was sure of its I and doubted other letters.
        let own = Self.line("P<VALROSSI<<WILLIAM")
        let misread = Self.line("P<VALROSSZ<<WILLIAM")
        let voters = [misread, misread, misread].map { MRZNameVote.Voter(line: $0, unsure: []) }
        #expect(MRZNameVote.shiftRepaired(own: own, doubted: [3, 6, 12, 13, 17], voters: voters.map(\.line)) == nil)
        #expect(MRZNameVote.settled(own, doubted: [3, 6, 12, 13, 17], voters: voters) == own)
    }

    @Test("a cut that read the line as noise does not vote on a right reading's doubted cell")
    func noiseCutDoesNotVote() {
        // passport-val-front-7004-1 (glared, dark): a local binarisation read the names line a
        // cell on and as noise, yet sure of its I where the reading kept doubted its C; another
        // cut doubted an N there. The noise's plain I (two votes) outvoted both.
        let own = Self.line("P<VALBOUCHARD<<ERIK<MICHAEL")
        let noise = MRZNameVote.Voter(line: Self.line("IL<VILBOICHIRT<<ZRZK<PIIHAEL"), unsure: [])
        let doubting = MRZNameVote.Voter(line: Self.line("P<VALBOUNHARD<<ERIK<MICHAEL"), unsure: [8])
        #expect(!MRZNameVote.readsAlike(noise.line, own, doubted: [8]))
        #expect(MRZNameVote.readsAlike(doubting.line, own, doubted: [8]))
        #expect(MRZNameVote.settled(own, doubted: [8], voters: [noise, doubting]) == own)
        // A cut that read the line alike still settles a doubted misread, beside the noise.
        let misread = doubting.line
        let plain = MRZNameVote.Voter(line: own, unsure: [])
        #expect(MRZNameVote.settled(misread, doubted: [8], voters: [noise, plain]) == own)
    }

    /// Both cuts' checks hold alike, neither vouched for on its own.
    func unconfirmed(_ lines: [String]) throws -> MRZResult {
        var result = try #require(parser.parse(lines))
        #expect(result.checks.values.allSatisfy { $0 })
        result.valid = false
        return result
    }

    static let line2 = "0603298491VAL6203319M3008085046015030<<<<<54"

    @Test("of two cuts that vouch for each other, the names line is the one that keeps the zone's rules")
    func vouchedNamesFromRuleKeepingCut() throws {
        // passport-val-front-8403-1: the tilted photo's cut, in perspective, placed the given
        // name a cell on after three fillers; the page flattened from it read the line exactly.
        let photo = try unconfirmed(["P<VALROSSI<<<WILLIAM<<<<<<<<<<<<<<<<<<<<<<<<", Self.line2])
        let page = try unconfirmed(["P<VALROSSI<<WILLIAM<<<<<<<<<<<<<<<<<<<<<<<<<", Self.line2])
        #expect(photo.uncheckedFaults == 1 && page.uncheckedFaults == 0)
        let vouched = try #require(MRZReader.vouched([photo, page]))
        #expect(vouched.valid)
        #expect(vouched.lines == page.lines)
        // The earlier cut stands where the later one breaks the rules (a page's cut read the
        // document code twice), and on a tie.
        let doubled = try unconfirmed(["PP<VALROSSI<<WILLIAM<<<<<<<<<<<<<<<<<<<<<<<<", Self.line2])
        #expect(MRZReader.vouched([page, doubled])?.lines == page.lines)
        #expect(MRZReader.vouched([page, page])?.lines == page.lines)
    }
}
