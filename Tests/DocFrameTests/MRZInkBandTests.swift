import Foundation
import Testing
@testable import DocFrame

/// Line boxes fitted to their ink before the line is cut (`TextLineBox.fittedToInk`): on dark,
/// grainy photos the line finder's box can take in noise and sit low on the line, and the cut
/// then holds the line's characters small against its top edge with the next line's tops
/// below them, which the legacy OCR reads as noise.
@Suite("MRZ line boxes fitted to their ink")
struct MRZInkBandTests {
    /// A dark passport capture (Fixtures/OffsetBands): bench-mrz's capture
    /// passport-val-front-7008-1.jpg (`scripts/bench-mrz --seed 7000`), saved again at JPEG
    /// quality 75. Its names line's box sat low and tall on the flattened page: every cut
    /// read the line as noise while line 2 read right, and the zone came out valid with a
    /// names line of noise.
    static let capture = MRZFixtureCapture(folder: "OffsetBands", name: "passport-val-front-7008-1")

    @Test("a dark capture's names line is read exactly, not as noise")
    func darkNamesLineExact() throws {
        try Self.capture.expectReadExactly()
    }

    /// A zone cut from a tilted, glared capture (Fixtures/TallLineBoxes): the zone of a dev
    /// capture (render-specimen and synthesize-captures, seed 8300) cut out, grey, JPEG quality 75.
    /// Its line boxes stood taller than the characters, which then reached the model small and
    /// misread: the zone read with its checks failing. Fitted to their ink, valid and exact.
    @Test("a zone whose line boxes stood taller than its characters reads valid and exactly")
    func tallBoxesReadExactly() throws {
        let root = (RecognitionFixtures.root as NSString).deletingLastPathComponent + "/TallLineBoxes/"
        let name = "passport-val-front-8310-2"
        let data = try #require(FileManager.default.contents(atPath: root + name + ".json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let truth = try #require(object["mrz"] as? [String])
        let reader = try MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))
        let read = try #require(try reader.readPassport(in: Image(contentsOfFile: root + name + ".jpg")), "no MRZ")
        // Flags only: a failure must not print the zone's characters.
        #expect(read.mrz.valid)
        #expect(read.mrz.lines.first == truth.first, "the names line differs from the page's")
        #expect(read.mrz.lines.last == truth.last, "line 2 differs from the page's")
    }

    /// A box centred on its line but far taller than its ink (the grain of a dark photo taken
    /// in above and below) is shrunk to the ink; one a little taller than its ink stays.
    @Test("a box centred on its line but far taller than its ink is shrunk to it")
    func tallBoxShrunk() throws {
        let width = 400, height = 120
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 40..<60 {
            for x in 50..<350 where (x / 6) % 2 == 0 { pixels[y * width + x] = 0 }
        }
        let image = try Image(pixels: pixels, width: width, height: height, bytesPerRow: width, format: .gray8)
        let tall = TextLineBox(centerX: 200, centerY: 50, width: 300, height: 36, angle: 0)
        let fitted = tall.fittedToInk(in: image)
        #expect(abs(fitted.height - 20) < 3)
        #expect(abs(fitted.centerY - 50) < 2)
        let snug = TextLineBox(centerX: 200, centerY: 50, width: 300, height: 22, angle: 0)
        #expect(snug.fittedToInk(in: image) == snug)
    }

    /// A box the finder placed half a line low and half again too tall is moved onto the line
    /// and shrunk to it; a box already on its line is left as it is.
    @Test("a box below its line is moved onto it; one on it stays")
    func boxMovedOntoInk() throws {
        // White page, one black bar 20 px high (rows 40..59) standing for a line of text.
        let width = 400, height = 120
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 40..<60 {
            for x in 50..<350 where (x / 6) % 2 == 0 { pixels[y * width + x] = 0 }
        }
        let image = try Image(pixels: pixels, width: width, height: height, bytesPerRow: width, format: .gray8)
        let onLine = TextLineBox(centerX: 200, centerY: 50, width: 300, height: 20, angle: 0)
        #expect(onLine.fittedToInk(in: image) == onLine)
        let low = TextLineBox(centerX: 200, centerY: 58, width: 300, height: 30, angle: 0)
        let fitted = low.fittedToInk(in: image)
        #expect(abs(fitted.centerY - 50) < 2)
        #expect(abs(fitted.height - 20) < 3)
        #expect(fitted.centerX == low.centerX && fitted.width == low.width)
    }
}
