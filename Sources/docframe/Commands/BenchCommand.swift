import DocFrame
import Foundation

/// `docframe bench`: medians of DocFrame's hot paths on this machine, as a table.
///
/// Speed targets live here, never in unit tests: shared machines are noisy, so each row is the
/// median of many runs, and rows meant to be compared are measured in the same run.
struct BenchCommand: Command {
    static let name = "bench"
    static let abstract = "Time DocFrame's hot paths and print a table of medians."
    static let usage = "[--runs N] [--filter TEXT]"
    static let discussion = """
    Build in release mode first for meaningful numbers: swift build -c release.
    scripts/bench does that and adds the start-up comparison of the OpenCV linking.

    Example: docframe bench --runs 30
    """
    static let options: [OptionSpec] = [
        .option("runs", "N", "Repetitions per row after one warm-up (default 20)."),
        .option("filter", "TEXT", "Only rows whose name contains TEXT."),
    ]

    let runs: Int
    let filter: String?

    init(_ arguments: ParsedArguments) throws {
        runs = try arguments.int("runs", default: 20, range: 1...10_000)
        filter = arguments.value("filter")
    }

    func run() throws -> ExitCode {
        var table = BenchTable()
        let rows = try ImagingBench.rows() + RecognitionBench.rows() + MRZBench.rows() + CaptureBench.rows()
        for row in rows where filter.map({ row.name.contains($0) }) ?? true {
            table.add(row.name, samples: try row.sampler?(runs) ?? BenchTable.measure(runs: runs, row.body))
        }
        print(table.render())
        return .success
    }
}
