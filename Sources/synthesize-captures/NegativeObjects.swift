import DocFrame
import Foundation

/// Things that are not identity documents but look a little like one in a photo: they must
/// be classified as no document. Each is drawn flat, then photographed like a document.
enum NegativeObject: String, CaseIterable {
    case empty, receipt
    case playingCard = "playing_card"
    case businessCard = "business_card"
    case bankCard = "bank_card"
    case letter

    /// The flat object and its corner radius, or nil for `empty`.
    func draw(rng: inout SeededRandom) throws -> (Canvas, Double)? {
        switch self {
        case .empty: return nil
        case .receipt: return (try NegativeObject.receipt(&rng), 0)
        case .playingCard: return (try NegativeObject.playingCard(&rng), 40)
        case .businessCard: return (try NegativeObject.businessCard(&rng), 4)
        case .bankCard: return (try NegativeObject.bankCard(&rng), 37)
        case .letter: return (try NegativeObject.letter(&rng), 0)
        }
    }

    static let words = ["COFFEE", "BAGEL", "MILK", "BREAD", "APPLES", "TEA", "SOAP", "PASTA", "RICE", "EGGS", "CHEESE",
                        "BANANAS", "JUICE", "TOMATO", "ONIONS", "BUTTER", "YOGURT", "CEREAL", "SALT", "PAPER TOWEL"]
    static let names = ["Alex Morgan", "Sam Rivera", "Jordan Lee", "Taylor Chen", "Casey Brooks", "Robin Patel", "Jamie Fox"]
    static let companies = ["NORTHWIND", "BLUE HERON", "MAPLE & CO", "ACME STUDIO", "LUMEN LABS", "CEDAR GROUP"]

    static func receipt(_ rng: inout SeededRandom) throws -> Canvas {
        let items = rng.int(6...16)
        let w = 560, h = 420 + items * 44 + rng.int(0...200)
        let paper = BGR.rgb(246, 244, 236).scaled(rng.uniform(0.92...1.0))
        let c = try Canvas(width: w, height: h, color: paper)
        let ink = BGR.rgb(40, 40, 48)
        let store = rng.pick(["FRESH MART", "CORNER STORE", "GREEN GROCER", "DAILY MARKET", "CITY PHARMACY"])
        let sw = try Canvas.textSize(store, scale: 1.3, thickness: 2, font: 1).width
        try c.text(store, at: Point(x: (Double(w) - sw) / 2, y: 60), scale: 1.3, ink, thickness: 2, font: 1)
        try c.text("123 MAIN ST  TEL 555-0199", at: Point(x: 80, y: 100), scale: 1.1, ink, font: 1)
        try c.text(String(format: "2026-%02d-%02d  %02d:%02d", rng.int(1...12), rng.int(1...28), rng.int(8...21), rng.int(0...59)),
                   at: Point(x: 30, y: 150), scale: 1.1, ink, font: 1)
        var y = 200.0, total = 0.0
        for _ in 0..<items {
            let price = Double(rng.int(99...2599)) / 100
            total += price
            try c.text(rng.pick(words), at: Point(x: 30, y: y), scale: 1.2, ink, font: 1)
            try c.text(String(format: "%7.2f", price), at: Point(x: Double(w) - 150, y: y), scale: 1.2, ink, font: 1)
            y += 44
        }
        try c.text(String(repeating: "-", count: 38), at: Point(x: 30, y: y), scale: 1.1, ink, font: 1)
        try c.text("TOTAL", at: Point(x: 30, y: y + 44), scale: 1.5, ink, thickness: 2, font: 1)
        try c.text(String(format: "%7.2f", total), at: Point(x: Double(w) - 190, y: y + 44), scale: 1.5, ink, thickness: 2, font: 1)
        try c.text("THANK YOU", at: Point(x: 190, y: y + 110), scale: 1.2, ink, font: 1)
        // A barcode.
        var x = 100.0
        while x < Double(w) - 100, y + 200 < Double(h) {
            let bar = Double(rng.int(2...6))
            if rng.chance(0.55) { try c.fill(roundedRect(x: x, y: y + 140, w: bar, h: 60, r: 0), ink) }
            x += bar + 2
        }
        return c
    }

