/// Barcode blocks (PDF417-looking 2D stacks) and magnetic stripes for card backs. The bars
/// encode nothing we decode (PDF417 reading is out of scope) but follow the module structure:
/// fixed start and stop patterns, per-seed data codewords.
enum Barcodes {
    static func pdf417(_ canvas: Canvas, in rect: Rect, seed: UInt64, _ color: RGBA = .black) throws {
        var rng = SeededRandom(seed: seed, label: "barcode")
        // Rows about three modules high, as PDF417 prints them.
        let module = 2.0
        let rows = max(3, Int(rect.h / (module * 3.5)))
        let rowH = rect.h / Double(rows)
        let columns = Int(rect.w / module)
        let start = [8, 1, 1, 1, 1, 1, 1, 3], stop = [7, 1, 1, 3, 1, 1, 1, 2, 1]
        var bars: [Rect] = []
        for r in 0..<rows {
            let y = rect.y + Double(r) * rowH
            var col = 0
            func run(_ widths: [Int]) {
                for (i, wd) in widths.enumerated() {
                    if i % 2 == 0 { bars.append(Rect(rect.x + Double(col) * module, y, Double(wd) * module, rowH)) }
                    col += wd
                }
            }
            run(start)
            let dataEnd = columns - 18
            while col < dataEnd {
                // A codeword: 4 bars and 4 spaces over 17 modules.
                var widths = [1, 1, 1, 1, 1, 1, 1, 1]
                for _ in 0..<9 { widths[rng.int(0...7)] += 1 }
                if col + 17 > dataEnd { break }
                run(widths)
            }
            col = columns - 17
            run(stop)
        }
        try canvas.fillRects(bars, color)
    }

    /// A 1D barcode (code-128-looking) of `count` modules.
    static func linear(_ canvas: Canvas, in rect: Rect, seed: UInt64, _ color: RGBA = .black) throws {
        var rng = SeededRandom(seed: seed, label: "linear-barcode")
        var bars: [Rect] = []
        var x = rect.x
        let m = 2.0
        var bar = true
        while x < rect.maxX - 4 * m {
            let w = Double(rng.int(1...4)) * m
            if bar { bars.append(Rect(x, rect.y, w, rect.h)) }
            bar.toggle()
            x += w
        }
        try canvas.fillRects(bars, color)
    }

    static func magneticStripe(_ canvas: Canvas, y: Double, height: Double) throws {
        let r = Rect(0, y, canvas.bounds.w, height)
        try canvas.linearGradient(r, from: (0, y), to: (0, y + height), RGBA(40, 36, 32), RGBA(18, 16, 14))
        try canvas.fill(Rect(0, y + height * 0.3, canvas.bounds.w, 2), RGBA.white.opacity(0.06))
    }
}
