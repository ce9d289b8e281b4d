import Foundation
import Testing
@testable import DocFrame

/// Zones degraded the way photos degrade them: a line broken by a washed-out run (glare), and a
/// zone too blurred to read, whose search must end without spending the cuts.
@Suite("MRZ zones under glare and blur")
struct MRZDegradedZoneTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))
    static let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    /// Where cell `index` of line `line` lies on `MRZTestDocuments.page`'s TD3 layout.
    static func cell(line: Int, index: Int, lines: [String]) -> (x: Int, y: Int, pitch: Double) {
        let (width, height) = MRZTestDocuments.pageSize(.td3)
        let size = MRZTestDocuments.ocrBSize
        let pitch = Double(TestCanvas.textWidth(lines[0], size: size, font: TestCanvas.ocrB)) / Double(lines[0].count)
        let lineSpacing = Int(pitch * 1.75)
        let left = (width - Int(pitch * Double(lines[0].count))) / 2
        let top = height - Int(Double(lines.count) * Double(lineSpacing)) - 30
        return (left + Int(Double(index) * pitch), top + line * lineSpacing, pitch)
    }

    @Test("a line broken by three washed-out filler characters still reads exactly")
    func washedOutRun() throws {
        let page = MRZTestDocuments.page(Self.lines, format: .td3)
        // Paper-white over cells 30-32 of line 1 (fillers): the line finder returns the line
        // in two pieces, neither long enough for a zone's line.
        let start = Self.cell(line: 0, index: 30, lines: Self.lines)
        page.rect(x: start.x - 4, y: start.y - 8, width: Int(start.pitch * 3) + 10, height: Int(start.pitch * 1.4), gray: 236)
        let result = try #require(try reader.read(in: try page.image()))
        #expect(result.lines == Self.lines)
        #expect(result.valid)
    }

    @Test("pieces of one line are joined; a line below, or a piece beyond the gap, is not")
    func joinsPieces() {
        let left = TextLineBox(centerX: 300, centerY: 500, width: 500, height: 30, angle: 1)
        let radians = 1.0 * Double.pi / 180
        // The second piece starts 70 px (2.3 heights) after the first ends, on its axis.
        let offset = 250 + 70 + 200.0
        let right = TextLineBox(centerX: 300 + offset * cos(radians), centerY: 500 + offset * sin(radians), width: 400, height: 29, angle: 1.2)
        let other = TextLineBox(centerX: 300 + offset, centerY: 560, width: 400, height: 29, angle: 0)
        let joined = TextLineJoining.joined([left, right, other])
        #expect(joined.count == 4)
        let whole = try? #require(joined.first { $0.width > 900 })
        #expect(abs((whole?.width ?? 0) - 970) < 2)
        #expect(abs((whole?.left ?? 0) - 50) < 1)
        // A line below, or one too far along, is not a continuation.
        #expect(!TextLineJoining.continues(left, with: other))
        let along = 250 + 4 * 30 + 10 + 200.0
        let far = TextLineBox(centerX: 300 + along * cos(radians), centerY: 500 + along * sin(radians), width: 400, height: 30, angle: 1)
        #expect(!TextLineJoining.continues(left, with: far))
    }

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
