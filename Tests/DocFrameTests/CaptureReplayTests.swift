import Foundation
import Testing
@testable import DocFrame

@Suite("Capture replay (docframe capture's engine)")
struct CaptureReplayTests {
    /// Replays `seconds` of frames at 30 fps, each showing `shot(t)`.
    func replay(kind: DocumentKind = .driversLicense, seconds: Double, script: CaptureReplay.Script = .init(),
                save: String? = nil, _ shot: @escaping (Double) -> Shot?) throws -> (lines: [NSDictionary], result: CaptureResult) {
        let analyzer = ScriptedAnalyzer()
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: kind), analyzer: analyzer)
        let guide = GuideLayout.default.guide(frameWidth: 640, frameHeight: 360, viewport: nil, format: session.configuration.format)
        var index = 0
        let count = Int(seconds * 30)
        var lines: [NSDictionary] = []
        let result = try CaptureReplay(session: session, script: script, saveDirectory: save).run(nextFrame: {
            guard index < count else { return nil }
            let t = Double(index) / 30
            index += 1
            analyzer.set(shot(t)?.observation(in: guide, frameWidth: 640, frameHeight: 360) ?? DocumentObservation())
            return (CaptureHarness.blank, t)
        }, emit: { line in
            lines.append(try! JSONSerialization.jsonObject(with: Data(line.rendered().utf8)) as! NSDictionary)
        })
        return (lines, result)
    }

    func events(_ lines: [NSDictionary], _ name: String) -> [NSDictionary] {
        lines.filter { $0["type"] as? String == "event" && $0["event"] as? String == name }
    }

    @Test("front then back: a frame line per frame, its events after it, captures saved, success")
    func frontAndBack() throws {
        let dir = NSTemporaryDirectory() + "docframe-capture-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (lines, result) = try replay(seconds: 12, save: dir) { t in
            t < 0.5 ? nil : t < 4 ? .of(Docs.licenseFront) : t < 5 ? nil : .of(Docs.licenseBack)
        }
        #expect(result.isSuccess)
        let frames = lines.filter { $0["type"] as? String == "frame" }
        #expect(frames.map { $0["frame"] as! Int } == Array(0..<frames.count), "one line per frame, in order")
        var lastFrame = -1
        for line in lines {
            let frame = line["frame"] as! Int
            if line["type"] as? String == "frame" { #expect(frame == lastFrame + 1); lastFrame = frame } else { #expect(frame == lastFrame) }
        }
        let captured = events(lines, "captured")
        #expect(captured.map { $0["side"] as! String } == ["front", "back"])
        #expect(captured.map { $0["file"] as! String } == [dir + "/front.jpg", dir + "/back.jpg"])
        let front = try Image(contentsOfFile: dir + "/front.jpg")
        #expect(front.width < 640, "the guide cut is sent")
        let flat = try Image(contentsOfFile: dir + "/front-document.jpg")
        #expect(flat.width == 1012 && flat.height == 638)
        #expect(events(lines, "flip").first?["animation"] as? String == "turn")
        let last = try #require(lines.last)
        #expect(last["event"] as? String == "finished" && last["result"] as? String == "success")
        #expect(last["failureKind"] == nil)
    }

    @Test("--cancel-at ends the replay with a cancelled failure on that frame")
    func cancelAt() throws {
        let (lines, result) = try replay(seconds: 5, script: .init(cancelAt: 1.0)) { _ in .of(Docs.licenseFront, scale: 0.5) }
        #expect(result.failureKind == .cancelled)
        let last = try #require(lines.last)
        #expect(last["event"] as? String == "finished" && last["failureKind"] as? String == "cancelled")
        #expect(last["frame"] as? Int == 30)
    }

    @Test("--shutter-at: ignored while hidden, a whole manual photo once shown")
    func shutterAt() throws {
        let early = try replay(seconds: 3, script: .init(shutterAt: 1.0)) { _ in nil }
        #expect(events(early.lines, "captured").isEmpty)
        let (lines, _) = try replay(seconds: 16, script: .init(shutterAt: 15.5)) { _ in nil }
        #expect(events(lines, "shutterAvailable").first?["t"] as? Double == 15.0)
        let captured = try #require(events(lines, "captured").first)
        #expect(captured["manual"] as? Bool == true && captured["whole"] as? Bool == true)
        #expect(captured["file"] is NSNull, "nothing saved without --save-captures")
    }

    @Test("--rotate-at mid-side: the photo is sent whole")
    func rotateAt() throws {
        let (lines, _) = try replay(kind: .passport, seconds: 4, script: .init(rotateAt: 0.5)) { _ in .of(Docs.passport) }
        let captured = try #require(events(lines, "captured").first)
        #expect(captured["whole"] as? Bool == true && captured["manual"] as? Bool == false)
    }

    @Test("frames that run out first end with endOfInput")
    func endOfInput() throws {
        let (lines, result) = try replay(seconds: 2, { _ in .of(Docs.licenseFront, scale: 0.5) })
        #expect(result.failureKind == .endOfInput)
        #expect(lines.last?["failureKind"] as? String == "endOfInput")
    }
}
