import DocFrame
import Foundation

/// One synthesised photo of a document: the picture and its ground truth.
struct SynthesizedCapture {
    let canvas: Canvas
    /// The document's own TL, TR, BR, BL in image pixels (may lie outside when cut off).
    let corners: [Point]
    let orientation: Int
    /// The visible document's share of the image area.
    let coverage: Double
    let conditions: [Condition]
    /// Strengths of the effects applied, for calibrating quality thresholds: `defocus` and
    /// `motion` (pixels), `glare` (highlights), `exposure` (gain), `jpeg` (quality of the extra pass).
    let effects: [(String, Double)]
}

/// Puts a flat document into a camera-like photo under chosen conditions.
struct CaptureSynthesizer {
    /// Frame sizes of phones and webcams (landscape; portrait is the same turned).
    static let frameSizes: [(Int, Int)] = [(1280, 720), (1920, 1080), (1600, 1200), (2016, 1512), (1440, 1080), (1024, 768)]

    /// Cap on the frame's longer side (smaller files for committed data); nil keeps the sizes above.
    var maxDimension: Int?
    /// How tilted documents are projected (`SynthOptions.Camera`).
    var camera = SynthOptions.Camera.centred

    /// The conditions for capture `n` of a flat: one from `allowed`, spread evenly over `n`,
    /// sometimes with a second one that does not conflict.
    /// `offset` (drawn once per flat) staggers the cycle so that flats do not all start alike.
    static func conditions(index n: Int, offset: Int, allowed: [Condition], rng: inout SeededRandom) -> [Condition] {
        guard !allowed.isEmpty else { return [.clean] }
        let first = allowed[(n + offset) % allowed.count]
        var chosen = [first]
        let extra = allowed.filter { !$0.conflicts(with: first) }
        if !extra.isEmpty, rng.chance(0.35) { chosen.append(rng.pick(extra)) }
        return chosen.sorted { Condition.allCases.firstIndex(of: $0)! < Condition.allCases.firstIndex(of: $1)! }
    }

    func frameSize(rng: inout SeededRandom) -> (Int, Int) {
        var (w, h) = rng.pick(CaptureSynthesizer.frameSizes)
        if rng.chance(0.35) { swap(&w, &h) }
        if let cap = maxDimension, max(w, h) > cap {
            let k = Double(cap) / Double(max(w, h))
            w = Int((Double(w) * k / 2).rounded()) * 2
            h = Int((Double(h) * k / 2).rounded()) * 2
        }
        return (w, h)
    }

