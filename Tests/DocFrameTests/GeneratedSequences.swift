import Foundation
@testable import DocFrame

/// Capture sequences made at test time by TrainingData's sequence mode (`synthesize-captures
/// --sequence`) from the committed flats, so new scripts cost no committed data (the tool is
/// deterministic for a seed).
enum GeneratedSequences {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A committed flat (TrainingData/flat), e.g. "ca-qc-dl-back-1.jpg".
    static func flat(_ name: String) -> String {
        repository.appendingPathComponent("TrainingData/flat/" + name).path
    }

    /// Makes the sequence for `script` (segment:seconds, ...) in a fresh temporary folder and
    /// returns it; the test removes it (`defer`), so runs leave nothing in /tmp. `hold`: where the
    /// thumb holds the document (`bottom`, or `side`: the left edge, leaving a passport's zone
    /// readable).
    static func make(script: String, front: String, back: String? = nil, passport: String? = nil, fps: Int = 10,
                     size: String = "426x240", seed: Int = 1, hold: String = "bottom") throws -> String {
        var arguments = ["--sequence", script, "--front", flat(front), "--fps", String(fps), "--frame-size", size,
                         "--seed", String(seed), "--hold", hold]
        if let back { arguments += ["--back", flat(back)] }
        if let passport { arguments += ["--passport", flat(passport)] }
        let folder = NSTemporaryDirectory() + "docframe-sequence-" + UUID().uuidString
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try toolPath())
        process.arguments = arguments + ["--out", folder]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            throw DocFrameError(.internalError, "synthesize-captures \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return folder
    }

    /// The `synthesize-captures` executable built beside the test bundle (`swift test` builds it).
    static func toolPath() throws -> String {
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            argv0.deletingLastPathComponent().appendingPathComponent("synthesize-captures").path,
            Bundle.main.bundleURL.appendingPathComponent("synthesize-captures").path,
            repository.appendingPathComponent(".build/debug/synthesize-captures").path,
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw DocFrameError(.fileNotFound, "synthesize-captures is not built (looked in \(candidates))")
        }
        return found
    }
}
