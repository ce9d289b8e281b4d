import Foundation
import Testing
@testable import DocFrame

/// A photo's zone whose checks all hold but that no second cut confirmed, placed as a page
/// (`PassportPage.place`): the located outline's reading of the same zone, with the same
/// checked characters, vouches for it (`MRZReader.vouched`) before the page's cuts are read.
/// On dark captures those cuts (10 to 30 a page) went on unconfirmed where the two readings
/// already agreed.
@Suite("MRZ zone vouched by the outline's reading")
struct OutlineVouchedZoneTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))

    /// The drawn page's zone, read, then made what a dark photo's reading is: every check
    /// holding, not vouched for.
    func unconfirmedZone() throws -> (zone: MRZReader.Zone, image: Image) {
        let image = try MRZTestDocuments.page(MRZDegradedZoneTests.lines, format: .td3).image()
        var zone = try #require(try reader.readZone(in: image))
        #expect(zone.result.valid)
        zone.result.valid = false
        zone.result.checkedPlain = false
        return (zone, image)
    }

    @Test("the outline's agreeing reading vouches for the zone without another cut")
    func vouchedWithoutCuts() throws {
        let (zone, image) = try unconfirmedZone()
        // No cut left: only the outline's reading can make the zone valid.
        let budget = MRZCutBudget(limit: 0)
        let placed = try #require(PassportPage.place(from: zone, in: image, reader: reader, located: nil, budget: budget,
                                                     earlier: zone.result))
        #expect(placed.mrz.valid)
        #expect(placed.mrz.lines == MRZDegradedZoneTests.lines)
        #expect(budget.spent == 0)
    }

    @Test("without the outline's reading the zone stays unconfirmed when no cut is left")
    func unvouchedWithoutCuts() throws {
        let (zone, image) = try unconfirmedZone()
        let placed = try #require(PassportPage.place(from: zone, in: image, reader: reader, located: nil,
                                                     budget: MRZCutBudget(limit: 0)))
        #expect(!placed.mrz.valid)
    }

    @Test("an outline's reading with other checked characters vouches for nothing")
    func disagreeingReadingVouchesNothing() throws {
        let (zone, image) = try unconfirmedZone()
        // The document number's first character read otherwise (its checks left as they held).
        var other = zone.result
        var line = Array(other.lines[1])
        line[0] = "M"
        other.lines[1] = String(line)
        let placed = try #require(PassportPage.place(from: zone, in: image, reader: reader, located: nil,
                                                     budget: MRZCutBudget(limit: 0), earlier: other))
        #expect(!placed.mrz.valid)
    }
}
