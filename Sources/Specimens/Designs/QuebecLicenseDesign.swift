import DocFrame

/// Quebec driver's licence: French only (as the real one), royal blue with a vertical band of
/// fleurs-de-lis on the left, photo on the right.
struct QuebecLicenseDesign: SpecimenDesign {
    let info = DesignInfo(id: "ca-qc-dl", label: "Quebec Driver's License", kind: .driversLicense, jurisdiction: "CA-QC",
                          format: .id1, sides: [.front, .back])

    static let blue = RGBA(0, 62, 146)
    static let sky = RGBA(120, 170, 225)
    static let caption = RGBA(0, 52, 130)

    struct Holder {
        var person: Person
        var number: String
        var expiry: SimpleDate
        var classes: String
    }

    func holder(_ seed: UInt64) -> Holder {
        var rng = SeededRandom(seed: seed, label: info.id)
        let p = PersonGenerator.make(&rng, locale: PersonGenerator.quebec, age: 16...85)
        let initial = String(MRZComposer.transliterate(p.surname).prefix(1))
        let number = "\(initial)\(rng.digits(4))-\(rng.digits(6))-\(rng.digits(2))"
        return Holder(person: p, number: number,
                      expiry: PersonGenerator.expiry(issue: p.issueDate, years: 4, birthday: p.birthDate),
                      classes: rng.pick(["5", "5", "5 6A", "5 8", "1 5", "3 5"]))
    }

    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws {
        let h = holder(seed)
        let c = page.canvas
        try c.linearGradient(c.bounds, from: (0, 0), to: (1012, 0), RGBA(236, 243, 252), RGBA(250, 252, 255))
        try Guilloche.waves(c, Rect(70, 0, 942, 638), count: 44, amplitude: 14, wavelength: 120, drift: 0.7, thickness: 0.9,
                            QuebecLicenseDesign.sky.opacity(0.35), vertical: true)
        try c.linearGradient(Rect(0, 0, 72, 638), from: (0, 0), to: (0, 638), QuebecLicenseDesign.blue, RGBA(0, 40, 110))
        for k in 0..<4 {
            try Emblems.fleurDeLis(c, cx: 36, cy: 90 + Double(k) * 150, size: 24, RGBA.white.opacity(0.9))
        }
        switch side {
        case .front: try front(page, h)
        case .back: try back(page, h, seed: seed)
        }
    }

    private func front(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person, cap = QuebecLicenseDesign.caption
        try Guilloche.spirograph(c, cx: 560, cy: 400, big: 90, small: 28, offset: 40, scale: 1.8, thickness: 1,
                                 QuebecLicenseDesign.blue.opacity(0.25))
        try Emblems.fleurDeLis(c, cx: 560, cy: 400, size: 90, QuebecLicenseDesign.blue.opacity(0.07))
        var header = try page.label("Québec", x: 100, y: 70, size: 46, font: f.serifBold, QuebecLicenseDesign.blue)
        header = header.union(try page.label("PERMIS DE CONDUIRE", x: 978, y: 66, size: 34, font: f.sansBold, QuebecLicenseDesign.blue,
                                             align: .right))
        page.region("header", header)
        try c.fill(Rect(100, 92, 878, 4), QuebecLicenseDesign.blue)

        try CardKit.photo(page, Rect(742, 120, 236, 300), person: p, frame: QuebecLicenseDesign.blue.opacity(0.7),
                          background: RGBA(230, 236, 244))
        let x = 100.0
        try CardKit.field(page, caption: "NUMÉRO DE RÉFÉRENCE", name: "documentNumber", value: h.number, x: x, y: 130,
                          valueSize: 30, captionColor: cap, valueFont: f.mono)
        try CardKit.field(page, caption: "NOM", name: "surname", value: p.surname, x: x, y: 198, valueSize: 30,
                          captionColor: cap, maxWidth: 600)
        try CardKit.field(page, caption: "PRÉNOM", name: "givenNames", value: p.givenNames, x: x, y: 260, valueSize: 26,
                          captionColor: cap, valueFont: f.sans, maxWidth: 600)
        try page.label("ADRESSE", x: x, y: 322, size: 15, font: f.condensedBold, cap)
        try page.value("address", p.street, truth: "\(p.street), \(p.city) \(p.postalCode)", x: x, y: 348, size: 21, font: f.sans)
        try page.value("address", "\(p.city) \(p.postalCode)", x: x, y: 374, size: 21, font: f.sans)
        try CardKit.field(page, caption: "DATE DE NAISSANCE", name: "birthDate", value: p.birthDate.slashed, truth: p.birthDate.iso,
                          x: x, y: 410, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "SEXE", name: "sex", value: p.sex, x: x + 230, y: 410, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "TAILLE", name: "height", value: "\(p.heightCm) cm", x: x + 330, y: 410,
                          valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "DÉLIVRANCE", name: "issueDate", value: p.issueDate.slashed, truth: p.issueDate.iso,
                          x: x, y: 472, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "EXPIRATION", name: "expiryDate", value: h.expiry.slashed, truth: h.expiry.iso,
                          x: x + 230, y: 472, valueSize: 23, captionColor: RGBA(190, 20, 40))
        try CardKit.field(page, caption: "CLASSE", name: "class", value: h.classes, x: x + 460, y: 472, valueSize: 23,
                          captionColor: cap)
        try CardKit.signature(page, Rect(742, 440, 236, 70), seed: p.appearanceSeed)
        try c.line(742, 514, 978, 514, thickness: 1, cap.opacity(0.6))
        try page.label("Signature du titulaire", x: 742, y: 532, size: 13, font: f.condensed, cap)
        try CardKit.ghost(page, Rect(600, 548, 64, 80), person: p, opacity: 0.3)
        try Guilloche.microtext(c, "QUÉBEC PERMIS DE CONDUIRE", x: 100, y: 612, width: 480, font: f.condensed,
                                QuebecLicenseDesign.blue.opacity(0.7))
    }

    private func back(_ page: SpecimenPage, _ h: Holder, seed: UInt64) throws {
        let c = page.canvas, f = page.fonts, cap = QuebecLicenseDesign.caption
        var header = try page.label("Québec", x: 100, y: 62, size: 36, font: f.serifBold, QuebecLicenseDesign.blue)
        header = header.union(try page.label("PERMIS DE CONDUIRE", x: 260, y: 58, size: 26, font: f.sansBold, QuebecLicenseDesign.blue))
        page.region("header", header)
        try page.label("CLASSES ET MENTIONS", x: 100, y: 118, size: 17, font: f.sansBold, cap)
        let lines = ["1  Véhicule lourd · 5  Véhicule de promenade", "6A Motocyclette · 8  Tracteur de ferme",
                     "Mentions: A lunettes · X aucune restriction", "Ce permis doit être présenté sur demande."]
        for (i, line) in lines.enumerated() {
            try page.label(line, x: 100, y: 148 + Double(i) * 26, size: 19, font: f.condensed, .ink)
        }
        try CardKit.ghost(page, Rect(800, 62, 170, 215), person: h.person, opacity: 0.35, region: "photo")
        try c.fill(Rect(96, 290, 880, 240), radius: 6, RGBA.white)
        try Barcodes.pdf417(c, in: Rect(110, 302, 852, 216), seed: seed &+ SeededRandom.hash(info.id))
        page.region("barcode", Rect(110, 302, 852, 216))
        try page.value("documentNumber", h.number, x: 100, y: 580, size: 24, font: f.mono)
        try Emblems.fleurDeLis(c, cx: 940, cy: 580, size: 30, QuebecLicenseDesign.blue)
    }
}
