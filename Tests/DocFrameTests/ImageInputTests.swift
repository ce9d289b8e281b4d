import Foundation
import Testing
@testable import DocFrame

/// Every way pixels come in (files, bytes, camera buffers) and every way that can go wrong,
/// with real files written by the test.
@Suite struct ImageInputTests {
    // MARK: Formats

    @Test(arguments: [ImageEncoding.png, .jpeg(quality: 95), .webp(quality: 95), .tiff, .bmp])
    func decodesEachFormatFromFileAndBytes(_ encoding: ImageEncoding) throws {
        let original = try TestImages.halves()
        let data = try original.encoded(as: encoding)
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("image.\(encoding.fileExtension)").path
        try data.write(to: URL(fileURLWithPath: path))

        let fromFile = try Image(contentsOfFile: path)
        let fromBytes = try Image(encoded: data)
        #expect(fromFile.width == 64 && fromFile.height == 32 && fromFile.channels == 3)
        #expect(try TestImages.meanDifference(fromFile, fromBytes) == 0)
        #expect(try TestImages.meanDifference(fromFile, original) < 4)
        let header = try ImageHeader.read([UInt8](data))
        #expect(header.width == 64 && header.height == 32 && header.isComplete)
    }

    @Test func pngRoundTripIsLossless() throws {
        let original = try TestImages.halves()
        let decoded = try Image(encoded: original.encoded(as: .png))
        #expect(try decoded.packedPixels() == original.packedPixels())
    }

    /// Phones store photos sideways with an EXIF tag; a viewer shows them upright, and so must we.
    @Test func jpegExifOrientationIsApplied() throws {
        let jpeg = [UInt8](try TestImages.halves(width: 64, height: 32).encoded(as: .jpeg(quality: 95)))
        let rotated = try Image(encoded: TestImages.withExifOrientation(jpeg, orientation: 6))  // 90 deg clockwise
        #expect(rotated.width == 32 && rotated.height == 64)
        // Turning clockwise puts the blue left half on top.
        let top = try TestImages.pixel(rotated, x: 16, y: 8), bottom = try TestImages.pixel(rotated, x: 16, y: 56)
        #expect(top[0] > 150 && top[2] < 60)
        #expect(bottom[2] > 150 && bottom[0] < 60)
        let upsideDown = try Image(encoded: TestImages.withExifOrientation(jpeg, orientation: 3))
        #expect(upsideDown.width == 64)
        #expect(try TestImages.pixel(upsideDown, x: 8, y: 16)[2] > 150)  // red now on the left
    }

    // MARK: Bad files

    @Test func missingFileIsFileNotFound() {
        #expect(throws: DocFrameError.self) { try Image(contentsOfFile: "/nonexistent/none.jpg") }
        #expect(code { try Image(contentsOfFile: "/nonexistent/none.jpg") } == .fileNotFound)
    }

