import DocFrame
import Foundation

/// Writes a frame sequence for the capture-session tests: numbered JPEG frames and
/// `sequence.json` with the segments and every frame's ground truth.
struct SequenceWriter {
    let options: SynthOptions

    /// A document's placement in one frame.
    struct Pose {
        var center: Point
        var roll: Double
        var coverage: Double
        var tiltX = 0.0
        var tiltY = 0.0

        static func mix(_ a: Pose, _ b: Pose, _ t: Double) -> Pose {
            Pose(center: Polygon.lerp(a.center, b.center, t), roll: a.roll + (b.roll - a.roll) * t,
                 coverage: a.coverage + (b.coverage - a.coverage) * t, tiltX: a.tiltX + (b.tiltX - a.tiltX) * t,
                 tiltY: a.tiltY + (b.tiltY - a.tiltY) * t)
        }
    }

    /// What one frame shows.
    struct Shot {
        var flat: FlatDocument
        var pose: Pose
        var glare = 0.0
    }

    func write(script text: String) throws {
        let script = try SequenceScript(text)
        let front = try FlatDocument(path: options.front!)
        let back = try options.back.map { try FlatDocument(path: $0) }
        let uses = Set(script.items.map(\.segment))
        if uses.contains(.back), back == nil { throw SequenceScript.ScriptError(message: "the script shows the back: give --back IMG") }
        let folder = (options.front! as NSString).deletingLastPathComponent
        let passport = uses.contains(.passport)
            ? try findFlat(options.passport, in: folder, "a passport page (--passport IMG)") { $0.kind == "passport" } : nil
        let health = uses.contains(.healthCard)
            ? try findFlat(options.healthCard, in: folder, "a health card (--health-card IMG)") { $0.templateId == "ca-on-health-front" } : nil

        let fw = Double(options.frameWidth), fh = Double(options.frameHeight)
        var rng = SeededRandom(seed: options.seed, name: "sequence")
        let background = try Canvas(width: options.frameWidth, height: options.frameHeight)
        // Smooth surfaces only: fine textures cost several times the bytes in every frame.
        try Backdrop.paint(background, rng: &rng, allowClutter: false, kinds: [.wood, .desk, .gradient, .room, .room])
        let light = (a: Point(x: rng.uniform(0...fw), y: rng.uniform(0...fh)), b: Point(x: rng.uniform(0...fw), y: rng.uniform(0...fh)),
                     g0: rng.uniform(0.82...0.95), g1: rng.uniform(1.0...1.1), vignette: rng.uniform(0.1...0.25))
        let skin = rng.pick(PhotoEffects.skinTones)
        let phases = (0..<8).map { _ in rng.uniform(0...(2 * .pi)) }
        let glareSpot = (u: rng.uniform(0.3...0.7), v: rng.uniform(0.3...0.7))
        let thumbAt = rng.uniform(0.2...0.4)

        func flat(for segment: SequenceScript.Segment) -> FlatDocument? {
            switch segment {
            case .empty: nil
            case .back: back
            case .passport: passport
            case .healthCard: health
            default: front
            }
        }
        func target(_ segment: SequenceScript.Segment, _ doc: FlatDocument) -> Pose {
            let coverage = segment == .farFront ? 0.06 : (doc.isPassportPage ? 0.42 : 0.32)
            return Pose(center: Point(x: fw / 2, y: fh / 2), roll: segment == .upsideDownFront ? 180 : 0, coverage: coverage)
        }
        func offscreen(_ pose: Pose) -> Pose {
            var p = pose
            p.center.y = fh + (pose.coverage * fw * fh).squareRoot() * 0.75
            p.roll += 8
            return p
        }
        func ease(_ t: Double) -> Double { let c = min(1, max(0, t)); return c * c * (3 - 2 * c) }

        let frameCount = max(1, Int((script.duration * options.fps).rounded()))
        var starts: [Double] = []
        var clock = 0.0
        for item in script.items { starts.append(clock); clock += item.seconds }

        var frameRecords: [JSONValue] = []
        var segmentFrames = [(first: Int, last: Int)](repeating: (-1, -1), count: script.items.count)
        var previousCenter: Point?
        for i in 0..<frameCount {
            let t = Double(i) / options.fps
            let k = starts.lastIndex { $0 <= t + 1e-9 } ?? 0
            let (segment, seconds) = script.items[k]
            let local = t - starts[k]
            let trans = min(0.6, 0.4 * seconds)
            let progress = local / trans
            if segmentFrames[k].first < 0 { segmentFrames[k].first = i }
            segmentFrames[k].last = i

            // What is shown: this segment's document, or the way from the previous one.
            var shot: Shot?
            let doc = flat(for: segment)
            let prev = k > 0 ? script.items[k - 1].segment : nil
            let prevDoc = prev.flatMap { flat(for: $0) }
            if let doc {
                let goal = target(segment, doc)
                if progress >= 1 {
                    shot = Shot(flat: doc, pose: goal)
                } else if let prev, let prevDoc, prev.card == segment.card {
                    let from = target(prev, prevDoc)
                    var pose = Pose.mix(from, goal, ease(progress))
                    if prevDoc.path != doc.path {
                        // Turned over about the vertical axis: the old face narrows, the new one widens.
                        pose.tiltY = progress < 0.5 ? 85 * ease(progress * 2) : -85 * (1 - ease((progress - 0.5) * 2))
                        shot = Shot(flat: progress < 0.5 ? prevDoc : doc, pose: pose)
                    } else {
                        shot = Shot(flat: doc, pose: pose)
                    }
                } else if let prev, let prevDoc, prev.card != nil, progress < 0.5 {
                    let from = target(prev, prevDoc)
                    shot = Shot(flat: prevDoc, pose: Pose.mix(from, offscreen(from), ease(progress * 2)))
                } else {
                    let enterT = prevDoc == nil ? progress : (progress - 0.5) * 2
                    shot = Shot(flat: doc, pose: Pose.mix(offscreen(goal), goal, ease(enterT)))
                }
            } else if let prev, let prevDoc, progress < 1 {
                let from = target(prev, prevDoc)
                shot = Shot(flat: prevDoc, pose: Pose.mix(from, offscreen(from), ease(progress)))
            }
            // Hand jitter: slow sway plus tremor; much larger for shaky hands.
            let shaky = segment == .shakyFront
            let amp = (shaky ? 0.022 : 0.004) * fw
            if var s = shot {
                s.pose.center.x += amp * (sin(2 * .pi * 0.7 * t + phases[0]) + 0.5 * sin(2 * .pi * (shaky ? 5.3 : 2.3) * t + phases[1]))
                s.pose.center.y += amp * (sin(2 * .pi * 0.9 * t + phases[2]) + 0.5 * sin(2 * .pi * (shaky ? 4.1 : 1.9) * t + phases[3]))
                s.pose.roll += (shaky ? 3 : 0.7) * sin(2 * .pi * 0.6 * t + phases[4])
                s.pose.tiltX += (shaky ? 6 : 2) * sin(2 * .pi * 0.5 * t + phases[5])
                s.pose.tiltY += (shaky ? 6 : 2) * sin(2 * .pi * 0.4 * t + phases[6])
                if segment == .glareFront, progress >= 1 {
                    // Glare that comes and goes: on through the middle half of the segment.
                    let u = local / seconds
                    s.glare = 1.7 * ease((u - 0.2) / 0.1) * (1 - ease((u - 0.7) / 0.1))
                }
                shot = s
            }

            let canvas = try background.copy()
            var corners: [Point]?
            var visible = false
            if let s = shot {
                let pose = CardPose(roll: s.pose.roll, tiltX: s.pose.tiltX, tiltY: s.pose.tiltY, distance: 2.2,
                                    coverage: s.pose.coverage, center: s.pose.center)
                let quad = pose.corners(width: s.flat.width, height: s.flat.height, frameWidth: fw, frameHeight: fh, areaIgnoresTilt: true)
                visible = Polygon.area(Polygon.clipped(quad, width: fw, height: fh)) > 1
                if visible {
                    let src = [Point(x: 0, y: 0), Point(x: s.flat.width, y: 0), Point(x: s.flat.width, y: s.flat.height), Point(x: 0, y: s.flat.height)]
                    try canvas.composite(s.flat.canvas, homography: try Homography(from: src, to: quad), cornerRadius: s.flat.cornerRadius,
                                         shadow: DropShadow(strength: 0.25, dx: fw * 0.01, dy: fh * 0.02, blur: fw * 0.012))
                    // The thumb holding the bottom edge, or the left edge at mid-height (turns with the card).
                    let edgePoint: Point
                    switch options.hold {
                    case .bottom:
                        let bottomLeft = quad[3], bottomRight = quad[2]
                        edgePoint = Polygon.lerp(bottomLeft, bottomRight, s.pose.roll > 90 && s.pose.roll < 270 ? 1 - thumbAt : thumbAt)
                    case .side:
                        edgePoint = Polygon.lerp(quad[0], quad[3], 0.5)
                    }
                    let up = Polygon.centroid(quad) - edgePoint
                    let len = max(1, up.distance(to: Point(x: 0, y: 0)))
                    let short = min(quad[0].distance(to: quad[3]), quad[1].distance(to: quad[2]))
                    let width = max(6, short * 0.3)
                    let tip = edgePoint + up.scaled(width * 0.55 / len)
                    try PhotoEffects.thumb(canvas, tip: tip, angle: atan2(-up.y, -up.x) * 180 / .pi + 15, width: width, skin: skin,
                                           length: width * 2.6, seed: 7)
                    if s.glare > 0.02 {
                        let top = Polygon.lerp(quad[0], quad[1], glareSpot.u), bottom = Polygon.lerp(quad[3], quad[2], glareSpot.u)
                        let diag = quad[0].distance(to: quad[2])
                        try canvas.glare(center: Polygon.lerp(top, bottom, glareSpot.v), rx: diag * 0.1, ry: diag * 0.06, angle: 30,
                                         intensity: s.glare, clip: quad)
                    }
                    corners = quad
                }
            }
            try canvas.lighting(from: light.a, gain0: light.g0, to: light.b, gain1: light.g1, vignette: light.vignette, tint: BGR(1, 1, 1))
            if let s = shot, let previousCenter, shaky {
                let v = s.pose.center - previousCenter
                let speed = v.distance(to: Point(x: 0, y: 0))
                try canvas.motionBlur(length: min(40, speed * 0.6), angle: atan2(v.y, v.x) * 180 / .pi)
            }
            previousCenter = shot?.pose.center
            try canvas.gaussian(sigma: 0.5 * fw / 1280)
            try canvas.noise(sigma: 1.2, chroma: 0.5, seed: options.seed &+ UInt64(i) &* 7919)
            let name = String(format: "%05d", i)
            try canvas.image().write(to: (options.output as NSString).appendingPathComponent(name + ".jpg"), as: .jpeg(quality: options.quality))

            let shown = shot.map { $0.flat }
            var record: [(String, JSONValue)] = [("frame", .number(Double(i))), ("t", .rounded(t, places: 4)), ("segment", .string(segment.rawValue))]
            record.append(("templateId", visible ? (shown?.templateId.map(JSONValue.string) ?? .null) : .null))
            record.append(("corners", corners.map(PhotoWriter.pairs) ?? .null))
            record.append(("orientation", corners.map { .number(Double(Orientation(snapping: CardPose.topEdgeAngle($0)).degrees)) } ?? .null))
            record.append(("cutOff", corners.map { .bool(!Quad(pairs: $0.map { [$0.x, $0.y] })!.isInside(width: options.frameWidth, height: options.frameHeight)) } ?? .null))
            record.append(("glare", .rounded(shot?.glare ?? 0, places: 3)))
            frameRecords.append(.object(record))
        }

        var segments: [JSONValue] = []
        for (k, item) in script.items.enumerated() {
            let doc = flat(for: item.segment)
            segments.append(.object([
                ("name", .string(item.segment.rawValue)),
                ("start", .rounded(starts[k], places: 4)),
                ("end", .rounded(starts[k] + item.seconds, places: 4)),
                ("firstFrame", .number(Double(segmentFrames[k].first))),
                ("lastFrame", .number(Double(segmentFrames[k].last))),
                ("templateId", doc?.templateId.map(JSONValue.string) ?? .null),
                ("image", doc.map { .string(($0.path as NSString).lastPathComponent) } ?? .null),
            ]))
        }
        let json: JSONValue = .object([
            ("script", .string(text)),
            ("fps", .number(options.fps)),
            ("frameSize", .array([.number(fw), .number(fh)])),
            ("frameCount", .number(Double(frameCount))),
            ("duration", .rounded(script.duration, places: 4)),
            ("segments", .array(segments)),
            ("frames", .array(frameRecords)),
        ])
        let lines = json.rendered()
        do {
            try (lines + "\n").write(toFile: (options.output as NSString).appendingPathComponent("sequence.json"), atomically: true, encoding: .utf8)
        } catch {
            throw DocFrameError(.ioError, "cannot write sequence.json in \(options.output)")
        }
        FileHandle.standardError.write(Data("synthesize-captures: wrote \(frameCount) frames to \(options.output)\n".utf8))
    }

    func findFlat(_ explicit: String?, in folder: String, _ what: String, _ matches: (FlatDocument) -> Bool) throws -> FlatDocument {
        if let explicit { return try FlatDocument(path: explicit) }
        for path in try FlatDocument.paths(in: folder.isEmpty ? "." : folder) {
            let sidecar = (path as NSString).deletingPathExtension + ".json"
            guard FileManager.default.fileExists(atPath: sidecar) else { continue }
            let doc = try FlatDocument(path: path)
            if matches(doc) { return doc }
        }
        throw SequenceScript.ScriptError(message: "the script needs \(what); none found beside --front")
    }
}
