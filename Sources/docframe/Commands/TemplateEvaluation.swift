import DocFrame
import Foundation

/// `docframe template eval`: waits for the shared evaluator library (issue 3's Evaluation/).
enum TemplateEvaluation {
    static func run(dataset: String, json: Bool, templateDirectories: [URL], includeBuiltin: Bool) throws -> ExitCode {
        throw DocFrameError(.internalError, "template eval is not available in this build yet")
    }
}
