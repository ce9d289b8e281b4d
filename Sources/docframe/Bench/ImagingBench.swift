import DocFrame
import Foundation

/// Rows for the imaging layer (issue 2): decoding a phone photo, converting a camera frame,
/// flattening a document.
enum ImagingBench {
    static func rows() throws -> [BenchRow] {
        // A 4000x3000 (12 MP) photo-like JPEG made here, so the row needs no data files.
        let photo = try syntheticPhoto(width: 4000, height: 3000)
        let jpeg = [UInt8](try photo.encoded(as: .jpeg(quality: 90)))

        let (w, h) = (1920, 1080)
        var nv12 = [UInt8](repeating: 128, count: w * h * 3 / 2)
        for i in 0..<(w * h) { nv12[i] = UInt8(truncatingIfNeeded: (i % w) ^ (i / w)) }

        let frame = try photo.resized(width: 1280, height: 720)
        let quad = Quad(topLeft: Point(x: 300, y: 160), topRight: Point(x: 980, y: 190),
                        bottomRight: Point(x: 960, y: 600), bottomLeft: Point(x: 280, y: 560))
        return [
            BenchRow(name: "decode 12 MP JPEG (4000x3000)") { _ = try Image(encoded: jpeg) },
            BenchRow(name: "decode 12 MP JPEG at 1/2 (long side >= 1280)") { _ = try Image.decode(jpeg, minimumLongSide: 1280) },
            BenchRow(name: "NV12 -> BGR, 1920x1080") {
                _ = try Image(pixels: nv12, width: w, height: h, bytesPerRow: w, format: .nv12)
            },
            BenchRow(name: "NV12 -> gray, 1920x1080") {
                _ = try Image(pixels: nv12, width: w, height: h, bytesPerRow: w, format: .nv12).grayscale()
            },
            BenchRow(name: "warp quad -> 1012x638 (1280x720 frame)") { _ = try frame.warped(quad, width: 1012, height: 638) },
        ]
    }

    /// Smooth gradients plus fine texture, so the JPEG has a realistic size (about 2-4 MB).
    static func syntheticPhoto(width: Int, height: Int) throws -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Int(seed >> 28)
                let i = (y * width + x) * 3
                pixels[i] = UInt8(truncatingIfNeeded: (x * 255 / width + noise))
                pixels[i + 1] = UInt8(truncatingIfNeeded: (y * 255 / height + noise))
                pixels[i + 2] = UInt8(truncatingIfNeeded: ((x + y) / 16 % 2 == 0 ? 200 : 60) + noise)
            }
        }
        return try Image(pixels: pixels, width: width, height: height, bytesPerRow: width * 3, format: .bgr)
    }
}
