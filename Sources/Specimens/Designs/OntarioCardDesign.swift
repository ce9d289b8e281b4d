import DocFrame

/// Ontario driver's licence and Ontario photo card: one artwork (teal band, trillium, rosette),
/// two titles and a few different elements, as with the real pair.
struct OntarioCardDesign: SpecimenDesign {
    enum Variant: Sendable { case license, photoCard }
    let variant: Variant

    var info: DesignInfo {
        switch variant {
        case .license:
            DesignInfo(id: "ca-on-dl", label: "Ontario Driver's License", kind: .driversLicense, jurisdiction: "CA-ON",
                       format: .id1, sides: [.front, .back])
        case .photoCard:
            DesignInfo(id: "ca-on-photo", label: "Ontario Photo Card", kind: .idCard, jurisdiction: "CA-ON",
                       format: .id1, sides: [.front, .back])
        }
    }

    static let teal = RGBA(12, 92, 112)
    static let tealLight = RGBA(36, 134, 128)
    static let caption = RGBA(14, 86, 104)
    static let gold = RGBA(205, 160, 60)

    struct Holder {
        var person: Person
        var number: String
        var expiry: SimpleDate
        var licenceClass: String
        var condition: String
    }

    func holder(_ seed: UInt64) -> Holder {
        var rng = SeededRandom(seed: seed, label: info.id)
        let p = PersonGenerator.make(&rng, locale: PersonGenerator.ontario, age: variant == .license ? 16...85 : 16...90)
        let number: String
        switch variant {
        case .license:
            let initial = String(MRZComposer.transliterate(p.surname).prefix(1))
            number = "\(initial)\(rng.digits(4))-\(rng.digits(5))-\(rng.digits(5))"
        case .photoCard:
            number = "\(rng.letters(2))\(rng.digits(7))"
        }
        return Holder(person: p, number: number, expiry: PersonGenerator.expiry(issue: p.issueDate, years: 5, birthday: p.birthDate),
                      licenceClass: rng.pick(["G", "G", "G", "G2", "G1", "GM", "AG", "DG"]), condition: rng.pick(["X", "X", "A"]))
    }

    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws {
        let h = holder(seed)
        try background(page)
        switch side {
        case .front: try front(page, h)
        case .back: try back(page, h, seed: seed)
        }
    }

    /// The shared artwork of both cards and both sides.
    private func background(_ page: SpecimenPage) throws {
        let c = page.canvas
        try c.linearGradient(c.bounds, from: (0, 0), to: (1012, 638), RGBA(244, 247, 246), RGBA(206, 228, 228))
        try Guilloche.waves(c, c.bounds, count: 64, amplitude: 7, wavelength: 150, thickness: 0.9, OntarioCardDesign.tealLight.opacity(0.28))
        try Guilloche.rosette(c, cx: 790, cy: 400, radius: 150, amplitude: 20, petals: 14, lines: 18, thickness: 1,
                              OntarioCardDesign.tealLight.opacity(0.38))
        try Guilloche.rosette(c, cx: 790, cy: 400, radius: 80, amplitude: 12, petals: 9, lines: 10, thickness: 1,
                              OntarioCardDesign.gold.opacity(0.45))
        try Emblems.trillium(c, cx: 790, cy: 400, size: 60, petal: RGBA(255, 255, 255, 0.5), sepal: OntarioCardDesign.tealLight.opacity(0.25))
    }

    private func band(_ page: SpecimenPage, height: Double, titles: (String, String)) throws {
        let c = page.canvas
        try c.linearGradient(Rect(0, 0, 1012, height), from: (0, 0), to: (1012, 0), OntarioCardDesign.teal, OntarioCardDesign.tealLight)
        try Guilloche.waves(c, Rect(0, 0, 1012, height), count: 10, amplitude: 4, wavelength: 90, thickness: 0.8, RGBA.white.opacity(0.16))
        try c.fill(Rect(0, height, 1012, 5), OntarioCardDesign.gold)
        let s = height / 96
        try Emblems.trillium(c, cx: 52 * s, cy: height / 2, size: 34 * s, petal: .white, sepal: RGBA(150, 210, 190))
        var header = try page.label("ONTARIO", x: 98 * s, y: 62 * s, size: 40 * s, font: page.fonts.sansBold, .white)
        header = header.union(try page.label(titles.0, x: 990, y: 44 * s, size: 28 * s, font: page.fonts.sansBold, .white, align: .right))
        header = header.union(try page.label(titles.1, x: 990, y: 78 * s, size: 22 * s, font: page.fonts.sans, RGBA(225, 240, 236), align: .right))
        page.region("header", header)
    }