    static func suitShape(_ suit: Int, center: Point, size s: Double, into c: Canvas, color: BGR) throws {
        switch suit {
        case 0:  // heart
            try c.fillEllipse(center: center + Point(x: -s * 0.25, y: -s * 0.15), rx: s * 0.28, ry: s * 0.28, color)
            try c.fillEllipse(center: center + Point(x: s * 0.25, y: -s * 0.15), rx: s * 0.28, ry: s * 0.28, color)
            try c.fill([center + Point(x: -s * 0.52, y: -s * 0.05), center + Point(x: s * 0.52, y: -s * 0.05), center + Point(x: 0, y: s * 0.55)], color)
        case 1:  // diamond
            try c.fill([center + Point(x: 0, y: -s * 0.55), center + Point(x: s * 0.4, y: 0), center + Point(x: 0, y: s * 0.55), center + Point(x: -s * 0.4, y: 0)], color)
        case 2:  // club
            for d in [Point(x: 0, y: -s * 0.25), Point(x: -s * 0.27, y: s * 0.08), Point(x: s * 0.27, y: s * 0.08)] {
                try c.fillEllipse(center: center + d, rx: s * 0.23, ry: s * 0.23, color)
            }
            try c.fill([center + Point(x: 0, y: 0), center + Point(x: s * 0.15, y: s * 0.55), center + Point(x: -s * 0.15, y: s * 0.55)], color)
        default:  // spade
            try c.fillEllipse(center: center + Point(x: -s * 0.24, y: s * 0.12), rx: s * 0.26, ry: s * 0.26, color)
            try c.fillEllipse(center: center + Point(x: s * 0.24, y: s * 0.12), rx: s * 0.26, ry: s * 0.26, color)
            try c.fill([center + Point(x: -s * 0.49, y: s * 0.05), center + Point(x: s * 0.49, y: s * 0.05), center + Point(x: 0, y: -s * 0.55)], color)
            try c.fill([center + Point(x: 0, y: s * 0.1), center + Point(x: s * 0.15, y: s * 0.55), center + Point(x: -s * 0.15, y: s * 0.55)], color)
        }
    }

