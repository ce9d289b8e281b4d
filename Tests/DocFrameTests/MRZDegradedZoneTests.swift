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

    /// Sensor noise lifts a blurred cut's steepest steps to a sharp one's, so the sharpness of
    /// the cut as cut lets the zone through (and its search read ten cuts of it for nothing);
    /// smoothed, the cut shows its strokes smeared (`MRZLineSharpness.readableSmoothed`).
    @Test("a blurred zone under sensor noise is given up without reading a cut")
    func noisyBlurredZoneEndsEarly() throws {
        let page = MRZTestDocuments.page(Self.lines, format: .td3)
        page.degrade(blur: 6, noise: 16)
        let image = try page.image()
        // The zone's lines are found, and their cuts as cut pass the first floor.
        let workWidth = min(image.width, 900)
        let lines = try TextLineBox.find(in: image, workWidth: workWidth, charHeight: Int(Double(workWidth) * 0.021))
        let group = try #require(MRZLocator().groups(in: lines, imageWidth: image.width, imageHeight: image.height).first)
        let measured = try group.lines.map { try MRZLineSharpness.both($0, in: image) }
        #expect(measured.map(\.sharp).max()! >= MRZLineSharpness.readable)
        var reads = 0
        let zone = try reader.readZone(in: image, reads: &reads)
        #expect(zone == nil)
        #expect(reads == 0, "\(reads) cuts read")
    }

    @Test("a sharp zone, a small one, a dim one, a soft one and a grainy one measure as readable")
    func sharpZonesPass() throws {
        let page = MRZTestDocuments.page(Self.lines, format: .td3)
        page.degrade(blur: 1.2, lightRamp: 0.4, noise: 6)
        let full = try page.image()
        let small = try full.resized(width: full.width / 3, height: full.height / 3)
        // Softly blurred, and grainy: still read (the smoothed measure's floor is under them).
        let soft = MRZTestDocuments.page(Self.lines, format: .td3)
        soft.degrade(blur: 3)
        let grainy = MRZTestDocuments.page(Self.lines, format: .td3)
        grainy.degrade(blur: 1.2, noise: 30)
        for image in [full, small, try soft.image(), try grainy.image()] {
            var reads = 0
            let zone = try #require(try reader.readZone(in: image, reads: &reads))
            #expect(zone.result.lines == Self.lines)
        }
    }
}
