import Foundation

/// Follows one document from frame to frame so classification runs only when it must: when a
/// document appears, when tracking is lost (the quad jumps), or while it is still unknown (at
/// most every `reclassifyInterval`, as while the user is asked to show another document or
/// side). In between, frames are only located, the identity is
/// carried over, and the corners keep their labels by matching the previous frame's, so the
/// orientation follows a card turned in the hand.
///
/// Replays classify synchronously on the frame that needs it (the same output on every
/// machine); live sessions hand classification to a `BackgroundClassification` and keep
/// locating frames meanwhile (the identity shows up on the first frame after it is known).
struct DocumentTracker: Sendable {
    /// Where the document is: the median of the last located quads (labels kept from frame to frame).
    private(set) var corners: Quad?
    /// The last few located quads and their median (what the session judges and captures).
    private var recent: [Quad] = []
    private var lastSmoothed: Quad?
    /// The median outline's recent steps (when, how far its corners moved, over how long), for
    /// the corner speed over `CapturePolicy.steadyWindow`.
    private var steps: [(t: Double, distance: Double, duration: Double)] = []
    /// The last frame's own quad (not the median) and how far its corners moved from the one
    /// before: where and how widely the analyzer tracks the outline on the next frame.
    private var lastRaw: Quad?
    private var lastMotion = 0.0
    /// When the document now tracked came into view.
    private var trackStart: Double?
    private var lastQuality: QualityReport?
    private var time: Double?
    private var identity: DocumentIdentity?
    /// The look-alikes an unknown card was guessed between (`TrackedObservation.lookAlikes`).
    private var lookAlikes: [DocumentIdentity] = []
    /// The template the side in progress should be (the captured side's other side), which
    /// tells its look-alikes apart when their headers cannot be read.
    var expected: String?
    /// The identity, or the likelier look-alike: whose corner order and reference apply.
    private var known: DocumentIdentity? { identity ?? lookAlikes.first }
    private var orientation: Orientation?
    private var lastClassification: Double?
    /// The last classification was of a card still coming into view.
    private var lastClassificationWasPartial = false
    /// The outline grew (an entry jump) while a classification was running.
    private var grewWhileClassifying = false
    /// Live: since when the card has been wholly in view while the classification of its partial
    /// view still runs (`CapturePolicy.partialAnswerWait`).
    private var wholeWhileClassifying: Double?
    /// Counts documents: a new one (or a lost track) starts a new epoch, and a background answer
    /// applies only within the epoch it was asked in. A card sliding into view keeps its epoch
    /// through the jumps of its growing outline (an entry jump).
    private(set) var epoch = 0
    /// The last frame's outline ran along the frame's edge (the card was coming into view).
    private var wasEntering = false
    /// The last frame's outline was steady (`TrackedObservation.steady`).
    private var wasSteady = false
    /// Consecutive frames whose outline was taken for a printed edge inside the card.
    private var innerEdgeFrames = 0
    /// When the document now tracked started coming into view (kept through entry jumps), and
    /// since when it has been wholly in view.
    private(set) var entryStart: Double?
    private(set) var fullSince: Double?
    /// This track's last `CapturePolicy.glareFrames` reference-glare readings (the newest last):
    /// glare is judged on their lower median, so a one-frame reading does not count. A failed
    /// reading empties it (cannot judge), so its last element is also the latest reading.
    private var recentReferenceGlare: [Double] = []
    /// The track's machine-readable zone has been read with every check holding
    /// (`TrackedObservation.zoneRead`); a new document starts unread.
    private var zoneRead = false
    /// The epoch whose document has had an answer about the whole card (live sessions).
    private var answeredEpoch: Int?
    /// Live: a first whole-card classification of this document is still running
    /// (`CapturePolicy.labelWaitWhileClassifying`). Set for the frame in work.
    private var answerPending = false
    /// Analyses asked for, by depth (for tests and the bench).
    private(set) var locateCount = 0
    private(set) var classifyCount = 0

