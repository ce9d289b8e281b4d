/// An encoded image format, as recognised from a file's first bytes.
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    case jpeg, png, webp, tiff, bmp
    /// Recognised but not decoded by this build (GIF, HEIC, JPEG 2000, ...).
    case unsupported
}

/// What `Image.encoded(as:)` writes.
public enum ImageEncoding: Sendable, Equatable {
    /// JPEG at a quality from 1 to 100.
    case jpeg(quality: Int)
    case png
    /// Lossy WebP at a quality from 1 to 100.
    case webp(quality: Int)
    case tiff
    case bmp

    /// The file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .tiff: "tiff"
        case .bmp: "bmp"
        }
    }
}
