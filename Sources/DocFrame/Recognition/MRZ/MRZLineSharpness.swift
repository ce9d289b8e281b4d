/// How sharp a candidate zone's print is, measured on its line cuts at the model's scale, so a
/// zone too blurred for any character to read can be given up before the OCR spends cuts on it.
///
/// On a cut scaled so the line box is `MRZReader.lineHeight` high, a sharp stroke edge rises from
/// paper to ink over a pixel or two whatever the photo's size, and defocus or motion spreads it
/// over many: the steepest grey-level steps (a high percentile of the gradient), over the cut's
/// ink-to-paper range, is about one over the edge width. The ratio does not depend on exposure
/// or contrast (both cancel), so a dark, washed-out or glared zone whose strokes are still sharp
/// keeps a high value; sensor noise only raises it (it can keep a blurred zone in the search,
/// never drop a sharp one).
enum MRZLineSharpness {
    /// Below this no zone is read. Measured on the evaluation set's 160 MRZ captures: every
    /// zone that gave a valid reading had a line at 0.13 or more (small and tilted pages lowest),
    /// defocused zones none above 0.08, motion blur along the line 0.07-0.17 (so the heaviest
    /// defocus is what this saves, not every blurred zone).
    static let readable = 0.09

    /// Steepest gradient over contrast, 0 for a flat cut. `pixels` is a grey image, row-major.
    static func measure(pixels: [UInt8], width: Int, height: Int) -> Double {
        guard width >= 3, height >= 3, pixels.count >= width * height else { return 0 }
        // Counted through raw buffers: the checked loops were about 1% of a bench-mrz capture's
        // instructions, measured on every line of every candidate zone (the same counts either way).
        var histogram = [Int](repeating: 0, count: 256)
        var across = [Int](repeating: 0, count: 256), along = [Int](repeating: 0, count: 256)
        var counted = 0
        pixels.withUnsafeBufferPointer { source in
            let p = source.baseAddress!
            histogram.withUnsafeMutableBufferPointer { h in
                for i in 0..<(width * height) { h[Int(p[i])] += 1 }
            }
            // Central differences in each direction: motion blur along one axis leaves the edges
            // across the other sharp, and text needs both (the strokes of E, the feet of L).
            // A difference of two bytes halved is at most 127: no bound to clamp to.
            across.withUnsafeMutableBufferPointer { a in
                along.withUnsafeMutableBufferPointer { b in
                    for y in 1..<(height - 1) {
                        let row = p + y * width
                        for x in 1..<(width - 1) {
                            a[abs(Int(row[x + 1]) - Int(row[x - 1])) / 2] += 1
                            b[abs(Int(row[x + width]) - Int(row[x - width])) / 2] += 1
                        }
                    }
                }
            }
            counted = (height - 2) * (width - 2)
        }
        func percentile(_ histogram: [Int], _ total: Int, _ q: Double) -> Int {
            let target = Int(Double(total) * q)
            var seen = 0
            for (value, count) in histogram.enumerated() {
                seen += count
                if seen > target { return value }
            }
            return histogram.count - 1
        }
        let total = width * height
        let contrast = percentile(histogram, total, 0.98) - percentile(histogram, total, 0.02)
        guard contrast > 0 else { return 0 }
        let steepest = min(percentile(across, counted, 0.99), percentile(along, counted, 0.99))
        return Double(steepest) / Double(contrast)
    }

    /// Below this, measured on the cut smoothed (`smoothed`, twice), no zone is read either.
    ///
    /// Why a second measure: sensor noise and JPEG blocks lift the steepest steps of a blurred
    /// cut (its strokes smeared over several characters) to those of a sharp one, so `readable`
    /// let dark, grainy or recompressed blurred zones through, and each cost 20 to 120 line cuts
    /// (0.4-3 s) reading nothing. Smoothed over about a stroke's width, the grain and the blocks'
    /// edges fall while a sharp stroke's edge stays steep and a smeared one stays shallow.
    /// Set on bench-mrz's captures and two dev sets (seeds 7000, 7300, 7400: 203 captures read
    /// valid; 70 blurred, none of which read): every zone that read valid had a line at 0.141 or
    /// more smoothed (glare, tilt); 19 of the 32 blurred captures whose zones `readable` passed
    /// measured under 0.10 (the others 0.10-0.20: mild or noisy blur), so 0.10 leaves the sharp
    /// zones a margin of 1.4. Checked on two more (seeds 7500, 7600): valid zones 0.144 and
    /// up, 15 of 24 such blurred captures under 0.10. Line cuts on the blurred captures of the
    /// first three sets: 1406 -> 632; exact reads the same on all five, valid ones too but one more
    /// on seed 7300 (with `reconciled` taking the names line that breaks fewer rules).
    static let readableSmoothed = 0.10

