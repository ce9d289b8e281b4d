import DocFrame
import Foundation

/// The camera-side effects shared by captures, negatives and sequences: how light falls on the
/// scene, what the lens and sensor do to it. Each takes its strength from the generator.
enum PhotoEffects {
    static let skinTones: [BGR] = [.rgb(234, 192, 160), .rgb(224, 172, 135), .rgb(198, 134, 96), .rgb(160, 106, 72),
                                   .rgb(112, 72, 50), .rgb(240, 205, 180)]

    /// Uneven room light: a gradient across the frame, vignetting, a warm or cool cast.
    static func lighting(_ canvas: Canvas, strong: Bool, rng: inout SeededRandom) throws {
        let w = Double(canvas.width), h = Double(canvas.height)
        let a = Point(x: rng.uniform(0...w), y: rng.uniform(0...h)), b = Point(x: rng.uniform(0...w), y: rng.uniform(0...h))
        let low = strong ? rng.uniform(0.62...0.85) : rng.uniform(0.84...0.97)
        let high = strong ? rng.uniform(1.02...1.18) : rng.uniform(0.98...1.1)
        let tint: BGR = rng.pick([BGR(1, 1, 1), BGR(0.92, 0.98, 1.06), BGR(1.05, 1.0, 0.95), BGR(0.96, 1.0, 1.02)])
        try canvas.lighting(from: a, gain0: low, to: b, gain1: high, vignette: rng.uniform(0.05...0.3), tint: tint)
    }

    /// A shadow cast across the document (a hand, the phone, a lamp's arm): the part of the
    /// frame beyond a wobbly line through the document.
    static func castShadow(_ canvas: Canvas, over corners: [Point], rng: inout SeededRandom) throws {
        let w = Double(canvas.width), h = Double(canvas.height), diag = (w * w + h * h).squareRoot()
        let center = Polygon.centroid(corners)
        let docDiag = corners[0].distance(to: corners[2])
        let phi = rng.uniform(0...360) * .pi / 180
        let dir = Point(x: cos(phi), y: sin(phi)), normal = Point(x: -sin(phi), y: cos(phi))
        let through = center + normal.scaled(rng.uniform(-0.3...0.3) * docDiag)
        var outline: [Point] = []
        for k in 0...10 {
            let s = (Double(k) / 10 * 2 - 1) * diag
            outline.append(through + dir.scaled(s) + normal.scaled(rng.gaussian(docDiag * 0.03)))
        }
        outline.append(through + dir.scaled(diag) + normal.scaled(2 * diag))
        outline.append(through + dir.scaled(-diag) + normal.scaled(2 * diag))
        try canvas.shadow(outline, strength: rng.uniform(0.35...0.6), blur: diag * rng.uniform(0.006...0.025))
    }

    /// Specular highlights on the laminate, limited to the document.
    /// Returns the number of highlights.
    @discardableResult
    static func glare(_ canvas: Canvas, over corners: [Point], rng: inout SeededRandom) throws -> Int {
        let docDiag = max(corners[0].distance(to: corners[2]), corners[1].distance(to: corners[3]))
        let count = rng.chance(0.7) ? 1 : 2
        for _ in 0..<count {
            let u = rng.uniform(0.15...0.85), v = rng.uniform(0.15...0.85)
            let top = Polygon.lerp(corners[0], corners[1], u), bottom = Polygon.lerp(corners[3], corners[2], u)
            let c = Polygon.lerp(top, bottom, v)
            let rx = docDiag * rng.uniform(0.07...0.17)
            try canvas.glare(center: c, rx: rx, ry: rx * rng.uniform(0.35...1), angle: rng.uniform(0...180),
                             intensity: rng.uniform(1.1...1.8), clip: corners)
        }
        return count
    }

