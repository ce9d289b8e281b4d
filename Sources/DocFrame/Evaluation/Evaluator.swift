/// Scores classify results against ground truth: the one evaluator behind `docframe eval` and
/// `docframe template eval` (DESIGN.md).
///
/// - (label, side): the answer's `templateId` equals the truth's; for a passport page, any
///   answer of kind passport (or `templateId` `passport`) counts.
/// - corners: every corner of the answer (in the document's own order) within 2 % / 5 % of the
///   true document's diagonal of the true corner.
/// - negatives: images with no known document must get `document: null`.
/// - wrong: a document was named and it was not the right one; confident-wrong: such an
///   answer with confidence at or over `confidentThreshold`. Both are shares of all images.
/// Rates are over the images that have a result; ground truth without a result is counted
/// in `missingResults`, results without ground truth in `unmatchedResults`.
public struct Evaluator: Sendable {
    public var groundTruth: GroundTruthSet
    public var confidentThreshold: Double

    public init(groundTruth: GroundTruthSet, confidentThreshold: Double = 0.8) {
        self.groundTruth = groundTruth
        self.confidentThreshold = confidentThreshold
    }

    /// One image's outcome.
    public struct Outcome: Sendable {
        public var truth: GroundTruth
        public var result: EvaluatedResult
        public var labelSideCorrect: Bool
        public var orientationCorrect: Bool
        /// Largest corner error as a share of the true document's diagonal; nil without corners.
        public var cornerError: Double?
        public var wrong: Bool
        public var confidentWrong: Bool
    }

    public func outcome(truth: GroundTruth, result: EvaluatedResult) -> Outcome {
        let named = result.ok && result.templateId != nil
        if truth.negative {
            let confident = named && (result.confidence ?? 1) >= confidentThreshold
            return Outcome(truth: truth, result: result, labelSideCorrect: false, orientationCorrect: false, cornerError: nil,
                           wrong: named, confidentWrong: confident)
        }
        let right: Bool
        if truth.isPassport {
            right = named && (result.kind == DocumentKind.passport.rawValue || result.templateId == "passport")
        } else {
            right = named && result.templateId == truth.templateId
        }
        var cornerError: Double?
        if result.ok, let answer = result.corners, let real = truth.corners, real.diagonal > 0 {
            cornerError = answer.maxCornerDistance(to: real) / real.diagonal
        }
        let wrong = named && !right
        return Outcome(truth: truth, result: result, labelSideCorrect: right,
                       orientationCorrect: result.ok && result.orientation != nil && result.orientation == truth.orientation,
                       cornerError: cornerError, wrong: wrong,
                       confidentWrong: wrong && (result.confidence ?? 1) >= confidentThreshold)
    }

    public func evaluate(_ results: [EvaluatedResult]) -> EvaluationReport {
        var report = EvaluationReport(confidentThreshold: confidentThreshold)
        var seen = Set<String>()
        var timings: [Double] = []
        for result in results {
            guard let truth = groundTruth.lookup(path: result.path) else {
                report.unmatchedResults += 1
                continue
            }
            seen.insert(truth.sidecarPath + "\u{0}" + truth.stem)
            if let ms = result.totalMs { timings.append(ms) }
            let o = outcome(truth: truth, result: result)
            report.record(o)
        }
        report.missingResults = groundTruth.items.filter { !seen.contains($0.sidecarPath + "\u{0}" + $0.stem) }.count
        report.setTimings(timings)
        return report
    }
}
