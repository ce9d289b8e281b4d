import Foundation

/// Security line work: rosettes, wave bands and spirographs, the fine interlaced lines that
/// make a document look printed on security paper. Pure functions of their parameters, so
/// the artwork never changes between seeds.
enum Guilloche {
    /// Closed polar curves r(θ) = radius + amplitude·sin(petals·θ + phase), `lines` of them with
    /// evenly spread phases: the classic rosette.
    static func rosette(_ canvas: Canvas, cx: Double, cy: Double, radius: Double, amplitude: Double, petals: Int,
                        lines: Int, thickness: Double = 0.9, _ color: RGBA, squash: Double = 1) throws {
        var curves: [[(Double, Double)]] = []
        let steps = max(180, petals * 24)
        for k in 0..<lines {
            // Phases spread over a whole period, so neighbouring curves cross and weave a net.
            let phase = Double(k) * 2 * .pi / Double(lines)
            let r0 = radius
            var pts: [(Double, Double)] = []
            for i in 0..<steps {
                let t = Double(i) / Double(steps) * 2 * .pi
                let r = r0 + amplitude * sin(Double(petals) * t + phase)
                pts.append((cx + r * cos(t), cy + r * sin(t) * squash))
            }
            curves.append(pts)
        }
        try canvas.strokePolylines(curves, closed: true, thickness: thickness, color)
    }

    /// A hypotrochoid (spirograph) curve.
    static func spirograph(_ canvas: Canvas, cx: Double, cy: Double, big: Double, small: Double, offset: Double,
                           scale: Double, thickness: Double = 0.8, _ color: RGBA) throws {
        var pts: [(Double, Double)] = []
        let turns = small / gcd(Int(big.rounded()), Int(small.rounded()))
        let steps = Int(turns * 220)
        for i in 0...steps {
            let t = Double(i) / Double(steps) * 2 * .pi * turns
            let x = (big - small) * cos(t) + offset * cos((big - small) / small * t)
            let y = (big - small) * sin(t) - offset * sin((big - small) / small * t)
            pts.append((cx + x * scale, cy + y * scale))
        }
        try canvas.strokePolylines([pts], thickness: thickness, color)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Double {
        var (a, b) = (max(a, 1), max(b, 1))
        while b != 0 { (a, b) = (b, a % b) }
        return Double(a)
    }

    /// Interlaced sine lines across `rect`: `count` lines, each the sum of two waves whose phase
    /// drifts from line to line, so neighbours weave.
    static func waves(_ canvas: Canvas, _ rect: Rect, count: Int, amplitude: Double, wavelength: Double,
                      drift: Double = 0.35, thickness: Double = 0.8, _ color: RGBA, vertical: Bool = false) throws {
        var curves: [[(Double, Double)]] = []
        let length = vertical ? rect.h : rect.w
        let across = vertical ? rect.w : rect.h
        let steps = max(60, Int(length / 3))
        for k in 0..<count {
            let base = across * (Double(k) + 0.5) / Double(count)
            let phase = Double(k) * drift
            var pts: [(Double, Double)] = []
            for i in 0...steps {
                let s = length * Double(i) / Double(steps)
                let u = s / wavelength * 2 * .pi
                let off = amplitude * (sin(u + phase) * 0.7 + sin(u * 0.37 - phase * 1.7) * 0.3)
                pts.append(vertical ? (rect.x + base + off, rect.y + s) : (rect.x + s, rect.y + base + off))
            }
            curves.append(pts)
        }
        try canvas.strokePolylines(curves, thickness: thickness, color)
    }

    /// Concentric guilloche rings sweeping from one corner (a fan), used as a corner flourish.
    static func fan(_ canvas: Canvas, cx: Double, cy: Double, from r0: Double, to r1: Double, rings: Int,
                    ripple: Double, frequency: Int, thickness: Double = 0.9, _ color: RGBA) throws {
        var curves: [[(Double, Double)]] = []
        for k in 0..<rings {
            let r = r0 + (r1 - r0) * Double(k) / Double(max(rings - 1, 1))
            var pts: [(Double, Double)] = []
            for i in 0...360 {
                let t = Double(i) / 360 * 2 * .pi
                let rr = r + ripple * sin(Double(frequency) * t + Double(k) * 0.5)
                pts.append((cx + rr * cos(t), cy + rr * sin(t)))
            }
            curves.append(pts)
        }
        try canvas.strokePolylines(curves, thickness: thickness, color)
    }

    /// A line of tiny repeated text (microprinting).
    static func microtext(_ canvas: Canvas, _ text: String, x: Double, y: Double, width: Double, size: Double = 7,
                          font: Font, _ color: RGBA) throws {
        let unit = try font.measure(text + " ", size: size).width
        let repeats = max(1, Int(width / max(unit, 1)))
        try canvas.text(String(repeating: text + " ", count: repeats), x: x, y: y, size: size, font: font, color)
    }
}
