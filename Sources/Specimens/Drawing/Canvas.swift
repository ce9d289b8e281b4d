internal import CDocRender
import DocFrame
import Foundation

/// A BGR drawing surface over the CDocRender shim. Owns its native handle (freed in deinit).
/// Every primitive alpha-blends with antialiased edges; failures surface as `DocFrameError`.
public final class Canvas {
    let handle: OpaquePointer
    public let width: Int
    public let height: Int

    /// A `width` x `height` canvas filled with `background`.
    public init(width: Int, height: Int, background: RGBA = .white) throws {
        var out: OpaquePointer?
        var error = dr_error()
        let status = dr_canvas_create(Int32(clamping: width), Int32(clamping: height), background.native, &out, &error)
        guard status == DR_OK, let out else { throw Canvas.error(status, error) }
        handle = out
        self.width = width
        self.height = height
    }

    deinit { dr_canvas_destroy(handle) }

    public var bounds: Rect { Rect(0, 0, Double(width), Double(height)) }

    // MARK: Shapes

    public func fill(_ r: Rect, radius: Double = 0, _ color: RGBA) throws {
        try check { dr_fill_rect(handle, r.x, r.y, r.w, r.h, radius, color.native, $0) }
    }

    public func stroke(_ r: Rect, radius: Double = 0, thickness: Double, _ color: RGBA) throws {
        try check { dr_stroke_rect(handle, r.x, r.y, r.w, r.h, radius, thickness, color.native, $0) }
    }

    public func fillPolygon(_ points: [(Double, Double)], _ color: RGBA) throws {
        let xy = points.flatMap { [$0.0, $0.1] }
        try check { dr_fill_polygon(handle, xy, Int32(points.count), color.native, $0) }
    }

    public func fillEllipse(cx: Double, cy: Double, rx: Double, ry: Double, angle: Double = 0, _ color: RGBA) throws {
        try check { dr_fill_ellipse(handle, cx, cy, rx, ry, angle, color.native, $0) }
    }

    public func strokeEllipse(cx: Double, cy: Double, rx: Double, ry: Double, angle: Double = 0,
                              thickness: Double, _ color: RGBA) throws {
        try check { dr_stroke_ellipse(handle, cx, cy, rx, ry, angle, thickness, color.native, $0) }
    }

    /// Strokes several polylines in one pass (crossings of the same colour do not darken).
    public func strokePolylines(_ lines: [[(Double, Double)]], closed: Bool = false, thickness: Double, _ color: RGBA) throws {
        let xy = lines.flatMap { $0.flatMap { [$0.0, $0.1] } }
        let counts = lines.map { Int32($0.count) }
        try check { dr_stroke_polylines(handle, xy, counts, Int32(lines.count), closed ? 1 : 0, thickness, color.native, $0) }
    }

    public func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, thickness: Double, _ color: RGBA) throws {
        try strokePolylines([[(x0, y0), (x1, y1)]], thickness: thickness, color)
    }

    /// Fills many rectangles in one colour (barcodes, stripes).
    public func fillRects(_ rects: [Rect], _ color: RGBA) throws {
        let flat = rects.flatMap { [$0.x, $0.y, $0.w, $0.h] }
        try check { dr_fill_rects(handle, flat, Int32(rects.count), color.native, $0) }
    }

    // MARK: Gradients

    public func linearGradient(_ r: Rect, from p0: (Double, Double), to p1: (Double, Double), _ c0: RGBA, _ c1: RGBA) throws {
        try check { dr_linear_gradient(handle, r.x, r.y, r.w, r.h, p0.0, p0.1, p1.0, p1.1, c0.native, c1.native, $0) }
    }

    public func radialGradient(_ r: Rect, center: (Double, Double), radius: Double, _ inner: RGBA, _ outer: RGBA) throws {
        try check { dr_radial_gradient(handle, r.x, r.y, r.w, r.h, center.0, center.1, radius, inner.native, outer.native, $0) }
    }

    // MARK: Text

    /// Draws `text` with its baseline starting at (x, y); returns the advance width.
    @discardableResult
    public func text(_ text: String, x: Double, y: Double, size: Double, font: Font, _ color: RGBA) throws -> Double {
        try check { dr_draw_text(handle, font.handle, text, x, y, size, color.native, $0) }
        return try font.measure(text, size: size).width
    }

    // MARK: Images

    /// Pastes `source` scaled into `r` with `opacity`; `grayscale` keeps luminance only.
    public func paste(_ source: Canvas, into r: Rect, opacity: Double = 1, grayscale: Bool = false) throws {
        try check { dr_paste(handle, source.handle, r.x, r.y, r.w, r.h, opacity, grayscale ? 1 : 0, $0) }
    }

    public func blur(_ r: Rect, sigma: Double) throws {
        try check { dr_blur(handle, r.x, r.y, r.w, r.h, sigma, $0) }
    }

    // MARK: Output

    /// The pixels as packed BGR rows.
    public func pixels() throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        let capacity = bytes.count
        try bytes.withUnsafeMutableBufferPointer { buffer in
            try check { dr_canvas_pixels(handle, buffer.baseAddress, capacity, $0) }
        }
        return bytes
    }

    /// The canvas as PNG bytes (the same pixels always give the same bytes).
    public func pngData() throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        try check { dr_canvas_encode_png(handle, &out, &length, $0) }
        guard let out else { throw DocFrameError(.internalError, "PNG encoder returned no data") }
        defer { dr_buffer_free(out) }
        return Data(bytes: out, count: length)
    }

    // MARK: Errors

    private func check(_ body: (UnsafeMutablePointer<dr_error>) -> dr_status) throws {
        var error = dr_error()
        let status = body(&error)
        guard status == DR_OK else { throw Canvas.error(status, error) }
    }

    static func error(_ status: dr_status, _ error: dr_error) -> DocFrameError {
        let message = withUnsafeBytes(of: error.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let code: DocFrameError.Code
        switch status {
        case DR_ERR_INVALID_ARGUMENT: code = .invalidArgument
        case DR_ERR_IO: code = .ioError
        case DR_ERR_OUT_OF_MEMORY: code = .outOfMemory
        default: code = .internalError
        }
        return DocFrameError(code, message.isEmpty ? "render status \(status.rawValue)" : message)
    }
}

extension RGBA {
    var native: dr_color { dr_color(r: r, g: g, b: b, a: a) }
}
