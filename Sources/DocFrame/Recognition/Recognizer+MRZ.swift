import Foundation

extension Recognizer {
    /// One MRZ reader for the process: it holds no per-call state, and its Tesseract engines are
    /// pooled by `TextReader`. Nil when `Models/mrz.traineddata` cannot be found, in which case
    /// documents are classified without their zones.
    static let mrzReader: MRZReader? = try? MRZReader()

    /// Reads the machine-readable zone of the observed document, where it has one, into
    /// `observation.mrz`; a passport page that no template matched becomes "Passport" by rule
    /// (DESIGN.md, templates) from its MRZ.
    ///
    /// Which documents are read: a template whose regions include `mrz` or whose kind is
    /// passport, and any located but unknown document (the passport rule needs its zone).
    /// Everything else skips the ~45 ms read.
    func attachMRZ(to observation: inout DocumentObservation, in image: Image) {
        guard let reader = Recognizer.mrzReader, observation.corners != nil else { return }
        let template = observation.document.flatMap { catalog.template(id: $0.templateId) }
        if let template, template.region("mrz") == nil, template.kind != .passport { return }
        guard let flat = try? flatten(image, observation: observation) else { return }
        if observation.document == nil {
            let aspect = Double(flat.width) / Double(flat.height)
            guard let read = try? reader.readPassportTurned(in: flat, pageAspectRatio: aspect) else { return }
            // An unknown card's "zone" may be any text block: keep it only when its check digits
            // say it is one (chance passes one check in ten, two in a hundred).
            guard read.mrz.valid || read.mrz.checks.values.filter({ $0 }).count >= 2 else { return }
            observation.mrz = read.mrz
            observation.document = read.identity
            // The zone lies along the bottom of a passport page: where it was found tells which
            // way up the page is, and its corners are then named in the page's own order.
            if read.identity != nil, let corners = observation.corners {
                let page = corners.landscape.rotatingLabels(by: (4 - read.quarterTurns) % 4)
                observation.corners = page
                observation.orientation = Orientation(of: page)
            }
        } else {
            observation.mrz = (try? reader.read(in: flat)) ?? nil
        }
    }
}
