import CDocMedia
import DocFrame
import Foundation

/// `docframe capture --render OUT`: what the user would have seen, drawn onto the replayed
/// frames (guide in its state colour, label with its tick, instruction, hold progress, shutter)
/// and written as a video, or as a contact sheet when OUT ends in `.png`.
///
/// A sheet keeps a tile whenever the row on screen changes and at least once a second between
/// changes (up to `maximumTiles`), so every instruction the user saw is on it once.
final class CaptureRenderer {
    private let renderer: OpaquePointer
    let isSheet: Bool
    static let maximumTiles = 96
    private var tiles = 0
    private var lastTile: (row: String, t: Double)?

    /// Fonts with the accents of Spanish and French, the ellipsis and the tick, in order of
    /// preference (`$DOCFRAME_FONT` first). fonts-dejavu-core is installed by scripts/setup.
    static let fontCandidates = [
        ProcessInfo.processInfo.environment["DOCFRAME_FONT"],
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    ].compactMap { $0 }.filter { !$0.isEmpty }

    init(path: String, fps: Double) throws {
        guard let font = Self.fontCandidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw DocFrameError(.fileNotFound, "--render needs a TrueType font: looked at \(Self.fontCandidates.joined(separator: ", ")) (install fonts-dejavu-core, or set DOCFRAME_FONT)")
        }
        let sheet = path.lowercased().hasSuffix(".png")
        isSheet = sheet
        var handle: OpaquePointer?
        try Media.check { dm_renderer_create(path, font, sheet ? 1 : 0, 4, 480, fps, &handle, $0) }
        guard let handle else { throw DocFrameError(.internalError, "the renderer was not made") }
        renderer = handle
    }

    deinit { dm_renderer_destroy(renderer) }

    /// Draws one frame's state (a sheet takes it only when the row changed or a second passed).
    func add(_ frame: Image, state: FrameState, index: Int, time: Double, captured: Bool) throws {
        let row = "\(state.state.rawValue)|\(state.instruction.key.rawValue)|\(state.label ?? "")|\(state.tick)|\(state.shutter)"
        if isSheet {
            let due = lastTile.map { $0.row != row || time - $0.t >= 1.0 - 1e-9 } ?? true
            guard (due || captured) && tiles < Self.maximumTiles else { return }
            tiles += 1
            lastTile = (row, time)
        }
        let bgr = frame.channels == 3 ? frame : try frame.bgr()
        let pixels = try bgr.packedPixels()
        let rgb = Self.rgb(state.color)
        let caption = String(format: "frame %d  %.2f s", index, time)
        try pixels.withUnsafeBufferPointer { buffer in
            try (state.label ?? "").withCString { label in
                try state.instruction.text.withCString { instruction in
                    try caption.withCString { captionText in
                        var overlay = dm_overlay()
                        overlay.guide = (state.guide.x, state.guide.y, state.guide.width, state.guide.height)
                        overlay.color = (rgb.0, rgb.1, rgb.2)
                        overlay.label = state.label == nil ? nil : label
                        overlay.tick = state.tick ? 1 : 0
                        overlay.instruction = instruction
                        overlay.progress = state.progress
                        overlay.shutter = state.shutter ? 1 : 0
                        overlay.caption = captionText
                        try Media.check {
                            dm_renderer_add(renderer, buffer.baseAddress, Int32(bgr.width), Int32(bgr.height), bgr.width * 3, &overlay, $0)
                        }
                    }
                }
            }
        }
    }

    /// Writes the sheet, or closes the video.
    func finish() throws {
        try Media.check { dm_renderer_finish(renderer, $0) }
    }

    /// "#RRGGBB" as bytes (white for anything else).
    static func rgb(_ hex: String) -> (UInt8, UInt8, UInt8) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return (255, 255, 255) }
        return (UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    }
}
