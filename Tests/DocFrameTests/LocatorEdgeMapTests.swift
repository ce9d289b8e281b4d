import CDocVision
import Foundation
import Testing
@testable import DocFrame

/// The locator's edge map is computed by its own Canny (all colour channels in one pass) rather
/// than by cv::Canny once per channel, for speed only: every outline the locator finds depends
/// on it, so the two must agree pixel for pixel.
@Suite("Locator edge map")
struct LocatorEdgeMapTests {
    private func edgeMap(_ image: Image, low: Float, reference: Bool) throws -> [UInt8] {
        try Image(native: DocVision.makeImage { dv_locator_edge_map(image.native.handle, low, reference ? 1 : 0, $0, $1) }).packedPixels()
    }

    private func expectSame(_ image: Image, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // The locator's two thresholds (kEdgeThreshold, kSoftEdgeThreshold) and two far from them.
        for low: Float in [18, 10, 3, 45] {
            let fast = try edgeMap(image, low: low, reference: false)
            let reference = try edgeMap(image, low: low, reference: true)
            let differing = zip(fast, reference).filter { $0 != $1 }.count
            #expect(fast.count == reference.count && differing == 0,
                    "\(name) (\(image.width)x\(image.height)x\(image.channels)), low \(low): \(differing) pixels differ",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("equals cv::Canny per channel on photos at the locator's working sizes, in colour and grey")
    func photos() throws {
        let paths = RecognitionFixtures.captures().map(\.path).sorted().prefix(12)
        #expect(paths.count >= 8)
        var edges = 0
        for path in paths {
            let photo = try Image(contentsOfFile: path)
            let scale = 640.0 / Double(max(photo.width, photo.height))
            let small = try photo.resized(width: Int((Double(photo.width) * scale).rounded()), height: Int((Double(photo.height) * scale).rounded()))
            try expectSame(small, path)
            try expectSame(try small.resized(width: small.width / 2, height: small.height / 2), path)
            try expectSame(try small.grayscale(), path)
            edges += try edgeMap(small, low: 18, reference: false).filter { $0 != 0 }.count
        }
        // Not vacuous: the photos have edges (a card's outline alone is over a thousand pixels).
        #expect(edges > 1000 * paths.count)
    }

    @Test("equals cv::Canny per channel on noise, odd sizes and images a pixel or two wide")
    func oddSizes() throws {
        var seed: UInt64 = 0x5EED  // a fixed LCG: the same noise every run
        func next() -> UInt8 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: seed >> 33)
        }
        for (width, height) in [(1, 1), (1, 7), (9, 1), (2, 2), (3, 5), (17, 13), (64, 3), (101, 77)] {
            for format in [PixelFormat.bgr, .gray8] {
                let pixels = (0..<(width * height * format.bytesPerPixel)).map { _ in next() }
                let image = try Image(pixels: pixels, width: width, height: height, bytesPerRow: width * format.bytesPerPixel, format: format)
                try expectSame(image, "noise")
            }
        }
    }
}
