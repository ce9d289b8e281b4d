import DocFrame

/// Canada Permanent Resident Card: a federal card in red and grey with a maple leaf, bilingual
/// throughout, and a TD1 machine-readable zone (3 x 30) on the back.
struct PermanentResidentCardDesign: SpecimenDesign {
    let info = DesignInfo(id: "ca-pr", label: "Canada Permanent Resident Card", kind: .idCard, jurisdiction: "CA",
                          format: .id1, sides: [.front, .back])

    static let red = RGBA(200, 16, 46)
    static let deep = RGBA(120, 20, 36)
    static let grey = RGBA(92, 96, 104)
    static let nationalities = ["IND", "CHN", "PHL", "GBR", "FRA", "NGA", "PAK", "IRN", "USA", "MEX", "BRA", "VNM", "KOR", "COL", "EGY", "UKR"]

    struct Holder {
        var person: Person
        var cardNumber: String
        var clientId: String
        var nationality: String
        var expiry: SimpleDate
        var mrz: [String]
    }

    func holder(_ seed: UInt64) -> Holder {
        var rng = SeededRandom(seed: seed, label: info.id)
        let p = PersonGenerator.make(&rng, locale: PersonGenerator.canada, age: 18...80)
        let card = "PA\(rng.digits(7))"
        let client = rng.digits(8)
        let nationality = rng.pick(PermanentResidentCardDesign.nationalities)
        let expiry = PersonGenerator.expiry(issue: p.issueDate, years: 5)
        let mrz = MRZComposer.td1(documentCode: "IR", issuingState: "CAN", documentNumber: card, optional1: client,
                                  birthDate: p.birthDate, sex: p.sex, expiryDate: expiry, nationality: nationality,
                                  surname: p.surname, givenNames: p.givenNames)
        return Holder(person: p, cardNumber: card, clientId: client, nationality: nationality, expiry: expiry, mrz: mrz)
    }

    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws {
        let h = holder(seed)
        let c = page.canvas
        try c.linearGradient(c.bounds, from: (0, 0), to: (0, 638), RGBA(250, 244, 244), RGBA(232, 226, 230))
        try Guilloche.waves(c, c.bounds, count: 48, amplitude: 12, wavelength: 220, drift: 0.5, thickness: 0.9,
                            PermanentResidentCardDesign.red.opacity(0.16), vertical: true)
        switch side {
        case .front: try front(page, h)
        case .back: try back(page, h)
        }
    }

    private func governmentLine(_ page: SpecimenPage, y: Double) throws {
        let c = page.canvas, f = page.fonts
        // A flag-like signature: red bars either side of a leaf.
        try c.fill(Rect(34, y - 24, 14, 30), PermanentResidentCardDesign.red)
        try c.fill(Rect(76, y - 24, 14, 30), PermanentResidentCardDesign.red)
        try Emblems.mapleLeaf(c, cx: 62, cy: y - 9, size: 12, PermanentResidentCardDesign.red)
        try page.label("Government of Canada", x: 100, y: y - 10, size: 16, font: f.sansBold, .ink)
        try page.label("Gouvernement du Canada", x: 100, y: y + 8, size: 16, font: f.sans, .ink)
    }

    private func front(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person, grey = PermanentResidentCardDesign.grey
        try Emblems.mapleLeaf(c, cx: 760, cy: 380, size: 210, PermanentResidentCardDesign.red.opacity(0.08))
        try Guilloche.rosette(c, cx: 760, cy: 380, radius: 120, amplitude: 18, petals: 11, lines: 14, thickness: 1,
                              PermanentResidentCardDesign.red.opacity(0.3))
        try governmentLine(page, y: 46)
        try c.fill(Rect(0, 76, 1012, 62), PermanentResidentCardDesign.red)
        try c.fill(Rect(0, 138, 1012, 4), PermanentResidentCardDesign.deep)
        var header = try page.label("PERMANENT RESIDENT CARD", x: 506, y: 104, size: 27, font: f.sansBold, .white, align: .center)
        header = header.union(try page.label("CARTE DE RÉSIDENT PERMANENT", x: 506, y: 130, size: 20, font: f.sans, .white, align: .center))
        page.region("header", header)
        try CardKit.photo(page, Rect(34, 162, 236, 300), person: p, background: RGBA(236, 238, 240))
        try CardKit.signature(page, Rect(34, 478, 236, 66), seed: p.appearanceSeed)
        let x = 300.0
        try page.label("Name/Nom", x: x, y: 172, size: 15, font: f.condensed, grey)
        let sSize = try page.fitted(p.surname, size: 30, font: f.sansBold, maxWidth: 440)
        try page.value("surname", p.surname, x: x, y: 206, size: sSize, font: f.sansBold)
        let gSize = try page.fitted(p.givenNames, size: 26, font: f.sans, maxWidth: 440)
        try page.value("givenNames", p.givenNames, x: x, y: 238, size: gSize, font: f.sans)
        let idText = String(h.clientId.prefix(4)) + "-" + String(h.clientId.suffix(4))
        try CardKit.field(page, caption: "ID No./No ID", name: "clientId", value: idText, truth: h.clientId, x: x, y: 276,
                          captionSize: 15, valueSize: 24, captionColor: grey)
        try CardKit.field(page, caption: "Nationality/Nationalité", name: "nationality", value: h.nationality, x: x + 230,
                          y: 276, captionSize: 15, valueSize: 24, captionColor: grey)
        try CardKit.field(page, caption: "Date of birth/Date de naissance", name: "birthDate", value: p.birthDate.bilingual,
                          truth: p.birthDate.iso, x: x, y: 340, captionSize: 15, valueSize: 24, captionColor: grey)
        try CardKit.field(page, caption: "Sex/Sexe", name: "sex", value: p.sex, x: x + 340, y: 340, captionSize: 15,
                          valueSize: 24, captionColor: grey)
        try CardKit.field(page, caption: "Expiry/Expiration", name: "expiryDate", value: h.expiry.bilingual, truth: h.expiry.iso,
                          x: x, y: 404, captionSize: 15, valueSize: 24, captionColor: grey)
        try CardKit.field(page, caption: "Card No./No de carte", name: "documentNumber", value: h.cardNumber, x: x + 300,
                          y: 404, captionSize: 15, valueSize: 24, captionColor: grey)
        try CardKit.ghost(page, Rect(830, 300, 110, 140), person: p, opacity: 0.28)
        // The "Canada" wordmark with its small flag over the final letter.
        let mark = try page.label("Canada", x: 975, y: 612, size: 44, font: f.serifBold, .ink, align: .right)
        try c.fill(Rect(mark.maxX - 34, mark.y - 18, 8, 14), PermanentResidentCardDesign.red)
        try c.fill(Rect(mark.maxX - 10, mark.y - 18, 8, 14), PermanentResidentCardDesign.red)
        try Emblems.mapleLeaf(c, cx: mark.maxX - 18, cy: mark.y - 11, size: 6, PermanentResidentCardDesign.red)
        try Guilloche.microtext(c, "CANADA PERMANENT RESIDENT · RÉSIDENT PERMANENT", x: 300, y: 480, width: 400,
                                font: f.condensed, PermanentResidentCardDesign.deep.opacity(0.7))
    }