    /// `line`'s sharpness (`measure`) on its cut as cut and smoothed twice (`smoothed`).
    static func both(_ line: TextLineBox, in image: Image) throws -> (sharp: Double, smoothed: Double) {
        let cut = try Cut(line, in: image)
        return (cut.sharp, cut.smoothedSharpness)
    }

    /// Whether a candidate zone of `lines` in `image` is sharp enough to read: its sharpest line
    /// at `readable` or more as cut, and one at `readableSmoothed` or more smoothed. The lines
    /// are smoothed sharpest first and only until one passes (a sharp zone's first does): the
    /// smoothing costs several times the first measure.
    static func isReadable(_ lines: [TextLineBox], in image: Image) -> Bool {
        var cuts: [Cut] = []
        for line in lines {
            // A line that cannot be cut is not held against the zone.
            guard let cut = try? Cut(line, in: image) else { return true }
            cuts.append(cut)
        }
        guard (cuts.map(\.sharp).max() ?? .infinity) >= readable else { return false }
        return cuts.isEmpty || cuts.sorted { $0.sharp > $1.sharp }.contains { $0.smoothedSharpness >= readableSmoothed }
    }

    /// A line's cut at the model's scale, not binarised, with its sharpness as cut.
    private struct Cut {
        let pixels: [UInt8]
        let width: Int, height: Int
        let sharp: Double

        init(_ line: TextLineBox, in image: Image) throws {
            let cut = try line.cut(from: image, padX: 0.1, padY: 0.2, height: MRZReader.lineHeight, binarization: .none)
            pixels = try cut.packedPixels()
            width = cut.width
            height = cut.height
            sharp = MRZLineSharpness.measure(pixels: pixels, width: width, height: height)
        }

        /// The sharpness of the cut smoothed twice.
        var smoothedSharpness: Double {
            let twice = smoothed(smoothed(pixels, width: width, height: height), width: width, height: height)
            return measure(pixels: twice, width: width, height: height)
        }
    }

    /// `pixels` (grey, row-major) smoothed by the binomial kernel 1 4 6 4 1 along the rows, then
    /// down the columns, rounded to bytes (sigma 1 pixel; edges repeat the border pixel).
    static func smoothed(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0, pixels.count >= width * height else { return pixels }
        var rows = [Int32](repeating: 0, count: width * height)
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { r in
                let p = source.baseAddress!, t = r.baseAddress!
                for y in 0..<height {
                    let row = p + y * width, sums = t + y * width
                    for x in 0..<width {
                        if x >= 2, x + 2 < width {
                            sums[x] = Int32(row[x - 2]) + 4 * Int32(row[x - 1]) + 6 * Int32(row[x]) + 4 * Int32(row[x + 1]) + Int32(row[x + 2])
                        } else {
                            func at(_ i: Int) -> Int32 { Int32(row[min(width - 1, max(0, i))]) }
                            sums[x] = at(x - 2) + 4 * at(x - 1) + 6 * at(x) + 4 * at(x + 1) + at(x + 2)
                        }
                    }
                }
            }
        }
        rows.withUnsafeBufferPointer { r in
            out.withUnsafeMutableBufferPointer { o in
                let t = r.baseAddress!, q = o.baseAddress!
                for y in 0..<height {
                    let above2 = t + max(0, y - 2) * width, above = t + max(0, y - 1) * width, middle = t + y * width
                    let below = t + min(height - 1, y + 1) * width, below2 = t + min(height - 1, y + 2) * width
                    let line = q + y * width
                    for x in 0..<width {
                        // Weights sum to 256: rounded half up, as the sum is never negative.
                        let sum = above2[x] + 4 * above[x] + 6 * middle[x] + 4 * below[x] + below2[x]
                        line[x] = UInt8(truncatingIfNeeded: (sum + 128) >> 8)
                    }
                }
            }
        }
        return out
    }
}
