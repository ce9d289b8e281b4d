/// What the header readings of one image said, pooled across the outlines and passes the
/// classifier tried: a header read clearly on one fit of a card (naming another province) still
/// counts when a looser fit of the same card, whose header crop read as fragments, is the one
/// that answered.
///
/// Why: another design built on the same layout (a driver's licence of a province without a
/// template) can verify against a built-in template on a dozen chance inliers. Its header names
/// it, but only where the outline placed the header crop well; the answer that stood was the
/// one whose crop read nothing. On the generated unknown designs both Alberta licences taken
/// for Ontario's were of this kind.
struct HeaderLedger {
    /// Templates a clear header reading named another document than, and where that card was.
    private var contradictions: [(templateIndex: Int, corners: Quad?)] = []

    /// Records `result`'s header verdict (a contradiction covers the template's twins: the
    /// reading named neither).
    mutating func note(_ result: ClassificationResult, twins: [[Int]]) {
        guard result.headerContradicted, let i = result.bestIndex else { return }
        for t in [i] + (twins.indices.contains(i) ? twins[i] : []) {
            contradictions.append((t, result.corners))
        }
    }

    /// `result`, or no answer when it is unsure, its own header did not choose it, and a clear
    /// reading of the same card named another document. A sure answer (many inliers, a strong
    /// layout) stands: there a contradiction comes from a misplaced crop reading other text.
    func vetted(_ result: ClassificationResult) -> ClassificationResult {
        guard let i = result.templateIndex, !result.headerSupported,
              result.confidence < DocumentClassifier.verifyBelow,
              contradictions.contains(where: { $0.templateIndex == i && Self.sameCard($0.corners, result.corners) }) else {
            return result
        }
        var vetoed = result
        vetoed.templateIndex = nil
        vetoed.confidence = min(result.confidence, DocumentClassifier.threshold - 0.01)
        vetoed.undecided = []
        return vetoed
    }

    /// Outlines of one card: centres within a quarter of the larger diagonal (fits of the same
    /// card differ by an inner box or a stripe, another card lies further off). Unknown corners
    /// are taken as the same card: the frame path's corners come from the homography.
    private static func sameCard(_ a: Quad?, _ b: Quad?) -> Bool {
        guard let a, let b else { return true }
        return a.center.distance(to: b.center) < 0.25 * max(a.diagonal, b.diagonal)
    }
}
