import Foundation
import Testing

/// `docframe capture` on a frame folder where some frames are broken (cut short, empty, not an
/// image at all): those frames are skipped with a typed warning on standard error and the
/// replay goes on, so the card in the other frames is still captured.
@Suite("docframe capture: corrupt frames")
struct CaptureCorruptFrameTests {
    static let steady: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TrainingData/sequences/steady")

    func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test("a truncated, an empty and a non-image frame in the steady hold: skipped with warnings, the front still captured")
    func corruptFramesSkipped() throws {
        let folder = try DocFrameProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.steady.path).filter { $0.hasSuffix(".jpg") }.sorted()
        for name in names {
            try FileManager.default.copyItem(at: Self.steady.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        // Frames 12-14 are in the card's steady hold (the clean replay shows it from frame 10).
        let truncated = folder.appendingPathComponent("00012.jpg")
        try Data(try Data(contentsOf: truncated).prefix(3000)).write(to: truncated)
        try Data().write(to: folder.appendingPathComponent("00013.jpg"))
        try Data("not a picture\n".utf8).write(to: folder.appendingPathComponent("00014.jpg"))

        let outcome = try DocFrameProcess.run(["capture", "--kind", "driversLicense", "--fps", "10", folder.path])
        let out = try lines(outcome.stdout)
        let frames = out.filter { $0["type"] as? String == "frame" }
        #expect(frames.map { $0["frame"] as! Int } == Array(0..<names.count), "a frame line for every frame, broken ones too")
        #expect(out.contains { $0["event"] as? String == "captured" && $0["side"] as? String == "front" },
                "the card in the good frames is captured")
        #expect(out.last?["event"] as? String == "finished", "the replay ran to the end of its frames")

        // Each broken frame: one warning with the classify error code, its frame and path.
        let warnings = try lines(outcome.stderr)
        #expect(warnings.map { $0["type"] as? String } == ["warning", "warning", "warning"])
        #expect(warnings.map { $0["frame"] as? Int } == [12, 13, 14])
        #expect(warnings.map { ($0["error"] as? [String: Any])?["code"] as? String } == ["truncatedImage", "emptyFile", "notAnImage"])
        #expect(warnings.first?["path"] as? String == truncated.path)

        // A skipped frame shows what was on screen before it (a dropped frame changes nothing)
        // and has no events.
        func shown(_ line: [String: Any]) -> [String] {
            ["state", "color", "label"].map { "\(line[$0] ?? "-")" } + ["\((line["instruction"] as? [String: Any])?["key"] ?? "-")"]
        }
        for index in 12...14 {
            #expect(shown(frames[index]) == shown(frames[11]), "frame \(index)")
            #expect(!out.contains { $0["type"] as? String == "event" && $0["frame"] as? Int == index })
        }
        #expect(frames[11]["label"] as? String == "Ontario Driver's License")
    }
}
