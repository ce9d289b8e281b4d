internal import CDocRender
import DocFrame

/// A loaded TrueType/OpenType font. Owns its native handle; used by one render at a time.
public final class Font {
    let handle: OpaquePointer

    /// Loads the font file at `path`.
    public init(path: String) throws {
        var out: OpaquePointer?
        var error = dr_error()
        let status = dr_font_create(path, &out, &error)
        guard status == DR_OK, let out else { throw Canvas.error(status, error) }
        handle = out
    }

    deinit { dr_font_destroy(handle) }

    /// The advance width, ascent above the baseline and descent below it of `text` at pixel `size`.
    public func measure(_ text: String, size: Double) throws -> (width: Double, ascent: Double, descent: Double) {
        var w = 0.0, a = 0.0, d = 0.0
        var error = dr_error()
        let status = dr_text_size(handle, text, size, &w, &a, &d, &error)
        guard status == DR_OK else { throw Canvas.error(status, error) }
        return (w, a, d)
    }
}
