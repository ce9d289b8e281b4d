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
                if !PassportPage.zoneFitsPage(zone), let placed = PassportPage.page(around: zone, in: flat, flattenedFrom: quad, image: image) {
                    if Recognizer.debugPassport { debugLog("flat-zone fitted=\(placed.fitted.pairs) located=\(page.pairs)") }
                    // The located outline, fitted to the image's edges already, stands when the
                    // zone puts the page about there: the zone's guess is good to 2-3%, and the
                    // edge fit around it can still take a printed band inside the page.
                    let near = PassportPage.agree(placed.guess, page, tolerance: 0.03) != nil
                    if !near, PassportPage.agree(placed.fitted, page) == nil { page = placed.fitted }
                }
                accept(zone.result, identity: identity, page: page, into: &observation)
                return
            }
            // An unknown card's "zone" may be any text block: keep it only when its check digits
            // say it is one (chance passes one check in ten, two in a hundred).
            if zone.result.valid || zone.result.checks.values.filter({ $0 }).count >= 2 { unconfirmed = zone.result }
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
        guard let zone = try? reader.readZone(in: image, scope: .passportScout), zone.result.format == .td3,
              zone.result.lines.first?.first == "P",
              let guess = PassportPage.hypothesis(for: zone) else { return nil }
        var page = PassportPage.fitted(guess, in: image)
        if Recognizer.debugPassport { debugLog("photo-zone valid=\(zone.result.valid) turns=\(zone.quarterTurns) guess=\(guess.pairs) fitted=\(page.pairs)") }
        var mrz = zone.result
        var readings = [zone.result]
        // The guess from the photo ignores perspective (the zone is too thin to show it): read
        // the zone again in the page flattened by this first fit, where its lines are upright
        // and large, and place the page from there; once more from that page while no reading
        // is valid.
        for _ in 0..<2 where !mrz.valid {
            guard let flat = try? image.warped(page, width: Int(PassportPage.pageWidth), height: Int(PassportPage.pageHeight)),
                  let again = try? reader.readZone(in: flat, turns: [0]) else { break }
            if again.result.format == .td3, again.result.lines.first?.first == "P" {
                readings.append(again.result)
                if again.result.valid || Self.passing(again.result) > Self.passing(mrz) { mrz = again.result }
                if !mrz.valid, let vouched = MRZReader.vouched(readings) { mrz = vouched }
            }
            if let second = PassportPage.page(around: again, in: flat, flattenedFrom: page, image: image) {
                if Recognizer.debugPassport { debugLog("next fit=\(second.fitted.pairs) valid=\(mrz.valid)") }
                page = second.fitted
                if let located, let same = PassportPage.agree(second.guess, located, tolerance: 0.03) { page = same }
            }
        }
        if let located, let same = PassportPage.agree(page, located) { page = same }
        guard let identity = PassportRule.identity(for: mrz) else { return nil }
        return (mrz, identity, page)
    }

    private func accept(_ mrz: MRZResult, identity: DocumentIdentity, page: Quad, into observation: inout DocumentObservation) {
        observation.mrz = mrz
        observation.document = identity
        observation.corners = page
        observation.orientation = Orientation(of: page)
    }

    private static func passing(_ r: MRZResult) -> Int { r.checks.values.filter { $0 }.count }

    private func debugLog(_ message: String) {
        FileHandle.standardError.write(Data("passport: \(message)\n".utf8))
    }
}