    static func playingCard(_ rng: inout SeededRandom) throws -> Canvas {
        let w = 630.0, h = 880.0
        let c = try Canvas(width: Int(w), height: Int(h), color: .rgb(250, 250, 246))
        let suit = rng.int(0...3)
        let color: BGR = suit < 2 ? .rgb(200, 20, 30) : .rgb(20, 20, 20)
        let rank = rng.int(1...13)
        let label = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][rank - 1]
        try c.text(label, at: Point(x: 28, y: 92), scale: 2.6, color, thickness: 5, font: 0)
        try suitShape(suit, center: Point(x: 62, y: 140), size: 60, into: c, color: color)
        try c.text(label, at: Point(x: w - 100, y: h - 40), scale: 2.6, color, thickness: 5, font: 0)
        try suitShape(suit, center: Point(x: w - 62, y: h - 140), size: 60, into: c, color: color)
        if rank > 10 {
            try c.fill(roundedRect(x: 130, y: 130, w: w - 260, h: h - 260, r: 0), .rgb(230, 200, 90))
            try c.stroke(roundedRect(x: 130, y: 130, w: w - 260, h: h - 260, r: 0), closed: true, color, thickness: 4)
            try c.fillEllipse(center: Point(x: w / 2, y: h / 2 - 110), rx: 80, ry: 95, .rgb(240, 205, 170))
            try c.fill(roundedRect(x: w / 2 - 120, y: h / 2 - 10, w: 240, h: 260, r: 30), suit < 2 ? .rgb(190, 30, 40) : .rgb(40, 60, 150))
            try suitShape(suit, center: Point(x: w / 2, y: h / 2 + 120), size: 110, into: c, color: .rgb(250, 250, 246))
        } else {
            let cols = rank <= 3 ? 1 : 2, rows = max(1, (rank + cols - 1) / cols)
            for k in 0..<rank {
                let col = k % cols, row = k / cols
                let x = cols == 1 ? w / 2 : (col == 0 ? w * 0.35 : w * 0.65)
                let y = 200 + (h - 400) * (rows == 1 ? 0.5 : Double(row) / Double(rows - 1))
                try suitShape(suit, center: Point(x: x, y: y), size: rank == 1 ? 260 : 110, into: c, color: color)
            }
        }
        return c
    }

    static func businessCard(_ rng: inout SeededRandom) throws -> Canvas {
        let w = 1050.0, h = 600.0
        let dark = rng.chance(0.3)
        let paper: BGR = dark ? rng.pick([.rgb(30, 40, 60), .rgb(25, 25, 25), .rgb(70, 20, 30)]) : rng.pick([.rgb(250, 250, 248), .rgb(245, 240, 228)])
        let ink: BGR = dark ? .rgb(235, 235, 235) : .rgb(30, 30, 35)
        let accent = rng.pick([BGR.rgb(0, 110, 190), .rgb(210, 80, 30), .rgb(40, 150, 90), .rgb(150, 40, 160)])
        let c = try Canvas(width: Int(w), height: Int(h), color: paper)
        if rng.chance(0.5) { try c.fill(roundedRect(x: 0, y: h - 70, w: w, h: 70, r: 0), accent) }
        try c.fillEllipse(center: Point(x: 120, y: 120), rx: 60, ry: 60, accent)
        try c.fill(roundedRect(x: 95, y: 95, w: 50, h: 50, r: 8), paper)
        try c.text(rng.pick(companies), at: Point(x: 210, y: 140), scale: 1.6, accent, thickness: 3, font: 0)
        try c.text(rng.pick(names), at: Point(x: 80, y: 300), scale: 2.0, ink, thickness: 3, font: rng.pick([0, 2, 3]))
        try c.text(rng.pick(["Design Lead", "Sales Manager", "Consultant", "Chief Baker", "Engineer"]), at: Point(x: 80, y: 350), scale: 1.1, ink, thickness: 2, font: 0)
        try c.text("+1 555 01\(rng.int(10...99))  hello@example.com", at: Point(x: 80, y: 440), scale: 1.0, ink, thickness: 2, font: 0)
        try c.text("\(rng.int(10...999)) Harbour Road, Suite \(rng.int(1...40))", at: Point(x: 80, y: 485), scale: 1.0, ink, thickness: 2, font: 0)
        return c
    }

    static func bankCard(_ rng: inout SeededRandom) throws -> Canvas {
        let w = 1012, h = 638
        let c = try Canvas(width: w, height: h)
        let palettes: [(BGR, BGR)] = [(.rgb(20, 40, 110), .rgb(60, 120, 200)), (.rgb(20, 20, 22), .rgb(80, 80, 85)),
                                      (.rgb(140, 20, 40), .rgb(230, 90, 60)), (.rgb(10, 90, 70), .rgb(90, 190, 150)),
                                      (.rgb(170, 150, 100), .rgb(230, 215, 170))]
        let (a, b) = rng.pick(palettes)
        try c.background(.gradient, seed: rng.seed(), base: a, accent: b, angle: rng.uniform(0...180), scale: 1)
        let ink: BGR = .rgb(245, 245, 240)
        try c.text(rng.pick(["NORTHWIND BANK", "HERON CREDIT", "MAPLE TRUST", "CEDAR SAVINGS"]), at: Point(x: 60, y: 90), scale: 1.5, ink, thickness: 3)
        // The chip.
        try c.fill(roundedRect(x: 90, y: 200, w: 130, h: 100, r: 14), .rgb(214, 180, 100))
        for k in 1...3 { try c.stroke([Point(x: 90, y: 200 + Double(k) * 25), Point(x: 220, y: 200 + Double(k) * 25)], closed: false, .rgb(150, 120, 60), thickness: 2) }
        try c.stroke([Point(x: 155, y: 200), Point(x: 155, y: 300)], closed: false, .rgb(150, 120, 60), thickness: 2)
        let number = (0..<4).map { _ in String(format: "%04d", rng.int(0...9999)) }.joined(separator: "  ")
        try c.text(number, at: Point(x: 80, y: 410), scale: 2.0, ink, thickness: 4, font: 0)
        try c.text(String(format: "VALID THRU %02d/%02d", rng.int(1...12), rng.int(27...33)), at: Point(x: 380, y: 480), scale: 0.9, ink, thickness: 2)
        try c.text(rng.pick(names).uppercased(), at: Point(x: 80, y: 560), scale: 1.3, ink, thickness: 2)
        // A network mark of two overlapping discs.
        try c.fillEllipse(center: Point(x: 830, y: 540), rx: 55, ry: 55, .rgb(230, 40, 40), alpha: 0.95)
        try c.fillEllipse(center: Point(x: 900, y: 540), rx: 55, ry: 55, .rgb(250, 170, 30), alpha: 0.85)
        return c
    }

    static func letter(_ rng: inout SeededRandom) throws -> Canvas {
        let w = 850, h = 1100
        let c = try Canvas(width: w, height: h, color: .rgb(248, 248, 245))
        let ink = BGR.rgb(35, 35, 40)
        try c.text(rng.pick(companies), at: Point(x: 80, y: 110), scale: 1.4, ink, thickness: 2)
        var y = 220.0
        while y < Double(h) - 120 {
            let words = rng.int(5...9)
            let line = (0..<words).map { _ in rng.pick(["the", "meeting", "invoice", "please", "attached", "regards", "our", "next",
                                                         "schedule", "review", "thank", "you", "for", "project", "and", "with"]) }.joined(separator: " ")
            try c.text(line, at: Point(x: 80, y: y), scale: 0.95, ink, thickness: 1, font: 2)
            y += rng.chance(0.12) ? 70 : 36
        }
        return c
    }
}