    /// A finger (usually the thumb holding the card) over one edge of the document.
    static func finger(_ canvas: Canvas, over corners: [Point], rng: inout SeededRandom) throws {
        let edge = rng.int(0...3)
        let a = corners[edge], b = corners[(edge + 1) % 4]
        let p = Polygon.lerp(a, b, rng.uniform(0.2...0.8))
        let center = Polygon.centroid(corners)
        let along = b - a, len = max(1, along.distance(to: Point(x: 0, y: 0)))
        var normal = Point(x: -along.y / len, y: along.x / len)
        if (p - center).x * normal.x + (p - center).y * normal.y < 0 { normal = normal.scaled(-1) }
        let shortSide = (0..<4).map { corners[$0].distance(to: corners[($0 + 1) % 4]) }.min()!
        let width = max(6, shortSide * rng.uniform(0.2...0.32))
        let tip = p - normal.scaled(width * rng.uniform(0.35...1.1))
        let angle = atan2(normal.y, normal.x) * 180 / .pi + rng.uniform(-25...25)
        try thumb(canvas, tip: tip, angle: angle, width: width, skin: rng.pick(skinTones), length: width * rng.uniform(2.2...3.2),
                  seed: rng.seed())
    }

    /// A thumb from `tip` along `angle`, and the hand it belongs to, wider, running on off the image.
    static func thumb(_ canvas: Canvas, tip: Point, angle: Double, width: Double, skin: BGR, length: Double, seed: UInt64) throws {
        let diag = Double(canvas.width * canvas.width + canvas.height * canvas.height).squareRoot()
        let a = angle * .pi / 180
        let base = tip + Point(x: cos(a), y: sin(a)).scaled(length * 0.8)
        try canvas.finger(tip: base, angle: angle + 12, width: width * 2.6, length: diag * 1.5, skin: skin.scaled(0.93), nail: false, seed: seed &+ 1)
        try canvas.finger(tip: tip, angle: angle, width: width, length: length, skin: skin, seed: seed)
    }

    /// Lens and motion blur: defocus or a shake streak, scaled to the frame.
    /// Returns what was applied: ("defocus", radius) or ("motion", length), in pixels.
    @discardableResult
    static func blur(_ canvas: Canvas, rng: inout SeededRandom) throws -> (String, Double) {
        let diag = Double(canvas.width * canvas.width + canvas.height * canvas.height).squareRoot()
        if rng.chance(0.5) {
            let radius = diag * rng.uniform(0.0035...0.009)
            try canvas.defocus(radius: radius)
            return ("defocus", radius)
        } else {
            let length = diag * rng.uniform(0.008...0.022)
            try canvas.motionBlur(length: length, angle: rng.uniform(0...180))
            return ("motion", length)
        }
    }

    /// The slight softness of every phone photo (lens, demosaicing, noise reduction).
    static func baselineSoftness(_ canvas: Canvas, rng: inout SeededRandom) throws {
        let scale = Double(max(canvas.width, canvas.height)) / 1280
        try canvas.gaussian(sigma: rng.uniform(0.3...0.9) * scale)
    }

    static func sensorNoise(_ canvas: Canvas, dark: Bool, rng: inout SeededRandom) throws {
        let sigma = dark ? rng.uniform(5...10) : rng.uniform(1.0...3.0)
        try canvas.noise(sigma: sigma, chroma: sigma * (dark ? 0.6 : 0.35), seed: rng.seed())
    }

    /// Returns the exposure gain.
    @discardableResult
    static func underexpose(_ canvas: Canvas, rng: inout SeededRandom) throws -> Double {
        let gain = rng.uniform(0.22...0.45)
        try canvas.exposure(gain: gain, gamma: rng.uniform(1.05...1.3))
        try canvas.lighting(from: Point(x: 0, y: 0), gain0: 1, to: Point(x: 1, y: 1), gain1: 1, vignette: 0,
                            tint: rng.pick([BGR(0.8, 0.95, 1.12), BGR(1.0, 1.0, 1.0), BGR(0.9, 1.0, 1.05)]))
        return gain
    }
}
