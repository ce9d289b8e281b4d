internal import CDocVision
import Foundation

/// An 8-bit image (BGR colour, or grey), upright as a viewer shows it: EXIF orientation has
/// been applied. A value type over an immutable native buffer, so copies are free and it can
/// be shared across threads.
///
/// Make one from a file, from encoded bytes or from a camera buffer; every bad input throws a
/// `DocFrameError` with one of the codes in DESIGN.md (`fileNotFound`, `emptyFile`,
/// `notAnImage`, `truncatedImage`, `unsupportedFormat`, `imageTooLarge`, ...).
public struct Image: Sendable {
    let native: NativeImage

    init(native: NativeImage) {
        self.native = native
    }

    public var width: Int { native.width }
    public var height: Int { native.height }
    /// 3 for BGR colour, 1 for grey.
    public var channels: Int { native.channels }
    public var isGrayscale: Bool { channels == 1 }

    // MARK: - Files and encoded bytes

    /// Reads and decodes an image file (JPEG, PNG, WebP, TIFF, BMP), applying EXIF orientation.
    public init(contentsOfFile path: String, limits: ImageLimits = .default) throws {
        self = try Image(encoded: Image.fileBytes(atPath: path, limits: limits), limits: limits)
    }

    /// Decodes an encoded image held in memory, applying EXIF orientation.
    public init(encoded data: Data, limits: ImageLimits = .default) throws {
        try self.init(encoded: [UInt8](data), limits: limits)
    }

    /// Decodes an encoded image held in memory, applying EXIF orientation.
    ///
    /// The header is read first: a size over `limits.maxPixels` is refused before any pixel
    /// buffer is allocated, and data that ends early is refused as `truncatedImage`.
    public init(encoded bytes: [UInt8], limits: ImageLimits = .default) throws {
        self = try Image.decode(bytes, limits: limits, minimumLongSide: nil).image
    }

