import DocFrame
import Foundation

/// `docframe mrz`: the classify output lines with `mrz` filled where a machine-readable zone is
/// read, and `document` only for a passport recognised by rule (DESIGN.md).
struct MRZCommand: Command {
    static let name = "mrz"
    static let abstract = "Find, read and validate machine-readable zones (TD1, TD2, TD3)."
    static let usage = "[--format jsonl|json|csv|text] [--jobs N] PATH..."
    static let discussion = """
    Each input is searched for an MRZ directly (a flattened document or a photo), read with
    DocFrame's OCR-B model and checked: `valid` is true only when every check digit holds.
    `document` is filled only for a passport recognised by rule (a TD3 MRZ with document code P).
    Inputs are files or folders (recursive, sorted; .jpg .jpeg .png .webp .tif .tiff .bmp).

    Example: docframe mrz --format text scans/
    """
    static let options: [OptionSpec] = [
        .option("format", "FORMAT", "jsonl (default), json, csv or text."),
        .option("jobs", "N", "Images read in parallel (default: the number of cores)."),
    ]

    let format: OutputFormat
    let jobs: Int
    let paths: [String]

    init(_ arguments: ParsedArguments) throws {
        format = try arguments.choice("format", default: OutputFormat.jsonl)
        jobs = try arguments.int("jobs", default: ProcessInfo.processInfo.activeProcessorCount, range: 1...256)
        guard !arguments.positionals.isEmpty else { throw UsageError("give at least one image file or folder") }
        paths = InputFiles.expand(arguments.positionals)
    }

    func run() throws -> ExitCode {
        let reader = try MRZReader(textReader: TextReader(maxEnginesPerModel: jobs))
        let formatter = ObservationFormatter(format: format)
        if let header = formatter.header { print(header) }
        let records = OrderedResults<ObservationRecord>(count: paths.count)
        var printed = 0
        var failed = false
        // Workers fill slots in any order; lines are printed in input order as they complete.
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, paths.count))) { worker in
                var index = worker
                while index < paths.count {
                    records.set(index, Self.observe(paths[index], reader: reader))
                    index += jobs
                }
            }
        }
        while printed < paths.count {
            let record = records.wait(for: printed)
            if record.error != nil { failed = true }
            print(formatter.line(for: record, index: printed))
            printed += 1
        }
        if let footer = formatter.footer { print(footer) }
        return failed ? .someInputFailed : .success
    }

    static func observe(_ path: String, reader: MRZReader) -> ObservationRecord {
        do {
            let start = DispatchTime.now().uptimeNanoseconds
            let image = try Image(contentsOfFile: path)
            let decoded = DispatchTime.now().uptimeNanoseconds
            let passport = try reader.readPassport(in: image)
            let done = DispatchTime.now().uptimeNanoseconds
            let observation = DocumentObservation(
                document: passport?.identity, mrz: passport?.mrz,
                timingMs: ["decode": Double(decoded - start) / 1e6, "mrz": Double(done - decoded) / 1e6])
            return ObservationRecord(path: path, result: .success(observation))
        } catch let error as DocFrameError {
            return ObservationRecord(path: path, result: .failure(error))
        } catch {
            return ObservationRecord(path: path, result: .failure(DocFrameError(.internalError, "\(error)")))
        }
    }
}

/// Slots filled by workers in any order and read in index order, waiting for each.
final class OrderedResults<T>: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [T?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: T) {
        condition.lock()
        slots[index] = value
        condition.broadcast()
        condition.unlock()
    }

    func wait(for index: Int) -> T {
        condition.lock()
        defer { condition.unlock() }
        while slots[index] == nil { condition.wait() }
        let value = slots[index]!
        slots[index] = nil
        return value
    }
}
