import Foundation

/// Emblems of the held-out designs (our own stylisations, not official marks): a wild rose, a
/// prairie crocus, a saltire and a tartan sett.
enum ProvincialEmblems {
    /// Five broad overlapping petals around a golden centre with stamens: a wild rose.
    static func wildRose(_ canvas: Canvas, cx: Double, cy: Double, size: Double, petal: RGBA, centre: RGBA) throws {
        for k in 0..<5 {
            let deg = Double(k) * 72 - 90, a = deg * .pi / 180
            try canvas.fillEllipse(cx: cx + cos(a) * size * 0.5, cy: cy + sin(a) * size * 0.5, rx: size * 0.52,
                                   ry: size * 0.42, angle: deg, petal)
        }
        // Darker veins from the centre give the petals depth.
        try canvas.strokePolylines((0..<5).map { k in
            let a = (Double(k) * 72 - 90) * .pi / 180
            return [(cx + cos(a) * size * 0.25, cy + sin(a) * size * 0.25), (cx + cos(a) * size * 0.75, cy + sin(a) * size * 0.75)]
        }, thickness: max(1, size * 0.03), petal.mixed(with: RGBA(120, 20, 60, petal.a), 0.35))
        try canvas.fillEllipse(cx: cx, cy: cy, rx: size * 0.24, ry: size * 0.24, centre)
        for k in 0..<12 {
            let a = Double(k) * 30 * .pi / 180
            try canvas.fillEllipse(cx: cx + cos(a) * size * 0.2, cy: cy + sin(a) * size * 0.2, rx: size * 0.045,
                                   ry: size * 0.045, centre.mixed(with: RGBA(150, 90, 10, centre.a), 0.6))
        }
    }

    /// A prairie crocus: a cup of six pointed petals on a furry stem with two leaves.
    static func crocus(_ canvas: Canvas, cx: Double, cy: Double, size: Double, petal: RGBA, leaf: RGBA) throws {
        let s = size
        try canvas.line(cx, cy + 0.1 * s, cx, cy + 1.1 * s, thickness: s * 0.08, leaf)
        for side in [-1.0, 1.0] {
            try canvas.fillPolygon([(cx, cy + 0.7 * s), (cx + side * 0.45 * s, cy + 0.35 * s), (cx + side * 0.55 * s, cy + 0.2 * s),
                                    (cx + side * 0.2 * s, cy + 0.75 * s)], leaf)
        }
        // Back petals first (lighter), then the front ones, each a pointed leaf shape.
        let petals: [(Double, Double)] = [(-30, 0.9), (30, 0.9), (-15, 1.0), (15, 1.0), (-5, 0.95), (5, 0.95)]
        for (i, (deg, len)) in petals.enumerated() {
            let a = (deg - 90) * .pi / 180, n = a + .pi / 2
            let tip = (cx + cos(a) * s * len, cy + sin(a) * s * len)
            let mid = (cx + cos(a) * s * len * 0.5, cy + sin(a) * s * len * 0.5)
            let half = s * 0.21
            let colour = i < 2 ? petal.mixed(with: RGBA.white.opacity(petal.a), 0.3)
                               : (i < 4 ? petal : petal.mixed(with: RGBA(60, 0, 90, petal.a), 0.2))
            try canvas.fillPolygon([(cx, cy + 0.12 * s), (mid.0 + cos(n) * half, mid.1 + sin(n) * half), tip,
                                    (mid.0 - cos(n) * half, mid.1 - sin(n) * half)], colour)
        }
        try canvas.fillEllipse(cx: cx, cy: cy - 0.22 * s, rx: 0.07 * s, ry: 0.16 * s, RGBA(250, 205, 40, petal.a))
    }

    /// A saltire (St Andrew's cross) across `rect`: two diagonal bars `width` wide.
    static func saltire(_ canvas: Canvas, _ rect: Rect, width: Double, _ color: RGBA) throws {
        let len = (rect.w * rect.w + rect.h * rect.h).squareRoot(), k = width / 2 / len
        // Each bar is the diagonal pushed out by half its width along the normal.
        for (p0, p1) in [((rect.x, rect.y), (rect.maxX, rect.maxY)), ((rect.maxX, rect.y), (rect.x, rect.maxY))] {
            let nx = -(p1.1 - p0.1) * k, ny = (p1.0 - p0.0) * k
            try canvas.fillPolygon([(p0.0 + nx, p0.1 + ny), (p1.0 + nx, p1.1 + ny), (p1.0 - nx, p1.1 - ny),
                                    (p0.0 - nx, p0.1 - ny)], color)
        }
    }

    /// A tartan sett woven over `rect`: the same stripes (colour, width in pixels) run across and
    /// down, each at `opacity`, so where they cross the colours mix as in a twill.
    static func tartan(_ canvas: Canvas, _ rect: Rect, sett: [(RGBA, Double)], opacity: Double) throws {
        let period = sett.reduce(0) { $0 + $1.1 }
        guard period > 0 else { return }
        for vertical in [false, true] {
            var offset = 0.0
            var rects: [Int: [Rect]] = [:]
            while offset < (vertical ? rect.w : rect.h) {
                for (i, stripe) in sett.enumerated() {
                    let band = vertical ? Rect(rect.x + offset, rect.y, stripe.1, rect.h)
                                        : Rect(rect.x, rect.y + offset, rect.w, stripe.1)
                    rects[i, default: []].append(clip(band, to: rect))
                    offset += stripe.1
                }
            }
            for (i, stripe) in sett.enumerated() {
                try canvas.fillRects(rects[i, default: []].filter { $0.w > 0 && $0.h > 0 }, stripe.0.opacity(opacity))
            }
        }
        // The twill: fine diagonal hatching that makes a plaid read as cloth.
        var hatch: [[(Double, Double)]] = []
        var d = -rect.h
        while d < rect.w {
            let x0 = max(rect.x, rect.x + d), y0 = rect.y + (x0 - rect.x - d)
            let x1 = min(rect.maxX, rect.x + d + rect.h), y1 = rect.y + (x1 - rect.x - d)
            if x1 > x0 { hatch.append([(x0, y0), (x1, y1)]) }
            d += 4
        }
        try canvas.strokePolylines(hatch, thickness: 1, RGBA(0, 0, 0, 0.07))
    }

    private static func clip(_ r: Rect, to bounds: Rect) -> Rect {
        let x0 = max(r.x, bounds.x), y0 = max(r.y, bounds.y)
        return Rect(x0, y0, min(r.maxX, bounds.maxX) - x0, min(r.maxY, bounds.maxY) - y0)
    }
}
