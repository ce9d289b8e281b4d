import DocFrame
import Foundation

/// `docframe bench`: medians of DocFrame's hot paths on this machine, as a table.
///
/// Speed targets live here, never in unit tests: shared machines are noisy, so each row is the
/// median of many runs, and rows meant to be compared are measured in the same run.
struct BenchCommand: Command {
    static let name = "bench"
    static let abstract = "Time DocFrame's hot paths and print a table of medians (wall and CPU time)."
    static let usage = "[--runs N] [--filter TEXT] [--designs DIR [--write-distractors OUT] | --distractors DIR] [--sequences DIR]"
    static let discussion = """
    Build in release mode first for meaningful numbers: swift build -c release.
    scripts/bench does that and adds the start-up comparison of the OpenCV linking.
    Each row shows wall time and CPU time (the thread's own, or the process's for rows that
    run several threads): on a shared machine compare CPU times; pin to one core with
    taskset -c 0 for the one-core targets.

    The recognition rows walk the 20 test photos (Tests/Fixtures/Recognition) in the same order,
    each row from the first (its warm-up), so rows meant to be compared (12 templates against
    120) time the same photos; the default 20 runs time every photo.

    --write-distractors times nothing: it trains the 10x distinct-designs row's extra templates
    into OUT (one template folder each, for classify --templates), so that accuracy on a large
    catalog can be measured (scripts/evaluate-catalog). --distractors loads such a folder for the
    10x distinct-designs row instead of training it from --designs (profiling the row under
    valgrind would otherwise spend most of its time training).

    Example: docframe bench --runs 30
    """
    static let options: [OptionSpec] = [
        .option("runs", "N", "Repetitions per row after one warm-up (default 20)."),
        .option("filter", "TEXT", "Only rows whose name contains TEXT."),
        .option("designs", "DIR", "Flat renders of designs that are not built in (render-specimen output), for the 10x distinct-designs row; scripts/bench makes them."),
        .option("write-distractors", "OUT", "Train the distinct-designs row's extra templates from --designs into OUT and exit."),
        .option("distractors", "DIR", "The distinct-designs row's extra templates as --write-distractors wrote them (instead of --designs)."),
        .option("sequences", "DIR", "A folder of capture sequences (synthesize-captures --sequence output, one folder each) for the capture live rows; scripts/bench makes them."),
    ]

    let runs: Int
    let filter: String?
    let designs: URL?
    let distractorsOut: URL?
    let distractors: URL?
    let sequences: URL?

    init(_ arguments: ParsedArguments) throws {
        runs = try arguments.int("runs", default: 20, range: 1...10_000)
        filter = arguments.value("filter")
        designs = arguments.value("designs").map { URL(fileURLWithPath: $0) }
        distractorsOut = arguments.value("write-distractors").map { URL(fileURLWithPath: $0) }
        if distractorsOut != nil, designs == nil { throw UsageError("--write-distractors needs --designs") }
        distractors = arguments.value("distractors").map { URL(fileURLWithPath: $0) }
        if distractors != nil, designs != nil { throw UsageError("--distractors replaces --designs: give one of them") }
        sequences = arguments.value("sequences").map { URL(fileURLWithPath: $0) }
    }

    func run() throws -> ExitCode {
        if let out = distractorsOut, let designs {
            let folders = try DistinctTenfold.trainDistractors(try Recognizer().catalog, designs: designs, into: out)
            print("\(folders.count) templates in \(out.path)")
            return .success
        }
        var table = BenchTable()
        let rows = try ImagingBench.rows() + RecognitionBench.rows(designs: designs, distractors: distractors) + MRZBench.rows() + CaptureBench.rows(sequences: sequences)
        for row in rows where filter.map({ row.name.contains($0) }) ?? true {
            if let sampler = row.sampler {
                table.add(row.name, samples: try sampler(runs))
            } else {
                table.add(row.name, samples: try BenchTable.measure(runs: runs, cpuClock: row.cpuClock, row.body))
            }
        }
        print(table.render())
        return .success
    }
}
