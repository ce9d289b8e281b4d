import Foundation

/// A handwritten-looking signature: one or two random pen strokes of loops and swashes.
enum Signature {
    static func draw(_ canvas: Canvas, in rect: Rect, seed: UInt64, _ color: RGBA = RGBA(20, 30, 90)) throws {
        var rng = SeededRandom(seed: seed, label: "signature")
        var strokes: [[(Double, Double)]] = []
        let words = rng.int(1...2)
        var x0 = rect.x + rect.w * rng.double(0.0, 0.08)
        for _ in 0..<words {
            let width = rect.w * (words == 1 ? rng.double(0.6, 0.9) : rng.double(0.3, 0.45))
            let loops = Double(rng.int(4...9))
            let amp = rect.h * rng.double(0.22, 0.4)
            let slant = rng.double(0.1, 0.35) * rect.h
            let p1 = rng.double(0, 6), f2 = rng.double(1.5, 3.2)
            var pts: [(Double, Double)] = []
            let steps = 260
            for i in 0...steps {
                let t = Double(i) / Double(steps)
                let a = t * loops * 2 * .pi
                let decay = 1 - 0.5 * t
                let x = x0 + t * width + sin(a) * rect.h * 0.09
                let y = rect.midY + sin(a * 0.5 + p1) * amp * 0.35 * decay - cos(a) * amp * 0.55 * decay
                    + sin(t * f2 * .pi) * rect.h * 0.1 - (t - 0.5) * slant
                pts.append((x, y))
            }
            strokes.append(pts)
            x0 += width + rect.w * 0.05
        }
        if rng.chance(0.6) {
            let y = rect.y + rect.h * rng.double(0.75, 0.9)
            strokes.append([(rect.x + rect.w * 0.05, y + 3), (rect.x + rect.w * 0.5, y - 2), (min(x0, rect.maxX - 4), y - 6)])
        }
        try canvas.strokePolylines(strokes, thickness: 2.2, color)
    }
}
