import DocFrame
import Foundation

/// `docframe template eval`: classifies every image of a data set (folders of images with
/// `synthesize-captures` sidecars) with the given templates and scores the answers with the
/// shared `Evaluator`: accuracy per condition and per template, precision, recall, confusions.
enum TemplateEvaluation {
    static func run(dataset: String, json: Bool, templateDirectories: [URL], includeBuiltin: Bool) throws -> ExitCode {
        let recognizer = try Recognizer(templateDirectories: templateDirectories, includeBuiltin: includeBuiltin)
        let truth = try GroundTruthSet(folders: [dataset])
        let inputs = InputFiles.expand([dataset])
        var results: [EvaluatedResult] = []
        OrderedMap.run(count: inputs.count, jobs: ProcessInfo.processInfo.activeProcessorCount) { i -> EvaluatedResult in
            let path = inputs[i]
            let start = ContinuousClock.now
            do {
                let observation = try recognizer.observe(try Image(contentsOfFile: path))
                var result = EvaluatedResult(path: path, observation: observation)
                result.totalMs = (ContinuousClock.now - start).milliseconds
                return result
            } catch let error as DocFrameError {
                return EvaluatedResult(path: path, ok: false, templateId: nil, errorCode: error.code.rawValue)
            } catch {
                return EvaluatedResult(path: path, ok: false, templateId: nil, errorCode: DocFrameError.Code.internalError.rawValue)
            }
        } emit: { _, result in
            results.append(result)
        }
        let report = Evaluator(groundTruth: truth).evaluate(results)
        print(json ? report.json().rendered() : report.text(), terminator: json ? "\n" : "")
        return .success
    }
}
