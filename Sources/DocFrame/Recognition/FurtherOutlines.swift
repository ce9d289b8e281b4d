/// Outlines a classification searches for only when the ones it was given do not settle the
/// answer: a live session's classification is given the card's tracked outline, and the
/// whole-frame locator (about 25 ms of a 1280x720 frame's 140-180 ms classification on one
/// core) runs only when that outline alone does not name the card (`DocumentClassifier.settled`,
/// or a passport's zone read in it). The answer is the one the given outlines followed by these
/// would have had: the classifier tries outlines in that order and stops at a settled one.
final class FurtherOutlines: @unchecked Sendable {
    private let search: () throws -> [LocatedQuad]
    private var found: [LocatedQuad]?

    init(_ search: @escaping () throws -> [LocatedQuad]) { self.search = search }

    /// The outlines, searched on the first call.
    func outlines() throws -> [LocatedQuad] {
        if let found { return found }
        let outlines = try search()
        found = outlines
        return outlines
    }

    /// Whether they have been searched for.
    var searched: Bool { found != nil }
}
