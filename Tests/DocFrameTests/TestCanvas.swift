import CTestDrawing
@testable import DocFrame

/// A grey drawing surface for tests (over the test-only CTestDrawing target): TrueType text,
/// rectangles and photo-like degradations, turned into a DocFrame `Image`.
final class TestCanvas {
    static let ocrB = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    private var handle: OpaquePointer

    init(width: Int, height: Int, gray: Int = 255) {
        handle = td_canvas_create(Int32(width), Int32(height), Int32(gray))!
    }

    deinit { td_canvas_destroy(handle) }

    var width: Int { Int(td_canvas_width(handle)) }
    var height: Int { Int(td_canvas_height(handle)) }

    /// Draws `text` with its top-left at (x, y), glyphs `size` pixels high; returns its width.
    @discardableResult
    func text(_ text: String, x: Int, y: Int, size: Int, font: String = TestCanvas.dejaVu, gray: Int = 0) -> Int {
        var width: Int32 = 0
        let status = td_canvas_text(handle, font, text, Int32(x), Int32(y), Int32(size), Int32(gray), &width)
        precondition(status == 0, "drawing text failed")
        return Int(width)
    }

    static func textWidth(_ text: String, size: Int, font: String = TestCanvas.dejaVu) -> Int {
        var width: Int32 = 0
        precondition(td_text_width(font, text, Int32(size), &width) == 0)
        return Int(width)
    }

    func rect(x: Int, y: Int, width: Int, height: Int, gray: Int) {
        precondition(td_canvas_rect(handle, Int32(x), Int32(y), Int32(width), Int32(height), Int32(gray)) == 0)
    }

    /// Rotation (degrees), blur, uneven light (0...1) and noise (grey levels).
    func degrade(rotation: Double = 0, blur: Double = 0, lightRamp: Double = 0, noise: Double = 0, seed: UInt32 = 1) {
        precondition(td_canvas_degrade(handle, rotation, blur, lightRamp, noise, seed) == 0)
    }

    /// Replaces the canvas by a `width` x `height` scene showing it as the quad `corners`.
    func place(corners: [(Double, Double)], width: Int, height: Int, background: Int) {
        let flat = corners.flatMap { [Float($0.0), Float($0.1)] }
        precondition(td_canvas_place(handle, flat, Int32(width), Int32(height), Int32(background)) == 0)
    }

    func image() throws -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height)
        let status = pixels.withUnsafeMutableBufferPointer { td_canvas_copy(handle, $0.baseAddress, $0.count) }
        precondition(status == 0)
        return try Image(pixels: pixels, width: width, height: height, bytesPerRow: width, format: .gray8)
    }

    /// One line of text on a white strip with a margin, the way a cropped text line looks.
    static func line(_ text: String, size: Int = 40, font: String = TestCanvas.dejaVu) throws -> Image {
        let margin = size
        let canvas = TestCanvas(width: textWidth(text, size: size, font: font) + 2 * margin, height: size + 2 * margin)
        canvas.text(text, x: margin, y: margin, size: size, font: font)
        return try canvas.image()
    }
}
