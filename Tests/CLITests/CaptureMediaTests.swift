import DocFrame
import Foundation
import Testing

/// `docframe capture --render` and video input: what a person checks by eye, and a video
/// replayed with its own timestamps.
@Suite("docframe capture: render and video")
struct CaptureMediaTests {
    func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    static let steady: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("TrainingData/sequences/steady")
    }()

    @Test("--render OUT.png: a contact sheet of 480-pixel tiles with the guide drawn in each state's colour")
    func contactSheet() throws {
        let folder = try DocFrameProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sheet = folder.appendingPathComponent("run.png").path
        let outcome = try DocFrameProcess.run(["capture", "--kind", "driversLicense", "--fps", "10", "--lang", "fr",
                                               "--render", sheet, Self.steady.path])
        #expect(outcome.status == 0 || outcome.status == 1)
        let frames = try lines(outcome.stdout).filter { $0["type"] as? String == "frame" }
        #expect(frames.count == 35)
        let image = try Image(contentsOfFile: sheet)
        // Tiles 480 wide (426x240 frames: 270 high), 4 gap pixels, up to 4 a row.
        #expect(image.width == 4 + 4 * (480 + 4))
        #expect((image.height - 4) % (270 + 4) == 0)
        let pixels = try image.packedPixels()
        func present(_ hex: String) -> Bool {
            let v = UInt32(hex.dropFirst(), radix: 16)!
            let (r, g, b) = (Int(v >> 16 & 0xFF), Int(v >> 8 & 0xFF), Int(v & 0xFF))
            var count = 0
            for i in stride(from: 0, to: pixels.count, by: 3)
            where abs(Int(pixels[i]) - b) <= 24 && abs(Int(pixels[i + 1]) - g) <= 24 && abs(Int(pixels[i + 2]) - r) <= 24 {
                count += 1
            }
            return count >= 200  // a guide outline, not a stray pixel
        }
        let colours = Set(frames.compactMap { $0["color"] as? String }).subtracting(["#FFFFFF"])
        #expect(!colours.isEmpty, "the steady sequence goes past searching")
        for colour in colours { #expect(present(colour), "\(colour) drawn") }
        #expect(!present("#E5484D"), "no red: nothing was unusable")
    }

    @Test("a video replays with its own timestamps; --render OUT.avi writes one")
    func videoRoundTrip() throws {
        let folder = try DocFrameProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try CaptureCommandTests.greyPNG(width: 320, height: 180)
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        for i in 0..<8 { try png.write(to: frames.appendingPathComponent(String(format: "%05d.png", i))) }
        let video = folder.appendingPathComponent("run.avi").path
        let made = try DocFrameProcess.run(["capture", "--kind", "passport", "--fps", "12", "--render", video, frames.path])
        #expect(made.status == 1)
        #expect(FileManager.default.fileExists(atPath: video))

        let replay = try DocFrameProcess.run(["capture", "--kind", "passport", "--fps", "50", video])
        #expect(replay.status == 1)
        let out = try lines(replay.stdout).filter { $0["type"] as? String == "frame" }
        #expect(out.count == 8)
        let times = out.compactMap { $0["t"] as? Double }
        let expected = (0..<8).map { Double($0) / 12 }
        #expect(times.count == 8 && zip(times, expected).allSatisfy { abs($0 - $1) < 0.002 },
                "the video's 12 fps clock, not --fps 50: \(times)")
    }

    @Test("a file that is no video is an error, not a crash")
    func notAVideo() throws {
        let folder = try DocFrameProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: file)
        let outcome = try DocFrameProcess.run(["capture", "--kind", "passport", file.path])
        #expect(outcome.status != 0)
        #expect(outcome.stdout.isEmpty)
    }
}
