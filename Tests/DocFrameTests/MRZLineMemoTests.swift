import Foundation
import Testing
@testable import DocFrame

/// The MRZ searches of one image share what they measured of it (`MRZLineMemo`): a second
/// search of the same photo (the whole-photo search after the passport scout) finds and reads
/// nothing again, and comes to the same answer at the same cost in budget.
@Suite("MRZ line memo")
struct MRZLineMemoTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))

    @Test("a photo searched twice with its budget: the same reading and lines, each search charged its cuts")
    func secondSearchAlike() throws {
        let photo = try MRZCutBudgetTests.misprintedCapture(.td3)
        let shared = MRZCutBudget(limit: .max)
        let first = try #require(try reader.readZone(in: photo, budget: shared))
        let firstCost = shared.spent
        let second = try #require(try reader.readZone(in: photo, budget: shared))
        #expect(second.result.lines == first.result.lines && second.result.checks == first.result.checks)
        #expect(second.lines == first.lines && second.quarterTurns == first.quarterTurns)
        // Charged as if read anew: the budget bounds what the searches ask for.
        #expect(shared.spent == 2 * firstCost, "\(shared.spent) after \(firstCost)")
        // And the same as a search with nothing remembered.
        let fresh = try #require(try reader.readZone(in: photo, budget: MRZCutBudget(limit: .max)))
        #expect(fresh.result.lines == second.result.lines && fresh.lines == second.lines)
    }

    @Test("each way up of an image is turned once, each cut read once; another image has its own")
    func keptPerImage() throws {
        let photo = try MRZCutBudgetTests.misprintedCapture(.td3)
        let memo = MRZLineMemo()
        let half = try memo.turned(photo, quarterTurns: 2)
        #expect(try memo.turned(photo, quarterTurns: 2) === half)
        #expect(half.gray.width == photo.width && half.gray.height == photo.height && half.gray.isGrayscale)
        let copy = try Image(pixels: photo.packedPixels(), width: photo.width, height: photo.height,
                             bytesPerRow: photo.width * photo.channels, format: photo.channels == 1 ? .gray8 : .bgr)
        #expect(try memo.turned(copy, quarterTurns: 2) !== half)
        let box = TextLineBox(centerX: 100, centerY: 50, width: 400, height: 12, angle: 0)
        let key = MRZReader.LineKey(box: box, binarization: .adaptive, height: MRZReader.lineHeight)
        var reads = 0
        for _ in 0..<2 {
            let reading = half.reading(key) {
                reads += 1
                return (400, RecognizedText(text: "P<UTO", confidence: 1, words: [], symbols: []))
            }
            #expect(reading.width == 400 && reading.text.text == "P<UTO")
        }
        #expect(reads == 1)
    }

    @Test("a line's upright cut binarised each way is the one-step cut, pixel for pixel, and is made once per height")
    func uprightCutBinarisedAlike() throws {
        let photo = try MRZCutBudgetTests.misprintedCapture(.td3)
        let memo = MRZLineMemo()
        let turned = try memo.turned(photo, quarterTurns: 0)
        let work = min(turned.gray.width, 900)
        let lines = try [0.021, 0.011].flatMap { share in
            try TextLineBox.find(in: turned.gray, workWidth: work, charHeight: max(4, Int(Double(work) * share)))
        }
        let line = try #require(lines.max { $0.width < $1.width })
        var made = 0
        for height in [MRZReader.lineHeight, MRZReader.lineHeight * 4 / 3] {
            for binarization in [TextLineBox.Binarization.none, .adaptive, .local, .smooth] {
                let upright = try turned.upright(line, height: height) {
                    made += 1
                    return try line.upright(from: turned.gray, padX: MRZReader.padX, padY: MRZReader.padY, height: height)
                }
                let twoStep = try TextLineBox.binarized(upright, height: height, binarization: binarization)
                let oneStep = try line.cut(from: turned.gray, padX: MRZReader.padX, padY: MRZReader.padY, height: height,
                                           binarization: binarization)
                #expect(twoStep.width == oneStep.width && twoStep.height == oneStep.height)
                #expect(try twoStep.packedPixels() == oneStep.packedPixels(), "\(binarization) at \(height)")
            }
        }
        // One warp per height, whatever the binarisations; the cut binarised is left as it was.
        #expect(made == 2)
    }

    @Test("lines found in a scaled copy, made once for several character heights, are in the image's pixels")
    func scaledCopyFindsTheSameLines() throws {
        let photo = try MRZCutBudgetTests.misprintedCapture(.td1).grayscale()
        var found = 0
        for workWidth in [photo.width / 2, 900, photo.width, photo.width + 100] {
            let copy = try TextLineBox.scaledCopy(of: photo, workWidth: workWidth)
            #expect(copy.work.width == min(workWidth, photo.width))
            #expect(abs(Double(copy.work.height) * copy.scale - Double(photo.height)) <= copy.scale)
            for charHeight in [5, 9, 10] {
                // The same search in the copy's own pixels, scaled up by hand: what the image's
                // pixels must give (a box off by the scale would land a zone's cut elsewhere).
                let inCopy = try TextLineBox.find(inScaled: copy.work, scale: 1, charHeight: charHeight)
                let inImage = try TextLineBox.find(inScaled: copy.work, scale: copy.scale, charHeight: charHeight)
                #expect(inImage.count == inCopy.count)
                for (line, own) in zip(inImage, inCopy) {
                    // Pixel centres: the copy's pixel x covers the image's [x * s, (x + 1) * s).
                    let s = copy.scale
                    func up(_ c: Double) -> Double { (c + 0.5) * s - 0.5 }
                    #expect(abs(line.centerX - up(own.centerX)) < 0.05 && abs(line.centerY - up(own.centerY)) < 0.05
                                && abs(line.width - own.width * s) < 0.05 && abs(line.height - own.height * s) < 0.05
                                && abs(line.angle - own.angle) < 0.01,
                            "width \(workWidth), characters \(charHeight): \(line) against \(own) at scale \(s)")
                }
                found += inImage.count
            }
        }
        #expect(found > 0, "no text line found at any scale")
    }
}