    /// Chooses where the document goes for these conditions.
    static func pose(for conditions: [Condition], docWidth: Double, docHeight: Double, frameWidth fw: Double, frameHeight fh: Double,
                     camera: SynthOptions.Camera, rng: inout SeededRandom) -> (pose: CardPose, corners: [Point]) {
        let has = Set(conditions)
        let clean = has.contains(.clean)
        let base: Double = has.contains(.sideways) ? rng.pick([90, 270]) : (has.contains(.upsideDown) ? 180 : 0)
        var roll = base + (clean ? rng.uniform(-4...4) : rng.uniform(-14...14))
        // Drawn only when asked for, so other captures take the same random numbers as before.
        if has.contains(.rolled) { roll = base + rng.sign() * rng.uniform(18...40) }
        var tiltX = rng.uniform(-1...1) * (clean ? 6 : 10), tiltY = rng.uniform(-1...1) * (clean ? 6 : 10)
        if has.contains(.tilt) {
            let major = rng.sign() * rng.uniform(24...42)
            if rng.chance(0.5) { tiltX = major } else { tiltY = major }
        }
        var coverage: Double
        if has.contains(.small) { coverage = rng.uniform(0.05...0.13) }
        else if has.contains(.close) { coverage = rng.uniform(0.62...0.9) }
        else if clean { coverage = rng.uniform(0.22...0.55) }
        else { coverage = rng.uniform(0.16...0.55) }
        // The one draw that set the old perspective's strength now sets the camera's focal length,
        // 0.7-1.0 of the frame's longer side (phones' main cameras), so every other draw stays as it was.
        let distance = rng.uniform(1.3...2.6)
        let pinhole = camera == .pinhole
        let focal = pinhole ? (0.7 + 0.3 * (distance - 1.3) / 1.3) * max(fw, fh) : nil
        // The centred projection works about the origin (moving by zero keeps its bytes).
        let middle = pinhole ? Point(x: fw / 2, y: fh / 2) : Point(x: 0, y: 0)
        var pose = CardPose(roll: roll, tiltX: tiltX, tiltY: tiltY, distance: distance, focal: focal, coverage: coverage, center: middle)
        // The outline seen straight ahead, about its centre: where it may go is chosen from this.
        func outline() -> [Point] { pose.corners(width: docWidth, height: docHeight, frameWidth: fw, frameHeight: fh) }
        var shape = outline().map { $0 - middle }
        var box = Polygon.bounds(shape)
        let margin = 0.012 * max(fw, fh)
        // Shrink until it fits (a close-up of an ID-1 card cannot fill a 4:3 frame).
        let fit = min((fw - 2 * margin) / (box.maxX - box.minX), (fh - 2 * margin) / (box.maxY - box.minY))
        if fit < 1, !has.contains(.cutOff) {
            pose.coverage *= fit * fit
            shape = outline().map { $0 - middle }
            box = Polygon.bounds(shape)
        }
        let bw = box.maxX - box.minX, bh = box.maxY - box.minY
        func inside(_ extent: Double, _ frame: Double, _ lo: Double) -> Double {
            // Centre so the box stays inside [margin, frame - margin]; box offset `lo` from the centre.
            let minC = margin - lo, maxC = frame - margin - (lo + extent)
            return minC <= maxC ? rng.uniform(minC...maxC) : (minC + maxC) / 2
        }
        var cx = inside(bw, fw, box.minX), cy = inside(bh, fh, box.minY)
        if has.contains(.cutOff) {
            // Push it over one edge (sometimes two) by 12-40 % of its extent.
            let sides = rng.chance(0.25) ? [rng.int(0...1), rng.int(2...3)] : [rng.int(0...3)]
            for side in sides {
                let f = rng.uniform(0.12...0.4)
                switch side {
                case 0: cx = -box.minX - f * bw             // over the left edge
                case 1: cx = fw - box.maxX + f * bw         // right
                case 2: cy = -box.minY - f * bh             // top
                default: cy = fh - box.maxY + f * bh        // bottom
                }
            }
        }
        pose.center = Point(x: cx, y: cy)
        guard pinhole, !has.contains(.cutOff) else { return (pose, outline()) }
        // Seen off the axis a tilted document changes shape a little: shrink it and move it
        // back where it overflows the margins.
        for _ in 0..<4 {
            let seen = Polygon.bounds(outline())
            let fit = min((fw - 2 * margin) / (seen.maxX - seen.minX), (fh - 2 * margin) / (seen.maxY - seen.minY))
            if fit < 1 { pose.coverage *= fit * fit; continue }
            func shift(_ lo: Double, _ hi: Double, _ frame: Double) -> Double {
                lo < margin ? margin - lo : (hi > frame - margin ? frame - margin - hi : 0)
            }
            let dx = shift(seen.minX, seen.maxX, fw), dy = shift(seen.minY, seen.maxY, fh)
            if dx == 0, dy == 0 { break }
            pose.center = pose.center + Point(x: dx, y: dy)
        }
        return (pose, outline())
    }

