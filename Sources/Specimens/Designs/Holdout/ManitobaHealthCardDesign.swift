import DocFrame

/// Held-out Manitoba-style health card (never a built-in template; policy unusable): no portrait,
/// a lilac field crossed by a diagonal wheat-gold band, a large prairie crocus, a centred
/// bilingual title and a nine-digit health number in wide boxes; a signature panel on the back.
struct ManitobaHealthCardDesign: SpecimenDesign {
    let info = DesignInfo(id: "ca-mb-health", label: "Manitoba Health Card", kind: .healthCard, jurisdiction: "CA-MB",
                          format: .id1, sides: [.front, .back], policy: .unusable)

    static let purple = RGBA(88, 44, 140)
    static let lilac = RGBA(200, 180, 232)
    static let gold = RGBA(236, 186, 60)
    static let caption = RGBA(96, 52, 150)

    struct Holder {
        var person: Person
        /// Personal health identification number, printed in groups of three.
        var phin: String
        var registration: String
        var expiry: SimpleDate
    }

    func holder(_ seed: UInt64) -> Holder {
        var rng = SeededRandom(seed: seed, label: info.id)
        let p = PersonGenerator.make(&rng, locale: PersonGenerator.manitoba, age: 0...95, minimumIssueAge: 0)
        return Holder(person: p, phin: rng.digits(9), registration: rng.digits(6),
                      expiry: PersonGenerator.expiry(issue: p.issueDate, years: 6))
    }

    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws {
        let h = holder(seed)
        let c = page.canvas
        try Guilloche.waves(c, Rect(0, 0, 1012, 638), count: 14, amplitude: 8, wavelength: 320, thickness: 0.8,
                            ManitobaHealthCardDesign.lilac.opacity(0.6))
        switch side {
        case .front: try front(page, h)
        case .back: try back(page, h)
        }
    }

    private func front(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person, cap = ManitobaHealthCardDesign.caption
        // Drawn over the base waves: a lilac field crossed by the wheat band with a thin purple edge.
        try c.linearGradient(c.bounds, from: (0, 0), to: (1012, 638), RGBA(240, 232, 250, 0.85), RGBA(204, 182, 232, 0.85))
        try c.fillPolygon([(0, 520), (0, 638), (120, 638), (1012, 170), (1012, 60)], ManitobaHealthCardDesign.gold.opacity(0.6))
        try c.strokePolylines([[(0, 520), (1012, 60)]], thickness: 3, ManitobaHealthCardDesign.purple.opacity(0.5))
        try Guilloche.spirograph(c, cx: 800, cy: 420, big: 150, small: 41, offset: 62, scale: 1.1, thickness: 0.8,
                                 ManitobaHealthCardDesign.purple.opacity(0.18))
        try ProvincialEmblems.crocus(c, cx: 860, cy: 330, size: 170, petal: ManitobaHealthCardDesign.lilac.opacity(0.55),
                                     leaf: RGBA(90, 140, 80, 0.3))
        try c.fill(Rect(0, 0, 1012, 16), ManitobaHealthCardDesign.purple)
        var header = try page.label("MANITOBA HEALTH", x: 506, y: 78, size: 40, font: f.sansBold, ManitobaHealthCardDesign.purple,
                                    align: .center)
        header = header.union(try page.label("SANTÉ MANITOBA", x: 506, y: 112, size: 24, font: f.sans, ManitobaHealthCardDesign.purple,
                                             align: .center))
        page.region("header", header)
        try ProvincialEmblems.crocus(c, cx: 70, cy: 62, size: 42, petal: ManitobaHealthCardDesign.purple, leaf: RGBA(70, 120, 60))

        try page.label("PERSONAL HEALTH IDENTIFICATION NUMBER (PHIN)", x: 60, y: 170, size: 15, font: f.condensedBold, cap)
        // The PHIN in three white boxes, one per group of three digits.
        let groups = [0, 3, 6].map { String(Array(h.phin)[$0..<($0 + 3)]) }
        var box: Rect?
        for (i, g) in groups.enumerated() {
            let r = Rect(60 + Double(i) * 150, 182, 134, 66)
            try c.fill(r, radius: 6, RGBA.white.opacity(0.9))
            try c.stroke(r, radius: 6, thickness: 1.5, ManitobaHealthCardDesign.purple.opacity(0.6))
            let t = try page.label(g, x: r.midX, y: 232, size: 46, font: f.mono, .ink, align: .center)
            box = box.map { $0.union(t) } ?? t
        }
        if let box {
            page.field("documentNumber", h.phin)
            page.region("documentNumber", Rect(box.x - 2, box.y - 2, box.w + 4, box.h + 4))
        }
        try page.value("surname", p.surname.uppercased() + ",", truth: p.surname, x: 60, y: 310,
                       size: try page.fitted(p.surname + ",", size: 34, font: f.sansBold, maxWidth: 620), font: f.sansBold)
        try page.value("givenNames", p.givenNames, x: 60, y: 350,
                       size: try page.fitted(p.givenNames, size: 28, font: f.sans, maxWidth: 620), font: f.sans)
        try CardKit.field(page, caption: "DATE OF BIRTH / NAISSANCE", name: "birthDate", value: p.birthDate.bilingual,
                          truth: p.birthDate.iso, x: 60, y: 392, captionSize: 14, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "SEX / SEXE", name: "sex", value: p.sex, x: 400, y: 392, captionSize: 14,
                          valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "REGISTRATION NO. / N° D'INSCRIPTION", name: "registrationNumber", value: h.registration,
                          x: 60, y: 456, captionSize: 14, valueSize: 23, captionColor: cap, valueFont: f.mono)
        try CardKit.field(page, caption: "VALID TO / VALIDE JUSQU'AU", name: "expiryDate", value: h.expiry.bilingual,
                          truth: h.expiry.iso, x: 400, y: 456, captionSize: 14, valueSize: 23, captionColor: cap)
        try c.fill(Rect(0, 566, 1012, 72), ManitobaHealthCardDesign.purple)
        try page.label("HEALTH CARD · CARTE SANTÉ", x: 60, y: 612, size: 24, font: f.sansBold, .white)
        try Guilloche.microtext(c, "MANITOBA HEALTH SANTÉ MANITOBA", x: 520, y: 612, width: 440, font: f.condensed,
                                RGBA.white.opacity(0.75))
    }