    private func front(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person, cap = OntarioCardDesign.caption
        switch variant {
        case .license: try band(page, height: 96, titles: ("DRIVER'S LICENCE", "PERMIS DE CONDUIRE"))
        case .photoCard: try band(page, height: 96, titles: ("PHOTO CARD", "CARTE-PHOTO"))
        }
        try CardKit.photo(page, Rect(34, 124, 250, 318), person: p)
        try page.label("SIGNATURE", x: 36, y: 470, size: 12, font: f.condensed, cap)
        try CardKit.signature(page, Rect(34, 476, 250, 78), seed: p.appearanceSeed)

        let x = 312.0
        let numberCaption = variant == .license ? "4d DL/NO/PERMIS" : "4d ID NO/NO ID"
        try CardKit.field(page, caption: numberCaption, name: "documentNumber", value: h.number, x: x, y: 138,
                          valueSize: 30, captionColor: cap, valueFont: f.mono)
        try page.label("1,2 NAME/NOM", x: x, y: 206, size: 15, font: f.condensedBold, cap)
        let nameSize = try page.fitted(p.surname, size: 30, font: f.sansBold, maxWidth: 420)
        try page.value("surname", p.surname, x: x, y: 240, size: nameSize, font: f.sansBold)
        let givenSize = try page.fitted(p.givenNames, size: 26, font: f.sans, maxWidth: 420)
        try page.value("givenNames", p.givenNames, x: x, y: 272, size: givenSize, font: f.sans)
        try page.label("8 ADDRESS/ADRESSE", x: x, y: 302, size: 15, font: f.condensedBold, cap)
        try page.value("address", p.street, truth: "\(p.street), \(p.city) \(p.postalCode)", x: x, y: 330, size: 21, font: f.sans)
        try page.value("address", "\(p.city) \(p.postalCode)", x: x, y: 356, size: 21, font: f.sans)
        try CardKit.field(page, caption: "4a ISS/DÉL", name: "issueDate", value: p.issueDate.slashed, truth: p.issueDate.iso,
                          x: x, y: 390, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "4b EXP/EXP", name: "expiryDate", value: h.expiry.slashed, truth: h.expiry.iso,
                          x: x + 170, y: 390, valueSize: 23, captionColor: RGBA(180, 30, 40))
        try CardKit.field(page, caption: "3 DOB/DDN", name: "birthDate", value: p.birthDate.slashed, truth: p.birthDate.iso,
                          x: x + 340, y: 390, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "15 SEX/SEXE", name: "sex", value: p.sex, x: x, y: 456, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "16 HGT/HAUT", name: "height", value: "\(p.heightCm) cm", x: x + 120, y: 456,
                          valueSize: 23, captionColor: cap)
        switch variant {
        case .license:
            try CardKit.field(page, caption: "9 CLASS/CAT", name: "class", value: h.licenceClass, x: x + 260, y: 456, valueSize: 23, captionColor: cap)
            try CardKit.field(page, caption: "12 REST/COND", name: "restrictions", value: h.condition, x: x + 400, y: 456,
                              valueSize: 23, captionColor: cap)
        case .photoCard:
            try CardKit.field(page, caption: "18 EYES/YEUX", name: "eyes", value: p.eyes, x: x + 260, y: 456, valueSize: 23, captionColor: cap)
        }
        try CardKit.ghost(page, Rect(872, 452, 104, 132), person: p)
        switch variant {
        case .license:
            try Guilloche.microtext(c, "ONTARIO DRIVER'S LICENCE PERMIS DE CONDUIRE", x: 312, y: 600, width: 540, font: f.condensed,
                                    OntarioCardDesign.teal.opacity(0.7))
        case .photoCard:
            try c.fill(Rect(0, 592, 1012, 46), OntarioCardDesign.teal.opacity(0.9))
            try page.label("NOT A DRIVER'S LICENCE · N'EST PAS UN PERMIS DE CONDUIRE", x: 506, y: 622, size: 19,
                           font: f.sansBold, .white, align: .center)
        }
    }

    private func back(_ page: SpecimenPage, _ h: Holder, seed: UInt64) throws {
        let c = page.canvas, f = page.fonts, cap = OntarioCardDesign.caption
        let titles = variant == .license
            ? ("MINISTRY OF TRANSPORTATION", "MINISTÈRE DES TRANSPORTS")
            : ("PHOTO CARD · CARTE-PHOTO", "SERVICEONTARIO")
        try band(page, height: 70, titles: titles)
        try c.fill(Rect(30, 100, 660, 250), radius: 6, RGBA.white.opacity(0.92))
        try Barcodes.pdf417(c, in: Rect(44, 112, 632, 226), seed: seed &+ SeededRandom.hash(info.id))
        page.region("barcode", Rect(44, 112, 632, 226))
        try CardKit.ghost(page, Rect(770, 100, 190, 240), person: h.person, opacity: 0.35, region: "photo")
        try page.label(variant == .license ? "CONDITIONS / CONDITIONS" : "IMPORTANT / IMPORTANT", x: 34, y: 392,
                       size: 17, font: f.sansBold, cap)
        let lines = variant == .license
            ? ["X: No restrictions · Aucune restriction", "A: Corrective lenses · Verres correcteurs",
               "Report a change of address within 6 days.", "Signalez tout changement d'adresse dans les 6 jours."]
            : ["This card is proof of identity only.", "Cette carte sert uniquement de preuve d'identité.",
               "If found, return to ServiceOntario.", "Si vous trouvez cette carte, retournez-la à ServiceOntario."]
        for (i, line) in lines.enumerated() {
            try page.label(line, x: 34, y: 420 + Double(i) * 24, size: 17, font: f.condensed, .ink)
        }
        try c.fill(Rect(560, 510, 420, 70), radius: 4, RGBA.white.opacity(0.92))
        try Barcodes.linear(c, in: Rect(572, 516, 396, 44), seed: seed &+ 7)
        page.region("linearBarcode", Rect(572, 516, 396, 44))
        try page.value("documentNumber", h.number, x: 770, y: 576, size: 14, font: f.mono, align: .center)
        try Guilloche.microtext(c, "ONTARIO", x: 34, y: 624, width: 500, font: f.condensed, OntarioCardDesign.teal.opacity(0.7))
    }
}