/// Negative photos: a scene with a non-document object (or none), photographed like a capture.
struct NegativeSynthesizer {
    let captures: CaptureSynthesizer
    /// Staggers the cycle of objects (drawn once per run).
    let offset: Int

    func synthesize(index n: Int, rng: inout SeededRandom) throws -> (Canvas, NegativeObject, [Point]?) {
        let kinds = NegativeObject.allCases
        let object = kinds[(n + offset) % kinds.count]
        let (fwI, fhI) = captures.frameSize(rng: &rng)
        let fw = Double(fwI), fh = Double(fhI)
        let canvas = try Canvas(width: fwI, height: fhI)
        try Backdrop.paint(canvas, rng: &rng)
        var corners: [Point]?
        if let (flat, radius) = try object.draw(rng: &rng) {
            var conditions: [Condition] = [rng.pick([.clean, .tilt, .sideways, .upsideDown, .small, .close, .glare])]
            if object == .letter || object == .receipt { conditions = [.clean] }
            let (_, quad) = CaptureSynthesizer.pose(for: conditions, docWidth: Double(flat.width), docHeight: Double(flat.height),
                                                    frameWidth: fw, frameHeight: fh, camera: captures.camera, rng: &rng)
            let src = [Point(x: 0, y: 0), Point(x: Double(flat.width), y: 0), Point(x: Double(flat.width), y: Double(flat.height)), Point(x: 0, y: Double(flat.height))]
            let diag = (fw * fw + fh * fh).squareRoot()
            try canvas.composite(flat, homography: try Homography(from: src, to: quad), cornerRadius: radius,
                                 shadow: DropShadow(strength: 0.3, dx: 0, dy: diag * 0.003, blur: diag * 0.004))
            if conditions.contains(.glare) { try PhotoEffects.glare(canvas, over: quad, rng: &rng) }
            if rng.chance(0.3) { try PhotoEffects.finger(canvas, over: quad, rng: &rng) }
            corners = quad
        }
        try PhotoEffects.lighting(canvas, strong: rng.chance(0.4), rng: &rng)
        if rng.chance(0.15) { try PhotoEffects.blur(canvas, rng: &rng) } else { try PhotoEffects.baselineSoftness(canvas, rng: &rng) }
        let dark = rng.chance(0.1)
        if dark { try PhotoEffects.underexpose(canvas, rng: &rng) }
        try PhotoEffects.sensorNoise(canvas, dark: dark, rng: &rng)
        return (canvas, object, corners)
    }
}
