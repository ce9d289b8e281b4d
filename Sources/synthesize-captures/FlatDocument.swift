import DocFrame
import Foundation

/// A flat document from the renderer: its image and its sidecar (`<stem>.json` beside it).
struct FlatDocument {
    let path: String
    let stem: String
    let canvas: Canvas
    /// The sidecar as written (keys in order); an empty object when there is none.
    let sidecar: JSONValue

    var width: Double { Double(canvas.width) }
    var height: Double { Double(canvas.height) }

    var kind: String? { sidecar.member("kind")?.stringValue }
    var templateId: String? { sidecar.member("templateId")?.stringValue }

    /// A passport photo page (TD3): by the sidecar's kind, else by the page's shape.
    var isPassportPage: Bool {
        if let kind { return kind == "passport" }
        return abs(width / height - 1476.0 / 1039.0) < 0.04
    }

    /// Rounded corners of a plastic card: the sidecar's `cornerRadius` (the renderer paints the
    /// stock outside it grey), a little more so that no grey survives the anti-aliased edge;
    /// without one, ID-1's 3.18 mm of 85.6 mm, and square corners for a passport page.
    var cornerRadius: Double {
        if let r = sidecar.member("cornerRadius")?.numberValue { return r > 0 ? r + 1 : 0 }
        return isPassportPage ? 0 : width * 38 / 1012
    }

    init(path: String) throws {
        self.path = path
        stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        canvas = try Canvas(image: Image(contentsOfFile: path))
        let sidecarPath = (path as NSString).deletingPathExtension + ".json"
        if FileManager.default.fileExists(atPath: sidecarPath) {
            let text = try String(contentsOfFile: sidecarPath, encoding: .utf8)
            sidecar = try JSONValue(parsing: text)
        } else {
            sidecar = .object([])
        }
    }

    /// The flat images in a folder, sorted by name (PNG and JPEG).
    static func paths(in folder: String) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw DocFrameError(.fileNotFound, "no folder at \(folder)")
        }
        return names.filter { ["png", "jpg", "jpeg", "bmp", "webp", "tif", "tiff"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { (folder as NSString).appendingPathComponent($0) }
    }
}

/// What was done to a capture (DESIGN.md's condition names).
enum Condition: String, CaseIterable {
    case clean, tilt, small, close, sideways
    case upsideDown = "upside_down"
    case glare, blur, dark, shadow
    case cutOff = "cut_off"
    case occluded, jpeg
    /// Turned 18-40 degrees in its plane (beyond the usual 14): a card held at a slant. Opt-in
    /// (`defaults` leaves it out), so the sets made before it reproduce file for file.
    case rolled

    /// What `--conditions` means when not given.
    static let defaults = allCases.filter { $0 != .rolled }

    /// Pairs that cannot hold together.
    func conflicts(with other: Condition) -> Bool {
        if self == other || self == .clean || other == .clean { return true }
        let exclusive: [Set<Condition>] = [[.sideways, .upsideDown], [.small, .close], [.small, .cutOff], [.close, .cutOff]]
        return exclusive.contains { $0.contains(self) && $0.contains(other) }
    }
}