    /// Forgets the document (a new side starts).
    mutating func reset() {
        corners = nil
        recent = []
        lastSmoothed = nil
        steps = []
        lastRaw = nil
        lastMotion = 0
        trackStart = nil
        lastQuality = nil
        time = nil
        identity = nil
        lookAlikes = []
        orientation = nil
        lastClassification = nil
        lastClassificationWasPartial = false
        grewWhileClassifying = false
        wholeWhileClassifying = nil
        wasEntering = false
        wasSteady = false
        innerEdgeFrames = 0
        entryStart = nil
        fullSince = nil
        recentReferenceGlare = []
        zoneRead = false
        epoch += 1
    }

    /// - Parameter reverify: the user was asked to change the document (wrong kind, wrong side,
    ///   unusable): classify again every `reclassifyInterval`, because a card turned over or
    ///   swapped in place can keep a smoothly tracked quad.
    mutating func observe(_ frame: Image, at t: Double, analyzer: any FrameAnalyzing, guide: GuideRect,
                          policy: CapturePolicy, reverify: Bool = false,
                          background: BackgroundClassification? = nil) throws -> TrackedObservation {
        if let background {
            return try observeLive(frame, at: t, analyzer: analyzer, guide: guide, policy: policy, reverify: reverify,
                                   background: background)
        }
        let previous = corners, previousTime = time
        answerPending = false
        let due = lastClassification.map { t - $0 >= policy.reclassifyInterval - 1e-9 } ?? true
        let unsure = identity == nil || reverify || edgeStale(at: t, policy: policy)
        var classify = previous == nil || ((unsure || zonePending(policy)) && due)
        var observation = try analyze(frame, classify: classify, previous: previous, analyzer: analyzer)
        var readNow = classify && observation.mrz?.valid == true
        if classify, previous != nil, !unsure {
            // Asked again only for the zone of a passport already named: the zone is taken if it
            // reads now; the identity and the track go on as they were. A view with the thumb
            // still on the zone may name nothing (the page was named from its zone's band), and
            // a passport named by rule has no template to place it: the answer's outline is the
            // whole-frame locator's, no correction of the track.
            lastClassification = t
            classify = false
            observation = try analyze(frame, classify: false, previous: previous, analyzer: analyzer)
        } else if classify, previous != nil,
           holdsSettledIdentity(against: (observation.document, observation.undecidedLookAlikes), reverify: reverify) {
            // Placed again from the locator's outline alone, the card is tracked on as it was.
            lastClassification = t
            classify = false
            observation = try analyze(frame, classify: false, previous: previous, analyzer: analyzer)
        }

        var aligned: Quad?
        var innerEdge = false
        if let found = observation.corners, let previous, !classify {
            let candidate = DocumentTracker.align(found, to: previous)
            if candidate.maxCornerDistance(to: previous) > policy.trackingJump * guide.diagonal {
                // Tracking lost: possibly another document. Classify this same frame so a
                // swapped document never shows the old one's label.
                classify = true
                observation = try analyze(frame, classify: true, previous: nil, analyzer: analyzer)
                readNow = observation.mrz?.valid == true
            } else {
                aligned = candidate
                if known != nil, lastClassificationWasPartial, wasSteady,
                   !DocumentTracker.isEntering(candidate, cutOff: observation.quality?.cutOff ?? false, frame: frame, policy: policy) {
                    // Known from a view of part of it, now wholly in view and held: classified
                    // again on this frame, so the outline restarts from the template's placement
                    // of the whole card. While it slid in, the tracked outline could not follow it
                    // (it moves further per frame than the tracker's band) and settled on a printed
                    // edge inside the card (the Quebec front's inner frame, the Ontario front's
                    // header band: 0.07-0.13 card widths off), which nothing corrected later. Not
                    // before it is held: tracked on from a card still sliding, the corrected
                    // outline was lost to the same edges on the next frame.
                    // A classification that names nothing leaves the located frame as it is.
                    lastClassificationWasPartial = false
                    let whole = try analyze(frame, classify: true, previous: nil, analyzer: analyzer)
                    if whole.corners != nil, whole.document != nil {
                        classify = true
                        observation = whole
                        readNow = whole.mrz?.valid == true
                    }
                } else if known != nil, wasSteady, innerEdgeFrames < policy.smoothingFrames, DocumentTracker.grew(previous, from: candidate) {
                    // The outline shrank inside the known card's by a tenth or more in one frame:
                    // a printed edge inside the card (the locator, searching after the track
                    // slipped, may rank the Ontario front's header band first) more likely than
                    // the card moving away. The frame leaves the track where it was; a card
                    // that really moved away keeps the smaller outline for `smoothingFrames`
                    // frames running, and the track follows it then. Only for a card held still
                    // on the last frame: a page named while it was still sliding into place (the
                    // committed `passport` sequence, classified 17 px from where it stopped) is
                    // looked for in the narrowest band around where it was, which meets a printed
                    // rule inside it; kept where it was, the track showed the page 0.14 guide
                    // heights past the guide for half a second ("Fit the whole photo page"),
                    // and the row held that for a second more.
                    innerEdge = true
                }
            }
        }
        innerEdgeFrames = innerEdge ? innerEdgeFrames + 1 : 0
        guard let found = observation.corners else {
            reset()
            time = t
            return .nothing
        }
        if classify {
            lastClassification = t
            (identity, lookAlikes) = DocumentTracker.decided(observation, expected: [identity?.templateId, expected].compactMap { $0 })
            aligned = found
            orientation = known != nil ? observation.orientation : nil
        } else if known != nil, let aligned {
            orientation = Orientation(of: aligned)
        }
        let quad = aligned ?? found
        let continuous = previous.map { DocumentTracker.align(quad, to: $0).maxCornerDistance(to: $0) <= policy.trackingJump * guide.diagonal } ?? false
        let entering = DocumentTracker.isEntering(quad, cutOff: observation.quality?.cutOff ?? false, frame: frame, policy: policy)
        if classify { lastClassificationWasPartial = entering }
        let entryJump = !continuous && previous != nil && wasEntering
        if !continuous && !entryJump {
            epoch += 1
            zoneRead = false
        }
        if readNow { zoneRead = true }
        // A known document's classified outline is the template's placement of it, not a
        // located one: where it differs from the track, the track was wrong, the card did not move.
        let corrected = classify && continuous && known != nil
        return finish(quad, quality: observation.quality, classified: classify, continuous: continuous, entering: entering,
                      corrected: corrected, innerEdge: innerEdge, at: t, previousTime: previousTime, frame: frame,
                      analyzer: analyzer, guide: guide, policy: policy)
    }

