import Foundation

/// A procedurally drawn head-and-shoulders portrait: no real face, but the shapes, tones and
/// framing of an ID photo (skin, hair, clothing and background vary with the seed).
enum Portrait {
    static let skins: [RGBA] = [
        RGBA(255, 224, 196), RGBA(241, 194, 160), RGBA(224, 172, 130), RGBA(198, 134, 90), RGBA(160, 102, 66),
        RGBA(120, 75, 50), RGBA(92, 58, 40), RGBA(234, 190, 150),
    ]
    static let hairs: [RGBA] = [
        RGBA(30, 24, 20), RGBA(60, 40, 28), RGBA(100, 70, 40), RGBA(160, 120, 70), RGBA(200, 170, 110),
        RGBA(140, 60, 30), RGBA(150, 150, 150), RGBA(215, 215, 210),
    ]
    static let clothes: [RGBA] = [
        RGBA(30, 40, 70), RGBA(60, 60, 60), RGBA(120, 30, 40), RGBA(40, 90, 70), RGBA(200, 200, 205),
        RGBA(90, 70, 120), RGBA(20, 20, 25), RGBA(70, 110, 160),
    ]
    static let backgrounds: [RGBA] = [
        RGBA(222, 230, 238), RGBA(236, 236, 232), RGBA(205, 220, 236), RGBA(245, 245, 245), RGBA(214, 214, 214),
    ]

