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

    func run(count: Int, seed: UInt64) throws -> Tally {
        var random = MRZTestDocuments.Random(seed: seed)
        var tally = Tally()
        let states = ["UTO", "D<<", "NLD", "CAN", "FRA", "XXA", "GBR", "ZAF"]
        for i in 0..<count {
            let format = MRZResult.Format.allCases[i % 3]
            let lines = MRZTestDocuments.lines(format, state: states[random.int(0..<states.count)], random: &random)
            let page = MRZTestDocuments.page(lines, format: format)
            let fill = random.double(0.55...0.9)
            let photo = try MRZTestDocuments.capture(of: page, random: &random, fill: fill).image()
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try reader.read(in: photo)
            tally.millis.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            tally.total += 1
            guard let result else { tally.notFound += 1; continue }
            if result.lines == lines { tally.exact += 1 }
            if result.valid { tally.valid += 1 }
            if result.valid && result.lines != lines { tally.falseValid += 1 }
        }
        return tally
    }

    @Test("every line exactly right on nearly every capture; never valid when misread")
    func captures() throws {
        let requested = ProcessInfo.processInfo.environment["MRZ_CAPTURES"].flatMap(Int.init)
        let tally = try run(count: requested ?? 12, seed: 2026)
        if requested != nil {
            let sorted = tally.millis.sorted()
            print("MRZ captures: \(tally.exact)/\(tally.total) exact, \(tally.valid) valid, \(tally.falseValid) valid but misread, \(tally.notFound) not found, median \(sorted[sorted.count / 2]) ms")
        }
        #expect(tally.falseValid == 0)
        #expect(Double(tally.exact) >= 0.9 * Double(tally.total), "\(tally.exact) of \(tally.total) exact")
    }
}