    private func back(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person
        try c.fill(Rect(0, 0, 1012, 64), PermanentResidentCardDesign.deep)
        var header = try page.label("PERMANENT RESIDENT", x: 34, y: 42, size: 24, font: f.sansBold, .white)
        header = header.union(try page.label("RÉSIDENT PERMANENT", x: 978, y: 42, size: 24, font: f.sansBold, .white, align: .right))
        page.region("header", header)
        try Emblems.mapleLeaf(c, cx: 506, cy: 32, size: 22, .white)
        try CardKit.ghost(page, Rect(800, 86, 170, 215), person: p, opacity: 0.35, region: "photo")
        let text = ["This card remains the property of the Government",
                    "of Canada and must be returned upon request.",
                    "Cette carte demeure la propriété du gouvernement",
                    "du Canada et doit être rendue sur demande."]
        for (i, line) in text.enumerated() {
            try page.label(line, x: 34, y: 110 + Double(i) * 26, size: 19, font: f.condensed, .ink)
        }
        try CardKit.field(page, caption: "Date issued/Date de délivrance", name: "issueDate", value: p.issueDate.bilingual,
                          truth: p.issueDate.iso, x: 34, y: 236, captionSize: 15, valueSize: 22,
                          captionColor: PermanentResidentCardDesign.grey)
        try CardKit.field(page, caption: "Nationality/Nationalité", name: "nationality", value: h.nationality, x: 420,
                          y: 236, captionSize: 15, valueSize: 22, captionColor: PermanentResidentCardDesign.grey)
        try Guilloche.microtext(c, "CANADA", x: 34, y: 320, width: 740, font: f.condensed, PermanentResidentCardDesign.deep.opacity(0.7))
        try c.fill(Rect(0, 408, 1012, 230), RGBA(250, 250, 250))
        let boxes = try MRZBlock.draw(page, lines: h.mrz, x: 40, y: 470, pitch: 31, spacing: 60)
        // The identity on this side is in the zone: record each field over its characters.
        let surnameLength = MRZComposer.transliterate(p.surname).count
        let given = MRZComposer.names(surname: p.surname, given: p.givenNames, length: 30)
        let givenEnd = min(30, given.count - given.reversed().prefix { $0 == "<" }.count)
        MRZBlock.field(page, "documentNumber", h.cardNumber, lines: h.mrz, boxes: boxes, line: 0, 5..<14)
        MRZBlock.field(page, "clientId", h.clientId, lines: h.mrz, boxes: boxes, line: 0, 15..<23)
        MRZBlock.field(page, "birthDate", p.birthDate.iso, lines: h.mrz, boxes: boxes, line: 1, 0..<6)
        MRZBlock.field(page, "sex", p.sex, lines: h.mrz, boxes: boxes, line: 1, 7..<8)
        MRZBlock.field(page, "expiryDate", h.expiry.iso, lines: h.mrz, boxes: boxes, line: 1, 8..<14)
        MRZBlock.field(page, "surname", p.surname, lines: h.mrz, boxes: boxes, line: 2, 0..<min(30, surnameLength))
        if givenEnd > surnameLength + 2 {
            MRZBlock.field(page, "givenNames", p.givenNames, lines: h.mrz, boxes: boxes, line: 2, (surnameLength + 2)..<givenEnd)
        }
    }
}
