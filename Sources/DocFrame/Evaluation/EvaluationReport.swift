import Foundation

/// The evaluator's answer: overall, per condition and per template, with per-template
/// precision and recall and the most frequent confusions. `json()` is `docframe eval --json`;
/// `text()` is its table for people.
public struct EvaluationReport: Sendable {
    public var confidentThreshold: Double
    public var overall = EvaluationMetrics()
    /// By condition name (from the sidecars; negatives' object names too), sorted by name.
    public var perCondition: [String: EvaluationMetrics] = [:]
    /// The same counts over the images the accuracy targets are set for (issue 4: documents
    /// covering at least `targetCoverage` of the image; every negative). The generators draw
    /// some smaller documents on purpose (the `small` condition reaches about 7%), which the
    /// overall rows count too.
    public var inScope = EvaluationMetrics()
    public var inScopePerCondition: [String: EvaluationMetrics] = [:]
    /// The least share of the image a document covers in the targets' scope.
    public static let targetCoverage = 0.10
    /// By true template (`passport` for every passport page, `negative` for negatives).
    public var perTemplate: [String: EvaluationMetrics] = [:]
    /// How often each template was answered, and answered rightly (for precision).
    public var predicted: [String: Int] = [:]
    public var predictedCorrect: [String: Int] = [:]
    /// (truth, answer) pairs that differ; `none` for no document.
    public var confusions: [String: [String: Int]] = [:]
    public var unmatchedResults = 0
    public var missingResults = 0
    /// Median and 95th percentile of the results' total `timingMs`, when the results carry it.
    public var medianMs: Double?
    public var p95Ms: Double?

    public init(confidentThreshold: Double) {
        self.confidentThreshold = confidentThreshold
    }

    mutating func record(_ o: Evaluator.Outcome) {
        func add(_ m: inout EvaluationMetrics) {
            m.count += 1
            if !o.result.ok { m.failed += 1 }
            if o.truth.negative {
                m.negatives += 1
                if o.result.ok && o.result.templateId == nil { m.negativesRejected += 1 }
            } else {
                m.documents += 1
                if o.labelSideCorrect { m.labelSideCorrect += 1 }
                if o.orientationCorrect { m.orientationCorrect += 1 }
                if let e = o.cornerError, e <= 0.02 { m.cornersWithin2 += 1 }
                if let e = o.cornerError, e <= 0.05 { m.cornersWithin5 += 1 }
            }
            if o.wrong { m.wrong += 1 }
            if o.confidentWrong { m.confidentWrong += 1 }
        }
        add(&overall)
        for condition in Set(o.truth.conditions) { add(&perCondition[condition, default: EvaluationMetrics()]) }
        if o.truth.negative || (o.truth.coverage ?? 1) >= Self.targetCoverage {
            add(&inScope)
            for condition in Set(o.truth.conditions) { add(&inScopePerCondition[condition, default: EvaluationMetrics()]) }
        }
        add(&perTemplate[o.truth.templateKey, default: EvaluationMetrics()])
        let truthKey = o.truth.templateKey
        let answerKey = o.result.ok ? (o.result.templateKey ?? "none") : "none"
        if answerKey != "none" {
            predicted[answerKey, default: 0] += 1
            if answerKey == truthKey { predictedCorrect[answerKey, default: 0] += 1 }
        }
        if answerKey != truthKey, !(o.truth.negative && answerKey == "none") {
            confusions[truthKey, default: [:]][answerKey, default: 0] += 1
        }
    }

