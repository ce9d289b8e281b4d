/// Which of two answers for the same image (two outlines of the card, or an outline and the whole
/// frame) stands.
extension DocumentClassifier {
    /// Whether `candidate` replaces `current`: an answer beats none, and otherwise the more
    /// confident one wins, except between look-alikes (same artwork, other title). There an
    /// answer whose header was read beats a guess among those look-alikes made without reading it,
    /// however the two confidences compare: the guess is capped at `lookAlikeGuess` and says
    /// nothing about which title it is, while a keypoint answer that the header chose can sit
    /// below that cap on a few inliers. Seen on a sideways Ontario back: the first outline's
    /// twins tied on 14 and 13 inliers with the header unreadable (a guess, 0.75), a later
    /// outline read "MINISTRY OF TRANSPORTATION" and was dropped for its lower confidence.
    static func prefers(_ candidate: ClassificationResult, over current: ClassificationResult) -> Bool {
        guard let named = candidate.templateIndex else { return false }
        guard let held = current.templateIndex else { return true }
        let guessedAmong = { (r: ClassificationResult, i: Int) in [i] + r.undecided }
        if !current.undecided.isEmpty, candidate.undecided.isEmpty, guessedAmong(current, held).contains(named) { return true }
        if !candidate.undecided.isEmpty, current.undecided.isEmpty, guessedAmong(candidate, named).contains(held) { return false }
        // Two guesses among the same look-alikes: the one the rest of their differing design
        // decided beats the one the header's look decided (a cut-off card's first outline
        // guessed by an unreadable header; the whole frame showed the labels that differ).
        if !candidate.undecided.isEmpty, !current.undecided.isEmpty, candidate.contrasted != current.contrasted,
           guessedAmong(current, held).contains(named) { return candidate.contrasted }
        // Two glances naming the same design at the same capped confidence (`lookAlikeGuess`,
        // the glance's own cap): the outline whose flattening looks more like the design is the
        // card's. An outline that borrowed the photo's border for a side of a blurred card that
        // lies wholly in view glanced first (layout 0.74) and kept its corners 27% off, ahead of
        // the card's own outline (0.96; dev captures, render seeds 25300-25309).
        if named == held, candidate.path == .appearance, current.path == .appearance, candidate.confidence == current.confidence {
            return candidate.layout > current.layout + Self.likerLayout
        }
        return candidate.confidence > current.confidence
    }

    /// How much more alike a tied glance's layout must be to replace the held one's outline.
    static let likerLayout = 0.05

    /// What stands of `candidate` and `current` (`prefers`), keeping `current`'s outline where
    /// both are glances naming the same design the same way round, `current`'s flattening looks
    /// clearly more like it (`likerLayout`) and the two outlines are fits of one card
    /// (`sameCardSpread`): the header read on the candidate's outline decides the title, not
    /// where the card lies. A dark Ontario back (TrainingData `ca-on-dl-back-202-1`) glanced
    /// on its own outline (layout 0.85, every corner within 3 px) as a guess between the twins
    /// with the header unreadable; an outline 48 px inside it (layout 0.76) read "MINISTRY OF
    /// TRANSPORTATION" and answered with its corners, 8% off.
    static func preferred(_ candidate: ClassificationResult, over current: ClassificationResult?) -> ClassificationResult {
        guard let current else { return candidate }
        guard prefers(candidate, over: current) else { return current }
        guard let named = candidate.templateIndex, named == current.templateIndex,
              candidate.path == .appearance, current.path == .appearance,
              candidate.orientation == current.orientation, current.layout > candidate.layout + likerLayout,
              let held = current.corners, let read = candidate.corners,
              held.maxCornerDistance(to: read) <= sameCardSpread * held.diagonal else { return candidate }
        var kept = current
        kept.confidence = candidate.confidence
        kept.undecided = candidate.undecided
        kept.contrasted = candidate.contrasted
        kept.headerSupported = candidate.headerSupported
        kept.headerContradicted = candidate.headerContradicted
        kept.ocrMs = max(current.ocrMs, candidate.ocrMs)
        return kept
    }

    /// The most two outlines' corners may differ (share of the held one's diagonal) and still be
    /// fits of the same card rather than two objects.
    static let sameCardSpread = 0.15
}