    func synthesize(_ flat: FlatDocument, conditions: [Condition], rng: inout SeededRandom) throws -> SynthesizedCapture {
        let (fwI, fhI) = frameSize(rng: &rng)
        let fw = Double(fwI), fh = Double(fhI), diag = (fw * fw + fh * fh).squareRoot()
        let has = Set(conditions)
        let (_, corners) = CaptureSynthesizer.pose(for: conditions, docWidth: flat.width, docHeight: flat.height,
                                                   frameWidth: fw, frameHeight: fh, camera: camera, rng: &rng)
        let canvas = try Canvas(width: fwI, height: fhI)
        let scene = try Backdrop.paint(canvas, rng: &rng)
        let flatCorners = [Point(x: 0, y: 0), Point(x: flat.width, y: 0), Point(x: flat.width, y: flat.height), Point(x: 0, y: flat.height)]
        let homography = try Homography(from: flatCorners, to: corners)
        if flat.isPassportPage, rng.chance(0.6) {
            try PassportBooklet.draw(canvas, homography: homography, width: flat.width, height: flat.height, rng: &rng)
        }
        let held = scene == .room
        let shadow = held
            ? DropShadow(strength: rng.uniform(0.15...0.3), dx: diag * rng.uniform(-0.012...0.012), dy: diag * rng.uniform(0.004...0.015), blur: diag * 0.012)
            : DropShadow(strength: rng.uniform(0.25...0.45), dx: diag * rng.uniform(-0.002...0.002), dy: diag * rng.uniform(0.001...0.004), blur: diag * 0.003)
        try canvas.composite(flat.canvas, homography: homography, cornerRadius: flat.cornerRadius, shadow: shadow)
        var effects: [(String, Double)] = []
        if has.contains(.occluded) { try PhotoEffects.finger(canvas, over: corners, rng: &rng) }
        try PhotoEffects.lighting(canvas, strong: !has.contains(.clean) && rng.chance(0.4), rng: &rng)
        if has.contains(.shadow) { try PhotoEffects.castShadow(canvas, over: corners, rng: &rng) }
        if has.contains(.glare) { effects.append(("glare", Double(try PhotoEffects.glare(canvas, over: corners, rng: &rng)))) }
        if has.contains(.dark) { effects.append(("exposure", try PhotoEffects.underexpose(canvas, rng: &rng))) }
        if has.contains(.blur) {
            effects.append(try PhotoEffects.blur(canvas, rng: &rng))
        } else {
            try PhotoEffects.baselineSoftness(canvas, rng: &rng)
        }
        try PhotoEffects.sensorNoise(canvas, dark: has.contains(.dark), rng: &rng)
        if has.contains(.jpeg) {
            let quality = rng.int(12...32)
            try canvas.jpegRoundTrip(quality: quality)
            effects.append(("jpeg", Double(quality)))
        }

        let visible = Polygon.area(Polygon.clipped(corners, width: fw, height: fh))
        let orientation = Orientation(snapping: CardPose.topEdgeAngle(corners)).degrees
        return SynthesizedCapture(canvas: canvas, corners: corners, orientation: orientation,
                                  coverage: visible / (fw * fh), conditions: conditions, effects: effects)
    }
}

/// An open passport around its photo page: the cover's edge and the facing page above.
enum PassportBooklet {
    static func draw(_ canvas: Canvas, homography: Homography, width w: Double, height h: Double, rng: inout SeededRandom) throws {
        func map(_ pts: [Point]) -> [Point]? {
            let out = pts.map { homography.apply($0) }
            // Give up on a perspective that would flip points behind the camera.
            let d = homography.m
            guard pts.allSatisfy({ d[6] * $0.x + d[7] * $0.y + d[8] > 0.05 }) else { return nil }
            return out
        }
        let coverColor = rng.pick([BGR.rgb(30, 40, 80), .rgb(90, 20, 30), .rgb(20, 60, 40), .rgb(25, 25, 28)])
        let m = 0.025
        guard let cover = map([Point(x: -m * w, y: -(1 + m * 1.6) * h), Point(x: (1 + m) * w, y: -(1 + m * 1.6) * h),
                               Point(x: (1 + m) * w, y: (1 + m * 1.6) * h), Point(x: -m * w, y: (1 + m * 1.6) * h)]),
              let facing = map([Point(x: 0, y: -h), Point(x: w, y: -h), Point(x: w, y: -0.004 * h), Point(x: 0, y: -0.004 * h)])
        else { return }
        let unit = Double(max(canvas.width, canvas.height))
        try canvas.shadow(cover.map { $0 + Point(x: unit * 0.003, y: unit * 0.005) }, strength: 0.35, blur: unit * 0.005)
        try canvas.fill(cover, coverColor, feather: 0.6)
        let pageColor = rng.pick([BGR.rgb(232, 228, 214), .rgb(220, 230, 222), .rgb(230, 222, 232)])
        try canvas.fill(facing, pageColor, feather: 0.6)
        // Faint guilloche-like bands on the visa page.
        for k in 0..<12 {
            let y = -h + h * (Double(k) + 0.5) / 12
            if let band = map([Point(x: 0.04 * w, y: y), Point(x: 0.96 * w, y: y + 0.01 * h)]) {
                try canvas.stroke(band, closed: false, pageColor.scaled(0.9), thickness: 1, alpha: 0.5)
            }
        }
        if let fold = map([Point(x: 0, y: 0), Point(x: w, y: 0)]) {
            try canvas.stroke(fold, closed: false, .rgb(60, 60, 60), thickness: max(1, unit * 0.002), alpha: 0.5)
        }
    }
}
