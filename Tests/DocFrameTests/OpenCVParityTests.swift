import CTestDrawing
import Foundation
import Testing
@testable import DocFrame

/// CDocVision decodes JPEG files and makes area reductions with code of its own, faster than
/// OpenCV's and promised to give the same pixels (image.cpp, area_resize.cpp). Every answer
/// downstream (outlines, classification, MRZ reads) was measured on OpenCV's pixels, so a single
/// differing byte is a regression; these tests hold the promise against OpenCV itself.
@Suite struct OpenCVParityTests {
    /// A camera-like card capture and a passport page (real JPEG files from the recognition fixtures).
    static let photos = ["captures/ca-on-dl-front-301-1.jpg", "../PassportEdges/passport-orv-front-2004-3.jpg"]

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: RecognitionFixtures.root + "/" + name)))
    }

    /// OpenCV's decode of `bytes` at `reduction`, packed.
    static func referenceDecode(_ bytes: [UInt8], reduction: Int) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var width: Int32 = 0, height: Int32 = 0, channels: Int32 = 0
        try #require(td_reference_decode(bytes, bytes.count, Int32(reduction), &width, &height, &channels, nil, 0) == 0)
        var pixels = [UInt8](repeating: 0, count: Int(width * height * channels))
        try #require(td_reference_decode(bytes, bytes.count, Int32(reduction), &width, &height, &channels, &pixels, pixels.count) == 0)
        return (Int(width), Int(height), pixels)
    }

    /// OpenCV's area reduction of `image` to `width` x `height`, packed.
    static func referenceArea(_ image: Image, width: Int, height: Int) throws -> [UInt8] {
        let source = try image.packedPixels()
        var out = [UInt8](repeating: 0, count: width * height * image.channels)
        try #require(td_reference_resize_area(source, Int32(image.width), Int32(image.height), Int32(image.channels),
                                              Int32(width), Int32(height), &out, out.count) == 0)
        return out
    }

    @Test(arguments: photos, [1, 2, 4, 8])
    func photoDecodesAsOpenCVDecodesIt(_ name: String, reduction: Int) throws {
        let bytes = try Self.bytes(name)
        let header = try ImageHeader.read(bytes)
        let longSide = max(header.width, header.height)
        // The smallest long side that makes Image.decode pick exactly this reduction.
        let (image, picked) = try Image.decode(bytes, minimumLongSide: reduction == 1 ? nil : longSide / reduction)
        #expect(picked == reduction)
        let reference = try Self.referenceDecode(bytes, reduction: reduction)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(try image.packedPixels() == reference.pixels)
    }

    /// All eight EXIF orientations (mirrors and quarter turns) come out as OpenCV turns them.
    @Test(arguments: 1...8)
    func exifOrientationMatchesOpenCV(_ orientation: Int) throws {
        let jpeg = try Self.bytes(Self.photos[0])
        let tagged = TestImages.withExifOrientation(jpeg, orientation: UInt16(orientation))
        let image = try Image(encoded: tagged)
        let reference = try Self.referenceDecode(tagged, reduction: 1)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(try image.packedPixels() == reference.pixels)
    }

    /// A truncated file is not ours to guess at: it must fail or decode exactly as OpenCV's does.
    @Test func truncatedJpegIsLeftToOpenCV() throws {
        let jpeg = try Self.bytes(Self.photos[0])
        let cut = Array(jpeg[0..<(jpeg.count * 2 / 3)]) + [0xFF, 0xD9]
        guard let image = try? Image(encoded: cut) else { return }
        let reference = try Self.referenceDecode(cut, reduction: 1)
        #expect(try image.packedPixels() == reference.pixels)
    }

    /// Reductions by the factors the pipeline asks for (the locator's 640 px working copy, the
    /// MRZ search's 900 px copy) and by odd ones, colour and grey.
    @Test(arguments: photos)
    func areaReductionMatchesOpenCV(_ name: String) throws {
        let colour = try Image(encoded: Self.bytes(name))
        let grey = try colour.grayscale()
        let longSide = max(colour.width, colour.height)
        for image in [colour, grey] {
            for target in [640, 900, 333, longSide - 1, longSide * 2 / 3 + 1] {
                let width = max(1, colour.width * target / longSide), height = max(1, colour.height * target / longSide)
                let ours = try image.resized(width: width, height: height, interpolation: .area)
                #expect(try ours.packedPixels() == Self.referenceArea(image, width: width, height: height),
                        "\(name) \(image.channels) channel(s) to \(width)x\(height)")
            }
        }
    }

    /// Noise (every byte value, no smooth areas to hide rounding) at sizes that give uneven cells.
    @Test func areaReductionOfNoiseMatchesOpenCV() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
        for trial in 0..<24 {
            let channels = trial % 2 == 0 ? 3 : 1
            let width = 17 + Int(next() % 500), height = 9 + Int(next() % 400)
            let pixels = (0..<(width * height * channels)).map { _ in UInt8(truncatingIfNeeded: next()) }
            let image = try Image(pixels: pixels, width: width, height: height, bytesPerRow: width * channels,
                                  format: channels == 3 ? .bgr : .gray8)
            let outWidth = 1 + Int(next() % UInt64(width)), outHeight = 1 + Int(next() % UInt64(height))
            let ours = try image.resized(width: outWidth, height: outHeight, interpolation: .area)
            #expect(try ours.packedPixels() == Self.referenceArea(image, width: outWidth, height: outHeight),
                    "\(channels) channel(s) \(width)x\(height) to \(outWidth)x\(outHeight)")
        }
    }
}
