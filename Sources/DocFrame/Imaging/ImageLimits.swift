/// Limits checked before any pixel is decoded, so that a decompression bomb (a small file that
/// claims a huge image) is refused from its header alone.
public struct ImageLimits: Sendable, Equatable {
    /// Width x height above which decoding is refused with `imageTooLarge`.
    public var maxPixels: Int
    /// File or buffer size above which reading is refused with `imageTooLarge`.
    public var maxEncodedBytes: Int

    public init(maxPixels: Int = 60_000_000, maxEncodedBytes: Int = 256 << 20) {
        self.maxPixels = maxPixels
        self.maxEncodedBytes = maxEncodedBytes
    }

    /// 60 megapixels (a 12 MP phone photo is 12), 256 MiB encoded.
    public static let `default` = ImageLimits()
}
