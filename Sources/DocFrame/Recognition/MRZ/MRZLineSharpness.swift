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

    /// The sharpness of `line` in `image`: its cut at the model's scale, not binarised.
    static func of(_ line: TextLineBox, in image: Image) throws -> Double {
        let cut = try line.cut(from: image, padX: 0.1, padY: 0.2, height: MRZReader.lineHeight, binarization: .none)
        return measure(pixels: try cut.packedPixels(), width: cut.width, height: cut.height)
    }
}
