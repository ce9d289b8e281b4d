import DocFrame
import Foundation

/// `docframe classify`: find, flatten and classify the document in each image (DESIGN.md).
struct ClassifyCommand: Command {
    static let name = "classify"
    static let abstract = "Find and classify the identity document in each image; print one result per image."
    static let usage = "[--templates DIR]... [--no-builtin] [--format jsonl|json|csv|text] [--jobs N] [--save-crops DIR] PATH..."
    static let discussion = """
    Each image is searched for a card-shaped document, which is flattened and matched against the
    templates (the built-in ones plus every --templates folder; a later id replaces an earlier one).
    A document no template matches confidently gives "document": null, never the nearest wrong label.
    Folders are searched recursively for .jpg .jpeg .png .webp .tif .tiff .bmp files. Results come in
    input order whatever --jobs. Exit 0 when every input was read, 1 when some failed, 2 on usage errors.

    Example: docframe classify --format text samples/
    """
    static let options: [OptionSpec] = [
        .option("templates", "DIR", "Also load the templates in DIR (a template folder or a folder of them).", repeatable: true),
        .flag("no-builtin", "Leave the built-in templates out."),
        .option("format", "FORMAT", "jsonl (default), json, csv or text."),
        .option("jobs", "N", "Images processed at once (default: every core)."),
        .option("save-crops", "DIR", "Write each found document, flattened, as DIR/<input stem>.jpg."),
    ]

    let paths: [String]
    let templateDirectories: [URL]
    let includeBuiltin: Bool
    let format: OutputFormat
    let jobs: Int
    let cropsDirectory: URL?

    init(_ arguments: ParsedArguments) throws {
        guard !arguments.positionals.isEmpty else { throw UsageError("give at least one image or folder") }
        paths = arguments.positionals
        templateDirectories = arguments.all("templates").map { URL(fileURLWithPath: $0) }
        includeBuiltin = !arguments.flag("no-builtin")
        format = try arguments.choice("format", default: OutputFormat.jsonl)
        jobs = try arguments.int("jobs", default: ProcessInfo.processInfo.activeProcessorCount, range: 1...256)
        cropsDirectory = arguments.value("save-crops").map { URL(fileURLWithPath: $0) }
    }

    func run() throws -> ExitCode {
        // One image per job, each on one thread: OpenCV's own pool would only compete with the jobs.
        ImagingThreads.limit(to: 1)
        let recognizer = try Recognizer(templateDirectories: templateDirectories, includeBuiltin: includeBuiltin)
        if let cropsDirectory {
            do {
                try FileManager.default.createDirectory(at: cropsDirectory, withIntermediateDirectories: true)
            } catch {
                throw DocFrameError(.ioError, "cannot create \(cropsDirectory.path)")
            }
        }
        let inputs = InputFiles.expand(paths)
        let cropNames = cropsDirectory.map { dir in CropNames.assign(inputs).map { dir.appendingPathComponent($0).path } }
        let formatter = ObservationFormatter(format: format)
        if let header = formatter.header { print(header) }
        var failed = false
        var printed = 0
        OrderedMap.run(count: inputs.count, jobs: jobs) { i in
            ClassifyCommand.process(inputs[i], recognizer: recognizer, cropPath: cropNames?[i])
        } emit: { _, record in
            if record.error != nil { failed = true }
            print(formatter.line(for: record, index: printed))
            printed += 1
        }
        if let footer = formatter.footer { print(footer) }
        return failed ? .someInputFailed : .success
    }

    static func process(_ path: String, recognizer: Recognizer, cropPath: String?) -> ObservationRecord {
        let start = ContinuousClock.now
        do {
            let image = try Image(contentsOfFile: path)
            let decode = (ContinuousClock.now - start).milliseconds
            var observation = try recognizer.observe(image)
            observation.timingMs["decode"] = decode
            if let cropPath, let crop = try recognizer.flatten(image, observation: observation) {
                try crop.write(to: cropPath, as: .jpeg(quality: 90))
            }
            return ObservationRecord(path: path, result: .success(observation))
        } catch let error as DocFrameError {
            return ObservationRecord(path: path, result: .failure(error))
        } catch {
            return ObservationRecord(path: path, result: .failure(DocFrameError(.internalError, "\(error)")))
        }
    }
}

/// `--save-crops` names: the input's stem, then `-2`, `-3`, ... for a repeated stem, in input order.
enum CropNames {
    static func assign(_ paths: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return paths.map { path in
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let n = (seen[stem] ?? 0) + 1
            seen[stem] = n
            return n == 1 ? "\(stem).jpg" : "\(stem)-\(n).jpg"
        }
    }
}
