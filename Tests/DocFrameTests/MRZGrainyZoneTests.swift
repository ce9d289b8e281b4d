import Foundation
import Testing
@testable import DocFrame

/// Zones in dark, grainy photos: faint print on an underexposed page, sensor noise, the page a
/// third of the canonical size so the line cuts are scaled up with their grain. Every local
/// threshold turns the grain into specks and ragged strokes there, and the OCR splits those
/// into extra glyphs: the lines came out right at best once, with no second cut to vouch for
/// them, and the zone was reported not valid.
@Suite("MRZ zones in dark, grainy photos")
struct MRZGrainyZoneTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))

    /// A TD3 page of generated lines: grey 60 paper under grey 25 print, noise of 16 grey levels.
    static func grainyPage(seed: UInt64) throws -> (image: Image, lines: [String]) {
        var random = MRZTestDocuments.Random(seed: seed)
        let lines = MRZTestDocuments.lines(.td3, state: "UTO", random: &random)
        let page = MRZTestDocuments.page(lines, format: .td3, background: 60)
        page.degrade(blur: 0.6, noise: 16, seed: UInt32(seed))
        let full = try page.image()
        return (try full.resized(width: full.width / 3, height: full.height / 3), lines)
    }

    @Test("a dark, grainy zone reads exactly and valid", arguments: [7, 21, 33] as [UInt64])
    func grainyZoneReadsValid(seed: UInt64) throws {
        let (image, lines) = try Self.grainyPage(seed: seed)
        var reads = 0
        let zone = try #require(try reader.readZone(in: image, reads: &reads), "no zone")
        // Compared as flags: a failure must not print the zone's characters.
        let exact = zone.result.lines == lines
        #expect(exact, "the lines read differ from the page's")
        #expect(zone.result.valid, "the zone was not reported valid")
    }
}
