import DocFrame
import Foundation

/// `docframe eval`: scores classify output against the ground-truth sidecars that
/// `synthesize-captures` writes (DESIGN.md). The evaluator itself lives in the library
/// (`Evaluator`), shared with `template eval`.
struct EvalCommand: Command {
    static let name = "eval"
    static let abstract = "Score classify results against ground-truth sidecars."
    static let usage = "[--json] [--confident T] --gt DIR... RESULTS.jsonl"
    static let discussion = """
    Matches each result line (docframe classify output, JSON Lines or a JSON array) to the
    sidecar <stem>.json of the same file stem under the --gt folders, and prints accuracy on
    (label, side) (the templateId; any passport answer for a passport page), orientation,
    corners within 2% and 5% of the document's diagonal (in the document's own corner order),
    negatives rejected (document null), the wrong and confident-wrong rates, per condition and
    per template with precision and recall, and the most frequent confusions.

    Example:
      docframe classify TrainingData/test TrainingData/negatives > results.jsonl
      docframe eval --gt TrainingData/test --gt TrainingData/negatives results.jsonl
    """
    static let options: [OptionSpec] = [
        .flag("json", "Print one JSON object instead of tables."),
        .option("gt", "DIR", "A folder of images with ground-truth sidecars (repeatable).", repeatable: true),
        .option("confident", "T", "Confidence at which a wrong answer counts as confident-wrong (default 0.8)."),
    ]

    let json: Bool
    let folders: [String]
    let resultsPath: String
    let threshold: Double

    init(_ arguments: ParsedArguments) throws {
        json = arguments.flag("json")
        folders = arguments.all("gt")
        guard !folders.isEmpty else { throw UsageError("give at least one --gt DIR") }
        guard arguments.positionals.count == 1 else { throw UsageError("give exactly one RESULTS.jsonl file") }
        resultsPath = arguments.positionals[0]
        if let text = arguments.value("confident") {
            guard let t = Double(text), (0...1).contains(t) else { throw UsageError("--confident takes a number from 0 to 1, not '\(text)'") }
            threshold = t
        } else {
            threshold = 0.8
        }
    }

    func run() throws -> ExitCode {
        do {
            let truth = try GroundTruthSet(folders: folders)
            let results = try EvaluatedResult.read(contentsOf: resultsPath)
            let report = Evaluator(groundTruth: truth, confidentThreshold: threshold).evaluate(results)
            print(json ? report.json().rendered() : report.text(), terminator: json ? "\n" : "")
            return .success
        } catch let error as DocFrameError {
            DocFrameCLI.standardError("docframe eval: \(error.message)")
            return .someInputFailed
        }
    }
}
