import CDocRender
import DocFrame

/// A mutable BGR picture in the C++ side (`ds_canvas`), owned here and freed in `deinit`.
/// Every call turns a `ds_status` into a `DocFrameError`.
final class Canvas {
    private(set) var handle: OpaquePointer

    var width: Int { Int(ds_canvas_width(handle)) }
    var height: Int { Int(ds_canvas_height(handle)) }

    init(width: Int, height: Int, color: BGR = BGR(0, 0, 0)) throws {
        var out: OpaquePointer?
        try color.withPointer { c in
            try Canvas.check { ds_canvas_new(Int32(width), Int32(height), c, &out, $0) }
        }
        handle = out!
    }

    /// A copy of `image` (converted to BGR).
    init(image: Image) throws {
        let bgr = try image.bgr()
        let pixels = try bgr.packedPixels()
        var out: OpaquePointer?
        try pixels.withUnsafeBufferPointer { p in
            try Canvas.check { ds_canvas_from_bgr(p.baseAddress, Int32(bgr.width), Int32(bgr.height), bgr.width * 3, &out, $0) }
        }
        handle = out!
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { ds_canvas_free(handle) }

    func copy() throws -> Canvas {
        var out: OpaquePointer?
        try Canvas.check { ds_canvas_clone(handle, &out, $0) }
        return Canvas(handle: out!)
    }

    /// The pixels as a DocFrame image (for encoding).
    func image() throws -> Image {
        var buffer = [UInt8](repeating: 0, count: width * height * 3)
        try buffer.withUnsafeMutableBufferPointer { out in
            try Canvas.check { ds_canvas_copy_bgr(handle, out.baseAddress, out.count, $0) }
        }
        return try Image(pixels: buffer, width: width, height: height, bytesPerRow: width * 3, format: .bgr)
    }

    static func check(_ body: (UnsafeMutablePointer<ds_error>) -> ds_status) throws {
        var error = ds_error()
        let status = body(&error)
        guard status != DS_OK else { return }
        let message = withUnsafeBytes(of: error.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        throw DocFrameError(status == DS_ERR_OUT_OF_MEMORY ? .outOfMemory : (status == DS_ERR_INVALID_ARGUMENT ? .invalidArgument : .internalError),
                            "synthesis: \(message)")
    }

    // MARK: - Drawing

    func resize(width: Int, height: Int) throws {
        try Canvas.check { ds_canvas_resize(handle, Int32(width), Int32(height), $0) }
    }

    func background(_ kind: BackgroundKind, seed: UInt64, base: BGR, accent: BGR, angle: Double, scale: Double) throws {
        try base.withPointer { b in try accent.withPointer { a in
            try Canvas.check { ds_background(handle, Int32(kind.rawValue), seed, b, a, angle, scale, $0) }
        } }
    }

    func fill(_ polygon: [Point], _ color: BGR, alpha: Double = 1, feather: Double = 0) throws {
        let xy = polygon.flatMap { [$0.x, $0.y] }
        try color.withPointer { c in
            try Canvas.check { ds_fill_polygon(handle, xy, Int32(polygon.count), c, alpha, feather, $0) }
        }
    }

    func fillEllipse(center: Point, rx: Double, ry: Double, angle: Double = 0, _ color: BGR, alpha: Double = 1, feather: Double = 0) throws {
        try color.withPointer { c in
            try Canvas.check { ds_fill_ellipse(handle, center.x, center.y, rx, ry, angle, c, alpha, feather, $0) }
        }
    }

    func stroke(_ points: [Point], closed: Bool, _ color: BGR, thickness: Double, alpha: Double = 1) throws {
        let xy = points.flatMap { [$0.x, $0.y] }
        try color.withPointer { c in
            try Canvas.check { ds_stroke_polyline(handle, xy, Int32(points.count), closed ? 1 : 0, c, thickness, alpha, $0) }
        }
    }

    func text(_ string: String, at origin: Point, scale: Double, _ color: BGR, thickness: Int = 1, font: Int = 0) throws {
        try color.withPointer { c in
            try Canvas.check { ds_draw_text(handle, string, origin.x, origin.y, scale, c, Int32(thickness), Int32(font), $0) }
        }
    }

    static func textSize(_ string: String, scale: Double, thickness: Int = 1, font: Int = 0) throws -> (width: Double, height: Double) {
        var w = 0.0, h = 0.0
        try check { ds_text_size(string, scale, Int32(thickness), Int32(font), &w, &h, $0) }
        return (w, h)
    }

    /// Warps `source` onto this canvas through `homography` (source pixels to canvas pixels).
    func composite(_ source: Canvas, homography: Homography, cornerRadius: Double, shadow: DropShadow?) throws {
        let s = shadow ?? DropShadow(strength: 0, dx: 0, dy: 0, blur: 0)
        try Canvas.check { ds_composite(handle, source.handle, homography.m, cornerRadius, s.strength, s.dx, s.dy, s.blur, $0) }
    }

    func lighting(from a: Point, gain0: Double, to b: Point, gain1: Double, vignette: Double, tint: BGR) throws {
        try tint.withPointer { t in
            try Canvas.check { ds_lighting(handle, a.x, a.y, gain0, b.x, b.y, gain1, vignette, t, $0) }
        }
    }

    func shadow(_ polygon: [Point], strength: Double, blur: Double) throws {
        let xy = polygon.flatMap { [$0.x, $0.y] }
        try Canvas.check { ds_shadow(handle, xy, Int32(polygon.count), strength, blur, $0) }
    }

    func glare(center: Point, rx: Double, ry: Double, angle: Double, intensity: Double, clip: [Point]) throws {
        let xy = clip.flatMap { [$0.x, $0.y] }
        try Canvas.check { ds_glare(handle, center.x, center.y, rx, ry, angle, intensity, xy, Int32(clip.count), $0) }
    }

    func exposure(gain: Double, gamma: Double) throws {
        try Canvas.check { ds_exposure(handle, gain, gamma, $0) }
    }

    func noise(sigma: Double, chroma: Double, seed: UInt64) throws {
        try Canvas.check { ds_noise(handle, sigma, chroma, seed, $0) }
    }

    func defocus(radius: Double) throws {
        try Canvas.check { ds_defocus(handle, radius, $0) }
    }

    func motionBlur(length: Double, angle: Double) throws {
        try Canvas.check { ds_motion_blur(handle, length, angle, $0) }
    }

    func gaussian(sigma: Double) throws {
        try Canvas.check { ds_gaussian(handle, sigma, $0) }
    }

    func jpegRoundTrip(quality: Int) throws {
        try Canvas.check { ds_jpeg_roundtrip(handle, Int32(quality), $0) }
    }

    func finger(tip: Point, angle: Double, width: Double, length: Double, skin: BGR, nail: Bool = true, seed: UInt64) throws {
        try skin.withPointer { s in
            try Canvas.check { ds_finger(handle, tip.x, tip.y, angle, width, length, s, nail ? 1 : 0, seed, $0) }
        }
    }
}

/// A colour in OpenCV's channel order.
struct BGR: Sendable, Equatable {
    var b: Double, g: Double, r: Double

    init(_ b: Double, _ g: Double, _ r: Double) {
        self.b = b
        self.g = g
        self.r = r
    }

    /// From the usual red-green-blue order.
    static func rgb(_ r: Double, _ g: Double, _ b: Double) -> BGR { BGR(b, g, r) }

    func scaled(_ k: Double) -> BGR { BGR(min(255, b * k), min(255, g * k), min(255, r * k)) }

    func mixed(with other: BGR, _ t: Double) -> BGR {
        BGR(b + (other.b - b) * t, g + (other.g - g) * t, r + (other.r - r) * t)
    }

    func withPointer<T>(_ body: (UnsafePointer<Double>) throws -> T) rethrows -> T {
        let values = [b, g, r]
        return try values.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }
}

enum BackgroundKind: Int, CaseIterable {
    case gradient = 0, wood, fabric, desk, stone, room
}

struct DropShadow {
    var strength: Double, dx: Double, dy: Double, blur: Double
}
