import Foundation
import Testing
@testable import DocFrame

@Suite("Capture JSON stream")
struct CaptureJSONTests {
    /// Keys of a JSON object line, in order (top level only).
    func keys(_ value: JSONValue) -> [String] {
        if case .object(let members) = value { return members.map(\.0) }
        return []
    }

    func parsed(_ line: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary)
    }

    @Test("a frame line has DESIGN.md's keys, order and values")
    func frameLine() throws {
        let state = FrameState(state: .adjusting, color: "#1E6FFF",
                               instruction: Messages(language: .en).instruction(.checking, asked: .driversLicense),
                               label: "Ontario Driver's License", tick: false, progress: 0, shutter: false,
                               guide: GuideRect(x: 140, y: 96, width: 1000, height: 528))
        let line = CaptureJSON.frameLine(state, frame: 12, time: 0.4)
        let design = """
        {"type": "frame", "frame": 12, "t": 0.4, "state": "adjusting", "color": "#1E6FFF", "instruction": {"key": "checking", "text": "Checking your license… hold it steady for a moment"}, "label": "Ontario Driver's License", "tick": false, "progress": 0.0, "shutter": false, "guide": [140, 96, 1000, 528]}
        """
        #expect(try parsed(line.rendered()) == parsed(design))
        #expect(keys(line) == ["type", "frame", "t", "state", "color", "instruction", "label", "tick", "progress", "shutter", "guide"])
        var unlabelled = state
        unlabelled.label = nil
        #expect(CaptureJSON.frameLine(unlabelled, frame: 0, time: 0).rendered().contains("\"label\": null"))
    }

    @Test("event lines have DESIGN.md's keys")
    func eventLines() throws {
        let instruction = Messages(language: .en).instruction(.checking, asked: .driversLicense)
        let changed = CaptureJSON.eventLine(.instructionChanged(instruction), frame: 12, time: 0.4).rendered()
        let design = """
        {"type": "event", "frame": 12, "t": 0.4, "event": "instructionChanged", "key": "checking", "text": "Checking your license… hold it steady for a moment", "announcement": "Checking your license… hold it steady for a moment"}
        """
        #expect(try parsed(changed) == parsed(design))
        #expect(try parsed(CaptureJSON.eventLine(.finished(.success([])), frame: 231, time: 7.7).rendered())
            == parsed(#"{"type": "event", "frame": 231, "t": 7.7, "event": "finished", "result": "success"}"#))
        #expect(try parsed(CaptureJSON.eventLine(.finished(.failure(kind: .cancelled)), frame: 3, time: 0.1).rendered())
            == parsed(#"{"type": "event", "frame": 3, "t": 0.1, "event": "finished", "result": "failure", "failureKind": "cancelled"}"#))
        #expect(CaptureJSON.eventLine(.haptic(.warning), frame: 1, time: 0).rendered().hasSuffix(#""event": "haptic", "kind": "warning"}"#))
        #expect(CaptureJSON.eventLine(.flip(.fade), frame: 1, time: 0).rendered().hasSuffix(#""event": "flip", "animation": "fade"}"#))
        #expect(CaptureJSON.eventLine(.stateChanged(.ready), frame: 1, time: 0).rendered().hasSuffix(#""event": "stateChanged", "state": "ready"}"#))
        #expect(CaptureJSON.eventLine(.shutterAvailable, frame: 1, time: 0).rendered().hasSuffix(#""event": "shutterAvailable"}"#))
    }

    @Test("a captured event from a real session, with its file")
    func capturedLine() throws {
        let h = try CaptureHarness()
        try h.run(3, showing: .of(Docs.licenseFront))
        let step = try #require(h.steps.first { !$0.captures.isEmpty })
        let event = try #require(step.events.first { if case .captured = $0 { true } else { false } })
        let line = CaptureJSON.eventLine(event, frame: step.frame, time: step.t, file: "caps/front.jpg").rendered()
        let object = try parsed(line)
        #expect(object["event"] as? String == "captured")
        #expect(object["side"] as? String == "front")
        #expect(object["manual"] as? Bool == false && object["whole"] as? Bool == false)
        #expect(object["file"] as? String == "caps/front.jpg")
        #expect(line.hasPrefix(#"{"type": "event", "frame": \#(step.frame), "t": "#))
    }
}
