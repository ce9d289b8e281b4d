import Foundation
import Testing
@testable import DocFrame

/// Zones blurred the way photos blur them: one too blurred to read, whose search must end
/// without spending the cuts, and readable ones that must not be given up.
@Suite("MRZ zones under blur")
struct MRZDegradedZoneTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))
    static let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    @Test("a zone blurred past reading ends its search without reading its cuts")
    func blurredZoneEndsEarly() throws {
        let page = MRZTestDocuments.page(Self.lines, format: .td3)
        page.degrade(blur: 9)
        let image = try page.image()
        var reads = 0
        let zone = try reader.readZone(in: image, reads: &reads)
        #expect(zone == nil || zone?.result.valid == false)
        #expect(reads <= 2, "\(reads) cuts read")
    }

    /// Its lines are found upright but measure as too blurred to read; upside down they would
    /// be the same lines, as blurred: the half turn is not turned to and searched (it was, at
    /// every scale, before).
    @Test("a zone blurred past reading: the half turn is not searched")
    func blurredZoneHalfTurnSkipped() throws {
        let page = MRZTestDocuments.page(Self.lines, format: .td3)
        page.degrade(blur: 9)
        let image = try page.image()
        let budget = MRZCutBudget()
        let zone = try reader.readZone(in: image, budget: budget)
        #expect(zone == nil || zone?.result.valid == false)
        let turns = budget.memo.turns(of: image)
        #expect(turns.contains(0) && !turns.contains(2), "searched \(turns.sorted())")
    }

    @Test("a sharp zone, a small one and a dim one measure as readable")
    func sharpZonesPass() throws {
        let page = MRZTestDocuments.page(Self.lines, format: .td3)
        page.degrade(blur: 1.2, lightRamp: 0.4, noise: 6)
        let full = try page.image()
        let small = try full.resized(width: full.width / 3, height: full.height / 3)
        for image in [full, small] {
            var reads = 0
            let zone = try #require(try reader.readZone(in: image, reads: &reads))
            #expect(zone.result.lines == Self.lines)
        }
    }
}