    /// The live path: locate now, classify in the background.
    private mutating func observeLive(_ frame: Image, at t: Double, analyzer: any FrameAnalyzing, guide: GuideRect,
                                      policy: CapturePolicy, reverify: Bool,
                                      background: BackgroundClassification) throws -> TrackedObservation {
        let previous = corners, previousTime = time
        let jump = policy.trackingJump * guide.diagonal
        let observation = try analyze(frame, classify: false, previous: previous, analyzer: analyzer)
        guard let found = observation.corners else {
            reset()
            background.invalidate()
            time = t
            return .nothing
        }
        var entering = DocumentTracker.isEntering(found, cutOff: observation.quality?.cutOff ?? false, frame: frame, policy: policy)
        var quad = found
        var continuous = false
        if let previous, case let tracked = DocumentTracker.align(found, to: previous), tracked.maxCornerDistance(to: previous) <= jump {
            quad = tracked
            continuous = true
        } else if let previous, wasEntering || DocumentTracker.grew(found, from: previous) {
            // A card whose visible part grows around where it was is still coming in, even when
            // the locator's outline of its visible part stopped short of the frame's edge (on
            // the 1280x720 sequences it often does): an answer asked about the smaller outline
            // was asked about part of it, and is retried at once if it named nothing.
            if !wasEntering {
                entering = true
                if background.inFlight { grewWhileClassifying = true }
            }
            // An entry jump: the outline of a card sliding into view grows by more than a
            // tracking step from frame to frame (the locator finds its whole outline once it is
            // in). The same document: it keeps its epoch, its identity if already known, and any
            // classification in flight; only the outline starts afresh (labels kept by position).
            quad = DocumentTracker.align(found, to: previous)
        } else {
            // A new document, or tracking lost: what was known no longer applies.
            epoch += 1
            zoneRead = false
            identity = nil
            lookAlikes = []
            orientation = nil
            lastClassification = nil
            wholeWhileClassifying = nil
            background.invalidate()
        }
        var classified = false
        var corrected = false
        if let answer = background.takeResult() {
            lastClassification = answer.time
            lastClassificationWasPartial = answer.partial || grewWhileClassifying
            grewWhileClassifying = false
            wholeWhileClassifying = nil
            if answer.epoch == epoch {
                if !answer.partial { answeredEpoch = epoch }
                if answer.observation.mrz?.valid == true { zoneRead = true }
                // Still the document that was classified (the tracker never lost it), wherever it
                // has moved since: take its identity, and the corner labels of the answer (the
                // document's own order) carried from the outline it was asked about to this one.
                let decided = DocumentTracker.decided(answer.observation, expected: [identity?.templateId, expected].compactMap { $0 })
                if !holdsSettledIdentity(against: decided, reverify: reverify) { (identity, lookAlikes) = decided }
                classified = true
                if known != nil, let answerCorners = answer.observation.corners {
                    let asked = answer.asked ?? quad
                    let turn = DocumentTracker.labelTurn(from: asked, to: answerCorners)
                    quad = quad.rotatingLabels(by: turn)
                    if DocumentTracker.align(answerCorners, to: quad).maxCornerDistance(to: quad) <= policy.outlierDistance * guide.diagonal * 2,
                       asked.maxCornerDistance(to: DocumentTracker.align(quad, to: asked)) <= policy.outlierDistance * guide.diagonal {
                        // The card has not moved since: the track moves to the classifier's
                        // outline (checked against the template: not a printed inner frame or a
                        // shadow the locator may have followed).
                        quad = answerCorners
                        corrected = continuous
                    }
                }
            }
        }
        if known != nil { orientation = Orientation(of: quad) }
        if identity == nil, wasEntering, !entering, lastClassificationWasPartial, background.isClassifying(epoch: epoch) {
            // The card came wholly into view smoothly (no entry jump) while its partial view is
            // being classified (asked once it had run along the edge for `entryWait`): that
            // classification is the costliest kind (the whole frame, regions, the passport scout:
            // 7 s of wall time on the 1280x720 glare sequence, one loaded core, during which the
            // label waited) and is about part of the card. Ask about the whole card beside it,
            // once that answer has had `partialAnswerWait` to come.
            grewWhileClassifying = true
        }
        // A classification of a half-in card that named nothing is retried as soon as the
        // whole card is in view.
        let due = lastClassification.map { t - $0 >= policy.reclassifyInterval - 1e-9 || (lastClassificationWasPartial && !entering) } ?? true
        let entryStartTime = (continuous || (previous != nil && wasEntering)) ? (entryStart ?? t) : t
        let entryOver = !entering || t - entryStartTime >= policy.entryWait - 1e-9
        // Named from a view of part of it, now wholly in view: the whole card is classified once,
        // in the background, the label already shown. Part of a card may look like another
        // document's (the answer named what it saw); the whole card's answer replaces it.
        let confirming = identity != nil && lastClassificationWasPartial && !entering
        if identity == nil && grewWhileClassifying && !entering && background.hasFreeSlot {
            // The card grew into view while a classification was asked about part of it. The
            // same card, tracked: that answer is left to come alone for `partialAnswerWait`
            // (it has a head start, and a second classification beside it would slow it down);
            // then the whole card is asked about beside it (the older answer is dropped if it
            // ends later).
            let since = wholeWhileClassifying ?? t
            wholeWhileClassifying = since
            if t - since >= policy.partialAnswerWait - 1e-9 {
                classifyCount += 1
                lastClassification = t
                lastClassificationWasPartial = false
                grewWhileClassifying = false
                wholeWhileClassifying = nil
                background.start(frame, at: t, previous: quad, partial: false, epoch: epoch, analyzer: analyzer)
            }
        } else if (identity == nil || reverify || edgeStale(at: t, policy: policy) || confirming || zonePending(policy))
                    && due && entryOver && !background.inFlight {
            classifyCount += 1
            lastClassification = t
            lastClassificationWasPartial = entering
            grewWhileClassifying = false
            background.start(frame, at: t, previous: quad, partial: entering, epoch: epoch, analyzer: analyzer)
        }
        answerPending = answeredEpoch != epoch && background.isClassifying(epoch: epoch)
        return finish(quad, quality: observation.quality, classified: classified, continuous: continuous, entering: entering,
                      corrected: corrected, at: t, previousTime: previousTime, frame: frame, analyzer: analyzer, guide: guide,
                      policy: policy)
    }

