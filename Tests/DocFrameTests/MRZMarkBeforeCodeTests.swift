import Foundation
import Testing
@testable import DocFrame

/// A passport zone whose first line's box took in a mark just before the document code (a
/// tilted, partly covered page's print beside the zone): the OCR reads 45 symbols for the
/// line's 44 cells, the first of them the mark (`MRZReader.droppingMarkBeforeCode`).
@Suite("MRZ mark before a passport's document code")
struct MRZMarkBeforeCodeTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))
    static let lines = MRZDegradedZoneTests.lines

    /// The drawn page with a `D` one character before line 1, in the line's font and pitch.
    func markedPage() throws -> Image {
        let page = MRZTestDocuments.page(Self.lines, format: .td3)
        // Where `MRZTestDocuments.page` draws line 1.
        let (width, height) = MRZTestDocuments.pageSize(.td3)
        let size = MRZTestDocuments.ocrBSize
        let pitch = Double(TestCanvas.textWidth(Self.lines[0], size: size, font: TestCanvas.ocrB)) / Double(Self.lines[0].count)
        let left = (width - Int(pitch * Double(Self.lines[0].count))) / 2
        let top = height - 2 * Int(pitch * 1.75) - 30
        page.text("D", x: left - Int(pitch.rounded()), y: top, size: size, font: TestCanvas.ocrB, gray: 25)
        return try page.image()
    }

    @Test("the mark before the code is left out and line 1 reads as printed")
    func markLeftOut() throws {
        let image = try markedPage()
        let zone = try #require(try reader.readZone(in: image))
        #expect(zone.result.format == .td3)
        #expect(zone.result.lines == Self.lines)
        #expect(zone.result.fields["documentType"] == "P")
        #expect(zone.result.fields["issuingState"] == "UTO")
    }

    @Test("45 symbols whose second is P lose the first; a line without the code keeps them")
    func onlyBeforeTheCode() {
        func symbols(_ line: String) -> RecognizedText {
            let words = line.enumerated().map { i, c in
                RecognizedText.Word(text: String(c), confidence: 0.9, x: 30 + 20 * i, y: 10, width: 14, height: 24)
            }
            return RecognizedText(text: line, confidence: 0.9, symbols: words)
        }
        let marked = MRZReader.droppingMarkBeforeCode(symbols("D" + Self.lines[0]), length: 44)
        #expect(marked?.symbols.map(\.text).joined() == Self.lines[0])
        #expect(MRZReader.droppingMarkBeforeCode(symbols(Self.lines[0]), length: 44) == nil)
        #expect(MRZReader.droppingMarkBeforeCode(symbols("L" + Self.lines[1]), length: 44) == nil)
    }

    /// Line 1 as the OCR returned it on a dev capture, drawn: a mark one pitch before the code
    /// and one glyph of the names (the H of a name) split into three symbols, 47 symbols in all
    /// (the dev capture had 48: the exactly-45 rule missed both).
    static let markedAndSplit: RecognizedText = {
        let line = "P<UTOHASSAN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<"
        var words = [RecognizedText.Word(text: "D", confidence: 0.8, x: 40 - 20, y: 10, width: 14, height: 30)]
        for (i, c) in line.enumerated() {
            if c == "H" {
                // Three pieces on the one glyph, the middle read surest.
                for (dx, text, confidence) in [(-5, "I", 0.5), (0, "H", 0.85), (5, "I", 0.5)] {
                    words.append(RecognizedText.Word(text: text, confidence: confidence, x: 40 + 20 * i + 4 + dx, y: 10, width: 6, height: 30))
                }
            } else {
                words.append(RecognizedText.Word(text: String(c), confidence: 0.9, x: 40 + 20 * i, y: 10, width: 14, height: 30))
            }
        }
        return RecognizedText(text: words.map(\.text).joined(), confidence: 0.9, symbols: words)
    }()

    @Test("a mark before the code is left out though a glyph of the line was split too (47 symbols)")
    func markWithSplitGlyph() throws {
        let line1 = Self.markedAndSplit
        #expect(line1.symbols.count == 47)
        let trimmed = try #require(MRZReader.droppingMarkBeforeCode(line1, length: 44))
        #expect(trimmed.symbols.first?.text == "P")
        // The cut spans the mark and the line's 44 cells (20 px each) between 20 px of padding either side.
        let line2 = RecognizedText(text: Self.lines[1], confidence: 0.9, symbols: Self.lines[1].enumerated().map { i, c in
            RecognizedText.Word(text: String(c), confidence: 0.9, x: 40 + 20 * i, y: 10, width: 14, height: 30)
        })
        let reading = try #require(reader.interpret([line1, line2], cuts: [(width: 940, padX: 20.0), (width: 80 + 20 * 44, padX: 40.0)], as: .td3))
        #expect(reading.result.lines[0] == "P<UTOHASSAN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<")
        #expect(reading.result.valid)
    }

    @Test("a first symbol on the code's own glyph is no mark")
    func splitCodeIsNoMark() {
        var words = Self.markedAndSplit.symbols
        words[0].x = words[1].x + 3
        let text = RecognizedText(text: "", confidence: 0.9, symbols: words)
        #expect(MRZReader.droppingMarkBeforeCode(text, length: 44) == nil)
    }
}
