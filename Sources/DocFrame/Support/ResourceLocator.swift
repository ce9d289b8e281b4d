import Foundation

/// Finds DocFrame's resource folder (the one holding `Templates/` and `Models/`) wherever
/// the `docframe` binary runs, without SwiftPM's `Bundle.module`, which calls fatalError when
/// its folder is missing (for example after copying the binary elsewhere).
///
/// Looked at, in order:
/// 1. `$DOCFRAME_HOME`, when set (an error if it does not hold `Templates/`);
/// 2. `<prefix>/share/docframe` beside an installed binary (`<prefix>/bin/docframe`);
/// 3. the source checkout the binary was built from: the executable's folder and its parents
///    (`.build/release/docframe` inside a checkout), then this source file's checkout.
public enum ResourceLocator {
    /// The resource root, or `resourcesNotFound` naming every place looked at.
    public static func root(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        if let home = environment["DOCFRAME_HOME"], !home.isEmpty {
            let url = URL(fileURLWithPath: home)
            guard holdsResources(url) else {
                throw DocFrameError(.resourcesNotFound, "DOCFRAME_HOME=\(home) has no Templates/ folder")
            }
            return url
        }
        var tried: [String] = []
        for candidate in candidates() {
            if holdsResources(candidate) { return candidate }
            tried.append(candidate.path)
        }
        throw DocFrameError(.resourcesNotFound,
                            "DocFrame's Templates/ folder was not found; set DOCFRAME_HOME or pass --templates. Looked in: \(tried.joined(separator: ", "))")
    }

    /// The built-in templates folder.
    public static func templatesDirectory() throws -> URL {
        try root().appendingPathComponent("Templates")
    }

    /// A trained model file under `Models/` (for example `mrz.traineddata`).
    public static func model(named name: String) throws -> URL {
        let url = try root().appendingPathComponent("Models").appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw DocFrameError(.resourcesNotFound, "model \(name) is missing from \(url.deletingLastPathComponent().path)")
        }
        return url
    }

    static func holdsResources(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("Templates").path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    static func candidates() -> [URL] {
        var result: [URL] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let binFolder = executable.deletingLastPathComponent()
        result.append(binFolder.deletingLastPathComponent().appendingPathComponent("share/docframe"))
        var folder = binFolder
        for _ in 0..<6 {
            result.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        // Sources/DocFrame/Support/ResourceLocator.swift -> the checkout's root.
        let source = URL(fileURLWithPath: #filePath)
        result.append(source.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent())
        return result
    }
}