    /// Whether the identity already held survives `answer`, a classification that names nothing.
    /// A settled identity (`DocumentClassifier.settled`) is not undone by one empty answer:
    /// asked again only to place the card (`edgeStale`, a view of part of it), the classifier
    /// may be given a poorer outline (the locator's half of a card sliding in) and find a match
    /// too bunched to vouch for; that is no other document. Only when the user was asked to
    /// change the document (`reverify`) does an empty answer mean another one is shown.
    /// A passport asked about again for its zone (`zonePending`) keeps its name the same way:
    /// the thumb still over the zone may leave the page unnamed on that view.
    private func holdsSettledIdentity(against answer: (DocumentIdentity?, [DocumentIdentity]), reverify: Bool) -> Bool {
        guard let known = identity, answer.0 == nil, answer.1.isEmpty, !reverify else { return false }
        return known.confidence >= DocumentClassifier.settled || (known.kind == .passport && !zoneRead)
    }

    /// A passport is named but its zone has not been read (`CapturePolicy.passportNeedsReadZone`):
    /// it is classified again every `reclassifyInterval` (the MRZ is read only by a
    /// classification), so the page is taken once the thumb leaves the zone.
    private func zonePending(_ policy: CapturePolicy) -> Bool {
        policy.passportNeedsReadZone && identity?.kind == .passport && !zoneRead
    }

