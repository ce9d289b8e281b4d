import DocFrame
import Foundation
import Testing

/// Each `docframe capture` option of DESIGN.md parsed from the command line, with its effect seen
/// in the JSON events (the engine behind them is tested in CaptureReplayTests; `--lang`, `--fps`,
/// `--viewport`, `--cancel-at` and `--render` have their own CLI tests).
@Suite("docframe capture options")
struct CaptureOptionTests {
    static let frontBack: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TrainingData/sequences/front-back")

    func events(_ text: String, _ name: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
            .filter { $0["type"] as? String == "event" && $0["event"] as? String == name }
    }

    @Test("--reduce-motion turns the flip into a fade; --rotate-at sends that side whole; --save-captures writes what is sent")
    func reduceMotionRotateSave() throws {
        let plain = try DocFrameProcess.run(["capture", "--kind", "driversLicense", "--fps", "10", Self.frontBack.path])
        #expect(plain.status == 0)
        #expect(try events(plain.stdout, "flip").map { $0["animation"] as? String } == ["turn"])
        let plainCaptures = try events(plain.stdout, "captured")
        #expect(plainCaptures.map { $0["whole"] as? Bool } == [false, false])
        #expect(plainCaptures.allSatisfy { $0["file"] is NSNull }, "nothing written without --save-captures")

        let dir = try DocFrameProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let saves = dir.appendingPathComponent("caps").path
        let options = try DocFrameProcess.run(["capture", "--kind", "driversLicense", "--fps", "10", "--reduce-motion",
                                               "--rotate-at", "0.5", "--save-captures", saves, Self.frontBack.path])
        #expect(options.status == 0)
        #expect(try events(options.stdout, "flip").map { $0["animation"] as? String } == ["fade"])
        let captures = try events(options.stdout, "captured")
        #expect(captures.map { $0["side"] as? String } == ["front", "back"])
        // Turned during the front: the front is sent whole; the back, begun already turned, is cut.
        #expect(captures.map { $0["whole"] as? Bool } == [true, false])
        #expect(captures.map { $0["file"] as? String } == [saves + "/front.jpg", saves + "/back.jpg"])
        for name in ["front.jpg", "front-document.jpg", "back.jpg", "back-document.jpg"] {
            #expect(FileManager.default.fileExists(atPath: saves + "/" + name), "\(name)")
        }
        // The whole 426x240 frame for the front, the guide cut for the back.
        #expect(try Image(contentsOfFile: saves + "/front.jpg").width == 426)
        #expect(try Image(contentsOfFile: saves + "/back.jpg").width < 426)
    }

    @Test("--shutter-at: ignored while the shutter is hidden, a whole manual photo once it shows (15 s into the side)")
    func shutterAt() throws {
        let folder = try DocFrameProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try CaptureCommandTests.greyPNG(width: 320, height: 180)
        for i in 0..<17 { try png.write(to: folder.appendingPathComponent(String(format: "%05d.png", i))) }

        let early = try DocFrameProcess.run(["capture", "--kind", "driversLicense", "--fps", "1", "--shutter-at", "2", folder.path])
        #expect(try events(early.stdout, "captured").isEmpty)
        #expect(try events(early.stdout, "shutterAvailable").map { $0["t"] as? Double } == [15])

        let late = try DocFrameProcess.run(["capture", "--kind", "driversLicense", "--fps", "1", "--shutter-at", "15.5", folder.path])
        let captured = try events(late.stdout, "captured")
        #expect(captured.count == 1)
        #expect(captured.first?["frame"] as? Int == 16, "the first frame at or after 15.5 s")
        #expect(captured.first?["manual"] as? Bool == true && captured.first?["whole"] as? Bool == true)
        #expect(captured.first?["side"] as? String == "front")
    }

    @Test("a bad value for a timed option is a usage error")
    func badValues() throws {
        for option in ["--rotate-at", "--shutter-at", "--cancel-at"] {
            let outcome = try DocFrameProcess.run(["capture", "--kind", "passport", option, "soon", Self.frontBack.path])
            #expect(outcome.status == 2, "\(option)")
        }
    }
}