    /// A portrait canvas of `width` x `height` drawn from `seed` (`female` shifts the hair styles).
    static func make(width: Int, height: Int, seed: UInt64, female: Bool, background fixed: RGBA? = nil) throws -> Canvas {
        var rng = SeededRandom(seed: seed, label: "portrait")
        let w = Double(width), h = Double(height)
        let bg = fixed ?? rng.pick(backgrounds)
        let c = try Canvas(width: width, height: height, background: bg)
        try c.radialGradient(c.bounds, center: (w * 0.5, h * 0.35), radius: h * 0.9, bg.mixed(with: .white, 0.35), bg.mixed(with: .black, 0.08))
        let skin = rng.pick(skins), hair = rng.pick(hairs), cloth = rng.pick(clothes)
        let headW = w * rng.double(0.25, 0.31), headH = headW * rng.double(1.22, 1.38)
        let cx = w * rng.double(0.47, 0.53), cy = h * rng.double(0.40, 0.45)
        let style = female ? rng.pick([2, 3, 4, 2, 0]) : rng.pick([0, 1, 0, 1, 2])
        let shade = skin.mixed(with: .black, 0.18)
        // Long hair falls behind the shoulders, so it is drawn first.
        if style == 2 || style == 3 {
            try c.fill(Rect(cx - headW * 1.2, cy - headH * 0.5, headW * 2.4, headH * (style == 2 ? 1.8 : 1.35)),
                       radius: headW * 0.9, hair)
        }
        // Shoulders and neck.
        try c.fillEllipse(cx: cx, cy: h * 1.04, rx: w * rng.double(0.46, 0.56), ry: h * 0.3, cloth)
        try c.fill(Rect(cx - headW * 0.42, cy + headH * 0.6, headW * 0.84, headH * 0.65), radius: headW * 0.2, shade)
        try c.fillPolygon([(cx - headW * 0.42, h * 0.8), (cx, h * 0.92), (cx + headW * 0.42, h * 0.8),
                           (cx + headW * 0.42, h * 0.76), (cx - headW * 0.42, h * 0.76)], shade)
        if rng.chance(0.5) {
            try c.fillPolygon([(cx - headW * 0.55, h * 0.78), (cx, h * 0.95), (cx - headW * 0.1, h), (cx - headW * 0.8, h)],
                              cloth.mixed(with: .white, 0.25))
            try c.fillPolygon([(cx + headW * 0.55, h * 0.78), (cx, h * 0.95), (cx + headW * 0.1, h), (cx + headW * 0.8, h)],
                              cloth.mixed(with: .white, 0.25))
        }
        // Ears, head.
        for side in [-1.0, 1.0] {
            try c.fillEllipse(cx: cx + side * headW * 0.98, cy: cy + headH * 0.05, rx: headW * 0.14, ry: headH * 0.17, shade)
        }
        try c.fillEllipse(cx: cx, cy: cy, rx: headW, ry: headH, skin)
        try c.fillEllipse(cx: cx - headW * 0.35, cy: cy - headH * 0.3, rx: headW * 0.5, ry: headH * 0.4,
                          RGBA.white.opacity(0.08))
        // Hair on top: a cap following the skull down to the temples, ending in a curved hairline
        // with a side part.
        let part = rng.double(-0.45, 0.45)
        func cap(hairline: Double, volume: Double, sides: Double) throws {
            var pts: [(Double, Double)] = []
            for i in 0...40 {
                let t = Double.pi + Double.pi * Double(i) / 40
                pts.append((cx + headW * volume * cos(t), cy + headH * volume * sin(t) * 1.02))
            }
            pts.append((cx + headW * volume, cy + headH * sides))
            for i in 0...30 {
                let u = 1 - 2 * Double(i) / 30
                let dip = max(0, 1 - abs(u - part) * 4) * 0.12
                pts.append((cx + headW * 0.96 * u, cy - headH * (hairline - 0.3 * u * u + dip)))
            }
            pts.append((cx - headW * volume, cy + headH * sides))
            try c.fillPolygon(pts, hair)
        }
        switch style {
        case 0: try cap(hairline: 0.62, volume: 1.07, sides: -0.05)
        case 1: try cap(hairline: 0.78, volume: 1.03, sides: -0.15)
        case 2, 3: try cap(hairline: 0.58, volume: 1.12, sides: 0.25)
        default:
            try c.fillEllipse(cx: cx, cy: cy - headH * 1.05, rx: headW * 0.45, ry: headH * 0.3, hair)
            try cap(hairline: 0.64, volume: 1.05, sides: 0)
        }
        try c.fillEllipse(cx: cx - headW * 0.3, cy: cy - headH * 0.75, rx: headW * 0.35, ry: headH * 0.12,
                          angle: -15, RGBA.white.opacity(0.1))
        // Face.
        let eyeY = cy + headH * 0.02, eyeDX = headW * 0.38
        for side in [-1.0, 1.0] {
            try c.fillEllipse(cx: cx + side * eyeDX, cy: eyeY, rx: headW * 0.15, ry: headH * 0.055, RGBA(250, 250, 248))
            try c.fillEllipse(cx: cx + side * eyeDX, cy: eyeY, rx: headW * 0.07, ry: headW * 0.07, rng.chance(0.3) ? RGBA(70, 100, 130) : RGBA(60, 40, 30))
            try c.line(cx + side * eyeDX - headW * 0.17, eyeY - headH * 0.12, cx + side * eyeDX + headW * 0.17,
                       eyeY - headH * 0.13 - side * headH * 0.01, thickness: headW * 0.06, hair.mixed(with: .black, 0.3))
        }
        if rng.chance(0.25) {
            for side in [-1.0, 1.0] {
                try c.strokeEllipse(cx: cx + side * eyeDX, cy: eyeY, rx: headW * 0.26, ry: headH * 0.12, thickness: 2.5, RGBA(40, 40, 45))
            }
            try c.line(cx - eyeDX + headW * 0.26, eyeY, cx + eyeDX - headW * 0.26, eyeY, thickness: 2.5, RGBA(40, 40, 45))
        }
        try c.strokePolylines([[(cx, eyeY + headH * 0.05), (cx - headW * 0.1, eyeY + headH * 0.3), (cx + headW * 0.05, eyeY + headH * 0.33)]],
                              thickness: 2, shade.mixed(with: .black, 0.2))
        let smile = rng.double(-0.02, 0.05)
        try c.strokePolylines([[(cx - headW * 0.28, cy + headH * 0.55), (cx, cy + headH * (0.58 + smile)),
                                (cx + headW * 0.28, cy + headH * 0.55)]], thickness: headW * 0.07, RGBA(150, 70, 70).mixed(with: skin, 0.3))
        if !female, rng.chance(0.25) {
            try c.fillEllipse(cx: cx, cy: cy + headH * 0.72, rx: headW * 0.6, ry: headH * 0.3, hair.opacity(0.55))
        }
        try c.blur(c.bounds, sigma: 1.1)
        return c
    }
}
