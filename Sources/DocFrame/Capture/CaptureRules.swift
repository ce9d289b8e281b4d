/// The capture table (DESIGN.md, "Capture session (normative)"): which row a frame's
/// observation calls for, by priority, first match wins. Pure: no time, no images.
struct CaptureRules: Sendable {
    let asked: DocumentKind
    let policy: CapturePolicy
    let messages: Messages
    let format: DocumentFormat

    /// The row for one observation, and whether every auto-capture check passes (row 11).
    func evaluate(_ observation: TrackedObservation, expecting side: DocumentSide, guide: GuideRect,
                  frameWidth: Int, frameHeight: Int) -> (row: CaptureRow, checksPass: Bool) {
        guard let quad = observation.corners else { return (CaptureRow(.searching, .searching), false) }
        let identity = observation.identity
        let label = identity.map { $0.label[messages.language] }

        if let identity {
            // 1. A document that can never be used: a health card or an unusable template.
            if identity.policy == .unusable || identity.kind == .healthCard {
                return (CaptureRow(.unusable, .unusable, label: messages.kindName(identity.kind), shownKind: identity.kind), false)
            }
            // 2. A known document of another kind.
            if identity.kind != asked {
                return (CaptureRow(.needsUser, .wrongDocument, label: messages.kindName(identity.kind), shownKind: identity.kind), false)
            }
            // 3. Upside down.
            if observation.orientation == .upsideDown {
                return (CaptureRow(.needsUser, .upsideDown, label: label), false)
            }
            // 4, 5. The other side than the one expected (never for a passport's single page).
            if asked != .passport, identity.side != side {
                return (CaptureRow(.needsUser, side == .back ? .showBack : .showFront, label: label), false)
            }
        } else if let row = lookAlikeRow(observation.lookAlikes, orientation: observation.orientation, expecting: side) {
            // One of look-alikes not told apart: what they share applies, without a label.
            return (row, false)
        } else if observation.lookAlikes.isEmpty, !isCardShaped(quad) {
            // Something the locator found that is not shaped like the document: not a document.
            return (CaptureRow(.searching, .searching), false)
        }

        let quality = observation.quality
        // 6. Outside the image, or beyond the guide by more than allowed.
        let cutOff = (quality?.cutOff ?? false) || !quad.isInside(width: frameWidth, height: frameHeight)
        if cutOff || guide.overflow(of: quad) > policy.maxOverflow {
            return (CaptureRow(.adjusting, .fitInFrame, label: label), false)
        }
        // 7. Long axis across the guide's.
        if guide.isAcross(quad) {
            return (CaptureRow(.adjusting, .turnSideways, label: label), false)
        }
        // 8. Too small in the guide.
        if guide.fill(of: quad) < policy.minFill {
            return (CaptureRow(.adjusting, .moveCloser, label: label), false)
        }
        // 9. Glare: against the template's reference when the analyzer can judge it (white
        // print is not glare), else the washed-out share of the whole document, but only for a
        // template (or look-alikes) whose design it was calibrated on. A document with no
        // template to compare with (unknown, or a passport recognised by rule) has its white
        // print read as glare: an unknown passport page held by its zone read 0.12-0.14 with no
        // glare (1280x720 sequence) and was told "Avoid the glare" for as long as it was held;
        // TrainingData/test's passports read 0.13-0.43 without glare and 0.0-0.44 with it, so the
        // measure tells nothing there, and a recognised passport would never be auto-captured.
        let judged = identity.map { $0.templateId != PassportRule.templateId } ?? !observation.lookAlikes.isEmpty
        let glared = observation.referenceGlare.map { $0 > policy.maxReferenceGlare }
            ?? (judged && (quality?.glare ?? 0) > policy.maxGlare)
        if glared {
            return (CaptureRow(.adjusting, .avoidGlare, label: label), false)
        }
        // 10. Not yet steady or sharp, not upright, or card-shaped but unknown (or one of
        // look-alikes not told apart): never captured. A passport whose zone has not been read
        // (a thumb over it, a blurred or glared zone) is checked too, with its label: a photo
        // of it would not carry the zone (`CapturePolicy.passportNeedsReadZone`).
        let sharp = quality.map { $0.blur <= policy.maxBlur } ?? false
        let zoneReady = !(policy.passportNeedsReadZone && identity?.kind == .passport && !observation.zoneRead)
        guard identity != nil, observation.orientation == .up, observation.steady, sharp, zoneReady else {
            return (CaptureRow(.adjusting, .checking, label: label), false)
        }
        // 11. Every check passes.
        return (CaptureRow(.ready, .holdStill, label: label, tick: true), true)
    }

    /// This very frame may be taken: its own reference-glare reading is not over the threshold
    /// (row 9 judges glare over the last `CapturePolicy.glareFrames` frames, so a glare read on
    /// one frame only does not restart the hold, but that frame is not the photo).
    func frameClear(_ observation: TrackedObservation) -> Bool {
        observation.frameReferenceGlare.map { $0 <= policy.maxReferenceGlare } ?? true
    }

    /// Rows 1-5 for a card known only up to look-alikes (same artwork, same side, other title;
    /// `TrackedObservation.lookAlikes`): a row applies when it would for every one of them
    /// (the kind's rows only when they share the kind and policy; upside down and the wrong
    /// side from the artwork), with no template label, since which of them it is stays unknown.
    /// Nil: none applies (the physical rows 6-10 follow; never ready).
    func lookAlikeRow(_ candidates: [DocumentIdentity], orientation: Orientation?, expecting side: DocumentSide) -> CaptureRow? {
        guard let first = candidates.first else { return nil }
        let sameKind = candidates.allSatisfy { $0.kind == first.kind && $0.policy == first.policy }
        if sameKind, first.policy == .unusable || first.kind == .healthCard {
            return CaptureRow(.unusable, .unusable, label: messages.kindName(first.kind), shownKind: first.kind)
        }
        if sameKind, first.kind != asked {
            return CaptureRow(.needsUser, .wrongDocument, label: messages.kindName(first.kind), shownKind: first.kind)
        }
        if orientation == .upsideDown { return CaptureRow(.needsUser, .upsideDown) }
        if asked != .passport, candidates.allSatisfy({ $0.side == first.side }), first.side != side {
            return CaptureRow(.needsUser, side == .back ? .showBack : .showFront)
        }
        return nil
    }

    /// Long/short side ratio near the guide format's (ID-1 or TD3).
    func isCardShaped(_ quad: Quad) -> Bool {
        abs(quad.sideRatio / format.aspectRatio - 1) <= policy.cardShapeTolerance
    }
}