    private func back(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, cap = ManitobaHealthCardDesign.caption
        // The back is near white with wheat-gold furrows along the bottom: unlike the front's lilac
        // field, so the two sides are told apart at a glance.
        try c.linearGradient(c.bounds, from: (0, 0), to: (0, 638), RGBA(252, 250, 255, 0.9), RGBA(242, 236, 250, 0.9))
        for k in 0..<5 {
            let y = 520 + Double(k) * 24
            try c.fill(Rect(0, y, 1012, 12), ManitobaHealthCardDesign.gold.opacity(0.35 + 0.1 * Double(k)))
        }
        try c.fill(Rect(0, 0, 1012, 16), ManitobaHealthCardDesign.purple)
        var header = try page.label("MANITOBA HEALTH · SANTÉ MANITOBA", x: 40, y: 68, size: 26, font: f.sansBold,
                                    ManitobaHealthCardDesign.purple)
        header = header.union(try page.label("Insured person · Personne assurée", x: 40, y: 98, size: 19, font: f.sans,
                                             ManitobaHealthCardDesign.purple))
        page.region("header", header)
        let lines = ["Present this card whenever you receive insured", "health services. Report any change of address.",
                     "Présentez cette carte pour recevoir des services", "de santé assurés."]
        for (i, line) in lines.enumerated() {
            try page.label(line, x: 40, y: 150 + Double(i) * 27, size: 20, font: f.condensed, .ink)
        }
        try page.label("SIGNATURE OF INSURED PERSON / SIGNATURE DE LA PERSONNE ASSURÉE", x: 40, y: 300, size: 13,
                       font: f.condensedBold, cap)
        try c.fill(Rect(40, 308, 620, 92), RGBA.white)
        try c.stroke(Rect(40, 308, 620, 92), thickness: 1.5, ManitobaHealthCardDesign.purple.opacity(0.5))
        try Guilloche.waves(c, Rect(40, 308, 620, 92), count: 6, amplitude: 3, wavelength: 40, thickness: 0.7,
                            ManitobaHealthCardDesign.lilac)
        try CardKit.signature(page, Rect(50, 314, 420, 80), seed: h.person.appearanceSeed)
        try page.value("documentNumber", "PHIN \(h.phin)", truth: h.phin, x: 40, y: 450, size: 26, font: f.mono)
        try ProvincialEmblems.crocus(c, cx: 880, cy: 250, size: 120, petal: ManitobaHealthCardDesign.purple.opacity(0.3),
                                     leaf: RGBA(70, 120, 60, 0.3))
    }
}
