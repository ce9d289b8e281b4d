import DocFrame

/// The surface a document lies on or is held in front of: a procedural texture in a
/// plausible palette, plus everyday clutter (pens, coins, paper, a phone, keys) on tables.
enum Backdrop {
    /// Paints the whole canvas. Returns whether the scene is a table (documents lying flat
    /// cast a tight shadow) or a room (a card held up in the air).
    @discardableResult
    static func paint(_ canvas: Canvas, rng: inout SeededRandom, allowClutter: Bool = true,
                      kinds: [BackgroundKind] = [.wood, .wood, .fabric, .desk, .desk, .stone, .gradient, .room, .room]) throws -> BackgroundKind {
        let kind = rng.pick(kinds)
        let (base, accent) = palette(kind, rng: &rng)
        let scale = Double(max(canvas.width, canvas.height)) / 1280 * rng.uniform(0.7...1.5)
        try canvas.background(kind, seed: rng.seed(), base: base, accent: accent, angle: rng.uniform(0...180), scale: scale)
        if allowClutter, kind != .room {
            for _ in 0..<rng.int(0...4) { try clutter(canvas, rng: &rng) }
        }
        return kind
    }

    static func palette(_ kind: BackgroundKind, rng: inout SeededRandom) -> (BGR, BGR) {
        func jitter(_ c: BGR, _ rng: inout SeededRandom) -> BGR {
            let k = rng.uniform(0.85...1.15)
            return BGR(min(255, c.b * k * rng.uniform(0.93...1.07)), min(255, c.g * k), min(255, c.r * k * rng.uniform(0.93...1.07)))
        }
        let pairs: [(BGR, BGR)]
        switch kind {
        case .wood:
            pairs = [(.rgb(92, 56, 30), .rgb(168, 116, 70)), (.rgb(196, 156, 108), .rgb(142, 98, 58)),
                     (.rgb(60, 38, 24), .rgb(120, 80, 50)), (.rgb(170, 160, 148), .rgb(110, 100, 90))]
        case .fabric:
            pairs = [(.rgb(38, 58, 96), .rgb(86, 112, 160)), (.rgb(90, 90, 92), .rgb(150, 150, 152)),
                     (.rgb(180, 165, 140), .rgb(215, 205, 185)), (.rgb(110, 30, 34), .rgb(160, 60, 62)),
                     (.rgb(40, 70, 50), .rgb(80, 120, 90)), (.rgb(25, 25, 28), .rgb(60, 60, 64))]
        case .desk:
            pairs = [(.rgb(226, 226, 220), .rgb(180, 180, 176)), (.rgb(32, 32, 34), .rgb(70, 70, 72)),
                     (.rgb(150, 150, 148), .rgb(110, 110, 108)), (.rgb(230, 222, 200), .rgb(190, 180, 160)),
                     (.rgb(60, 70, 90), .rgb(90, 100, 120))]
        case .stone:
            pairs = [(.rgb(205, 198, 186), .rgb(90, 86, 80)), (.rgb(42, 42, 46), .rgb(150, 148, 145)),
                     (.rgb(160, 150, 140), .rgb(70, 60, 55))]
        case .gradient:
            pairs = [(.rgb(240, 240, 235), .rgb(170, 175, 180)), (.rgb(50, 55, 65), .rgb(120, 125, 135)),
                     (.rgb(200, 190, 170), .rgb(120, 110, 95)), (.rgb(210, 220, 230), .rgb(90, 110, 140))]
        case .room:
            pairs = [(.rgb(190, 180, 160), .rgb(90, 110, 140)), (.rgb(120, 110, 100), .rgb(220, 210, 190)),
                     (.rgb(60, 60, 70), .rgb(200, 170, 120)), (.rgb(210, 210, 205), .rgb(60, 90, 60))]
        }
        let (a, b) = rng.pick(pairs)
        return (jitter(a, &rng), jitter(b, &rng))
    }