    /// A known document whose outline has run along the frame's edge for longer than a card
    /// takes to slide in (`entryWait`): classified again every `reclassifyInterval`, because the
    /// classifier places the whole card from its template, where the locator may follow a
    /// background edge that meets the frame's border and keep to it. (The license of the
    /// `passport` sequence, wholly in view from 3.3 s, kept an outline reaching the frame's
    /// bottom from its cut-off entry and stayed on "Fit the whole license" to the end.)
    private func edgeStale(at t: Double, policy: CapturePolicy) -> Bool {
        guard identity != nil, wasEntering, let entryStart else { return false }
        return t - entryStart >= policy.entryWait - 1e-9
    }

    /// The identity a classification vouches for: none when it only guessed between look-alikes
    /// whose header it could not read (`DocumentObservation.undecidedLookAlikes`). A wrong twin's
    /// label is worse than a late one (for a license, the Ontario photo card would even ask for
    /// another document), so the card stays unknown, "checking" and never auto-captured, and is
    /// classified again every `reclassifyInterval` until a frame's header is read (a card
    /// brought closer or held sharper).
    /// What is already known decides between the look-alikes, first match first: the identity
    /// the track already has (read on an earlier frame: a later guess does not undo it), then
    /// the side's expected template (`expected`).
    static func decided(_ observation: DocumentObservation, expected: [String]) -> (DocumentIdentity?, [DocumentIdentity]) {
        guard let document = observation.document, !observation.undecidedLookAlikes.isEmpty else { return (observation.document, []) }
        let candidates = [document] + observation.undecidedLookAlikes
        for id in expected {
            if let match = candidates.first(where: { $0.templateId == id }) { return (match, []) }
        }
        return (nil, candidates)
    }

    /// Where a document sits against the frame's edge: still coming into view (or cut off)
    /// when its outline comes within `entryEdgeMargin` of an edge.
    static func isEntering(_ quad: Quad, cutOff: Bool, frame: Image, policy: CapturePolicy) -> Bool {
        if cutOff { return true }
        let margin = policy.entryEdgeMargin * Double(min(frame.width, frame.height))
        return !quad.points.allSatisfy {
            $0.x >= margin && $0.y >= margin && $0.x <= Double(frame.width) - margin && $0.y <= Double(frame.height) - margin
        }
    }

    /// `quad` is `previous` grown: larger by a tenth at least, around `previous`'s centre (the
    /// visible part of a card sliding into view, or a card brought closer).
    static func grew(_ quad: Quad, from previous: Quad) -> Bool {
        guard quad.area > previous.area * 1.1 else { return false }
        let c = previous.points.reduce(Point(x: 0, y: 0)) { Point(x: $0.x + $1.x / 4, y: $0.y + $1.y / 4) }
        return quad.holds(c)
    }

