import Foundation
@testable import DocFrame

/// Synthetic documents with a machine-readable zone for the MRZ tests: random but valid MRZ
/// text, OCR-B lines drawn at ICAO proportions on a canonical-size page with other text and a
/// photo block above, and photo-like captures of such pages.
enum MRZTestDocuments {
    /// A small deterministic generator (tests must be reproducible).
    struct Random {
        var state: UInt64
        init(seed: UInt64) { state = seed &* 6364136223846793005 &+ 1442695040888963407 }
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        mutating func double(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() % 1_000_000) / 1_000_000 * (range.upperBound - range.lowerBound)
        }
        mutating func pick(_ s: String) -> Character { Array(s)[int(0..<s.count)] }
        mutating func run(_ s: String, _ count: Int) -> String { String((0..<count).map { _ in pick(s) }) }
    }

    static let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    static let digits = "0123456789"

    static func check(_ s: String) -> String { String(MRZCheckDigit.compute(s)!) }
    static func pad(_ s: String, _ n: Int) -> String { String((s + String(repeating: "<", count: n)).prefix(n)) }

    static func name(_ r: inout Random, length: Int) -> String {
        var s = r.run(letters, r.int(3..<10))
        if r.int(0..<3) == 0 { s += "<" + r.run(letters, r.int(2..<7)) }
        s += "<<" + r.run(letters, r.int(3..<8))
        if r.int(0..<2) == 0 { s += "<" + r.run(letters, r.int(2..<8)) }
        return pad(s, length)
    }

    static func date(_ r: inout Random) -> String {
        String(format: "%02d%02d%02d", r.int(0..<100), r.int(1..<13), r.int(1..<29))
    }

    /// Valid MRZ lines of `format`, issued by `state` (document code P for TD3, I for the others).
    static func lines(_ format: MRZResult.Format, state: String, random r: inout Random) -> [String] {
        let number = r.run(letters, 2) + r.run(digits, 7)
        let birth = date(&r), expiry = date(&r)
        let sex = String(r.pick("MF<"))
        switch format {
        case .td3:
            let optional = r.int(0..<2) == 0 ? pad("", 14) : pad(r.run(letters + digits, r.int(5..<14)), 14)
            let optionalCheck = optional.allSatisfy { $0 == "<" } && r.int(0..<2) == 0 ? "<" : check(optional)
            var line2 = number + check(number) + state + birth + check(birth) + sex + expiry + check(expiry) + optional + optionalCheck
            let composite = String(line2.prefix(10)) + String(Array(line2)[13..<20]) + String(Array(line2)[21..<43])
            line2 += check(composite)
            return [pad("P<" + state + name(&r, length: 39), 44), line2]
        case .td2:
            let optional = pad(r.int(0..<2) == 0 ? "" : r.run(digits, 4), 7)
            var line2 = number + check(number) + state + birth + check(birth) + sex + expiry + check(expiry) + optional
            let composite = String(line2.prefix(10)) + String(Array(line2)[13..<20]) + String(Array(line2)[21..<35])
            line2 += check(composite)
            return [pad("I<" + state + name(&r, length: 31), 36), line2]
        case .td1:
            let optional1 = pad(r.int(0..<2) == 0 ? "" : r.run(digits, 6), 15)
            let optional2 = pad("", 11)
            let line1 = "I<" + state + number + check(number) + optional1
            var line2 = birth + check(birth) + sex + expiry + check(expiry) + state + optional2
            let composite = String(line1.dropFirst(5)) + String(line2.prefix(7)) + String(Array(line2)[8..<15]) + String(Array(line2)[18..<29])
            line2 += check(composite)
            return [line1, line2, name(&r, length: 30)]
        }
    }

    /// The OCR-B size that gives ICAO's 10 characters per inch: 30 px at 300 dpi on every format.
    static let ocrBSize: Int = {
        let probe = Double(TestCanvas.textWidth("<<<<<<<<<<", size: 100, font: TestCanvas.ocrB)) / 10
        return Int((100 * 30 / probe).rounded())
    }()

    /// The canonical page size (about 300 dpi) of a document carrying `format`.
    static func pageSize(_ format: MRZResult.Format) -> (Int, Int) {
        switch format {
        case .td3: (1476, 1039)
        case .td2: (1240, 874)
        case .td1: (1012, 638)
        }
    }

    /// A flattened page: light background, a dark photo block, a few lines of other text, and
    /// the MRZ in OCR-B along the bottom at ICAO's 10 characters per inch (about 30 px).
    static func page(_ lines: [String], format: MRZResult.Format, title: String = "PASSPORT", background: Int = 236) -> TestCanvas {
        let (width, height) = pageSize(format)
        let canvas = TestCanvas(width: width, height: height, gray: background)
        let scale = Double(width) / 1476
        canvas.rect(x: Int(60 * scale), y: Int(200 * scale), width: Int(300 * scale), height: Int(380 * scale), gray: 90)
        canvas.text(title, x: Int(420 * scale), y: Int(60 * scale), size: Int(56 * scale), gray: 40)
        for (i, label) in ["SURNAME  SPECIMEN", "GIVEN NAMES  TEST", "DATE OF BIRTH  01 JAN 1980", "AUTHORITY  TEST OFFICE"].enumerated() {
            canvas.text(label, x: Int(420 * scale), y: Int((220 + Double(i) * 80) * scale), size: Int(34 * scale), gray: 50)
        }
        let size = ocrBSize
        let pitch = Double(TestCanvas.textWidth(lines[0], size: size, font: TestCanvas.ocrB)) / Double(lines[0].count)
        let lineSpacing = Int(pitch * 1.75)
        let left = (width - Int(pitch * Double(lines[0].count))) / 2
        let top = height - Int(Double(lines.count) * Double(lineSpacing)) - Int(30 * scale)
        for (i, line) in lines.enumerated() {
            canvas.text(line, x: left, y: top + i * lineSpacing, size: size, font: TestCanvas.ocrB, gray: 25)
        }
        return canvas
    }

    /// A photo-like capture of `page`: uneven light, blur, noise and a small rotation, then
    /// the page placed with perspective in a larger scene (`fill` of its width).
    static func capture(of page: TestCanvas, random r: inout Random, fill: Double) -> TestCanvas {
        page.degrade(rotation: 0, blur: r.double(0...1.6), lightRamp: r.double(0...0.5), noise: r.double(0...12), seed: UInt32(r.int(1..<100_000)))
        let sceneWidth = 1600, sceneHeight = 1200
        let w = Double(sceneWidth) * fill
        let h = w * Double(page.height) / Double(page.width)
        let cx = Double(sceneWidth) / 2 + r.double(-60...60)
        let cy = Double(sceneHeight) / 2 + r.double(-40...40)
        let angle = r.double(-6...6) * .pi / 180
        let jitter = { (r: inout Random) in (r.double(-0.03...0.03) * w, r.double(-0.03...0.03) * h) }
        var corners: [(Double, Double)] = []
        for (sx, sy) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] {
            let x = sx * w, y = sy * h
            let j = jitter(&r)
            corners.append((cx + x * cos(angle) - y * sin(angle) + j.0, cy + x * sin(angle) + y * cos(angle) + j.1))
        }
        page.place(corners: corners, width: sceneWidth, height: sceneHeight, background: r.int(40..<120))
        page.degrade(blur: 0.5, noise: r.double(0...5), seed: UInt32(r.int(1..<100_000)))
        return page
    }
}
