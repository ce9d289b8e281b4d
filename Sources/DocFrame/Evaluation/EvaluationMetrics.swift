/// Counts over a group of evaluated images (all of them, one condition, one template), and the
/// rates derived from them. Rates are nil when their denominator is zero.
public struct EvaluationMetrics: Sendable, Equatable {
    /// Images in the group with a result.
    public var count = 0
    /// Images showing a known document.
    public var documents = 0
    /// Documents answered with the right template (label and side); passports by kind.
    public var labelSideCorrect = 0
    public var orientationCorrect = 0
    /// Documents whose corners all lie within 2 % (5 %) of the document's diagonal of the truth.
    public var cornersWithin2 = 0
    public var cornersWithin5 = 0
    /// Images without a known document, and how many of them got no document.
    public var negatives = 0
    public var negativesRejected = 0
    /// A document was named and it was the wrong one (for negatives: any document).
    public var wrong = 0
    /// Wrong with a confidence at or over the evaluator's threshold.
    public var confidentWrong = 0
    /// Results with `ok` false (the image could not be read).
    public var failed = 0

    public init() {}

    static func rate(_ n: Int, _ d: Int) -> Double? { d == 0 ? nil : Double(n) / Double(d) }

    public var labelSideAccuracy: Double? { Self.rate(labelSideCorrect, documents) }
    public var orientationAccuracy: Double? { Self.rate(orientationCorrect, documents) }
    public var cornersWithin2Rate: Double? { Self.rate(cornersWithin2, documents) }
    public var cornersWithin5Rate: Double? { Self.rate(cornersWithin5, documents) }
    public var negativesRejectedRate: Double? { Self.rate(negativesRejected, negatives) }
    public var wrongRate: Double? { Self.rate(wrong, count) }
    public var confidentWrongRate: Double? { Self.rate(confidentWrong, count) }

    public func json() -> JSONValue {
        func r(_ v: Double?) -> JSONValue { v.map { .rounded($0, places: 4) } ?? .null }
        return .object([
            ("count", .number(Double(count))),
            ("documents", .number(Double(documents))),
            ("labelSideAccuracy", r(labelSideAccuracy)),
            ("orientationAccuracy", r(orientationAccuracy)),
            ("cornersWithin2pct", r(cornersWithin2Rate)),
            ("cornersWithin5pct", r(cornersWithin5Rate)),
            ("negatives", .number(Double(negatives))),
            ("negativesRejected", r(negativesRejectedRate)),
            ("wrongRate", r(wrongRate)),
            ("confidentWrongRate", r(confidentWrongRate)),
            ("failed", .number(Double(failed))),
        ])
    }
}
