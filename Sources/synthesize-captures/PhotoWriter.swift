import DocFrame
import Foundation

/// Writes the photos and negatives of one run, with their sidecars.
struct PhotoWriter {
    let options: SynthOptions

    func run() throws {
        let synthesizer = CaptureSynthesizer(maxDimension: options.maxDimension, camera: options.camera)
        var written = 0
        if let input = options.input {
            for path in try FlatDocument.paths(in: input) {
                let flat = try FlatDocument(path: path)
                var picker = SeededRandom(seed: options.seed, name: flat.stem)
                let offset = picker.int(0...(options.conditions.count - 1))
                for n in 1...options.perImage {
                    let name = "\(flat.stem)-\(n)"
                    var rng = SeededRandom(seed: options.seed, name: name)
                    let conditions = CaptureSynthesizer.conditions(index: n, offset: offset, allowed: options.conditions, rng: &picker)
                    let capture = try synthesizer.synthesize(flat, conditions: conditions, rng: &rng)
                    try write(capture.canvas, name: name, sidecar: sidecar(for: capture, flat: flat))
                    written += 1
                }
            }
        }
        var objectPicker = SeededRandom(seed: options.seed, name: "negatives")
        let negatives = NegativeSynthesizer(captures: synthesizer, offset: objectPicker.int(0...(NegativeObject.allCases.count - 1)))
        for n in 0..<options.negatives {
            let name = "negative-\(n + 1)"
            var rng = SeededRandom(seed: options.seed, name: name)
            let (canvas, object, corners) = try negatives.synthesize(index: n, rng: &rng)
            let json: JSONValue = .object([
                ("negative", .bool(true)),
                ("conditions", .array([.string(object.rawValue)])),
                ("templateId", .null), ("corners", .null), ("orientation", .null), ("coverage", .number(0)),
                ("objectCorners", corners.map(PhotoWriter.pairs) ?? .null),
                ("imageSize", .array([.number(Double(canvas.width)), .number(Double(canvas.height))])),
            ])
            try write(canvas, name: name, sidecar: json)
            written += 1
        }
        FileHandle.standardError.write(Data("synthesize-captures: wrote \(written) photos to \(options.output)\n".utf8))
    }

    func sidecar(for capture: SynthesizedCapture, flat: FlatDocument) -> JSONValue {
        let added: [(String, JSONValue)] = [
            ("corners", PhotoWriter.pairs(capture.corners)),
            ("orientation", .number(Double(capture.orientation))),
            ("coverage", .rounded(capture.coverage, places: 4)),
            ("cutOff", .bool(!(Quad(pairs: capture.corners.map { [$0.x, $0.y] })?.isInside(width: capture.canvas.width, height: capture.canvas.height) ?? true))),
            ("conditions", .array((options.unknown ? ["unknown_document"] : []).map(JSONValue.string)
                + capture.conditions.map { .string($0.rawValue) })),
            ("negative", .bool(options.unknown)),
            ("imageSize", .array([.number(Double(capture.canvas.width)), .number(Double(capture.canvas.height))])),
            ("source", .string((flat.path as NSString).lastPathComponent)),
            ("effects", .object(capture.effects.map { ($0.0, .rounded($0.1, places: 2)) })),
        ]
        let ours = Set(added.map(\.0))
        var members: [(String, JSONValue)] = []
        if case .object(let original) = flat.sidecar { members = original.filter { !ours.contains($0.0) } }
        return .object(members + added)
    }

    static func pairs(_ points: [Point]) -> JSONValue {
        .array(points.map { .array([.rounded($0.x, places: 1), .rounded($0.y, places: 1)]) })
    }

    func write(_ canvas: Canvas, name: String, sidecar: JSONValue) throws {
        let base = (options.output as NSString).appendingPathComponent(name)
        try canvas.image().write(to: base + ".jpg", as: .jpeg(quality: options.quality))
        do {
            try (sidecar.rendered() + "\n").write(toFile: base + ".json", atomically: true, encoding: .utf8)
        } catch {
            throw DocFrameError(.ioError, "cannot write \(base).json")
        }
    }
}
