/// The layout of a raw camera buffer handed to `Image(pixels:...)`.
public enum PixelFormat: String, Sendable, CaseIterable, Codable {
    /// 4 bytes a pixel, blue first (iOS `kCVPixelFormatType_32BGRA`).
    case bgra
    /// 4 bytes a pixel, red first (Android `RGBA_8888`, web canvas `ImageData`).
    case rgba
    /// 3 bytes a pixel, blue first (OpenCV's own order).
    case bgr
    /// 3 bytes a pixel, red first.
    case rgb
    /// 1 byte a pixel, luminance only.
    case gray8
    /// Bi-planar YUV 4:2:0: a full-resolution Y plane, then a half-resolution plane of
    /// interleaved Cb/Cr (iOS `420YpCbCr8BiPlanar`, Android `NV12`). Width and height must be even.
    case nv12

    /// Bytes a pixel in the first (or only) plane.
    public var bytesPerPixel: Int {
        switch self {
        case .bgra, .rgba: 4
        case .bgr, .rgb: 3
        case .gray8, .nv12: 1
        }
    }
}
