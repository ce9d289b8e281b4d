/// Outlines a classification searches for only when the ones it was given do not settle the
/// answer: a live session's classification is given the card's tracked outline, and the
/// whole-frame locator (about 25 ms of a 1280x720 frame's 140-180 ms classification on one
/// core) runs only when that outline alone does not name the card (`DocumentClassifier.settled`,
/// or a passport's zone read in it). The answer is the one the given outlines followed by these
/// would have had: the classifier tries outlines in that order and stops at a settled one.
///
/// One exception: a passport page whose zone did not read in the given outline (a tracked
/// outline that lags the page sliding in, or stops at a printed band above its zone: shaped like
/// a card, so no zone is looked for in it) is looked for in the searched outlines as a still
/// image's first outline is (`Recognizer.readZoneFirst`), before the card search goes on
/// (`page`): the card templates, the whole frame and the passport scout would name it
/// from its zone as well, after two thirds of the classification's time (the bench's passport
/// sequence, 1280x720).
final class FurtherOutlines: @unchecked Sendable {
    private let search: () throws -> [LocatedQuad]
    private var found: [LocatedQuad]?
    /// Reads a passport page's zone first in one of the searched outlines (set by the recognizer).
    var readZoneFirst: ((LocatedQuad) -> Recognizer.OutlineZone?)?
    /// The searched outline whose zone read first, and the zone.
    private(set) var page: (outline: LocatedQuad, zone: Recognizer.OutlineZone)?

    init(_ search: @escaping () throws -> [LocatedQuad]) { self.search = search }

    /// The outlines, searched on the first call (and a passport page's zone read in them).
    func outlines() throws -> [LocatedQuad] {
        if let found { return found }
        let outlines = try search()
        found = outlines
        if let readZoneFirst {
            page = outlines.lazy.compactMap { outline in readZoneFirst(outline).map { (outline, $0) } }.first
        }
        return outlines
    }

    /// Whether they have been searched for.
    var searched: Bool { found != nil }
}
