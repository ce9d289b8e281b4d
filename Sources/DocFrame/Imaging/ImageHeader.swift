/// What an encoded image's header says, read without decoding any pixel.
///
/// Why Swift and not the decoder: the pixel budget must be enforced before a decoder allocates,
/// and libjpeg happily decodes a file that ends half way (filling the rest with grey), so
/// truncation is judged here from the container's own structure.
public struct ImageHeader: Sendable, Equatable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// False when the container's structure shows that data is missing (no JPEG end-of-image
    /// marker after the scan, a PNG without IEND, a RIFF or BMP shorter than it declares).
    public var isComplete: Bool

    public var pixelCount: Int { width * height }

    /// Reads the header, or throws `notAnImage`, `unsupportedFormat` or `truncatedImage`.
    public static func read(_ b: [UInt8]) throws -> ImageHeader {
        guard !b.isEmpty else { throw DocFrameError(.emptyFile, "no bytes") }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(b) }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(b) }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return try webp(b) }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return try tiff(b) }
        if b.starts(with: Array("BM".utf8)) { return try bmp(b) }
        if let name = unsupportedName(b) {
            throw DocFrameError(.unsupportedFormat, "\(name) images are not supported (JPEG, PNG, WebP, TIFF and BMP are)")
        }
        throw DocFrameError(.notAnImage, "the data is not in any image format DocFrame reads")
    }

    private static func unsupportedName(_ b: [UInt8]) -> String? {
        if b.starts(with: Array("GIF8".utf8)) { return "GIF" }
        if b.count >= 12, Array(b[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if ["heic", "heix", "hevc", "mif1", "msf1", "avif"].contains(brand) { return brand == "avif" ? "AVIF" : "HEIC" }
        }
        if b.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || b.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) { return "JPEG 2000" }
        if b.starts(with: Array("%PDF".utf8)) { return "PDF" }
        return nil
    }

    private static func truncated(_ format: String) -> DocFrameError {
        DocFrameError(.truncatedImage, "the \(format) data ends before its header is complete")
    }

    // MARK: JPEG: walk the marker segments to the frame header, then look for EOI after the scan.

    private static func jpeg(_ b: [UInt8]) throws -> ImageHeader {
        var i = 2
        var size: (Int, Int)?
        var scanStart: Int?
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { throw DocFrameError(.truncatedImage, "JPEG marker structure is broken at byte \(i)") }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill bytes
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { throw DocFrameError(.truncatedImage, "JPEG segment with length \(length)") }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard i + 9 <= b.count else { throw truncated("JPEG") }
                size = (Int(b[i + 7]) << 8 | Int(b[i + 8]), Int(b[i + 5]) << 8 | Int(b[i + 6]))
            }
            if marker == 0xDA { scanStart = i + 2 + length; break }
            i += 2 + length
        }
        guard let (width, height) = size else { throw truncated("JPEG") }
        guard width > 0, height > 0 else { throw DocFrameError(.notAnImage, "JPEG frame header gives a size of \(width)x\(height)") }
        var complete = false
        if let start = scanStart, start < b.count {
            // In entropy-coded data 0xFF is always followed by 0x00 or a restart marker, so the
            // first FF D9 after the scan header is the end of the image (later bytes may be
            // vendor trailers, which are fine).
            var j = start
            while j + 1 < b.count {
                if b[j] == 0xFF && b[j + 1] == 0xD9 { complete = true; break }
                j += 1
            }
        }
        return ImageHeader(format: .jpeg, width: width, height: height, isComplete: complete)
    }

    // MARK: PNG: IHDR gives the size; IEND must be present.

    private static func png(_ b: [UInt8]) throws -> ImageHeader {
        guard b.count >= 24, Array(b[12..<16]) == Array("IHDR".utf8) else { throw truncated("PNG") }
        let width = Int(be32(b, 16)), height = Int(be32(b, 20))
        guard width > 0, height > 0 else { throw DocFrameError(.notAnImage, "PNG header gives a size of \(width)x\(height)") }
        let tail = b.suffix(12)
        let complete = b.count >= 44 && tail.starts(with: [0, 0, 0, 0]) && Array(tail.dropFirst(4).prefix(4)) == Array("IEND".utf8)
        return ImageHeader(format: .png, width: width, height: height, isComplete: complete)
    }

    // MARK: WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended).

    private static func webp(_ b: [UInt8]) throws -> ImageHeader {
        guard b.count >= 30 else { throw truncated("WebP") }
        let declared = Int(le32(b, 4)) + 8
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        let width: Int, height: Int
        switch chunk {
        case "VP8X":
            width = (Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16) + 1
            height = (Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16) + 1
        case "VP8L":
            guard b[20] == 0x2F else { throw DocFrameError(.notAnImage, "WebP lossless signature missing") }
            let bits = UInt32(b[21]) | UInt32(b[22]) << 8 | UInt32(b[23]) << 16 | UInt32(b[24]) << 24
            width = Int(bits & 0x3FFF) + 1
            height = Int((bits >> 14) & 0x3FFF) + 1
        case "VP8 ":
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { throw DocFrameError(.notAnImage, "WebP lossy signature missing") }
            width = Int(UInt16(b[26]) | UInt16(b[27]) << 8) & 0x3FFF
            height = Int(UInt16(b[28]) | UInt16(b[29]) << 8) & 0x3FFF
        default:
            throw DocFrameError(.unsupportedFormat, "WebP chunk '\(chunk)' is not supported")
        }
        guard width > 0, height > 0 else { throw DocFrameError(.notAnImage, "WebP header gives a size of \(width)x\(height)") }
        return ImageHeader(format: .webp, width: width, height: height, isComplete: b.count >= declared)
    }

    // MARK: TIFF: the first image file directory's ImageWidth (256) and ImageLength (257).

    private static func tiff(_ b: [UInt8]) throws -> ImageHeader {
        let little = b[0] == 0x49
        func u16(_ o: Int) -> Int { little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1]) }
        func u32(_ o: Int) -> Int { little ? Int(le32(b, o)) : Int(be32(b, o)) }
        guard b.count >= 8 else { throw truncated("TIFF") }
        let ifd = u32(4)
        guard ifd >= 8, ifd + 2 <= b.count else { throw truncated("TIFF") }
        let count = u16(ifd)
        guard ifd + 2 + count * 12 <= b.count else { throw truncated("TIFF") }
        var width = 0, height = 0
        for n in 0..<count {
            let e = ifd + 2 + n * 12
            let tag = u16(e), type = u16(e + 2)
            let value = type == 3 ? u16(e + 8) : u32(e + 8)
            if tag == 256 { width = value }
            if tag == 257 { height = value }
        }
        guard width > 0, height > 0 else { throw DocFrameError(.notAnImage, "TIFF directory gives no image size") }
        return ImageHeader(format: .tiff, width: width, height: height, isComplete: true)
    }

    // MARK: BMP: BITMAPINFOHEADER (or later) size fields; the file size must cover the pixels.

    private static func bmp(_ b: [UInt8]) throws -> ImageHeader {
        guard b.count >= 26 else { throw truncated("BMP") }
        let headerSize = Int(le32(b, 14))
        let width: Int, height: Int
        if headerSize == 12 {  // OS/2 BITMAPCOREHEADER
            width = Int(b[18]) | Int(b[19]) << 8
            height = Int(b[20]) | Int(b[21]) << 8
        } else {
            width = Int(Int32(bitPattern: le32(b, 18)))
            height = abs(Int(Int32(bitPattern: le32(b, 22))))  // negative means top-down rows
        }
        guard width > 0, height > 0 else { throw DocFrameError(.notAnImage, "BMP header gives a size of \(width)x\(height)") }
        let declared = Int(le32(b, 2))
        return ImageHeader(format: .bmp, width: width, height: height, isComplete: declared == 0 || b.count >= declared)
    }

    private static func be32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])
    }

    private static func le32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
    }
}
