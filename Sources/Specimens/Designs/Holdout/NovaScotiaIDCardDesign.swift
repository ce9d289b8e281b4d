import DocFrame

/// Held-out Nova Scotia-style identification card (never a built-in template): a tartan strip
/// down the left edge, a pale blue saltire across a white field, the title centred over the data,
/// the portrait just right of the tartan; the back carries a 1D barcode and a ghost, no stripe.
struct NovaScotiaIDCardDesign: SpecimenDesign {
    let info = DesignInfo(id: "ca-ns-id", label: "Nova Scotia Identification Card", kind: .idCard,
                          jurisdiction: "CA-NS", format: .id1, sides: [.front, .back])

    static let navy = RGBA(0, 40, 104)
    static let saltire = RGBA(0, 94, 184)
    static let caption = RGBA(0, 60, 140)
    static let red = RGBA(176, 30, 44)
    /// A blue-green sett with white and gold lines and a red overcheck.
    static let sett: [(RGBA, Double)] = [
        (RGBA(0, 52, 130), 22), (RGBA(255, 255, 255), 3), (RGBA(0, 52, 130), 6), (RGBA(20, 110, 70), 18),
        (RGBA(226, 180, 40), 3), (RGBA(20, 110, 70), 8), (RGBA(176, 30, 44), 4), (RGBA(90, 150, 210), 12),
    ]

    struct Holder {
        var person: Person
        var number: String
        var expiry: SimpleDate
    }

    func holder(_ seed: UInt64) -> Holder {
        var rng = SeededRandom(seed: seed, label: info.id)
        let p = PersonGenerator.make(&rng, locale: PersonGenerator.novaScotia, age: 16...90)
        let number = "\(rng.letters(5))\(rng.digits(9))"
        return Holder(person: p, number: number, expiry: PersonGenerator.expiry(issue: p.issueDate, years: 4, birthday: p.birthDate))
    }

    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws {
        let h = holder(seed)
        let c = page.canvas
        try c.radialGradient(c.bounds, center: (600, 320), radius: 620, RGBA(255, 255, 255), RGBA(226, 236, 248))
        try ProvincialEmblems.saltire(c, Rect(130, 0, 882, 638), width: 150, NovaScotiaIDCardDesign.saltire.opacity(0.09))
        try Guilloche.rosette(c, cx: 640, cy: 330, radius: 170, amplitude: 22, petals: 9, lines: 10, thickness: 0.9,
                              NovaScotiaIDCardDesign.saltire.opacity(0.2))
        switch side {
        case .front:
            try ProvincialEmblems.tartan(c, Rect(0, 0, 112, 638), sett: NovaScotiaIDCardDesign.sett, opacity: 0.55)
            try c.fill(Rect(112, 0, 4, 638), NovaScotiaIDCardDesign.navy)
            try front(page, h)
        case .back:
            try ProvincialEmblems.tartan(c, Rect(0, 560, 1012, 78), sett: NovaScotiaIDCardDesign.sett, opacity: 0.55)
            try c.fill(Rect(0, 556, 1012, 4), NovaScotiaIDCardDesign.navy)
            try back(page, h, seed: seed)
        }
    }

