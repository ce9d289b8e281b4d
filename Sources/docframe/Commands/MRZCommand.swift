import DocFrame
import Foundation

/// `docframe mrz`: the classify output lines with `mrz` filled where a machine-readable zone is
/// read, and `document` only for a passport recognised by rule (DESIGN.md).
struct MRZCommand: Command {
    static let name = "mrz"
    static let abstract = "Find, read and validate machine-readable zones (TD1, TD2, TD3)."
    static let usage = "[--format jsonl|json|csv|text] [--jobs N] PATH..."
    static let discussion = """
    Each input's document is located and its zone read in the flattened document; failing a
    valid reading there, the whole image is searched for a zone (a flattened document or a
    photo). Read with DocFrame's OCR-B model and checked: `valid` is true only when every check
    digit holds.
    A photo smeared by the camera's motion, where nothing read valid, is read again with the
    motion undone (seconds per such photo); that reading is valid only when two deconvolutions
    also read its names line alike (no check digit covers names).
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
        // One image per job, each on one thread: OpenCV's own pool would only compete with the jobs.
        ImagingThreads.limit(to: 1)
        let reader = try MRZReader(textReader: TextReader(maxEnginesPerModel: jobs))
        // Without templates the located outline is still flattened by its shape; without the
        // locator's help at all (no recogniser), the whole image is searched.
        let recognizer = try? Recognizer(catalog: TemplateCatalog(templates: []))
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
                    records.set(index, Self.observe(paths[index], recognizer: recognizer, reader: reader))
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

    /// Options for the located path: no classification (`docframe mrz` names only passports,
    /// by rule), the zone read in the flattened outline, the passport scout beyond it.
    /// No page named without its zone (by the zone's band or the page's title): `document` is
    /// only a passport's whose zone says so.
    static let locateAndRead: RecognitionOptions = {
        var options = RecognitionOptions(classify: false, readMRZ: true, readHeaderText: false)
        options.namesPassportsWithoutZone = false
        return options
    }()

    /// `DOCFRAME_DEBUG_MRZ_CUTS=1`: the line cuts each image cost, on standard error.
    static let traceCuts = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_MRZ_CUTS"] == "1"

    static func observe(_ path: String, recognizer: Recognizer?, reader: MRZReader) -> ObservationRecord {
        do {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = Self.traceCuts ? Self.processCPUMilliseconds() : 0
            let image = try Image(contentsOfFile: path)
            let decoded = DispatchTime.now().uptimeNanoseconds
            // One budget of line cuts for every search of the image, the outline's first.
            let budget = MRZCutBudget()
            var observation = try search(image, recognizer: recognizer, reader: reader, budget: budget)
            // Last, the photo with the camera's motion undone, searched the same way: taken
            // when it reads valid, or when nothing was read at all.
            if observation.mrz?.valid != true {
                let deblurring = DispatchTime.now().uptimeNanoseconds
                let sharper = try reader.readDeblurred(image) { photo in
                    let cuts = MRZCutBudget(limit: MRZReader.deblurredCuts)
                    let seen = try search(photo, recognizer: recognizer, reader: reader, budget: cuts)
                    if Self.traceCuts { FileHandle.standardError.write(Data("mrz deblurred line-cuts=\(cuts.spent) valid=\(seen.mrz?.valid ?? false)\n".utf8)) }
                    return seen.mrz.map { ($0, seen.document) }
                }
                if let sharper, sharper.mrz.valid || observation.mrz == nil {
                    observation.mrz = sharper.mrz
                    observation.document = sharper.identity ?? observation.document
                }
                observation.timingMs["mrz", default: 0] += Double(DispatchTime.now().uptimeNanoseconds - deblurring) / 1e6
            }
            observation.timingMs["decode"] = Double(decoded - start) / 1e6
            if Self.traceCuts {
                let cpu = String(format: "%.1f", Self.processCPUMilliseconds() - cpuStart)
                FileHandle.standardError.write(Data("mrz image line-cuts=\(budget.spent) cpu-ms=\(cpu)\n".utf8))
            }
            return ObservationRecord(path: path, result: .success(observation))
        } catch let error as DocFrameError {
            return ObservationRecord(path: path, result: .failure(error))
        } catch {
            return ObservationRecord(path: path, result: .failure(DocFrameError(.internalError, "\(error)")))
        }
    }
}

extension MRZCommand {
    /// `image` searched for a zone: its document located and the zone read in the flattened
    /// outline (the zone flattened with its page reads like the model's training lines, where
    /// the whole photo's may be small, tilted or in perspective), then, failing a valid
    /// reading, the whole photo.
    static func search(_ image: Image, recognizer: Recognizer?, reader: MRZReader, budget: MRZCutBudget) throws -> DocumentObservation {
        var options = locateAndRead
        options.mrzBudget = budget
        var observation = try recognizer?.observe(image, options: options) ?? DocumentObservation()
        // The whole photo is searched (every turn, every cut) even when the outline held no
        // zone: a card's TD1 zone behind a misfound outline is read only here (the passport
        // scout looks for TD3 zones). Skipping it cut the mean time per capture 3.6 -> 1.0 s
        // on the evaluation set's MRZ captures but lost 2 exact reads of 160.
        if observation.mrz?.valid != true, !budget.isSpent {
            let searched = DispatchTime.now().uptimeNanoseconds
            // The two cuts' readings reconciled (`MRZReader.reconciled`).
            if let direct = try reader.readPassport(in: image, budget: budget, deblurring: false) {
                if Self.better(direct.mrz, than: observation.mrz) {
                    observation.mrz = reader.reconciled(direct.mrz, with: observation.mrz)
                    observation.document = direct.identity ?? observation.document
                } else if let located = observation.mrz {
                    observation.mrz = reader.reconciled(located, with: direct.mrz)
                }
            }
            observation.timingMs["mrz", default: 0] += Double(DispatchTime.now().uptimeNanoseconds - searched) / 1e6
        }
        return observation
    }

    /// The process's CPU time (every thread), for `DOCFRAME_DEBUG_MRZ_CUTS`: with `--jobs 1` the
    /// difference over one image is that image's cost, whatever else the machine runs.
    static func processCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// Whether `candidate` is the better of two readings of a zone: valid over not, then more
    /// checks holding.
    static func better(_ candidate: MRZResult, than current: MRZResult?) -> Bool {
        guard let current else { return true }
        if candidate.valid != current.valid { return candidate.valid }
        return candidate.checks.values.filter { $0 }.count > current.checks.values.filter { $0 }.count
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
