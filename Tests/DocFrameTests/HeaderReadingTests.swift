import Testing
@testable import DocFrame

/// Header readings against template header text: words, not letter pairs, decide.
@Suite("Header reading: template words found in what OCR read")
struct HeaderReadingTests {
    static let ontarioLicence = "LICENCE ONTARIO PERMIS DE CONDUIRE"
    static let ontarioPhoto = "PHOTO CARD ONTARIO CARTE-PHOTO"

    @Test("a misread but right header finds its words; the twin's title finds only the shared one")
    func twins() {
        let read = HeaderReading(text: "ONTARIO DRIVER'S LICENCE PERMIS GE CONDUIE", confidence: 0.76)
        #expect(read.wordCoverage(of: Self.ontarioLicence) == 1)
        #expect(read.wordCoverage(of: Self.ontarioPhoto) < 0.3)
        // Words run together or split by OCR are still found.
        let merged = HeaderReading(text: "PHOTOCARD ONTA RIO CARTE-PHOTC", confidence: 0.8)
        #expect(merged.wordCoverage(of: Self.ontarioPhoto) == 1)
    }

    @Test("another province's licence shares most letter pairs with Ontario's title but not its words")
    func otherDesign() {
        let read = HeaderReading(text: "© ALBERTA DRIVER'S LICENCE", confidence: 0.87)
        #expect(read.bigramSimilarity(to: Self.ontarioLicence) > 0.3)
        #expect(read.wordCoverage(of: Self.ontarioLicence) < 0.3)
        #expect(read.isClear)
    }

    @Test("fragments from a blurred header are not clear; accents and case are folded")
    func clarity() {
        #expect(!HeaderReading(text: "OE", confidence: 0.11).isClear)
        #expect(!HeaderReading(text: "YUMA DD TD | CC", confidence: 0.38).isClear)
        #expect(HeaderReading(text: "ontario santé", confidence: 0.9).wordCoverage(of: "ONTARIO HEALTH SANTE ONTARIO") > 0.6)
        #expect(HeaderReading(text: "", confidence: 0).wordCoverage(of: Self.ontarioLicence) == 0)
        #expect(HeaderReading(text: "ONTARIO", confidence: 0.9).wordCoverage(of: "- SANTÉ") == 0)
    }
}
