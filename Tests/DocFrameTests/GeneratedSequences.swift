import Foundation
@testable import DocFrame

/// Capture sequences made at test time by TrainingData's sequence mode (`synthesize-captures
/// --sequence`) from the committed flats, so new scripts cost no committed data. Each is made
/// once per test process, into a temporary folder; the tool is deterministic for a seed.
enum GeneratedSequences {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A committed flat (TrainingData/flat), e.g. "ca-qc-dl-back-1.jpg".
    static func flat(_ name: String) -> String {
        repository.appendingPathComponent("TrainingData/flat/" + name).path
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [String: String] = [:]

    /// The folder of the sequence for `script` (segment:seconds, ...), made on first use.
    static func folder(script: String, front: String, back: String? = nil, passport: String? = nil, fps: Int = 10,
                       size: String = "426x240", seed: Int = 1) throws -> String {
        var arguments = ["--sequence", script, "--front", flat(front), "--fps", String(fps), "--frame-size", size,
                         "--seed", String(seed)]
        if let back { arguments += ["--back", flat(back)] }
        if let passport { arguments += ["--passport", flat(passport)] }
        let key = arguments.joined(separator: " ")
        lock.lock()
        defer { lock.unlock() }
        if let folder = made[key] { return folder }
        let folder = NSTemporaryDirectory() + "docframe-sequence-" + UUID().uuidString
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try toolPath())
        process.arguments = arguments + ["--out", folder]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DocFrameError(.internalError, "synthesize-captures \(key) exited with \(process.terminationStatus)")
        }
        made[key] = folder
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
