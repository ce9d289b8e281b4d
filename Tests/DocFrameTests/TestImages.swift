import Foundation
@testable import DocFrame

/// Images made inside the tests, so every bad-input case is reproducible and small.
enum TestImages {
    /// A PNG signature and IHDR claiming `width` x `height`, with a valid CRC, and nothing else.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        var ihdr: [UInt8] = Array("IHDR".utf8)
        ihdr += be32(width) + be32(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + ihdr + be32(crc32(ihdr))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}

extension TestImages {
    /// A `width` x `height` BGR image: left half blue-ish (B=200), right half red-ish (R=200),
    /// with a vertical gradient in green so rows are distinguishable.
    static func halves(width: Int = 64, height: Int = 32) throws -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                pixels[i] = x < width / 2 ? 200 : 20
                pixels[i + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[i + 2] = x < width / 2 ? 20 : 200
            }
        }
        return try Image(pixels: pixels, width: width, height: height, bytesPerRow: width * 3, format: .bgr)
    }

    /// Inserts an EXIF APP1 segment carrying `orientation` right after a JPEG's SOI marker.
    static func withExifOrientation(_ jpeg: [UInt8], orientation: UInt16) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]  // little-endian, IFD at 8
        tiff += [0x01, 0x00]                                                   // one entry
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]               // 0x0112 SHORT x1
        tiff += [UInt8(orientation & 0xFF), UInt8(orientation >> 8), 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]                                       // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])
    }

    /// A fresh temporary folder for one test's files; the test removes it (`defer`), so runs leave nothing in /tmp.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docframe-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Mean absolute difference per byte between two same-sized images.
    static func meanDifference(_ a: Image, _ b: Image) throws -> Double {
        let pa = try a.packedPixels(), pb = try b.packedPixels()
        precondition(pa.count == pb.count)
        return Double(zip(pa, pb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(1, pa.count))
    }

    /// The BGR (or grey) value at (x, y).
    static func pixel(_ image: Image, x: Int, y: Int) throws -> [UInt8] {
        let p = try image.packedPixels()
        let i = (y * image.width + x) * image.channels
        return Array(p[i..<(i + image.channels)])
    }
}
