import Foundation

/// A Tesseract model: which `<language>.traineddata`, in which folder, run by which engine.
///
/// `system(_:)` finds Tesseract's own data (for header text in `eng`); `mrz()` is DocFrame's
/// OCR-B model for machine-readable zones, shipped in `Models/` and run by the legacy engine
/// it was trained for (scripts/train-mrz).
public struct OCRModel: Hashable, Sendable {
    /// Tesseract's recognisers. Debian's `eng` carries both; `mrz` only the legacy one.
    public enum Engine: String, Hashable, Sendable {
        /// The classic shape classifier (`--oem 0`).
        case legacy
        /// The LSTM line recogniser (`--oem 1`).
        case lstm
        /// Whatever the traineddata offers, LSTM first (`--oem 3`).
        case automatic
    }

    /// The traineddata's name without extension (`eng`, `mrz`).
    public var language: String
    /// The folder holding `<language>.traineddata`.
    public var dataPath: String
    public var engine: Engine

    public init(language: String, dataPath: String, engine: Engine = .automatic) {
        self.language = language
        self.dataPath = dataPath
        self.engine = engine
    }

    /// A model from Tesseract's system data: `$TESSDATA_PREFIX` when set (the folder itself
    /// or its `tessdata/` child), then the usual install locations of Tesseract 5 and 4.
    public static func system(_ language: String = "eng",
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> OCRModel {
        let candidates = systemDataDirectories(environment: environment)
        for folder in candidates {
            let file = (folder as NSString).appendingPathComponent(language + ".traineddata")
            if FileManager.default.fileExists(atPath: file) {
                return OCRModel(language: language, dataPath: folder, engine: .automatic)
            }
        }
        throw DocFrameError(.resourcesNotFound,
                            "Tesseract's \(language).traineddata was not found; install tesseract-ocr-\(language) or set TESSDATA_PREFIX. Looked in: \(candidates.joined(separator: ", "))")
    }

    /// DocFrame's MRZ model (`Models/mrz.traineddata`), for the legacy engine.
    public static func mrz() throws -> OCRModel {
        let file = try ResourceLocator.model(named: "mrz.traineddata")
        return OCRModel(language: "mrz", dataPath: file.deletingLastPathComponent().path, engine: .legacy)
    }

    static func systemDataDirectories(environment: [String: String]) -> [String] {
        var result: [String] = []
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            result.append(prefix)
            result.append((prefix as NSString).appendingPathComponent("tessdata"))
        }
        result += [
            "/usr/share/tesseract-ocr/5/tessdata",
            "/usr/share/tesseract-ocr/4.00/tessdata",
            "/usr/share/tessdata",
            "/usr/local/share/tessdata",
            "/opt/homebrew/share/tessdata",
        ]
        // Other versioned Debian folders (a future tesseract-ocr/6).
        if let versions = try? FileManager.default.contentsOfDirectory(atPath: "/usr/share/tesseract-ocr") {
            for version in versions.sorted(by: >) {
                let folder = "/usr/share/tesseract-ocr/\(version)/tessdata"
                if !result.contains(folder) { result.append(folder) }
            }
        }
        return result
    }
}
