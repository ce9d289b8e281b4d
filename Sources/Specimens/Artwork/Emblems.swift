import Foundation

/// Heraldic-looking emblems drawn from simple shapes (our own stylisations, not official marks).
enum Emblems {
    /// A stylised eleven-point maple leaf in a unit box (x right, y down, -1...1).
    static let mapleLeafUnit: [(Double, Double)] = {
        let right: [(Double, Double)] = [
            (0, -1), (0.17, -0.66), (0.33, -0.76), (0.27, -0.30), (0.52, -0.58), (0.58, -0.45), (0.88, -0.52),
            (0.79, -0.25), (0.93, -0.17), (0.55, 0.13), (0.63, 0.32), (0.07, 0.23), (0.07, 0.78),
        ]
        let left = right.dropFirst().reversed().map { (-$0.0, $0.1) }
        return right + left
    }()

    static func mapleLeaf(_ canvas: Canvas, cx: Double, cy: Double, size: Double, _ color: RGBA) throws {
        try canvas.fillPolygon(mapleLeafUnit.map { (cx + $0.0 * size, cy + $0.1 * size) }, color)
    }

    /// Three petals turned 120° apart with sepals between: a trillium.
    static func trillium(_ canvas: Canvas, cx: Double, cy: Double, size: Double, petal: RGBA, sepal: RGBA) throws {
        for k in 0..<3 {
            let a = (Double(k) * 120 + 30) * .pi / 180
            try canvas.fillEllipse(cx: cx + cos(a) * size * 0.55, cy: cy + sin(a) * size * 0.55, rx: size * 0.5,
                                   ry: size * 0.16, angle: Double(k) * 120 + 30, sepal)
        }
        for k in 0..<3 {
            let a = (Double(k) * 120 - 90) * .pi / 180
            try canvas.fillEllipse(cx: cx + cos(a) * size * 0.5, cy: cy + sin(a) * size * 0.5, rx: size * 0.55,
                                   ry: size * 0.3, angle: Double(k) * 120 - 90, petal)
        }
        try canvas.fillEllipse(cx: cx, cy: cy, rx: size * 0.12, ry: size * 0.12, RGBA(240, 200, 60, petal.a))
    }

    /// A fleur-de-lis: a central petal, two curled side petals and a band.
    static func fleurDeLis(_ canvas: Canvas, cx: Double, cy: Double, size: Double, _ color: RGBA) throws {
        let s = size
        try canvas.fillPolygon([(cx, cy - s), (cx + 0.22 * s, cy - 0.55 * s), (cx + 0.18 * s, cy - 0.05 * s),
                                (cx, cy + 0.1 * s), (cx - 0.18 * s, cy - 0.05 * s), (cx - 0.22 * s, cy - 0.55 * s)], color)
        for side in [-1.0, 1.0] {
            try canvas.fillEllipse(cx: cx + side * 0.45 * s, cy: cy - 0.25 * s, rx: 0.42 * s, ry: 0.14 * s,
                                   angle: side * -55, color)
            try canvas.fillEllipse(cx: cx + side * 0.72 * s, cy: cy - 0.5 * s, rx: 0.13 * s, ry: 0.13 * s, color)
            try canvas.fillEllipse(cx: cx + side * 0.25 * s, cy: cy + 0.45 * s, rx: 0.2 * s, ry: 0.1 * s,
                                   angle: side * 40, color)
        }
        try canvas.fill(Rect(cx - 0.45 * s, cy + 0.08 * s, 0.9 * s, 0.16 * s), radius: 0.04 * s, color)
    }

    /// A setting sun with rays over three waves.
    static func sunOverWaves(_ canvas: Canvas, cx: Double, cy: Double, size: Double, sun: RGBA, sea: RGBA) throws {
        for k in 0..<11 {
            let a = (180 + Double(k) * 18) * .pi / 180
            try canvas.line(cx + cos(a) * size * 0.55, cy + sin(a) * size * 0.55, cx + cos(a) * size,
                            cy + sin(a) * size, thickness: size * 0.07, sun)
        }
        try canvas.fillEllipse(cx: cx, cy: cy, rx: size * 0.45, ry: size * 0.45, sun)
        var lines: [[(Double, Double)]] = []
        for row in 0..<3 {
            var pts: [(Double, Double)] = []
            for i in 0...60 {
                let x = -1.0 + 2.0 * Double(i) / 60
                pts.append((cx + x * size, cy + size * (0.12 + 0.2 * Double(row)) + sin(x * 9) * size * 0.06))
            }
            lines.append(pts)
        }
        try canvas.strokePolylines(lines, thickness: size * 0.08, sea)
    }

    /// A five-pointed star.
    static func star(_ canvas: Canvas, cx: Double, cy: Double, size: Double, points: Int = 5, inner: Double = 0.42,
                     _ color: RGBA) throws {
        var pts: [(Double, Double)] = []
        for i in 0..<(points * 2) {
            let r = i % 2 == 0 ? size : size * inner
            let a = -Double.pi / 2 + Double(i) * .pi / Double(points)
            pts.append((cx + r * cos(a), cy + r * sin(a)))
        }
        try canvas.fillPolygon(pts, color)
    }

    /// A shield with a charge, ringed by a laurel wreath: a generic national crest.
    static func crest(_ canvas: Canvas, cx: Double, cy: Double, size: Double, shield: RGBA, charge: RGBA, wreath: RGBA,
                      variant: Int) throws {
        let s = size
        for side in [-1.0, 1.0] {
            for k in 0..<9 {
                let a = (100 + Double(k) * 17) * .pi / 180
                let x = cx + side * cos(a) * s * -1.05, y = cy + sin(a) * s * 1.0
                try canvas.fillEllipse(cx: x, cy: y, rx: s * 0.16, ry: s * 0.07,
                                       angle: side * (Double(k) * 17 + 10) + 90, wreath)
            }
        }
        let shieldPts: [(Double, Double)] = [(cx - 0.62 * s, cy - 0.7 * s), (cx + 0.62 * s, cy - 0.7 * s),
                                             (cx + 0.62 * s, cy + 0.05 * s), (cx + 0.35 * s, cy + 0.55 * s),
                                             (cx, cy + 0.8 * s), (cx - 0.35 * s, cy + 0.55 * s),
                                             (cx - 0.62 * s, cy + 0.05 * s)]
        try canvas.fillPolygon(shieldPts, shield)
        switch variant % 4 {
        case 0: try star(canvas, cx: cx, cy: cy - 0.05 * s, size: 0.42 * s, charge)
        case 1:
            try canvas.fill(Rect(cx - 0.08 * s, cy - 0.6 * s, 0.16 * s, 1.3 * s), charge)
            try canvas.fill(Rect(cx - 0.55 * s, cy - 0.2 * s, 1.1 * s, 0.16 * s), charge)
        case 2:
            try canvas.fillEllipse(cx: cx, cy: cy - 0.05 * s, rx: 0.32 * s, ry: 0.32 * s, charge)
            try canvas.fillEllipse(cx: cx + 0.12 * s, cy: cy - 0.12 * s, rx: 0.27 * s, ry: 0.27 * s, shield)
        default:
            try canvas.fillPolygon([(cx, cy - 0.55 * s), (cx + 0.4 * s, cy + 0.35 * s), (cx - 0.4 * s, cy + 0.35 * s)], charge)
        }
        try canvas.strokePolylines([shieldPts], closed: true, thickness: max(1, s * 0.05), charge)
    }
}
