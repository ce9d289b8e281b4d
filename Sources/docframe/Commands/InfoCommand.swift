import DocFrame
import Foundation

/// `docframe info`: decodes each input and prints its format and size. The quickest check that
/// DocFrame reads a folder of images, and what the error codes look like.
struct InfoCommand: Command {
    static let name = "info"
    static let abstract = "Decode images and print their format, size and decode time."
    static let usage = "[--max-megapixels N] PATH..."
    static let discussion = """
    Folders are searched recursively for .jpg .jpeg .png .webp .tif .tiff .bmp files.
    Each line: path, format, width x height as shown (EXIF orientation applied), decode time;
    or the error code and message. Exit 1 when any input failed.

    Example: docframe info TrainingData/samples
    """
    static let options: [OptionSpec] = [
        .option("max-megapixels", "N", "Refuse images over N megapixels before decoding (default 60)."),
    ]

    let paths: [String]
    let limits: ImageLimits

    init(_ arguments: ParsedArguments) throws {
        guard !arguments.positionals.isEmpty else { throw UsageError("give at least one image or folder") }
        paths = arguments.positionals
        limits = ImageLimits(maxPixels: try arguments.int("max-megapixels", default: 60, range: 1...1000) * 1_000_000)
    }

    func run() throws -> ExitCode {
        var failed = false
        for path in InputFiles.expand(paths) {
            let start = ContinuousClock.now
            do {
                let bytes = try Image.fileBytes(atPath: path, limits: limits)
                let header = try ImageHeader.read(bytes)
                let image = try Image(encoded: bytes, limits: limits)
                let ms = (ContinuousClock.now - start).milliseconds
                print("\(path)\t\(header.format.rawValue)\t\(image.width)x\(image.height)\t\(String(format: "%.1f ms", ms))")
            } catch let error as DocFrameError {
                failed = true
                print("\(path)\terror\t\(error.code.rawValue)\t\(error.message)")
            }
        }
        return failed ? .someInputFailed : .success
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
