import Foundation

extension Recognizer {
    /// The machine-readable zone read in the best outline before classification
    /// (`readZoneFirst`), handed on to `attachMRZ`, which would otherwise read the same cuts again.
    struct OutlineZone {
        /// The zone read, or nil where the outline showed none.
        let zone: MRZReader.Zone?
    }

    /// Reads the zone of an outline shaped like a passport page before any card template is
    /// tried, and says whether it already makes the document a passport with every check
    /// digit holding.
    ///
    /// Why first: no built-in template is a passport's (passports are named by rule from their
    /// zone), so on a photo page the card search finds nothing, and it finds nothing slowly:
    /// every outline, then the whole frame and its tiles (a median 349 ms of classification
    /// per passport capture of the evaluation set against 36 ms per card). A TD3 zone whose
    /// every check holds, on an outline of a page's shape, is a passport whatever the card
    /// templates would have said: none of them is TD3.
    ///
    /// Nil (nothing read) when a template of kind passport is loaded (a trained passport design
    /// takes precedence over the rule: PassportRule), when no MRZ model is found, or when the
    /// outline is nearer an ID-1 card's shape than a page's (a card pays no zone read for it).
    func readZoneFirst(in image: Image, located: LocatedQuad, budget: MRZCutBudget) -> (read: OutlineZone, isPassport: Bool)? {
        guard let reader = Recognizer.mrzReader, !catalog.templates.contains(where: { $0.kind == .passport }),
              DocumentFormat.nearest(toAspectRatio: located.corners.sideRatio) == .td3 else { return nil }
        // Flattened as `attachMRZ` flattens an unknown document, so that its reading is the same.
        var unknown = DocumentObservation()
        unknown.corners = located.corners
        guard let flat = try? flatten(image, observation: unknown) else { return nil }
        let zone = (try? reader.readZone(in: flat, budget: budget)) ?? nil
        let identity = zone.flatMap { outlinePassport(zone: $0, flattened: flat, outline: located.corners.landscape, in: image) }
        return (OutlineZone(zone: zone), (identity?.confidence ?? 0) >= PassportRule.validConfidence)
    }

    /// The passport a zone read in a flattened outline makes of it, judged against both shapes
    /// the outline may have: the one the flattened image was given, and the one the outline
    /// shows once its perspective is undone (a tilted page's outline can look like an ID-1 card's).
    func outlinePassport(zone: MRZReader.Zone, flattened flat: Image, outline quad: Quad, in image: Image) -> DocumentIdentity? {
        let shapes = [Double(flat.width) / Double(flat.height)]
            + [PassportPage.perspectiveAspect(of: quad, imageWidth: image.width, imageHeight: image.height)].compactMap { $0 }
        return shapes.lazy.compactMap { shape in
            PassportRule.identity(for: zone.result, pageAspectRatio: zone.quarterTurns % 2 == 1 ? 1 / shape : shape)
        }.first
    }
}
