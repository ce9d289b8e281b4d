import Foundation
import Testing
@testable import DocFrame

/// A search that reads nothing like a zone gives up (`MRZReader.formlessReads`): a blurred
/// zone's cuts read as scattered letters however they are binarised, and the search used to
/// go on through every candidate and cut (20-30 zone reads, seconds per photo) for nothing.
@Suite("MRZ search of a zone no cut makes legible")
struct MRZFormlessSearchTests {
    /// Fixtures/FormlessZones: a bench-mrz dev capture (`scripts/bench-mrz --docframe-only`,
    /// seed 7300, synthesize-captures' glare condition), saved again at jpeg quality 55 (67 KB).
    /// Its zone's lines are found and pass the sharpness test, but no cut reads them as a zone.
    static let glared = MRZFixtureCapture(folder: "FormlessZones", name: "passport-val-front-7302-1")

    @Test("a passport photo whose zone's cuts never read like a zone: no MRZ, and each search of it gives up after formlessReads zone reads")
    func formlessZoneGivesUp() throws {
        let photo = try Image(contentsOfFile: Self.glared.root + Self.glared.name + ".jpg")
        let reader = try MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))
        // What `docframe mrz` does with an image: the outline's searches, then the whole photo's.
        let budget = MRZCutBudget(limit: .max)
        var options = RecognitionOptions(classify: false, readMRZ: true, readHeaderText: false)
        options.mrzBudget = budget
        let observation = try RecognitionFixtures.builtIn.observe(photo, options: options)
        let direct = try reader.readPassport(in: photo, budget: budget)
        #expect(observation.mrz == nil && direct == nil)
        // The located outline's zone, the passport scout's, the page it places and the whole
        // photo: each search at most formlessReads zone reads of 2 lines (the searches read
        // 90 line cuts before, every cut of every candidate).
        #expect(budget.spent <= 4 * 2 * MRZReader.formlessReads, "\(budget.spent) line cuts")
    }
}