    /// Decodes at a reduced size when a smaller picture is all the caller needs: the largest of
    /// 1/2, 1/4, 1/8 whose longer side stays at least `minimumLongSide` (JPEG decodes this
    /// inside the decoder, several times faster). `scale` maps the result's pixels back to the
    /// full image's (multiply coordinates by it). The limits apply to the full size.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .default, minimumLongSide: Int?) throws -> (image: Image, scale: Int) {
        guard !bytes.isEmpty else { throw DocFrameError(.emptyFile, "the image data is empty") }
        guard bytes.count <= limits.maxEncodedBytes else {
            throw DocFrameError(.imageTooLarge, "\(bytes.count) bytes is over the limit of \(limits.maxEncodedBytes)")
        }
        let header = try ImageHeader.read(bytes)
        guard header.pixelCount <= limits.maxPixels else {
            throw DocFrameError(.imageTooLarge,
                                "\(header.width)x\(header.height) (\(header.pixelCount / 1_000_000) MP) is over the budget of \(limits.maxPixels / 1_000_000) MP")
        }
        guard header.isComplete else {
            throw DocFrameError(.truncatedImage, "the \(header.format.rawValue.uppercased()) data ends before the image is complete")
        }
        var reduction = 1
        if let minimumLongSide, header.format == .jpeg {
            let longSide = max(header.width, header.height)
            while reduction < 8, longSide / (reduction * 2) >= minimumLongSide { reduction *= 2 }
        }
        let native = try bytes.withUnsafeBufferPointer { buffer in
            try DocVision.makeImage { out, error in
                dv_image_decode(buffer.baseAddress, buffer.count, 1, Int32(reduction), Int64(limits.maxPixels), out, error)
            }
        }
        return (Image(native: native), reduction)
    }

    /// Reads a file's bytes with the same typed errors as `init(contentsOfFile:)`
    /// (`fileNotFound`, `ioError`, `emptyFile`, `imageTooLarge`), without decoding.
    public static func fileBytes(atPath path: String, limits: ImageLimits = .default) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DocFrameError(.fileNotFound, "no file at \(path)")
        }
        guard !isDirectory.boolValue else { throw DocFrameError(.ioError, "\(path) is a folder, not a file") }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw DocFrameError(.ioError, "cannot open \(path): \((error as NSError).localizedDescription)")
        }
        defer { try? handle.close() }
        do {
            // Read one byte past the limit to tell "at the limit" from "over it" without
            // loading an arbitrarily large file.
            let data = try handle.read(upToCount: limits.maxEncodedBytes + 1) ?? Data()
            guard !data.isEmpty else { throw DocFrameError(.emptyFile, "\(path) is empty (0 bytes)") }
            guard data.count <= limits.maxEncodedBytes else {
                throw DocFrameError(.imageTooLarge, "\(path) is over the limit of \(limits.maxEncodedBytes) bytes")
            }
            return [UInt8](data)
        } catch let error as DocFrameError {
            throw error
        } catch {
            throw DocFrameError(.ioError, "cannot read \(path): \((error as NSError).localizedDescription)")
        }
    }

    // MARK: - Camera buffers

    /// Copies a camera frame from a caller-owned buffer.
    ///
    /// - Parameters:
    ///   - pixels: the buffer. For `.nv12` the chroma plane must follow the luma plane directly
    ///     (at `height x bytesPerRow`) with the same stride; use `init(nv12Luma:...)` otherwise.
    ///   - bytesPerRow: the row stride; may exceed `width x bytesPerPixel` (padding), never be less.
    /// - Throws: `invalidArgument` for a stride smaller than a row, a buffer shorter than the
    ///   image, an empty size, or odd NV12 dimensions.
    public init(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int, format: PixelFormat) throws {
        try Image.checkSize(width: width, height: height, bytesPerRow: bytesPerRow, format: format)
        if format == .nv12 {
            let lumaLength = min(pixels.count, bytesPerRow * height)
            let luma = UnsafeRawBufferPointer(rebasing: pixels[0..<lumaLength])
            let chroma = UnsafeRawBufferPointer(rebasing: pixels[lumaLength...])
            try self.init(nv12Luma: luma, lumaBytesPerRow: bytesPerRow, chroma: chroma, chromaBytesPerRow: bytesPerRow,
                          width: width, height: height)
            return
        }
        let native = try DocVision.makeImage { out, error in
            dv_image_from_pixels(format.native, Int32(width), Int32(height),
                                 pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), bytesPerRow, pixels.count,
                                 nil, 0, 0, out, error)
        }
        self.init(native: native)
    }

    /// Copies a bi-planar NV12 frame whose planes live in separate buffers (as `CVPixelBuffer`
    /// and Android's `Image.Plane` hand them out).
    public init(nv12Luma luma: UnsafeRawBufferPointer, lumaBytesPerRow: Int,
                chroma: UnsafeRawBufferPointer, chromaBytesPerRow: Int,
                width: Int, height: Int) throws {
        try Image.checkSize(width: width, height: height, bytesPerRow: lumaBytesPerRow, format: .nv12)
        let native = try DocVision.makeImage { out, error in
            dv_image_from_pixels(DV_PIXEL_NV12, Int32(width), Int32(height),
                                 luma.baseAddress?.assumingMemoryBound(to: UInt8.self), lumaBytesPerRow, luma.count,
                                 chroma.baseAddress?.assumingMemoryBound(to: UInt8.self), chromaBytesPerRow, chroma.count,
                                 out, error)
        }
        self.init(native: native)
    }

    /// Convenience over `init(pixels:...)` for bytes held in an array.
    public init(pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int, format: PixelFormat) throws {
        self = try pixels.withUnsafeBytes { try Image(pixels: $0, width: width, height: height, bytesPerRow: bytesPerRow, format: format) }
    }

    private static func checkSize(width: Int, height: Int, bytesPerRow: Int, format: PixelFormat) throws {
        guard width > 0, height > 0, width <= 32768, height <= 32768 else {
            throw DocFrameError(.invalidArgument, "frame size \(width)x\(height) is not usable")
        }
        guard bytesPerRow >= width * format.bytesPerPixel else {
            throw DocFrameError(.invalidArgument, "row stride \(bytesPerRow) is smaller than a row of \(width * format.bytesPerPixel) bytes")
        }
    }

    // MARK: - Pixels out

    /// The pixels, tightly packed: `width x channels` bytes a row, BGR or grey.
    public func packedPixels() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: width * height * channels)
        try buffer.withUnsafeMutableBufferPointer { out in
            try DocVision.check { dv_image_copy_pixels(native.handle, out.baseAddress, out.count, $0) }
        }
        return buffer
    }

    /// Encodes the image, for captured crops and `--save-crops`.
    public func encoded(as encoding: ImageEncoding) throws -> Data {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let (format, quality): (dv_encoding, Int32) = switch encoding {
        case .jpeg(let quality): (DV_ENCODE_JPEG, Int32(clamping: quality))
        case .png: (DV_ENCODE_PNG, 0)
        case .webp(let quality): (DV_ENCODE_WEBP, Int32(clamping: quality))
        case .tiff: (DV_ENCODE_TIFF, 0)
        case .bmp: (DV_ENCODE_BMP, 0)
        }
        try DocVision.check { dv_image_encode(native.handle, format, quality, &bytes, &length, $0) }
        defer { dv_buffer_free(bytes) }
        guard let bytes else { throw DocFrameError(.internalError, "the encoder returned no bytes") }
        return Data(bytes: bytes, count: length)
    }

    /// Encodes and writes the image to `path` (the caller chose the place: DocFrame never
    /// writes an image anywhere it was not asked to).
    public func write(to path: String, as encoding: ImageEncoding) throws {
        let data = try encoded(as: encoding)
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw DocFrameError(.ioError, "cannot write \(path): \((error as NSError).localizedDescription)")
        }
    }

    // MARK: - Geometry

    public func grayscale() throws -> Image {
        try Image(native: DocVision.makeImage { dv_image_to_gray(native.handle, $0, $1) })
    }

    /// A 3-channel BGR copy (shares pixels when already colour).
    public func bgr() throws -> Image {
        try Image(native: DocVision.makeImage { dv_image_to_bgr(native.handle, $0, $1) })
    }

    public func resized(width: Int, height: Int, interpolation: Interpolation = .automatic) throws -> Image {
        let mode: dv_interpolation = switch interpolation {
        case .automatic: (width < self.width || height < self.height) ? DV_INTERP_AREA : DV_INTERP_LINEAR
        case .linear: DV_INTERP_LINEAR
        case .area: DV_INTERP_AREA
        case .nearest: DV_INTERP_NEAREST
        case .cubic: DV_INTERP_CUBIC
        }
        return try Image(native: DocVision.makeImage {
            dv_image_resize(native.handle, Int32(clamping: width), Int32(clamping: height), mode, $0, $1)
        })
    }

    /// Scaled so that its longer side is at most `maxDimension` (unchanged when already smaller).
    /// Returns the image and the factor from the result's pixels back to this image's.
    public func downscaled(maxDimension: Int) throws -> (image: Image, scale: Double) {
        let longer = max(width, height)
        guard longer > maxDimension else { return (self, 1) }
        let factor = Double(maxDimension) / Double(longer)
        let w = max(1, Int((Double(width) * factor).rounded())), h = max(1, Int((Double(height) * factor).rounded()))
        return (try resized(width: w, height: h, interpolation: .area), Double(width) / Double(w))
    }

    /// The part of the image inside `[x, y, width, height]`, clipped to the image.
    public func cropped(x: Int, y: Int, width: Int, height: Int) throws -> Image {
        try Image(native: DocVision.makeImage {
            dv_image_crop(native.handle, Int32(clamping: x), Int32(clamping: y), Int32(clamping: width), Int32(clamping: height), $0, $1)
        })
    }

    /// Turned clockwise by `quarterTurns` x 90 degrees.
    public func rotated(quarterTurns: Int) throws -> Image {
        try Image(native: DocVision.makeImage { dv_image_rotate90(native.handle, Int32(quarterTurns % 4), $0, $1) })
    }

    /// The quad's content mapped onto a `width` x `height` image (perspective correction):
    /// `quad.topLeft` lands at (0, 0), `quad.bottomRight` at (width, height).
    public func warped(_ quad: Quad, width: Int, height: Int) throws -> Image {
        let corners = quad.points.flatMap { [Float($0.x), Float($0.y)] }
        return try corners.withUnsafeBufferPointer { c in
            try Image(native: DocVision.makeImage {
                dv_image_warp_quad(native.handle, c.baseAddress, Int32(clamping: width), Int32(clamping: height), $0, $1)
            })
        }
    }

    public enum Interpolation: Sendable {
        /// Area averaging when shrinking, bilinear when enlarging.
        case automatic, linear, area, nearest, cubic
    }
}

extension PixelFormat {
    var native: dv_pixel_format {
        switch self {
        case .bgra: DV_PIXEL_BGRA
        case .rgba: DV_PIXEL_RGBA
        case .bgr: DV_PIXEL_BGR
        case .rgb: DV_PIXEL_RGB
        case .gray8: DV_PIXEL_GRAY8
        case .nv12: DV_PIXEL_NV12
        }
    }
}
