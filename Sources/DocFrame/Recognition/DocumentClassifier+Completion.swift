import Foundation

/// A located outline completed to a template's shape.
///
/// In a blurred or dark photo a card's coloured band (a header strip along a long side, a
/// stripe along a short one) often merges with the table while the band's inner edge stays
/// sharp: the locator then fits the rest of the card, an outline right on three sides and short
/// on the fourth. Flattened, that crop is the card without its band, stretched: its layout is
/// shifted against every reference, and the blur leaves too few keypoints to find the offset,
/// so nothing answers. The outline's own shape says what is missing: a card of known format
/// whose located long/short ratio is clearly off is short along one dimension, on one side or
/// the other. Each of the two completions is flattened and classified like any located outline:
/// the same verification, calibration and header checks decide, so the completion adds
/// hypotheses, never a looser rule. Measured on generated blurred, small and dark card captures
/// (dev seeds 7001 and 9401, not the evaluation set): the located outline of most "no document"
/// answers with a card in view was 5-10% of the diagonal off this way.
extension DocumentClassifier {
    /// A located ratio this far (relative) from a format's is short of it; closer is perspective
    /// noise in the locator's estimate of the physical ratio.
    static let completionTolerance = 0.04
    /// Larger shortfalls are not one missing band (the outline is another object).
    static let completionLimit = 0.3
    /// Located outlines completed, best located first.
    static let completedOutlines = 3

    /// The completions of `candidates`' outlines to `formats`' shapes: for each outline whose
    /// ratio is short of a format's, the outline extended on one side, then on the other.
    static func completions(of candidates: [LocatedQuad], formats: [DocumentFormat]) -> [LocatedQuad] {
        completionsWithSources(of: candidates, formats: formats).map(\.completion)
    }

    /// `completions(of:formats:)`, each with the located outline it completes.
    static func completionsWithSources(of candidates: [LocatedQuad], formats: [DocumentFormat]) -> [(completion: LocatedQuad, source: LocatedQuad)] {
        var result: [(completion: LocatedQuad, source: LocatedQuad)] = []
        for located in outlinesToTry(candidates).prefix(completedOutlines) {
            let aspect = located.aspect >= 1 ? located.aspect : 1 / max(located.aspect, 1e-6)
            for format in formats {
                let target = format.aspectRatio
                let shortfall = abs(aspect - target) / target
                guard shortfall > completionTolerance, shortfall < completionLimit else { continue }
                result += completed(located, aspect: aspect, to: target).map { ($0, located) }
            }
        }
        return result
    }

    /// How much more like the named template a completed outline's flattening must look than the
    /// outline it completes. A card whose band was lost shows its design once completed (on dev
    /// captures the layout rose by 0.15-0.45, from 0.0-0.55 to 0.7-0.85); another object
    /// framed a little larger looks about as alike as before (a dev negative named at a glance
    /// rose by 0.03, just over the unread-layout floor). Without the gain the completion only
    /// gave a lookalike one more try at a chance likeness.
    static let completionGain = 0.1

    /// `result` of a completed outline, or no answer when the completion did not make the named
    /// design clearly more visible than the located outline `source` (flattened as located).
    func vettedCompletion(_ result: ClassificationResult, source: LocatedQuad, in image: Image) throws -> ClassificationResult {
        guard let i = result.templateIndex else { return result }
        let format = source.nearestFormat
        let before: Double
        if let flat = try? image.warped(source.landscapeCorners, width: Self.workWidth,
                                        height: Self.workWidth * format.canonicalHeight / format.canonicalWidth) {
            let similarity = try layoutSimilarity(of: flat, to: i)
            before = max(similarity.upright, similarity.turned)
        } else {
            before = -1
        }
        if Recognizer.debug {
            FileHandle.standardError.write(Data(String(format: "completion layout %.3f -> %.3f\n", before, result.layout).utf8))
        }
        guard result.layout < before + Self.completionGain else { return result }
        var vetoed = result
        vetoed.templateIndex = nil
        vetoed.confidence = min(result.confidence, Self.threshold - 0.01)
        vetoed.undecided = []
        return vetoed
    }

