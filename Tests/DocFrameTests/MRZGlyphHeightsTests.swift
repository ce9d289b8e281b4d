import Foundation
import Testing
@testable import DocFrame

/// A glyph's height says its class (OCR-B's digits stand taller than its capitals) only against
/// the heights around it: a zone photographed in perspective grows along the line
/// (`MRZGlyphHeights`). A reading whose checked glyph's height contradicts its class is not
/// reported valid, so a false contradiction costs an exact reading its validity.
@Suite("MRZ glyph heights along the line")
struct MRZGlyphHeightsTests {
    /// A TD3 line 2 (generated, no real person's) boxed as the OCR boxes it: digits `digit`
    /// px and capitals `capital` px high at the line's centre, every glyph `slope` px taller
    /// per px along the line, `jitter(i)` px added to the ith.
    static func symbols(digit: Double, capital: Double, slope: Double, jitter: (Int) -> Double = { _ in 0 }) -> [RecognizedText.Word] {
        let line = Array("7729785803VAL2212050M3212057198715356<<<<<16")
        let pitch = 30, center = Double(pitch * line.count) / 2
        return line.enumerated().map { i, c in
            let base = c.isLetter ? capital : (c == "<" ? capital * 0.6 : digit)
            let x = pitch * i
            let height = base + slope * (Double(x) + 7 - center) + jitter(i)
            return RecognizedText.Word(text: String(c), confidence: 0.9, x: x, y: 10, width: 14, height: Int(height.rounded()))
        }
    }

    static func contradicted(_ symbols: [RecognizedText.Word]) -> Int {
        MRZReader.resolvingZeroAndO(symbols).filter { $0.confidence == MRZReader.contradictedMarker }.count
    }

    @Test("a line in perspective (its far end 8 px smaller): no digit is taken for a letter")
    func perspectiveLine() {
        // Digits 35 px and capitals 32 px at the centre; the line's ends 4 px smaller and larger.
        let line = Self.symbols(digit: 35, capital: 32, slope: 0.006)
        #expect(Self.contradicted(line) == 0)
    }

    @Test("a level line: a letter as tall as the digits is still contradicted")
    func levelLineLetterAsTallAsDigits() {
        var line = Self.symbols(digit: 35, capital: 32, slope: 0)
        // The 3 of "VAL" read as a letter I, at a digit's height.
        let index = 13
        line[index].text = "I"
        #expect(MRZReader.resolvingZeroAndO(line)[index].confidence == MRZReader.contradictedMarker)
    }
}
