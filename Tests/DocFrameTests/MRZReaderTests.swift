import Foundation
import Testing
@testable import DocFrame

@Suite("MRZ reading from images")
struct MRZReaderTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))

    @Test("rendered OCR-B lines of all three formats read back exactly with the shipped model (before any check-digit correction)", arguments: MRZResult.Format.allCases)
    func modelReadsLines(format: MRZResult.Format) throws {
        var random = MRZTestDocuments.Random(seed: UInt64(format.lineLength))
        for _ in 0..<3 {
            for line in MRZTestDocuments.lines(format, state: "UTO", random: &random) {
                // One line as the reader sees it: found, cut upright, read; no check-digit correction.
                let image = try TestCanvas.line(line, size: MRZTestDocuments.ocrBSize, font: TestCanvas.ocrB)
                let box = try #require(try TextLineBox.find(in: image, workWidth: 1200, charHeight: 25).first)
                let (cut, text) = try reader.readLine(box, in: image, binarization: .adaptive)
                let padding = MRZReader.padX * Double(MRZReader.lineHeight)
                let (read, _) = MRZReader.place(text, length: format.lineLength, left: padding, right: Double(cut.width) - padding)
                #expect(read == line)
            }
        }
    }

    @Test("the MRZ of a flattened page is found, read exactly and validated", arguments: MRZResult.Format.allCases)
    func flattenedPage(format: MRZResult.Format) throws {
        var random = MRZTestDocuments.Random(seed: 7 + UInt64(format.lineLength))
        for _ in 0..<3 {
            let lines = MRZTestDocuments.lines(format, state: "UTO", random: &random)
            let page = try MRZTestDocuments.page(lines, format: format).image()
            let result = try #require(try reader.read(in: page))
            #expect(result.format == format)
            #expect(result.lines == lines)
            #expect(result.valid)
        }
    }

    @Test("an upside-down or sideways page is read too", arguments: [1, 2, 3])
    func turnedPage(quarterTurns: Int) throws {
        var random = MRZTestDocuments.Random(seed: 99)
        let lines = MRZTestDocuments.lines(.td3, state: "UTO", random: &random)
        let page = try MRZTestDocuments.page(lines, format: .td3).image().rotated(quarterTurns: quarterTurns)
        let result = try #require(try reader.read(in: page))
        #expect(result.lines == lines && result.valid)
    }

    @Test("a page without an MRZ yields none")
    func noMRZ() throws {
        let canvas = TestCanvas(width: 1012, height: 638, gray: 230)
        canvas.text("ONTARIO DRIVER LICENCE", x: 60, y: 40, size: 48)
        canvas.text("4 DL A1234-56789-01234", x: 60, y: 420, size: 36)
        canvas.rect(x: 60, y: 150, width: 220, height: 260, gray: 80)
        #expect(try reader.read(in: canvas.image()) == nil)
    }

    @Test("a zone that never reads valid is given up on after a bounded number of cuts")
    func boundedSearch() throws {
        // A printed zone whose document-number check digit is wrong: every turn, scale and cut
        // finds it and none reads valid (what a misprinted or unknown card's zone costs).
        var random = MRZTestDocuments.Random(seed: 31)
        var lines = MRZTestDocuments.lines(.td3, state: "UTO", random: &random)
        var second = Array(lines[1])
        second[9] = second[9] == "0" ? "5" : "0"
        lines[1] = String(second)
        let canvas = MRZTestDocuments.page(lines, format: .td3)
        // Two more printings above it: three candidate zones at every scale.
        let pitch = Double(TestCanvas.textWidth(lines[0], size: MRZTestDocuments.ocrBSize, font: TestCanvas.ocrB)) / 44
        let left = (1476 - Int(pitch * 44)) / 2
        for top in [620, 760] {
            for (i, line) in lines.enumerated() {
                canvas.text(line, x: left, y: top + i * Int(pitch * 1.75), size: MRZTestDocuments.ocrBSize, font: TestCanvas.ocrB, gray: 25)
            }
        }
        let page = try canvas.image()
        var uncapped = 0
        var unbounded = MRZReader.Scope.full
        unbounded.maxReads = .max
        let open = try reader.readZone(in: page, scope: unbounded, reads: &uncapped, budget: MRZCutBudget(limit: .max))
        #expect(open?.result.valid == false)
        // Every candidate zone of the upright way at every scale, five cuts each (the other
        // ways up, where nothing reads like a zone, give up: `MRZReader.formlessReads`).
        #expect(uncapped > 12, "candidate zones at every scale, five cuts each, all read")
        // The bound holds wherever it is set, and the built-in one is set.
        var bounded = MRZReader.Scope.full
        bounded.maxReads = 12
        var reads = 0
        let zone = try reader.readZone(in: page, scope: bounded, reads: &reads, budget: MRZCutBudget(limit: .max))
        #expect(zone?.result.valid == false)
        #expect(reads == 12)
        #expect(MRZReader.Scope.full.maxReads <= 30)
    }
}
