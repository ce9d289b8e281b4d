import Foundation
import Testing
@testable import DocFrame

/// Readings of one zone from different cuts (`MRZReader.reconciled`, `MRZNameVote`'s disputed
/// cells): a zone read more than one way is reported as the cuts together show it, never
/// valid on a checked character that one cut read plainly and another only by correction.
@Suite("MRZ readings reconciled across cuts")
struct MRZReconciledTests {
    /// Fixtures/ReconciledCuts: bench-mrz dev captures (`scripts/bench-mrz --docframe-only`,
    /// seed 7400: render-specimen over the passport designs and ca-pr's back, then
    /// synthesize-captures --per-image 2 --seed 7400 with every condition), kept whole (jpeg,
    /// 95 KB). The first cut read the given name exactly and a date wrong; the next cut read
    /// every check valid with a plain Z for the name's I, and was reported so.
    static let disputedName = MRZFixtureCapture(folder: "ReconciledCuts", name: "passport-orv-front-7409-1")

    @Test("a name two cuts read differently, each plainly, is settled by a third cut: every line exact")
    func disputedNameExact() throws {
        try Self.disputedName.expectReadExactly()
    }

    /// A generated TD3 zone (the seed-7400 tilted page's) whose document number starts with U,
    /// and the misreading 0: U counts 30 in a check digit, 0 counts 0, so every check holds on both.
    static let lines = ["P<UTOFRASER<<JAMES<LUCAS<<<<<<<<<<<<<<<<<<<<", "U004738H09UTO2003304M3003301153337247<<<<<50"]

    func reading(_ lines: [String], plain: Bool) throws -> MRZResult {
        var result = try #require(MRZParser().parse(lines))
        try #require(result.valid)
        result.checkedPlain = plain
        return result
    }

    @Test("two valid readings that differ in a checked character: the plainly read one stands, else neither is valid")
    func checkedConflict() throws {
        let reader = try MRZReader()
        let misread = [Self.lines[0], "0" + Self.lines[1].dropFirst()]
        let plain = try reading(Self.lines, plain: true)
        let corrected = try reading(misread, plain: false)
        // Compared as flags: a failure must not print the zone's characters.
        let plainOverCorrected = reader.reconciled(corrected, with: plain) == plain
        #expect(plainOverCorrected)
        let plainKept = reader.reconciled(plain, with: corrected) == plain
        #expect(plainKept)
        let bothPlain = reader.reconciled(try reading(misread, plain: true), with: plain).valid
        #expect(!bothPlain)
        // Readings that agree on every checked character stand as they are.
        let agreeing = reader.reconciled(plain, with: try reading(Self.lines, plain: false)) == plain
        #expect(agreeing)
    }
}