    /// The quarter turn of labels that takes `asked` (the tracker's order) to `answer` (the
    /// document's order), the same document's outline on the same frame.
    static func labelTurn(from asked: Quad, to answer: Quad) -> Int {
        (0..<4).min { a, b in
            let da = zip(asked.rotatingLabels(by: a).points, answer.points).map { $0.distance(to: $1) }.reduce(0, +)
            let db = zip(asked.rotatingLabels(by: b).points, answer.points).map { $0.distance(to: $1) }.reduce(0, +)
            return da < db
        } ?? 0
    }

    /// - Parameter corrected: `quad` is the classifier's placement of the tracked document (from
    ///   its template), not a located outline: a correction of the track, not motion. The
    ///   outline's median restarts from it, the next frame is tracked from it in the narrowest
    ///   band, and the steadiness goes on from the steps before it (the hold is not broken).
    ///   Counted as motion, a correction of a tenth of the card widened the tracker's band to
    ///   where it fitted the card's sides to printed edges inside it (the Ontario front's header
    ///   band), and the median of four wrong outlines and the right one stayed wrong.
    /// - Parameter innerEdge: `quad` is taken for a printed edge inside the card: it neither
    ///   joins the median nor moves the track (the frame is judged like an outlier's).
    private mutating func finish(_ quad: Quad, quality: QualityReport?, classified: Bool, continuous: Bool, entering: Bool,
                                 corrected: Bool = false, innerEdge: Bool = false, at t: Double, previousTime: Double?, frame: Image,
                                 analyzer: any FrameAnalyzing, guide: GuideRect, policy: CapturePolicy) -> TrackedObservation {
        // The last few located quads, relabelled like this one; a break in tracking starts
        // afresh (an entry jump too: the median of a half outline and a whole one is neither).
        let entryJump = !continuous && wasEntering && time != nil && corners != nil
        if !continuous {
            recent = []
            trackStart = t
            fullSince = nil
            if !entryJump { entryStart = nil }
        }
        if entering {
            if entryStart == nil { entryStart = t }
        } else {
            // Wholly in view: the next time it runs along the edge (leaving, or pushed out) is
            // another entry.
            entryStart = nil
            if fullSince == nil { fullSince = t }
        }
        wasEntering = entering
        if !innerEdge {
            let raw = lastRaw.map { DocumentTracker.align(quad, to: $0) } ?? quad
            lastMotion = continuous && !corrected ? lastRaw.map { raw.maxCornerDistance(to: $0) } ?? 0 : 0
            lastRaw = raw
            if corrected { recent = [] }
            recent = Array((recent.map { DocumentTracker.align($0, to: quad) } + [quad]).suffix(max(1, policy.smoothingFrames)))
        }
        let smoothed = DocumentTracker.median(recent)
        // A frame whose outline the median overruled was measured on the wrong region: keep the
        // quality of the last frame that agreed with the track.
        var quality = quality
        if continuous, innerEdge || quad.maxCornerDistance(to: smoothed) > policy.outlierDistance * guide.diagonal, let trusted = lastQuality {
            quality = trusted
        } else {
            lastQuality = quality
        }

        var steady = false
        if continuous, let lastSmoothed, let previousTime, t > previousTime, !(corrected && steps.isEmpty) {
            if !corrected {
                let motion = DocumentTracker.align(smoothed, to: lastSmoothed).maxCornerDistance(to: lastSmoothed)
                steps.append((t, motion, t - previousTime))
            }
            // Path length over the window's duration: the latest step always counts.
            while steps.count > 1, steps[0].t - steps[0].duration < t - policy.steadyWindow - 1e-9 { steps.removeFirst() }
            let speed = steps.reduce(0) { $0 + $1.distance } / max(guide.diagonal, 1) / steps.reduce(0) { $0 + $1.duration }
            steady = speed <= policy.maxCornerSpeed
        } else {
            steps = []
        }
        wasSteady = steady
        // Tracking goes on from the median, so a wrong outline is a jump to be checked (and the
        // next right one is not).
        corners = smoothed
        lastSmoothed = smoothed
        time = t
        if known == nil && recent.count < policy.confirmFrames {
            // Not yet known and new: a one-frame outline of the background (a shadow, a table
            // edge) is no document until it holds on the next frames. Known documents need no
            // wait: the classifier has vouched for them.
            var unconfirmed = TrackedObservation.nothing
            unconfirmed.classified = classified
            unconfirmed.unconfirmed = true
            return unconfirmed
        }
        var observation = TrackedObservation(corners: smoothed, identity: identity, orientation: known != nil ? orientation : nil,
                                             quality: quality, steady: steady, classified: classified)
        observation.zoneRead = zoneRead
        // The label wait runs from the moment the document is wholly in view (a card sliding in
        // is not classified until then, `entryWait`), or from its arrival when it stays cut off.
        let waitFrom = fullSince ?? ((entryStart ?? trackStart ?? t) + policy.entryWait)
        let wait = answerPending ? max(policy.labelWait, policy.labelWaitWhileClassifying) : policy.labelWait
        observation.awaitingIdentity = identity == nil && t - waitFrom < wait - 1e-9
        observation.entering = entering
        observation.lookAlikes = identity == nil ? lookAlikes : []
        if let identity = known {
            // Glare against the template's reference, on the track's (median) outline, so on
            // every frame: a frame whose own outline the median overruled is still measured where
            // the card is. Skipping those kept a reading from before a glare came up for as long as
            // the tracker wavered between the card's edge and a printed one (a 426x240 Ontario
            // sequence, seed 12, taken under the full glare).
            do {
                // A failed measurement is "cannot judge" (nil: the session falls back to the
                // quality report's glare), not a failed frame: the track is already updated
                // for this frame, and the session skips only frames whose analysis failed
                // before anything changed.
                let reading = (try? analyzer.referenceGlare(frame, corners: smoothed, templateId: identity.templateId)) ?? nil
                if !continuous { recentReferenceGlare = [] }
                if let reading {
                    recentReferenceGlare = Array((recentReferenceGlare + [reading]).suffix(max(1, policy.glareFrames)))
                } else {
                    recentReferenceGlare = []
                }
            }
            // Judged on the (lower) median of the last readings (`CapturePolicy.glareFrames`): a
            // glare that is really there reads over the threshold on most frames, a one-frame
            // reading does not count.
            let sorted = recentReferenceGlare.sorted()
            observation.referenceGlare = sorted.isEmpty ? nil : sorted[(sorted.count - 1) / 2]
            observation.frameReferenceGlare = recentReferenceGlare.last
        } else {
            recentReferenceGlare = []
        }
        return observation
    }