    @Test func folderIsIOError() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(code { try Image(contentsOfFile: folder.path) } == .ioError)
    }

    @Test func zeroByteFileIsEmptyFile() throws {
        let path = try write([], named: "empty.jpg")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(code { try Image(contentsOfFile: path) } == .emptyFile)
        #expect(code { try Image(encoded: [UInt8]()) } == .emptyFile)
    }

    @Test func textFileNamedPNGIsNotAnImage() throws {
        let path = try write(Array("this is not a picture, just text\n".utf8), named: "fake.png")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(code { try Image(contentsOfFile: path) } == .notAnImage)
    }

    @Test func truncatedJPEGIsTruncatedImage() throws {
        let jpeg = [UInt8](try TestImages.halves(width: 200, height: 120).encoded(as: .jpeg(quality: 90)))
        for cut in [jpeg.count / 2, jpeg.count - 2, 300, 12] {
            #expect(code { try Image(encoded: Array(jpeg.prefix(cut))) } == .truncatedImage, "cut at \(cut) of \(jpeg.count)")
        }
    }

    @Test func truncatedPNGIsTruncatedImage() throws {
        let png = [UInt8](try TestImages.halves(width: 200, height: 120).encoded(as: .png))
        #expect(code { try Image(encoded: Array(png.prefix(png.count / 2))) } == .truncatedImage)
        #expect(code { try Image(encoded: Array(png.prefix(20))) } == .truncatedImage)
    }

    /// A 100-byte file claiming 20000x20000 pixels (1.2 GB decoded) is refused from its header.
    @Test func hugePNGHeaderIsImageTooLargeWithoutDecoding() throws {
        let path = try write(TestImages.pngHeader(width: 20000, height: 20000), named: "bomb.png")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(code { try Image(contentsOfFile: path) } == .imageTooLarge)
        // The budget is configurable: a small one refuses an ordinary image too.
        let small = try TestImages.halves().encoded(as: .png)
        #expect(code { try Image(encoded: small, limits: ImageLimits(maxPixels: 1000)) } == .imageTooLarge)
        #expect((try? Image(encoded: small, limits: ImageLimits(maxPixels: 2048))) != nil)
    }

    @Test func gifAndHEICAreUnsupported() {
        #expect(code { try Image(encoded: Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20)) } == .unsupportedFormat)
        #expect(code { try Image(encoded: [0, 0, 0, 24] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 16)) } == .unsupportedFormat)
    }

    /// Garbage after a valid header (a corrupt scan) must fail cleanly, whatever the decoder makes of it.
    @Test func corruptBodyFailsWithTypedError() throws {
        var png = [UInt8](try TestImages.halves(width: 100, height: 100).encoded(as: .png))
        for i in 40..<(png.count - 20) { png[i] = UInt8(truncatingIfNeeded: i &* 31) }
        #expect(code { try Image(encoded: png) } != nil)
    }

    // MARK: Camera buffers

    @Test func bgraAndRGBAGiveTheSameBGR() throws {
        let (w, h) = (6, 4)
        var bgra = [UInt8](), rgba = [UInt8]()
        for i in 0..<(w * h) {
            let (b, g, r) = (UInt8(i * 10), UInt8(100), UInt8(255 - i * 10))
            bgra += [b, g, r, 255]
            rgba += [r, g, b, 255]
        }
        let a = try Image(pixels: bgra, width: w, height: h, bytesPerRow: w * 4, format: .bgra)
        let b = try Image(pixels: rgba, width: w, height: h, bytesPerRow: w * 4, format: .rgba)
        #expect(try a.packedPixels() == b.packedPixels())
        #expect(try TestImages.pixel(a, x: 1, y: 0) == [10, 100, 245])
    }

    @Test func gray8WithPaddedStride() throws {
        let (w, h, stride) = (5, 3, 8)
        var buffer = [UInt8](repeating: 0xEE, count: stride * h)
        for y in 0..<h { for x in 0..<w { buffer[y * stride + x] = UInt8(y * 10 + x) } }
        let image = try Image(pixels: buffer, width: w, height: h, bytesPerRow: stride, format: .gray8)
        #expect(image.isGrayscale)
        #expect(try image.packedPixels() == (0..<h).flatMap { y in (0..<w).map { UInt8(y * 10 + $0) } })
    }

    /// Phone cameras pad rows: the padding must not leak into the picture.
    @Test func nv12WithPaddedStrideMatchesTightBuffer() throws {
        let (w, h, paddedStride) = (16, 8, 24)
        func frame(stride rowBytes: Int, padding: UInt8) -> [UInt8] {
            var buffer = [UInt8](repeating: padding, count: rowBytes * h * 3 / 2)
            for y in 0..<h { for x in 0..<w { buffer[y * rowBytes + x] = UInt8(16 + (x + y) * 10) } }
            for y in 0..<(h / 2) {
                for x in stride(from: 0, to: w, by: 2) {
                    buffer[(h + y) * rowBytes + x] = 90      // Cb
                    buffer[(h + y) * rowBytes + x + 1] = 200 // Cr: reddish
                }
            }
            return buffer
        }
        let tight = try Image(pixels: frame(stride: w, padding: 0), width: w, height: h, bytesPerRow: w, format: .nv12)
        let padded = try Image(pixels: frame(stride: paddedStride, padding: 0xFF), width: w, height: h, bytesPerRow: paddedStride, format: .nv12)
        #expect(try tight.packedPixels() == padded.packedPixels())
        let p = try TestImages.pixel(padded, x: 8, y: 4)
        #expect(p[2] > p[0])  // Cr high: red over blue
        // Luma drives brightness: the bottom-right is brighter than the top-left.
        #expect(try tight.grayscale().packedPixels().last! > tight.grayscale().packedPixels().first!)
    }

    @Test func nv12FromSeparatePlanes() throws {
        let (w, h) = (8, 4)
        let luma = [UInt8](repeating: 120, count: w * h), chroma = [UInt8](repeating: 128, count: w * h / 2)
        let image = try luma.withUnsafeBytes { l in
            try chroma.withUnsafeBytes { c in
                try Image(nv12Luma: l, lumaBytesPerRow: w, chroma: c, chromaBytesPerRow: w, width: w, height: h)
            }
        }
        let p = try TestImages.pixel(image, x: 3, y: 2)
        #expect(p[0] == p[1] && p[1] == p[2])  // neutral chroma: grey
    }

    @Test func shortBufferAndSmallStrideAreInvalidArguments() {
        let short = [UInt8](repeating: 0, count: 100)
        #expect(code { try Image(pixels: short, width: 10, height: 10, bytesPerRow: 40, format: .bgra) } == .invalidArgument)
        #expect(code { try Image(pixels: short, width: 10, height: 10, bytesPerRow: 8, format: .gray8) } == .invalidArgument)
        let nv12Short = [UInt8](repeating: 0, count: 16 * 16)  // luma only, no chroma
        #expect(code { try Image(pixels: nv12Short, width: 16, height: 16, bytesPerRow: 16, format: .nv12) } == .invalidArgument)
        #expect(code { try Image(pixels: short, width: 5, height: 5, bytesPerRow: 5, format: .nv12) } == .invalidArgument)  // odd size
        #expect(code { try Image(pixels: short, width: 0, height: 10, bytesPerRow: 10, format: .gray8) } == .invalidArgument)
    }

    // MARK: Helpers

    private func write(_ bytes: [UInt8], named name: String) throws -> String {
        let folder = try TestImages.temporaryFolder()
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}

