import Foundation
import Testing
import DocFrame

/// `docframe capture` as a user runs it: a frame folder in, JSON lines out (DESIGN.md).
@Suite("docframe capture")
struct CaptureCommandTests {
    /// `count` plain grey 320x180 PNG frames (no document in view), named so that name order is
    /// frame order.
    func frames(_ count: Int) throws -> URL {
        let folder = try DocFrameProcess.temporaryFolder()
        let png = try Self.greyPNG(width: 320, height: 180)
        for i in 0..<count {
            try png.write(to: folder.appendingPathComponent(String(format: "%05d.png", i)))
        }
        return folder
    }

    func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test("a frame folder with nothing in view: a frame line per frame, then endOfInput and exit 1")
    func nothingInView() throws {
        let folder = try frames(12)
        defer { try? FileManager.default.removeItem(at: folder) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try DocFrameProcess.run(["capture", "--kind", "passport", "--fps", "10", "--lang", "es", folder.path])
        #expect(outcome.status == 1)
        let out = try lines(outcome.stdout)
        let frameLines = out.filter { $0["type"] as? String == "frame" }
        #expect(frameLines.count == 12)
        #expect(frameLines.last?["t"] as? Double == 1.1)
        let first = try #require(frameLines.first)
        #expect(first["state"] as? String == "searching" && first["color"] as? String == "#FFFFFF")
        #expect((first["instruction"] as? [String: Any])?["text"] as? String == "Llena el marco con la página de la foto de tu pasaporte")
        #expect((first["guide"] as? [Double])?.count == 4)
        #expect(out.last?["event"] as? String == "finished" && out.last?["failureKind"] as? String == "endOfInput")
    }

    @Test("--viewport lays the guide out for that screen (a portrait phone over a landscape frame), in frame pixels")
    func viewport() throws {
        let folder = try frames(2)
        defer { try? FileManager.default.removeItem(at: folder) }
        func guide(_ extra: [String]) throws -> [Double] {
            let outcome = try DocFrameProcess.run(["capture", "--kind", "driversLicense"] + extra + [folder.path])
            let first = try #require(try lines(outcome.stdout).first { $0["type"] as? String == "frame" })
            return try #require(first["guide"] as? [Double])
        }
        let expected = GuideLayout.default.guide(frameWidth: 320, frameHeight: 180, viewport: ViewportSize(width: 390, height: 844),
                                                 format: .id1)
        let phone = try guide(["--viewport", "390x844"])
        #expect(zip(phone, [expected.x, expected.y, expected.width, expected.height]).allSatisfy { abs($0 - $1) <= 0.051 }, "\(phone)")
        #expect(phone != (try guide([])), "the frame's own layout differs")
    }

    @Test("--cancel-at ends with a cancelled failure")
    func cancel() throws {
        let folder = try frames(10)
        defer { try? FileManager.default.removeItem(at: folder) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try DocFrameProcess.run(["capture", "--kind", "driversLicense", "--cancel-at", "0.1", folder.path])
        #expect(outcome.status == 1)
        let out = try lines(outcome.stdout)
        #expect(out.last?["failureKind"] as? String == "cancelled")
        #expect(out.last?["frame"] as? Int == 3, "the first frame at or after 0.1 s at 30 fps")
    }

    @Test("usage errors exit 2")
    func usage() throws {
        let folder = try frames(1)
        defer { try? FileManager.default.removeItem(at: folder) }
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["capture", folder.path], ["capture", "--kind", "healthCard", folder.path],
                          ["capture", "--kind", "passport", "--viewport", "wide", folder.path],
                          ["capture", "--kind", "passport"]] {
            #expect(try DocFrameProcess.run(arguments).status == 2, "\(arguments)")
        }
    }

    /// A valid grey PNG, written by hand (no image library in this test target).
    static func greyPNG(width: Int, height: Int) throws -> Data {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                crc ^= UInt32(b)
                for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
            }
            return ~crc
        }
        func adler32(_ bytes: [UInt8]) -> UInt32 {
            var a: UInt32 = 1, b: UInt32 = 0
            for x in bytes { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
            return b << 16 | a
        }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(UInt32(body.count)) + typed + be32(crc32(typed))
        }
        // Raw scanlines (filter 0, grey 8-bit), stored in uncompressed deflate blocks.
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: 128, count: width) }
        var deflate: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < raw.count {
            let n = min(65535, raw.count - offset)
            let last: UInt8 = offset + n == raw.count ? 1 : 0
            deflate += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            deflate += raw[offset..<offset + n]
            offset += n
        }
        deflate += be32(adler32(raw))
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 0, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", deflate) + chunk("IEND", []))
    }
}
