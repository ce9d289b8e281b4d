import Foundation
import Testing
@testable import DocFrame

/// The MRZ searches of one image share one budget of line cuts, and read their best
/// candidates first: an image whose zone never reads stops at the budget, and an upside-down
/// zone is read at the half turn's first cuts rather than after every upright one.
@Suite("MRZ cut budget")
struct MRZCutBudgetTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))

    /// A photo of a page turned upside down whose zone's document-number check digit is
    /// misprinted, so that no cut of it ever reads valid; two more printings of the zone above
    /// it make more candidate zones.
    static func misprintedCapture(_ format: MRZResult.Format) throws -> Image {
        var random = MRZTestDocuments.Random(seed: 31)
        var lines = MRZTestDocuments.lines(format, state: "UTO", random: &random)
        let (line, index) = format == .td1 ? (0, 14) : (1, 9)
        var misprinted = Array(lines[line])
        misprinted[index] = misprinted[index] == "0" ? "5" : "0"
        lines[line] = String(misprinted)
        let page = MRZTestDocuments.page(lines, format: format)
        let pitch = Double(TestCanvas.textWidth(lines[0], size: MRZTestDocuments.ocrBSize, font: TestCanvas.ocrB)) / Double(lines[0].count)
        let width = MRZTestDocuments.pageSize(format).0
        let left = (width - Int(pitch * Double(lines[0].count))) / 2
        let top = MRZTestDocuments.pageSize(format).1 - 2 * Int(Double(lines.count) * pitch * 1.75) - 60
        for (i, text) in lines.enumerated() {
            page.text(text, x: left, y: top + i * Int(pitch * 1.75), size: MRZTestDocuments.ocrBSize, font: TestCanvas.ocrB, gray: 25)
        }
        var scene = MRZTestDocuments.Random(seed: 77)
        return try MRZTestDocuments.capture(of: page, random: &scene, fill: 0.8).image().rotated(quarterTurns: 2)
    }

    @Test("an image whose zone never reads valid costs at most the per-image budget over every search of it")
    func unreadZoneStopsAtBudget() throws {
        let photo = try Self.misprintedCapture(.td3)
        // What `docframe mrz` does with an image: the outline's searches, then the whole photo's.
        func cost(_ budget: MRZCutBudget) throws {
            var options = RecognitionOptions(classify: false, readMRZ: true, readHeaderText: false)
            options.mrzBudget = budget
            let observation = try RecognitionFixtures.builtIn.observe(photo, options: options)
            let direct = try reader.readPassport(in: photo, budget: budget)
            #expect(observation.mrz?.valid != true && direct?.mrz.valid != true)
        }
        let open = MRZCutBudget(limit: .max)
        try cost(open)
        // Unbounded, the searches read 88 line cuts (over 120 before the ways up where nothing
        // reads like a zone gave up, `MRZReader.formlessReads`): a budget below that binds.
        let limit = min(MRZCutBudget.perImage, open.spent / 2)
        #expect(open.spent > limit, "unbounded, the searches read \(open.spent) line cuts")
        let budget = MRZCutBudget(limit: limit)
        try cost(budget)
        #expect(budget.spent == limit)
    }

    @Test("an upside-down zone is read at the half turn's first cuts, not after every upright one")
    func upsideDownZoneReadEarly() throws {
        var random = MRZTestDocuments.Random(seed: 99)
        let lines = MRZTestDocuments.lines(.td3, state: "UTO", random: &random)
        let page = MRZTestDocuments.page(lines, format: .td3)
        page.degrade(blur: 1.0, lightRamp: 0.3, noise: 6)
        let upright = try page.image()
        let uprightBudget = MRZCutBudget()
        #expect(try reader.readZone(in: upright, budget: uprightBudget)?.result.valid == true)
        let budget = MRZCutBudget()
        let zone = try #require(try reader.readZone(in: upright.rotated(quarterTurns: 2), budget: budget))
        #expect(zone.result.lines == lines && zone.result.valid)
        #expect(zone.quarterTurns == 2)
        // What the upright page costs, and the first look at the upright way (two zone reads
        // of two lines); the search used to read every upright cut first (up to 30 zone reads).
        #expect(budget.spent <= uprightBudget.spent + 2 * MRZReader.firstLook, "\(budget.spent) line cuts, upright \(uprightBudget.spent)")
    }

    @Test("a shared budget is spent across calls and none is read once it is")
    func sharedBudget() throws {
        var random = MRZTestDocuments.Random(seed: 5)
        let lines = MRZTestDocuments.lines(.td3, state: "UTO", random: &random)
        let page = try MRZTestDocuments.page(lines, format: .td3).image()
        let budget = MRZCutBudget(limit: 2)
        #expect(try reader.read(in: page, budget: budget)?.valid == true)
        #expect(budget.isSpent)
        #expect(try reader.read(in: page, budget: budget) == nil)
    }
}