    mutating func setTimings(_ values: [Double]) {
        guard !values.isEmpty else { return }
        let sorted = values.sorted()
        medianMs = sorted[sorted.count / 2]
        p95Ms = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.down)))]
    }

    /// Share of answers naming `template` that were right; nil when it was never answered.
    public func precision(_ template: String) -> Double? {
        EvaluationMetrics.rate(predictedCorrect[template] ?? 0, predicted[template] ?? 0)
    }

    /// Share of `template`'s images answered with it.
    public func recall(_ template: String) -> Double? {
        guard let m = perTemplate[template] else { return nil }
        return m.labelSideAccuracy
    }

    /// Confusions, most frequent first.
    public var confusionList: [(truth: String, answer: String, count: Int)] {
        confusions.flatMap { truth, answers in answers.map { (truth: truth, answer: $0.key, count: $0.value) } }
            .sorted { ($0.count, $1.truth, $1.answer) > ($1.count, $0.truth, $0.answer) }
    }

    public func json() -> JSONValue {
        func r(_ v: Double?) -> JSONValue { v.map { .rounded($0, places: 4) } ?? .null }
        let templates: [(String, JSONValue)] = perTemplate.keys.sorted().map { key in
            guard case .object(var members) = perTemplate[key]!.json() else { return (key, .null) }
            if key != "negative" {
                members.append(("precision", r(precision(key))))
                members.append(("recall", r(recall(key))))
            }
            return (key, .object(members))
        }
        return .object([
            ("matched", .number(Double(overall.count))),
            ("unmatchedResults", .number(Double(unmatchedResults))),
            ("missingResults", .number(Double(missingResults))),
            ("confidentThreshold", .number(confidentThreshold)),
            ("overall", overall.json()),
            ("perCondition", .object(perCondition.keys.sorted().map { ($0, perCondition[$0]!.json()) })),
            ("perTemplate", .object(templates)),
            ("inScope", .object([
                ("minCoverage", .number(Self.targetCoverage)),
                ("overall", inScope.json()),
                ("perCondition", .object(inScopePerCondition.keys.sorted().map { ($0, inScopePerCondition[$0]!.json()) })),
            ])),
            ("confusions", .array(confusionList.map {
                .object([("truth", .string($0.truth)), ("answer", .string($0.answer)), ("count", .number(Double($0.count)))])
            })),
            ("timingMs", medianMs == nil ? .null : .object([("median", r(medianMs)), ("p95", r(p95Ms))])),
        ])
    }

    /// Aligned tables for people.
    public func text() -> String {
        func pct(_ v: Double?) -> String { v.map { String(format: "%6.1f%%", $0 * 100) } ?? "      -" }
        func row(_ name: String, _ m: EvaluationMetrics, extra: String = "") -> String {
            let n = name.count > 22 ? String(name.prefix(21)) + "…" : name.padding(toLength: 22, withPad: " ", startingAt: 0)
            return n + String(format: "%6d", m.count) + "  " + pct(m.labelSideAccuracy) + "  " + pct(m.orientationAccuracy) + "  "
                + pct(m.cornersWithin2Rate) + "  " + pct(m.cornersWithin5Rate) + "  " + pct(m.negativesRejectedRate) + "  "
                + pct(m.confidentWrongRate) + extra
        }
        func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
        let header = "group".padding(toLength: 22, withPad: " ", startingAt: 0) + pad("n", 6)
            + ["lbl+sd", "orient", "corn2%", "corn5%", "neg-rej", "conf-wr"].map { "  " + pad(String($0.suffix(7)), 7) }.joined()
        var out = "Evaluated \(overall.count) images (\(overall.documents) documents, \(overall.negatives) negatives)"
        out += "; \(missingResults) ground-truth images without a result, \(unmatchedResults) results without ground truth.\n"
        out += String(format: "Confident = confidence >= %.2f. Corners: every corner within 2%% / 5%% of the document's diagonal.\n", confidentThreshold)
        out += "Columns: label+side accuracy, orientation, corners within 2% and 5%, negatives rejected, confident-wrong rate.\n"
        if let medianMs, let p95Ms { out += String(format: "Time per image: median %.1f ms, p95 %.1f ms.\n", medianMs, p95Ms) }
        out += "\n" + header + "\n"
        out += row("overall", overall) + "\n"
        out += "\nPer condition\n" + header + "\n"
        for key in perCondition.keys.sorted() { out += row(key, perCondition[key]!) + "\n" }
        // Only where some documents fall outside the targets' scope: the same table over the rest.
        if inScope.count < overall.count {
            out += String(format: "\nPer condition, documents covering >= %.0f%% of the image (the targets' scope: %d of %d documents)\n",
                          Self.targetCoverage * 100, inScope.documents, overall.documents) + header + "\n"
            out += row("overall", inScope) + "\n"
            for key in inScopePerCondition.keys.sorted() { out += row(key, inScopePerCondition[key]!) + "\n" }
        }
        out += "\nPer template\n" + header + "  " + pad("precis.", 7) + "  " + pad("recall", 7) + "\n"
        for key in perTemplate.keys.sorted() {
            let extra = key == "negative" ? "" : "  " + pct(precision(key)) + "  " + pct(recall(key))
            out += row(key, perTemplate[key]!, extra: extra) + "\n"
        }
        let confusions = confusionList
        if !confusions.isEmpty {
            out += "\nConfusions (truth -> answer)\n"
            for c in confusions.prefix(15) { out += "  \(c.truth) -> \(c.answer): \(c.count)\n" }
        }
        return out
    }
}
