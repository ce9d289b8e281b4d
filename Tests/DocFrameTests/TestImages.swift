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