    /// `located` extended to `target`'s ratio on either side of the dimension that falls short,
    /// perspective kept (through the outline's own rectangle-to-quad transform).
    static func completed(_ located: LocatedQuad, aspect: Double, to target: Double) -> [LocatedQuad] {
        let quad = located.landscapeCorners
        let width = 1000.0, height = (width / aspect).rounded()
        let toImage = Homography.rectangle(width: Int(width), height: Int(height), to: quad)
        // Too wide for its height: a band along a long side is missing (top or bottom), else one
        // along a short side (left or right).
        let rectangles: [(x0: Double, y0: Double, x1: Double, y1: Double)]
        if aspect > target {
            let extra = width / target - height
            rectangles = [(0, -extra, width, height), (0, 0, width, height + extra)]
        } else {
            let extra = height * target - width
            rectangles = [(-extra, 0, width, height), (0, 0, width + extra, height)]
        }
        return rectangles.compactMap { r in
            let corners = Quad(topLeft: toImage.apply(Point(x: r.x0, y: r.y0)), topRight: toImage.apply(Point(x: r.x1, y: r.y0)),
                               bottomRight: toImage.apply(Point(x: r.x1, y: r.y1)), bottomLeft: toImage.apply(Point(x: r.x0, y: r.y1)))
            guard DocumentLocator.isPlausibleOutline(corners) else { return nil }
            return LocatedQuad(corners: corners, score: located.score, edgeSupport: located.edgeSupport, aspect: target,
                               cutOff: located.cutOff, completed: located.completed)
        }
    }
}

/// The corners of a glance placed on a located outline that is not its template's shape.
///
/// The completions above add hypotheses only where no outline answered. But a card often
/// answers at a glance on such an outline too (its layout and colours are clear enough), while
/// the outline lacks the band blur merged with the table: the answer is right and its corners
/// are the outline's, 4-7% of the diagonal off on the dev captures below. The named template's
/// format says what is missing; where it lies, its layout in each completion's flattening tells.
/// Measured on dev captures (flat seeds 2101-2103 of the six card designs, synthesis seeds 2101
/// and 2103, 288 captures; not the evaluation set): corners within 2% 254 -> 256, no answer or
/// other corner changed. Keypoint answers are left out: there the template's outline projected
/// through a loose homography on a dark card, taken against the edges for the located
/// outline's shape, moved a right outline 11% away (the located ratio, estimated through
/// perspective, was 7% short on a right outline).
extension DocumentClassifier {
    /// Whether `located`'s long/short ratio is clearly short of (or long of) `format`'s, by as
    /// much as one missing band accounts for (`completionTolerance`...`completionLimit`).
    static func isOffFormat(_ located: LocatedQuad, _ format: DocumentFormat) -> Bool {
        let aspect = located.aspect >= 1 ? located.aspect : 1 / max(located.aspect, 1e-6)
        let shortfall = abs(aspect - format.aspectRatio) / format.aspectRatio
        return shortfall > completionTolerance && shortfall < completionLimit
    }

    /// For a glance that named template `i` on `located` (`upright` its orientation, `layout` its
    /// layout there), the completion of `located` to `i`'s format whose flattening looks clearly
    /// more like `i` (by `completionGain`, as a completion that names must), with its layout;
    /// nil keeps the located outline. The orientation is the glance's: a completion moves sides,
    /// it does not turn the card.
    func glanceCompletion(of located: LocatedQuad, template i: Int, upright: Bool, layout: Double,
                          in image: Image) throws -> (corners: Quad, layout: Double)? {
        let format = templates[i].format
        guard Self.isOffFormat(located, format) else { return nil }
        let aspect = located.aspect >= 1 ? located.aspect : 1 / max(located.aspect, 1e-6)
        var best: (corners: Quad, layout: Double)?
        for completion in Self.completed(located, aspect: aspect, to: format.aspectRatio) {
            guard let flat = try? image.warped(completion.landscapeCorners, width: Self.workWidth,
                                               height: Self.workWidth * format.canonicalHeight / format.canonicalWidth) else { continue }
            let similarity = try layoutSimilarity(of: flat, to: i)
            let score = upright ? similarity.upright : similarity.turned
            if Recognizer.debug {
                FileHandle.standardError.write(Data(String(format: "glance completion %@ layout %.3f -> %.3f\n",
                                                           templates[i].id, layout, score).utf8))
            }
            if score >= layout + Self.completionGain, score > best?.layout ?? -1 {
                best = (completion.landscapeCorners.rotatingLabels(by: upright ? 0 : 2), score)
            }
        }
        return best
    }
}