/// The error code a throwing expression produced, or nil when it did not throw.
func code<T>(_ body: () throws -> T) -> DocFrameError.Code? {
    do {
        _ = try body()
        return nil
    } catch let error as DocFrameError {
        return error.code
    } catch {
        return .internalError
    }
}

@Suite struct ReducedDecodeTests {
    /// Classification needs ~1000 px, not 12 MP: JPEG decodes at 1/2, 1/4 or 1/8 inside the decoder.
    @Test func jpegDecodesAtTheLargestReductionThatKeepsTheLongSide() throws {
        let jpeg = [UInt8](try TestImages.halves(width: 400, height: 200).encoded(as: .jpeg(quality: 95)))
        let (image, scale) = try Image.decode(jpeg, minimumLongSide: 100)
        #expect(scale == 4 && image.width == 100 && image.height == 50)
        let full = try Image.decode(jpeg, minimumLongSide: 1000)
        #expect(full.scale == 1 && full.image.width == 400)
        // Same picture, smaller: the left stays blue, the right red.
        #expect(try TestImages.pixel(image, x: 10, y: 25)[0] > 150)
        #expect(try TestImages.pixel(image, x: 90, y: 25)[2] > 150)
    }

    @Test func otherFormatsDecodeInFull() throws {
        let png = [UInt8](try TestImages.halves(width: 400, height: 200).encoded(as: .png))
        let (image, scale) = try Image.decode(png, minimumLongSide: 100)
        #expect(scale == 1 && image.width == 400)
    }
}