    private func front(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person, cap = NovaScotiaIDCardDesign.caption
        var header = try page.label("NOVA SCOTIA", x: 566, y: 62, size: 40, font: f.serifBold, NovaScotiaIDCardDesign.navy,
                                    align: .center)
        header = header.union(try page.label("IDENTIFICATION CARD", x: 566, y: 96, size: 22, font: f.sansBold,
                                             NovaScotiaIDCardDesign.red, align: .center))
        page.region("header", header)
        try c.fill(Rect(150, 112, 832, 2), NovaScotiaIDCardDesign.navy.opacity(0.6))
        try ProvincialEmblems.saltire(c, Rect(930, 28, 50, 50), width: 10, NovaScotiaIDCardDesign.saltire)
        try c.stroke(Rect(930, 28, 50, 50), thickness: 1.5, NovaScotiaIDCardDesign.navy)

        try CardKit.photo(page, Rect(144, 140, 226, 284), person: p, frame: NovaScotiaIDCardDesign.navy.opacity(0.7),
                          background: RGBA(222, 230, 240))
        try CardKit.signature(page, Rect(144, 440, 226, 64), seed: p.appearanceSeed)
        let x = 400.0
        try CardKit.field(page, caption: "ID NO. / NO D'IDENTIFICATION", name: "documentNumber", value: h.number, x: x, y: 146,
                          captionSize: 14, valueSize: 30, captionColor: NovaScotiaIDCardDesign.red, valueFont: f.mono)
        try page.label("NAME", x: x, y: 214, size: 14, font: f.condensedBold, cap)
        try page.value("surname", p.surname.uppercased(), truth: p.surname, x: x, y: 246,
                       size: try page.fitted(p.surname, size: 30, font: f.serifBold, maxWidth: 560), font: f.serifBold)
        try page.value("givenNames", p.givenNames, x: x, y: 280,
                       size: try page.fitted(p.givenNames, size: 25, font: f.serif, maxWidth: 560), font: f.serif)
        try page.value("address", p.street, truth: "\(p.street), \(p.city) \(p.postalCode)", x: x, y: 314, size: 19, font: f.sans)
        try page.value("address", "\(p.city) \(p.postalCode)", x: x, y: 338, size: 19, font: f.sans)
        try CardKit.field(page, caption: "BIRTH DATE", name: "birthDate", value: p.birthDate.dotted, truth: p.birthDate.iso,
                          x: x, y: 380, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "SEX", name: "sex", value: p.sex, x: x + 190, y: 380, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "HEIGHT", name: "height", value: "\(p.heightCm) cm", x: x + 270, y: 380, valueSize: 23,
                          captionColor: cap)
        try CardKit.field(page, caption: "ISSUED", name: "issueDate", value: p.issueDate.dotted, truth: p.issueDate.iso,
                          x: x, y: 442, valueSize: 23, captionColor: cap)
        try CardKit.field(page, caption: "EXPIRES", name: "expiryDate", value: h.expiry.dotted, truth: h.expiry.iso,
                          x: x + 190, y: 442, valueSize: 23, captionColor: NovaScotiaIDCardDesign.red)
        try CardKit.ghost(page, Rect(872, 392, 104, 130), person: p, opacity: 0.3)
        try c.fill(Rect(116, 560, 896, 78), NovaScotiaIDCardDesign.navy)
        try page.label("NOT A DRIVER'S LICENCE", x: 564, y: 608, size: 24, font: f.sansBold, .white, align: .center)
    }

    private func back(_ page: SpecimenPage, _ h: Holder, seed: UInt64) throws {
        let c = page.canvas, f = page.fonts
        var header = try page.label("NOVA SCOTIA", x: 40, y: 64, size: 32, font: f.serifBold, NovaScotiaIDCardDesign.navy)
        header = header.union(try page.label("IDENTIFICATION CARD", x: 40, y: 94, size: 18, font: f.sansBold, NovaScotiaIDCardDesign.red))
        page.region("header", header)
        try ProvincialEmblems.saltire(c, Rect(926, 30, 50, 50), width: 10, NovaScotiaIDCardDesign.saltire)
        try c.stroke(Rect(926, 30, 50, 50), thickness: 1.5, NovaScotiaIDCardDesign.navy)
        let lines = ["This card is proof of identity only and does not", "authorize the holder to drive a motor vehicle.",
                     "If found, please return to Access Nova Scotia."]
        for (i, line) in lines.enumerated() {
            try page.label(line, x: 40, y: 150 + Double(i) * 28, size: 21, font: f.condensed, .ink)
        }
        try CardKit.ghost(page, Rect(820, 120, 150, 190), person: h.person, opacity: 0.35, region: "photo")
        try c.fill(Rect(40, 300, 640, 130), radius: 6, RGBA.white)
        try Barcodes.linear(c, in: Rect(56, 312, 608, 96), seed: SeededRandom.hash(h.number))
        page.region("barcode", Rect(56, 312, 608, 96))
        try page.value("documentNumber", h.number, x: 56, y: 470, size: 26, font: f.mono)
        try page.value("surname", h.person.surname.uppercased(), truth: h.person.surname, x: 56, y: 514, size: 22, font: f.sansBold)
        try Guilloche.rosette(c, cx: 850, cy: 432, radius: 92, amplitude: 14, petals: 7, lines: 9, thickness: 0.9,
                              NovaScotiaIDCardDesign.navy.opacity(0.3))
        try ProvincialEmblems.saltire(c, Rect(818, 400, 64, 64), width: 13, NovaScotiaIDCardDesign.saltire.opacity(0.6))
        try Guilloche.microtext(c, "ACCESS NOVA SCOTIA", x: 700, y: 540, width: 280, font: f.condensed,
                                NovaScotiaIDCardDesign.navy.opacity(0.7))
    }
}
