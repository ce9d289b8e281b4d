import Foundation
import Testing
@testable import DocFrame

/// The names line, which no check digit covers: a misread there passes every check, so what
/// is reported must rest on the zone's cuts agreeing, never on `valid`.
@Suite("MRZ names line")
struct MRZNameLineTests {
    /// A passport page with glare over the given names (Fixtures/GlaredNames), made from an
    /// MRZ dev capture (not scripts/make-recognition-fixtures, which rewrites its own folder):
    /// `render-specimen --design D --side front --seed 6601 --count 12` for the four passport
    /// designs and ca-pr's back, `synthesize-captures --per-image 3 --seed 6601` over them;
    /// passport-uto-front-6607-1.jpg cropped to the page's rows (y 272..904) and saved at JPEG
    /// quality 60, its sidecar's corners and imageSize moved alike. The first cut read a
    /// washed-out letter of the name as another, doubting it; of the two other cuts one read it
    /// plainly and right, the other doubted it and read a filler: the tie kept the misreading,
    /// and the MRZ came out valid with a wrong name.
    static let capture = MRZFixtureCapture(folder: "GlaredNames", name: "passport-uto-front-6607-1")

    @Test("a name partly washed out by glare is read exactly, every line")
    func glaredNameExact() throws {
        try Self.capture.expectReadExactly()
    }

    /// Fixtures/TiedNames: a bench-mrz dev capture (seed 7400: render-specimen over the passport
    /// designs and ca-pr's back, synthesize-captures --per-image 2 --seed 7400), kept whole
    /// (JPEG, 190 KB), glare fading the end of the given names. The first cut read them
    /// exactly; the next read every check valid with a plain O for the last name's D; the
    /// third cut, the last voter, read noise there: the tie kept the O, and the zone was
    /// reported valid with it.
    static let tied = MRZFixtureCapture(folder: "TiedNames", name: "passport-orv-front-7405-1")

    @Test("a name two cuts read differently, each plainly, with the third cut no help: more cuts settle it")
    func tiedNameExact() throws {
        try Self.tied.expectReadExactly()
    }

    @Test("a disputed cell stays undecided while the cuts tie on it")
    func disputedTie() {
        let own = Array("P<ORVPATEL<<ANNA<INGRIO".padding(toLength: 44, withPad: "<", startingAt: 0))
        let right = Array("P<ORVPATEL<<ANNA<INGRID".padding(toLength: 44, withPad: "<", startingAt: 0))
        let cell = 22
        // One plain voter against own's plain glyph: a tie.
        #expect(MRZNameVote.undecided(own, doubted: [], disputed: [cell], voters: [.init(line: right, unsure: [])]))
        // A second plain voter alike decides it; so does none disputing it.
        let two = [MRZNameVote.Voter(line: right, unsure: []), .init(line: right, unsure: [])]
        #expect(!MRZNameVote.undecided(own, doubted: [], disputed: [cell], voters: two))
        #expect(!MRZNameVote.undecided(own, doubted: [], disputed: [], voters: two))
        #expect(MRZNameVote.settled(own, doubted: [], disputed: [cell], voters: two) == right)
    }
}
