import DocFrame
import Foundation

/// Rows for the MRZ reader (issue 5): find, read and validate the MRZ of a flattened passport
/// page (TD3) and of a permanent resident card's back (TD1), one core (one Tesseract engine).
///
/// The pages are the team's rendered flats: `TrainingData/flat` (scripts/make-trainingdata), or
/// the folder in `$DOCFRAME_MRZ_BENCH` (for example scripts/render-specimen output). Without
/// either, the rows are left out with a note on stderr.
enum MRZBench {
    static func rows() throws -> [BenchRow] {
        let folder: URL
        if let dir = ProcessInfo.processInfo.environment["DOCFRAME_MRZ_BENCH"], !dir.isEmpty {
            folder = URL(fileURLWithPath: dir)
        } else {
            folder = try ResourceLocator.root().appendingPathComponent("TrainingData/flat")
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        func first(_ prefix: String) -> String? {
            files.first { $0.hasPrefix(prefix) && ($0.hasSuffix(".jpg") || $0.hasSuffix(".png")) }
                .map { folder.appendingPathComponent($0).path }
        }
        guard let passportPath = first("passport-"), let cardPath = first("ca-pr-back-") else {
            FileHandle.standardError.write(Data("bench: MRZ rows left out: no passport-*/ca-pr-back-* flats in \(folder.path) (set DOCFRAME_MRZ_BENCH)\n".utf8))
            return []
        }
        let reader = try MRZReader(textReader: TextReader(maxEnginesPerModel: 1))
        let passport = try Image(contentsOfFile: passportPath)
        let card = try Image(contentsOfFile: cardPath)
        // Load the engine outside the timed runs.
        _ = try reader.read(in: passport)
        return [
            BenchRow(name: "MRZ read, flattened TD3 passport (\(passport.width)x\(passport.height))") {
                guard try reader.read(in: passport)?.valid == true else { throw DocFrameError(.ocrFailed, "passport MRZ not read") }
            },
            BenchRow(name: "MRZ read, flattened TD1 card back (\(card.width)x\(card.height))") {
                guard try reader.read(in: card)?.valid == true else { throw DocFrameError(.ocrFailed, "card MRZ not read") }
            },
        ]
    }
}
