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

    @Test("a garbled reading of a far licence's header does not find the photo card's four-letter word in it")
    func shortWordsExactly() {
        // A 426x240 preview's Ontario licence header: one letter off "CARD" ("TARD") lies inside
        // the garble, and found, it named the licence Ontario's photo card at 1.0.
        let garbled = HeaderReading(text: "ONTARIO PRTARDEEAN TNT TEEN", confidence: 0.35)
        #expect(garbled.wordCoverage(of: Self.ontarioPhoto) <= garbled.wordCoverage(of: Self.ontarioLicence) + 0.05)
        // Read right, it still counts; longer words still allow a misread letter.
        #expect(HeaderReading(text: "ONTARIO PHOTC CARD", confidence: 0.8).wordCoverage(of: Self.ontarioPhoto) > 0.6)
    }

    @Test("another province's licence shares most letter pairs with Ontario's title but not its words")
    func otherDesign() {
        let read = HeaderReading(text: "© ALBERTA DRIVER'S LICENCE", confidence: 0.87)
        #expect(read.bigramSimilarity(to: Self.ontarioLicence) > 0.3)
        #expect(read.wordCoverage(of: Self.ontarioLicence) < 0.3)
        #expect(read.isClear)
    }

    @Test("a clear reading that shares one generic word with the title but names another document contradicts it")
    func sharedWordDoesNotVouch() {
        // Read at 0.94 on a flat Alberta licence where Ontario's licence title sits.
        let other = HeaderReading(text: "DRIVER'S LICENCE", confidence: 0.94)
        #expect(other.contradicts(Self.ontarioLicence))
        #expect(other.contradicts(Self.ontarioPhoto))
        // Right titles, partly read or with digits for letters, still do not.
        #expect(!HeaderReading(text: "LICENCE 0NTARI0", confidence: 0.9).contradicts(Self.ontarioLicence))
        #expect(!HeaderReading(text: "DES TRANSPORTS", confidence: 0.9).contradicts("MINISTRY OF TRANSPORTATION ONTARIO MINISTERE DES TRANSPORTS"))
        #expect(!HeaderReading(text: "PERMIS DE CONDUIRE", confidence: 0.9).contradicts(Self.ontarioLicence))
        // A blurred header's fragments prove nothing either way.
        #expect(!HeaderReading(text: "DRIVER'S LICENCE", confidence: 0.4).contradicts(Self.ontarioLicence))
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

@Suite("Header crop sharpening")
struct HeaderSharpeningTests {
    @Test("the enlarged header crop is sharpened: same size, a soft edge steeper")
    func sharpenedSteepensEdges() throws {
        // A soft step from 80 to 180 over 8 columns.
        let w = 32, h = 8
        let pixels = (0..<h).flatMap { _ in (0..<w).map { x in UInt8(max(80, min(180, 80 + (x - 12) * 12))) } }
        let soft = try Image(pixels: pixels, width: w, height: h, bytesPerRow: w, format: .gray8)
        let sharp = try soft.sharpened()
        #expect(sharp.width == w && sharp.height == h)
        let out = try sharp.packedPixels()
        let row = Array(out[(h / 2) * w..<(h / 2 + 1) * w])
        // Overshoot on both sides of the ramp: darker before it, brighter after it.
        #expect(row[11] < 80 && row[21] > 180)
        #expect(row[0] == 80 && row[w - 1] == 180, "flat areas unchanged")
    }

    @Test("every pixel is the unsharp mask written plainly: window clipped at the border, halves rounded up",
          arguments: [(37, 23), (5, 5), (3, 2), (1, 9)])
    func sharpenedPixelsAreTheFormula(width w: Int, height h: Int) throws {
        // Pseudo-random pixels (a fixed LCG), so that flat, steep and tie-rounding cases all occur.
        var state: UInt32 = 12345
        let pixels = (0..<w * h).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let out = try Image(pixels: pixels, width: w, height: h, bytesPerRow: w, format: .gray8).sharpened().packedPixels()
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0, n = 0
                for yy in max(0, y - 2)..<min(h, y + 3) {
                    for xx in max(0, x - 2)..<min(w, x + 3) {
                        sum += Int(pixels[yy * w + xx])
                        n += 1
                    }
                }
                let expected = UInt8(max(0, min(255, (1.8 * Double(pixels[y * w + x]) - 0.8 * (Double(sum) / Double(n))).rounded())))
                #expect(out[y * w + x] == expected, "pixel (\(x), \(y)) of \(w)x\(h)")
            }
        }
    }
}
