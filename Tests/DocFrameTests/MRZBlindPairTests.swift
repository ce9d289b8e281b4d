import Foundation
import Testing
@testable import DocFrame

/// Misreads no check digit can catch: characters whose values differ by a multiple of 10 (S 28
/// and 8, G 16 and 6, L 21 and 1, K 20 and `<` 0) give the same weighted sum modulo 10 at any
/// weight. Where a field allows both, only the glyph can tell them apart, and a reading whose
/// OCR found the glyph as like the other character must not be reported valid on its own.
@Suite("MRZ look-alikes the check digits cannot tell apart")
struct MRZBlindPairTests {
    let reader: MRZReader

    init() throws {
        reader = try MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))
    }

    /// A document number with an S (the generated dark capture that read it as 8 had one).
    static let truth = MRZPlausibilityTests.td3Line2(number: "Y951948S5", birth: "440105", expiry: "320908")
    static let line1 = MRZPlausibilityTests.line1
    static let sIndex = 7

    /// One line as the OCR returns it: a symbol per character on a 20 px pitch, all of one
    /// height (so no glyph's height says letter or digit), each its own only candidate unless
    /// `override` gives the symbol at an index.
    static func text(_ line: String, override: [Int: RecognizedText.Word] = [:]) -> RecognizedText {
        let symbols = line.enumerated().map { i, c in
            override[i] ?? RecognizedText.Word(text: String(c), confidence: 0.9, x: 40 + 20 * i, y: 10, width: 14, height: 30,
                                               choices: [.init(text: String(c), confidence: 0.9)])
        }
        return RecognizedText(text: line, confidence: 0.9, symbols: symbols)
    }

    static func symbol(_ c: String, at i: Int, confidence: Double, choices: [(String, Double)]) -> RecognizedText.Word {
        RecognizedText.Word(text: c, confidence: confidence, x: 40 + 20 * i, y: 10, width: 14, height: 30,
                            choices: choices.map { RecognizedText.Choice(text: $0.0, confidence: $0.1) })
    }

    func interpret(_ line2: RecognizedText) -> MRZReader.Reading? {
        let cut = (width: 80 + 20 * 44, padX: 40.0)
        return reader.interpret([Self.text(Self.line1), line2], cuts: [cut, cut], as: .td3)
    }

    @Test("the blind pairs are the characters whose values differ by a multiple of 10")
    func blindPairs() {
        #expect(MRZReader.blindPartners(of: "S") == ["8", "I"])
        #expect(MRZReader.blindPartners(of: "6") == ["G", "Q"])
        #expect(MRZReader.blindPartners(of: "1").isSuperset(of: ["L"]))
        #expect(MRZReader.blindPartners(of: "<") == ["0", "A", "K", "U"])
        for a in MRZReader.whitelist {
            for b in MRZReader.blindPartners(of: a) {
                let swapped = "L898902C3".replacingOccurrences(of: "C", with: String(b))
                let original = "L898902C3".replacingOccurrences(of: "C", with: String(a))
                #expect(MRZCheckDigit.compute(swapped) == MRZCheckDigit.compute(original), "\(a)/\(b)")
            }
        }
    }

    @Test("an S in the document number read as 8, the OCR finding S likelier, is not valid though every check holds")
    func sReadAsEight() throws {
        var misread = Array(Self.truth)
        misread[Self.sIndex] = "8"
        // The classifier's candidates as measured on the dark capture: S 0.93, 8 0.78.
        let eight = Self.symbol("8", at: Self.sIndex, confidence: 0.78, choices: [("S", 0.93), ("8", 0.78)])
        let reading = try #require(interpret(Self.text(String(misread), override: [Self.sIndex: eight])))
        #expect(reading.result.lines[1] == String(misread))
        #expect(reading.result.checks.values.allSatisfy { $0 }, "S and 8 are one to every check digit")
        #expect(!reading.result.valid)
        #expect(MRZReader.vouched([reading.result, reading.result]) == nil)
    }

    @Test("a glyph the OCR found nearly as like its blind partner needs another cut to vouch for it")
    func undecidedGlyph() throws {
        let eight = Self.symbol("8", at: Self.sIndex, confidence: 0.85, choices: [("8", 0.85), ("S", 0.80)])
        var misread = Array(Self.truth)
        misread[Self.sIndex] = "8"
        let reading = try #require(interpret(Self.text(String(misread), override: [Self.sIndex: eight])))
        #expect(reading.result.checks.values.allSatisfy { $0 })
        #expect(reading.needsConfirmation, "the reader must read the zone again before reporting it valid")
        #expect(!reading.isPlain([(1, Self.sIndex)]))
        // Two cuts of the photo and the page that read the glyph alike vouch for it, as for any
        // doubted glyph; not when one found the partner likelier (`sReadAsEight`).
        var unconfirmed = reading.result
        unconfirmed.valid = false
        #expect(MRZReader.vouched([unconfirmed, unconfirmed])?.valid == true)
    }

    @Test("a clean read stays valid, and a blind partner listed where the field allows only digits doubts nothing")
    func cleanReadStaysValid() throws {
        let clean = try #require(interpret(Self.text(Self.truth)))
        #expect(clean.result.valid && !clean.needsConfirmation)
        #expect(clean.result.lines[1] == Self.truth)
        // The birth date's 4 (index 13) with O listed alike: no letter stands in a date.
        let four = Self.symbol("4", at: 13, confidence: 0.8, choices: [("4", 0.8), ("O", 0.8)])
        let date = try #require(interpret(Self.text(Self.truth, override: [13: four])))
        #expect(date.result.valid && !date.needsConfirmation)
        // Two clean cuts vouch for each other.
        var unconfirmed = clean.result
        unconfirmed.valid = false
        #expect(MRZReader.vouched([unconfirmed, unconfirmed])?.valid == true)
    }
}
