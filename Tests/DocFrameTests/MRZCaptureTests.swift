import Foundation
import Testing
@testable import DocFrame

/// Photo-like captures (perspective, rotation, blur, noise, uneven light) of pages with an MRZ.
/// `MRZ_CAPTURES=N` runs N captures instead of the CI sample and prints the measurement.
@Suite("MRZ reading from photo captures")
struct MRZCaptureTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))

    struct Tally {
        var total = 0, exact = 0, valid = 0, falseValid = 0, notFound = 0
        var millis: [Double] = []
    }

    /// Whether a reading differs from the truth anywhere a check digit covers.
    static func checkedFieldsDiffer(_ result: MRZResult, _ truth: [String]) -> Bool {
        guard let expected = MRZParser().parse(truth), result.format == expected.format else { return true }
        let layout = MRZLayout.layout(for: result.format)
        let read = result.lines.map(Array.init), real = truth.map(Array.init)
        for check in MRZParser.appliedChecks(in: real, layout: layout) {
            for p in check.positions + [check.checkDigit] where read[p.0][p.1] != real[p.0][p.1] { return true }
        }
        return false
    }

    var verbose: Bool { ProcessInfo.processInfo.environment["MRZ_CAPTURES"] != nil }

    func run(count: Int, seed: UInt64) throws -> Tally {
        var random = MRZTestDocuments.Random(seed: seed)
        var tally = Tally()
        let states = ["UTO", "D<<", "NLD", "CAN", "FRA", "XXA", "GBR", "ZAF"]
        for i in 0..<count {
            let format = MRZResult.Format.allCases[i % 3]
            let lines = MRZTestDocuments.lines(format, state: states[random.int(0..<states.count)], random: &random)
            let page = MRZTestDocuments.page(lines, format: format)
            let fill = random.double(0.45...0.9)
            let captured = try MRZTestDocuments.capture(of: page, random: &random, fill: fill).image()
            // Through a phone's JPEG, at a random quality.
            let photo = try Image(encoded: captured.encoded(as: .jpeg(quality: random.int(45..<92))))
            let start = DispatchTime.now().uptimeNanoseconds
            if let dump = ProcessInfo.processInfo.environment["MRZ_DUMP"], Int(dump) == i {
                try photo.write(to: "/tmp/mrz-capture-\(i).png", as: .png)
            }
            let result = try reader.read(in: photo)
            tally.millis.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            tally.total += 1
            guard let result else { tally.notFound += 1; continue }
            if result.lines == lines { tally.exact += 1 } else if verbose {
                print("MISREAD \(i) fill \(fill): \(lines) -> \(result.lines) valid \(result.valid)")
            }
            if result.valid { tally.valid += 1 }
            if result.valid && Self.checkedFieldsDiffer(result, lines) { tally.falseValid += 1 }
        }
        return tally
    }

    @Test("every line exactly right on nearly every capture; never valid when misread")
    func captures() throws {
        let requested = ProcessInfo.processInfo.environment["MRZ_CAPTURES"].flatMap(Int.init)
        let tally = try run(count: requested ?? 12, seed: 2026)
        if requested != nil {
            let sorted = tally.millis.sorted()
            print("MRZ captures: \(tally.exact)/\(tally.total) exact, \(tally.valid) valid, \(tally.falseValid) valid with a checked field misread, \(tally.notFound) not found, median \(sorted[sorted.count / 2]) ms")
        }
        #expect(tally.falseValid == 0)
        #expect(Double(tally.exact) >= 0.9 * Double(tally.total), "\(tally.exact) of \(tally.total) exact")
    }
}
