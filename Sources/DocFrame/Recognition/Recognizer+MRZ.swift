import Foundation

extension Recognizer {
    /// One MRZ reader for the process: it holds no per-call state, and its Tesseract engines are
    /// pooled by `TextReader`. Nil when `Models/mrz.traineddata` cannot be found, in which case
    /// documents are classified without their zones.
    static let mrzReader: MRZReader? = try? MRZReader()

    /// DOCFRAME_DEBUG_PASSPORT=1 prints the passport path's steps to standard error (development only).
    static let debugPassport = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_PASSPORT"] == "1"

    /// Reads the machine-readable zone of the observed document, where it has one, into
    /// `observation.mrz`; a passport page that no template matched becomes "Passport" by rule
    /// (DESIGN.md, templates) from its MRZ.
    ///
    /// Which documents are read: a template whose regions include `mrz` or whose kind is
    /// passport, and any located but unknown document, or none located (the passport rule
    /// needs its zone). Everything else skips the ~45 ms read.
    func attachMRZ(to observation: inout DocumentObservation, in image: Image) {
        guard let reader = Recognizer.mrzReader else { return }
        let template = observation.document.flatMap { catalog.template(id: $0.templateId) }
        if let template, template.region("mrz") == nil, template.kind != .passport { return }
        guard observation.document == nil else {
            if observation.corners != nil, let flat = try? flatten(image, observation: observation) {
                observation.mrz = (try? reader.read(in: flat)) ?? nil
            }
            return
        }
        var unconfirmed: MRZResult?
        if let corners = observation.corners, let flat = try? flatten(image, observation: observation),
           let zone = try? reader.readZone(in: flat) {
            let quad = corners.landscape
            // The shape the flattened image was given, and the shape the outline shows once
            // its perspective is undone (a tilted page's outline can look like an ID-1 card's).
            let shapes = [Double(flat.width) / Double(flat.height)]
                + [PassportPage.perspectiveAspect(of: quad, imageWidth: image.width, imageHeight: image.height)].compactMap { $0 }
            let identity = shapes.lazy.compactMap { shape in
                PassportRule.identity(for: zone.result, pageAspectRatio: zone.quarterTurns % 2 == 1 ? 1 / shape : shape)
            }.first
            if let identity {
                // The outline may be the booklet around the page: the page is where its zone says.
                var page = quad.rotatingLabels(by: (4 - zone.quarterTurns) % 4)
                // The located outline, fitted to the image's edges already, stands when the zone
                // lies in it where a page has it (the edge fit around the zone's guess can still
                // take a printed band inside the page).
                if !PassportPage.zoneFitsPage(zone), let placed = PassportPage.page(around: zone, in: flat, flattenedFrom: quad, image: image) {
                    if Recognizer.debugPassport { debugLog("flat-zone fitted=\(placed.fitted.pairs) located=\(page.pairs)") }
                    if PassportPage.agree(placed.fitted, page) == nil { page = placed.fitted }
                }
                accept(zone.result, identity: identity, page: page, into: &observation)
                return
            }
            // A valid card-sized zone (TD1, TD2) read in the outline is that card's: no passport
            // page to look for beyond it (the whole-photo search cost several times the read).
            if zone.result.valid, zone.result.format != .td3 {
                observation.mrz = zone.result
                return
            }
            // An unknown card's "zone" may be any text block: keep it only when its check digits
            // say it is one (chance passes one check in ten, two in a hundred; but correction
            // guided by the check digits makes more hold) and it has a zone's structure.
            if zone.result.valid || zone.result.checks.values.filter({ $0 }).count >= 2 && zone.result.hasZoneStructure {
                unconfirmed = zone.result
            }
        }
        // No passport page in the outline (none found, or the booklet's, a printed frame's, a
        // part of the page): look for the zone in the whole photo and build the page around it.
        if let found = passportPage(in: image, reader: reader, located: observation.corners) {
            accept(found.mrz, identity: found.identity, page: found.page, into: &observation)
            return
        }
        if let unconfirmed { observation.mrz = unconfirmed }
    }

    /// The passport page whose zone is in `image`, found from the zone (`PassportPage`); the
    /// located outline is kept when it agrees.
    private func passportPage(in image: Image, reader: MRZReader, located: Quad?)
        -> (mrz: MRZResult, identity: DocumentIdentity, page: Quad)? {
        guard let zone = try? reader.readZone(in: image, scope: .passportScout),
              let placed = PassportPage.place(from: zone, in: image, reader: reader, located: located),
              let identity = PassportRule.identity(for: placed.mrz) else { return nil }
        return (placed.mrz, identity, placed.page)
    }

    private func accept(_ mrz: MRZResult, identity: DocumentIdentity, page: Quad, into observation: inout DocumentObservation) {
        observation.mrz = mrz
        observation.document = identity
        observation.corners = page
        observation.orientation = Orientation(of: page)
    }

    func debugLog(_ message: String) {
        PassportPage.debugLog(message)
    }
}
