import Foundation
import Testing
@testable import DocFrame

/// A passport photographed with the camera moving: its zone smeared along a straight streak
/// past reading, which the streak measured from the photo's cepstrum and undone makes readable
/// again (`MRZMotionDeblur`, `MRZReader.deblurredZone`); and defocus, which has no streak.
@Suite("MRZ zones under motion blur")
struct MRZMotionDeblurTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))
    static let lines = MRZDegradedZoneTests.lines

    /// A photo of the drawn passport page at 60% (characters about 20 px high) on a darker
    /// table, 100 px of it around the page, in grey, with grain (a photo's broad spectrum,
    /// where a streak's zeros show).
    static func page() throws -> (pixels: [UInt8], width: Int, height: Int) {
        let full = try MRZTestDocuments.page(lines, format: .td3).image().grayscale()
        let small = try full.resized(width: full.width * 6 / 10, height: full.height * 6 / 10)
        let page = try small.packedPixels()
        let margin = 100, width = small.width + 2 * margin, height = small.height + 2 * margin
        var seed: UInt32 = 777
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let px = x - margin, py = y - margin
                let inside = px >= 0 && py >= 0 && px < small.width && py < small.height
                seed = seed &* 1_103_515_245 &+ 12345
                let base = inside ? Int(page[py * small.width + px]) : 110
                pixels[y * width + x] = UInt8(min(255, max(0, base + Int((seed >> 16) % 25) - 12)))
            }
        }
        return (pixels, width, height)
    }

    /// `pixels` smeared along a straight streak `length` pixels long at `angle` degrees, as a
    /// moving camera smears each point (the line's kernel, sampled every quarter pixel and
    /// spread bilinearly; edges repeated), with a little deterministic grain.
    static func streaked(_ pixels: [UInt8], width: Int, height: Int, length: Double, angle: Double) -> [UInt8] {
        let a = angle * Double.pi / 180
        var weights: [Int: Double] = [:]
        let samples = Int(length * 4)
        for k in 0...samples {
            let t = Double(k) / 4 - length / 2
            let x = t * cos(a), y = t * sin(a)
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            let fx = x - Double(x0), fy = y - Double(y0)
            for (dx, dy, w) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] {
                weights[(y0 + dy) * 1000 + (x0 + dx), default: 0] += w
            }
        }
        let total = weights.values.reduce(0, +)
        let offsets = weights.map { key, w -> (Int, Int, Double) in
            let dy = Int((Double(key) / 1000).rounded()), dx = key - dy * 1000
            return (dx, dy, w / total)
        }
        var out = [UInt8](repeating: 0, count: width * height)
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for (dx, dy, w) in offsets {
                    sum += w * Double(pixels[min(height - 1, max(0, y + dy)) * width + min(width - 1, max(0, x + dx))])
                }
                seed = seed &* 1_103_515_245 &+ 12345
                let grain = Int((seed >> 16) % 7) - 3
                out[y * width + x] = UInt8(min(255, max(0, Int(sum.rounded()) + grain)))
            }
        }
        return out
    }

    /// `pixels` in `rows` defocused: the mean over a disk of `radius` pixels.
    static func defocused(_ pixels: [UInt8], width: Int, height: Int, radius: Int, rows: Range<Int>) -> [UInt8] {
        var disk: [(Int, Int)] = []
        for dy in -radius...radius { for dx in -radius...radius where dx * dx + dy * dy <= radius * radius { disk.append((dx, dy)) } }
        var out = pixels
        for y in rows {
            for x in 0..<width {
                var sum = 0
                for (dx, dy) in disk {
                    sum += Int(pixels[min(height - 1, max(0, y + dy)) * width + min(width - 1, max(0, x + dx))])
                }
                out[y * width + x] = UInt8(sum / disk.count)
            }
        }
        return out
    }

    @Test("a streak is measured at its length and direction; a defocused zone shows none")
    func streakMeasured() throws {
        let (pixels, width, height) = try Self.page()
        let smeared = try Image(pixels: Self.streaked(pixels, width: width, height: height, length: 16, angle: 30),
                                width: width, height: height, bytesPerRow: width, format: .gray8)
        let streak = try #require(try MRZMotionDeblur.streak(in: smeared))
        #expect(streak.clarity >= MRZMotionDeblur.minimumClarity, "clarity \(streak.clarity) length \(streak.length) angle \(streak.angle)")
        #expect(abs(streak.length - 16) <= 1.5, "length \(streak.length)")
        #expect(abs(streak.angle - 30) <= 5, "angle \(streak.angle)")
        let soft = try Image(pixels: Self.defocused(pixels, width: width, height: height, radius: 6, rows: 0..<height),
                             width: width, height: height, bytesPerRow: width, format: .gray8)
        #expect(try MRZMotionDeblur.streak(in: soft) == nil)
        // The sharp page has no streak either.
        let sharp = try Image(pixels: pixels, width: width, height: height, bytesPerRow: width, format: .gray8)
        #expect(try MRZMotionDeblur.streak(in: sharp) == nil)
    }

    @Test("a passport page smeared by the camera's motion reads valid, every line as printed")
    func smearedZoneReads() throws {
        let (pixels, width, height) = try Self.page()
        let smeared = try Image(pixels: Self.streaked(pixels, width: width, height: height, length: 12, angle: 30),
                                width: width, height: height, bytesPerRow: width, format: .gray8)
        let read = try #require(try reader.readPassport(in: smeared))
        #expect(read.mrz.valid)
        #expect(read.mrz.lines == Self.lines)
    }

    @Test("a deblurred reading is valid only where a second deconvolution read its names line the same")
    func deblurredNamesVouched() throws {
        let parser = MRZParser(referenceDate: MRZParserTests.today)
        let read = try #require(parser.parse(Self.lines))
        #expect(read.valid)
        // Ringing turned two of the name's letters into others: no check digit covers them.
        var misread = Self.lines
        misread[0] = "P<UTOERIKSSDN<<ANNA<MAPIA<<<<<<<<<<<<<<<<<<<"
        let other = try #require(parser.parse(misread))
        #expect(other.valid)
        let unsure = try #require(MRZReader.deblurredReading([(read, nil, 0), (other, nil, 0)]))
        #expect(!unsure.mrz.valid)
        #expect(unsure.mrz.lines == Self.lines)
        let vouched = try #require(MRZReader.deblurredReading([(read, nil, 0), (read, nil, 0)]))
        #expect(vouched.mrz.valid)
        // A second reading whose checks fail still vouches for the names it read the same.
        var checkless = Self.lines
        checkless[1] = "L898902C36UTO7408122F1204159ZE184226B<<<<<18"
        let failing = try #require(parser.parse(checkless))
        #expect(!failing.valid)
        #expect(try #require(MRZReader.deblurredReading([(failing, nil, 0), (read, nil, 0)])).mrz.valid)
        // Alone, a reading has nothing to vouch for it.
        #expect(try #require(MRZReader.deblurredReading([(read, nil, 0)])).mrz.valid == false)
    }
}