    /// One everyday object, with a soft contact shadow.
    static func clutter(_ canvas: Canvas, rng: inout SeededRandom) throws {
        let w = Double(canvas.width), h = Double(canvas.height), unit = max(w, h)
        let center = Point(x: rng.uniform(-0.05...1.05) * w, y: rng.uniform(-0.05...1.05) * h)
        let angle = rng.uniform(0...360)
        func place(_ pts: [Point]) -> [Point] { pts.map { $0.rotated(by: angle) + center } }
        func shadowed(_ outline: [Point]) throws {
            try canvas.shadow(outline.map { $0 + Point(x: unit * 0.004, y: unit * 0.006) }, strength: 0.35, blur: unit * 0.006)
        }
        switch rng.int(0...5) {
        case 0:  // pen
            let len = unit * rng.uniform(0.12...0.2), r = unit * rng.uniform(0.005...0.008)
            let body = place(roundedRect(x: -len / 2, y: -r, w: len, h: 2 * r, r: r))
            try shadowed(body)
            let color = rng.pick([BGR.rgb(20, 40, 140), .rgb(15, 15, 15), .rgb(180, 20, 20), .rgb(230, 230, 230)])
            try canvas.fill(body, color, feather: 0.6)
            try canvas.fill(place(roundedRect(x: -len / 2, y: -r * 0.3, w: len, h: r * 0.5, r: r * 0.25)), color.scaled(1.6), alpha: 0.5, feather: 1)
        case 1:  // coin
            let r = unit * rng.uniform(0.012...0.02)
            try canvas.shadow(place(roundedRect(x: -r, y: -r, w: 2 * r, h: 2 * r, r: r)).map { $0 + Point(x: r * 0.15, y: r * 0.2) }, strength: 0.4, blur: r * 0.2)
            let metal = rng.pick([BGR.rgb(200, 170, 90), .rgb(180, 180, 175), .rgb(170, 110, 70)])
            try canvas.fillEllipse(center: center, rx: r, ry: r, metal, feather: 0.6)
            try canvas.fillEllipse(center: center, rx: r * 0.82, ry: r * 0.82, metal.scaled(0.85), feather: 0.8)
            try canvas.fillEllipse(center: center + Point(x: -r * 0.3, y: -r * 0.3), rx: r * 0.4, ry: r * 0.25, angle: 45, metal.scaled(1.25), alpha: 0.6, feather: r * 0.2)
        case 2:  // sheet of paper with lines of text
            let pw = unit * rng.uniform(0.25...0.45), ph = pw * 1.414
            let sheet = place(roundedRect(x: -pw / 2, y: -ph / 2, w: pw, h: ph, r: 0))
            try shadowed(sheet)
            let paper = BGR.rgb(240, 240, 236).scaled(rng.uniform(0.85...1.0))
            try canvas.fill(sheet, paper, feather: 0.6)
            var y = -ph / 2 + ph * 0.08
            while y < ph / 2 - ph * 0.08 {
                let lw = pw * rng.uniform(0.5...0.84)
                try canvas.fill(place(roundedRect(x: -pw / 2 + pw * 0.08, y: y, w: lw, h: ph * 0.006, r: 0)), .rgb(90, 90, 95), alpha: 0.5, feather: 0.8)
                y += ph * rng.uniform(0.025...0.04)
            }
        case 3:  // phone lying face down or up
            let pw = unit * rng.uniform(0.07...0.1), ph = pw * 2.05
            let body = place(roundedRect(x: -pw / 2, y: -ph / 2, w: pw, h: ph, r: pw * 0.15))
            try shadowed(body)
            try canvas.fill(body, rng.pick([BGR.rgb(20, 20, 22), .rgb(200, 200, 205), .rgb(60, 70, 90)]), feather: 0.6)
            try canvas.fill(place(roundedRect(x: -pw * 0.45, y: -ph * 0.46, w: pw * 0.9, h: ph * 0.92, r: pw * 0.12)), .rgb(10, 10, 14), alpha: 0.8, feather: 0.6)
            try canvas.fill(place([Point(x: -pw * 0.45, y: -ph * 0.46), Point(x: pw * 0.2, y: -ph * 0.46), Point(x: -pw * 0.45, y: ph * 0.1)]), .rgb(120, 130, 150), alpha: 0.12, feather: pw * 0.1)
        case 4:  // mug seen from above
            let r = unit * rng.uniform(0.04...0.06)
            try canvas.fillEllipse(center: center + Point(x: r * 0.15, y: r * 0.2), rx: r * 1.05, ry: r * 1.05, .rgb(0, 0, 0), alpha: 0.35, feather: r * 0.15)
            let glaze = rng.pick([BGR.rgb(235, 235, 230), .rgb(30, 60, 120), .rgb(170, 40, 40), .rgb(40, 40, 40)])
            try canvas.fillEllipse(center: center, rx: r, ry: r, glaze, feather: 0.7)
            try canvas.fillEllipse(center: center, rx: r * 0.85, ry: r * 0.85, .rgb(70, 40, 20), feather: 0.7)
            try canvas.fill(place(roundedRect(x: r * 0.95, y: -r * 0.12, w: r * 0.45, h: r * 0.24, r: r * 0.1)), glaze, feather: 0.7)
        default:  // key ring
            let r = unit * rng.uniform(0.008...0.012)
            try canvas.stroke(place(roundedRect(x: -r, y: -r, w: 2 * r, h: 2 * r, r: r)), closed: true, .rgb(170, 170, 165), thickness: max(1, r * 0.25))
            let key = place(roundedRect(x: r, y: -r * 0.5, w: r * 5, h: r, r: r * 0.2) + [])
            try shadowed(key)
            try canvas.fill(key, .rgb(185, 160, 90), feather: 0.6)
            try canvas.fillEllipse(center: place([Point(x: r * 1.6, y: 0)])[0], rx: r * 1.3, ry: r * 1.3, .rgb(185, 160, 90), feather: 0.6)
        }
    }
}
