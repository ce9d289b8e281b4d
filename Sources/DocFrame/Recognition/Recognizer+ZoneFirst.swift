import Foundation

extension Recognizer {
    /// The passport zone of an outline shaped like a photo page, read at a first look before
    /// any card template is tried; non-nil only when every check digit holds and the zone makes
    /// the outline a passport page (`outlinePassport`), so that the card search can be skipped.
    ///
    /// Why first: no built-in template is a passport's (passports are named by rule from their
    /// zone), so on a photo page the card search finds nothing, and it finds nothing slowly:
    /// every outline, then the whole frame and its tiles (a median 349 ms of classification
    /// per passport capture of the evaluation set, 36 ms per card). A TD3 zone whose every
    /// check holds, on an outline of a page's shape, is a passport whatever the card templates
    /// would have said: none of them is TD3.
    ///
    /// Why a first look only: a card's outline is page-shaped often enough (14% of the
    /// evaluation set's card captures, tilted), and a full read of a zone it does not have cost
    /// the card captures 22-32% more CPU. The look is what `MRZReader.Scope.outlineFirstLook`
    /// allows, on a budget of its own; where it finds nothing valid the usual path (card
    /// search, then `attachMRZ`'s full read) goes on as if it had not been made.
    ///
    /// Nil, nothing read, when a template of kind passport is loaded (a trained passport design
    /// takes precedence over the rule: `PassportRule`), when no MRZ model is found, or when the
    /// outline is nearer an ID-1 card's shape than a page's, before or after its perspective
    /// is undone.
    ///
    /// The zone comes with the outline flattened as it was read in, which `attachMRZ` then reads
    /// the page from instead of flattening the same outline again (a TD3 page at its canonical
    /// 1476x1039).
    func readZoneFirst(in image: Image, located: LocatedQuad) -> OutlineZone? {
        let outline = located.corners.landscape
        guard let reader = Recognizer.mrzReader, !catalog.templates.contains(where: { $0.kind == .passport }),
              DocumentFormat.nearest(toAspectRatio: located.corners.sideRatio) == .td3,
              // A tilted card's outline looks short; undone, its perspective shows an ID-1 shape
              // (by every plausible camera: a page's cropped photo is no card's).
              Self.mayBePage(PassportPage.perspectiveAspects(of: outline, imageWidth: image.width, imageHeight: image.height))
        else { return nil }
        // Flattened as `attachMRZ` flattens an unknown document, so that the zone found is the
        // one it would have read.
        var unknown = DocumentObservation()
        unknown.corners = located.corners
        guard let flat = try? flatten(image, observation: unknown),
              let zone = (try? reader.readZone(in: flat, turns: [0, 2], scope: .outlineFirstLook,
                                                budget: MRZCutBudget(limit: MRZReader.Scope.outlineFirstLookCuts))) ?? nil,
              zone.result.valid,
              let identity = outlinePassport(zone: zone, flattened: flat, outline: outline, in: image),
              identity.confidence >= PassportRule.validConfidence
        else { return nil }
        return OutlineZone(zone: zone, flattened: flat)
    }

    /// Whether an outline whose perspective undone by plausible cameras gives `undone` may be a
    /// page's: one of them gives a page's shape, or the perspective is too weak for any.
    static func mayBePage(_ undone: [Double]) -> Bool {
        undone.isEmpty || undone.contains(where: PassportRule.hasPageShape)
    }

    /// A zone read valid in an outline (`readZoneFirst`), and the outline flattened as an
    /// unknown document is (`flatten`), where it was read.
    struct OutlineZone {
        var zone: MRZReader.Zone
        var flattened: Image
    }

    /// The passport a zone read in a flattened outline makes of it, judged against both shapes
    /// the outline may have: the one the flattened image was given, and the one the outline
    /// shows once its perspective is undone (a tilted page's outline can look like an ID-1 card's).
    func outlinePassport(zone: MRZReader.Zone, flattened flat: Image, outline quad: Quad, in image: Image) -> DocumentIdentity? {
        // A camera through the outline's own centre vouches only for a valid reading's page: on
        // an eval page (orv-1006-4) it let an outline's reading with a failing check stand where
        // the whole-photo search read the zone valid.
        let undone = zone.result.valid
            ? PassportPage.perspectiveAspects(of: quad, imageWidth: image.width, imageHeight: image.height)
            : [PassportPage.perspectiveAspect(of: quad, imageWidth: image.width, imageHeight: image.height)].compactMap { $0 }
        let shapes = [Double(flat.width) / Double(flat.height)] + undone
        return shapes.lazy.compactMap { shape in
            PassportRule.identity(for: zone.result, pageAspectRatio: zone.quarterTurns % 2 == 1 ? 1 / shape : shape)
        }.first
    }
}

extension MRZReader.Scope {
    /// `Recognizer.readZoneFirst`'s look: the one most TD3-like line pair (as long for its
    /// height as a passport's lines), two binarisations, four cuts, upright and upside down
    /// (the outline is flattened landscape), at the one scale of a page flattened to its
    /// canonical size (characters about a fiftieth of its width). Most valid readings come at
    /// the first cut (`full`'s note); a zone that needs more is read by the full search after
    /// the card search, as before. With lines found at all three scales the look still cost
    /// the card captures 7% more CPU (they have no such lines; at one scale, and with the
    /// perspective gate of `readZoneFirst`, nothing measurable).
    static let outlineFirstLook = MRZReader.Scope(maxGroups: 1, variants: 2, minimumElongation: 24, maxAttempts: 1, maxReads: 4)
    /// Line cuts the first look may take: its four zone reads of two lines, and as many again
    /// to confirm a reading that needed correction.
    static let outlineFirstLookCuts = 16
}
