import Foundation
import Testing

/// The command line other tools script against: exit codes, file naming, --list.
@Suite struct RenderSpecimenCommandTests {
    /// The render-specimen executable built beside the test bundle.
    static func executable() throws -> URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var candidates: [URL] = []
        if let runner = Bundle.main.executableURL { candidates.append(runner.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(root.appendingPathComponent(".build/debug"))
        for dir in candidates {
            let url = dir.appendingPathComponent("render-specimen")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func listPrintsOneDesignPerLine() throws {
        let r = try Self.run(["--list"])
        #expect(r.status == 0)
        let ids = r.stdout.split(separator: "\n").map(String.init)
        #expect(ids.contains("ca-on-dl") && ids.contains("ca-pr") && ids.filter { $0.hasPrefix("passport-") }.count >= 4)
    }

    @Test func heldOutDesignsAreListedApartAndRenderUnderTheUsualOptions() throws {
        let list = try Self.run(["--list"]).stdout.split(separator: "\n").map(String.init)
        let holdout = try Self.run(["--list-holdout"])
        #expect(holdout.status == 0)
        let held = holdout.stdout.split(separator: "\n").map(String.init)
        #expect(held.count >= 3 && held.contains("ca-ab-dl") && held.contains("ca-ns-id") && held.contains("ca-mb-health"))
        #expect(Set(held).isDisjoint(with: list), "--list must never show a held-out design")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-holdout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(["--design", "ca-mb-health", "--side", "front", "--seed", "8", "--out", dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        let json = dir.appendingPathComponent("ca-mb-health-front-8.json")
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        #expect(sidecar?["templateId"] as? String == "ca-mb-health-front")
        #expect(sidecar?["kind"] as? String == "healthCard")
        #expect(sidecar?["policy"] as? String == "unusable")
        #expect(sidecar?["cornerRadius"] as? Double == 38)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("ca-mb-health-front-8.png").path))
    }

    @Test func aRenderWritesThePNGAndItsSidecarUnderTheContractName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-specimen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(["--design", "ca-bc-dl", "--side", "back", "--seed", "31", "--out", dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        let png = dir.appendingPathComponent("ca-bc-dl-back-31.png"), json = dir.appendingPathComponent("ca-bc-dl-back-31.json")
        #expect(try Data(contentsOf: png).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        #expect(sidecar?["templateId"] as? String == "ca-bc-dl-back")
        #expect(sidecar?["label"] as? String == "British Columbia Driver's License")
    }

    @Test(arguments: [
        ["--design", "passport-uto", "--side", "back", "--seed", "1", "--out", "/tmp"],
        ["--design", "no-such-card", "--side", "front", "--seed", "1", "--out", "/tmp"],
        ["--design", "ca-on-dl", "--side", "top", "--seed", "1", "--out", "/tmp"],
        ["--design", "ca-on-dl", "--side", "front", "--seed", "-3", "--out", "/tmp"],
        ["--design", "ca-on-dl", "--side", "front", "--out", "/tmp"],
        ["--frobnicate"],
        ["--list-holdout", "--seed", "1"],
        ["--holdout"],
    ])
    func usageErrorsExitWith2AndWriteNothing(_ arguments: [String]) throws {
        let r = try Self.run(arguments)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("--help"))
    }

    @Test func helpTeachesTheOutputs() throws {
        let r = try Self.run(["--help"])
        #expect(r.status == 0)
        for word in ["--list", "--list-holdout", "--holdout", "--design", "--seed", "templateId", "regions", "cornerRadius",
                     "policy", "Exit status", "passport"] {
            #expect(r.stdout.contains(word), "help mentions \(word)")
        }
    }
}