    /// Corner by corner, coordinate by coordinate: the median quad (robust to a locator that
    /// picks a wrong outline on a minority of frames).
    static func median(_ quads: [Quad]) -> Quad {
        guard quads.count > 2 else { return quads.last! }
        func mid(_ values: [Double]) -> Double {
            let v = values.sorted()
            return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
        }
        let points = (0..<4).map { i in
            Point(x: mid(quads.map { $0.points[i].x }), y: mid(quads.map { $0.points[i].y }))
        }
        return Quad(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3])
    }

    private mutating func analyze(_ frame: Image, classify: Bool, previous: Quad?, analyzer: any FrameAnalyzing) throws -> DocumentObservation {
        if classify { classifyCount += 1 } else { locateCount += 1 }
        // Track from the last frame's own quad (the median lags a moving card by a frame or two).
        // A classification gets no hint: the last frame's outline is no candidate for this one
        // (the live path hands the classifier this frame's own tracked outline instead).
        let hint = classify ? nil : previous.flatMap { _ in lastRaw } ?? previous
        return try analyzer.analyze(frame, request: AnalysisRequest(depth: classify ? .locateAndClassify : .locate,
                                                                     previousCorners: hint, motion: lastMotion))
    }

    /// `quad` with its labels turned to best match `previous` (corners move little between frames).
    static func align(_ quad: Quad, to previous: Quad) -> Quad {
        var best = quad, bestDistance = Double.infinity
        for k in 0..<4 {
            let turned = quad.rotatingLabels(by: k)
            let distance = zip(turned.points, previous.points).map { $0.distance(to: $1) }.reduce(0, +)
            if distance < bestDistance { (best, bestDistance) = (turned, distance) }
        }
        return best
    }
}
