import DocFrame

/// British Columbia driver's licence: English only, a sky-to-gold gradient with mountains along
/// the bottom and a rising sun; a navy title over the sky.
struct BritishColumbiaLicenseDesign: SpecimenDesign {
    let info = DesignInfo(id: "ca-bc-dl", label: "British Columbia Driver's License", kind: .driversLicense,
                          jurisdiction: "CA-BC", format: .id1, sides: [.front, .back])

    static let navy = RGBA(16, 38, 84)
    static let gold = RGBA(232, 170, 40)
    static let sea = RGBA(30, 90, 160)
    static let caption = RGBA(20, 50, 110)

    struct Holder {
        var person: Person
        var number: String
        var expiry: SimpleDate
    }

    func holder(_ seed: UInt64) -> Holder {
        var rng = SeededRandom(seed: seed, label: info.id)
        let p = PersonGenerator.make(&rng, locale: PersonGenerator.britishColumbia, age: 16...85)
        return Holder(person: p, number: rng.digits(7), expiry: PersonGenerator.expiry(issue: p.issueDate, years: 5, birthday: p.birthDate))
    }

    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws {
        let h = holder(seed)
        let c = page.canvas
        try c.linearGradient(c.bounds, from: (0, 0), to: (0, 638), RGBA(198, 222, 244), RGBA(252, 238, 200))
        try Guilloche.fan(c, cx: 506, cy: 700, from: 180, to: 760, rings: 34, ripple: 6, frequency: 48, thickness: 1,
                          BritishColumbiaLicenseDesign.sea.opacity(0.2))
        // Mountains along the bottom edge, two ranges.
        let far: [(Double, Double)] = [(0, 638), (0, 560), (120, 500), (210, 545), (330, 470), (470, 540), (600, 480),
                                       (720, 530), (860, 460), (1012, 520), (1012, 638)]
        let near: [(Double, Double)] = [(0, 638), (0, 600), (150, 560), (260, 590), (400, 540), (520, 585), (690, 545),
                                        (820, 590), (1012, 560), (1012, 638)]
        try c.fillPolygon(far, BritishColumbiaLicenseDesign.sea.opacity(0.22))
        try c.fillPolygon(near, BritishColumbiaLicenseDesign.navy.opacity(0.35))
        switch side {
        case .front: try front(page, h)
        case .back: try back(page, h, seed: seed)
        }
    }

    private func front(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person, cap = BritishColumbiaLicenseDesign.caption
        try Emblems.sunOverWaves(c, cx: 940, cy: 70, size: 46, sun: BritishColumbiaLicenseDesign.gold,
                                 sea: BritishColumbiaLicenseDesign.sea)
        var header = try page.label("BRITISH COLUMBIA", x: 34, y: 62, size: 42, font: f.serifBold, BritishColumbiaLicenseDesign.navy)
        header = header.union(try page.label("DRIVER'S LICENCE", x: 36, y: 100, size: 26, font: f.sansBold, RGBA(190, 120, 10)))
        page.region("header", header)

        try CardKit.photo(page, Rect(34, 130, 240, 300), person: p, frame: BritishColumbiaLicenseDesign.navy.opacity(0.7),
                          background: RGBA(214, 226, 240))
        let x = 300.0
        try CardKit.field(page, caption: "DL:", name: "documentNumber", value: h.number, x: x, y: 140, captionSize: 16,
                          valueSize: 34, captionColor: RGBA(180, 30, 40), valueFont: f.mono)
        try page.value("surname", p.surname, x: x, y: 236, size: try page.fitted(p.surname, size: 32, font: f.sansBold, maxWidth: 520),
                       font: f.sansBold)
        try page.value("givenNames", p.givenNames, x: x, y: 270,
                       size: try page.fitted(p.givenNames, size: 26, font: f.sans, maxWidth: 520), font: f.sans)
        try page.value("address", p.street, truth: "\(p.street), \(p.city) \(p.postalCode)", x: x, y: 306, size: 21, font: f.sans)
        try page.value("address", "\(p.city) \(p.postalCode)", x: x, y: 332, size: 21, font: f.sans)
        try CardKit.field(page, caption: "EXPIRES", name: "expiryDate", value: h.expiry.spelled, truth: h.expiry.iso,
                          x: x, y: 368, valueSize: 24, captionColor: RGBA(180, 30, 40))
        try CardKit.field(page, caption: "DOB", name: "birthDate", value: p.birthDate.spelled, truth: p.birthDate.iso,
                          x: x + 230, y: 368, valueSize: 24, captionColor: cap)
        try CardKit.field(page, caption: "ISSUED", name: "issueDate", value: p.issueDate.spelled, truth: p.issueDate.iso,
                          x: x, y: 432, valueSize: 22, captionColor: cap)
        try CardKit.field(page, caption: "SEX", name: "sex", value: p.sex, x: x + 230, y: 432, valueSize: 22, captionColor: cap)
        try CardKit.field(page, caption: "HGT", name: "height", value: "\(p.heightCm) cm", x: x + 310, y: 432, valueSize: 22,
                          captionColor: cap)
        try CardKit.field(page, caption: "EYES", name: "eyes", value: p.eyes, x: x + 440, y: 432, valueSize: 22, captionColor: cap)
        try CardKit.field(page, caption: "CLASS", name: "class", value: "5", x: x + 540, y: 432, valueSize: 22, captionColor: cap)
        try CardKit.signature(page, Rect(34, 448, 240, 70), seed: p.appearanceSeed)
        try CardKit.ghost(page, Rect(870, 160, 100, 126), person: p, opacity: 0.3)
        try Guilloche.microtext(c, "BRITISH COLUMBIA", x: 34, y: 540, width: 600, font: f.condensed, BritishColumbiaLicenseDesign.navy.opacity(0.7))
    }

    private func back(_ page: SpecimenPage, _ h: Holder, seed: UInt64) throws {
        let c = page.canvas, f = page.fonts
        try Barcodes.magneticStripe(c, y: 30, height: 100)
        var header = try page.label("BRITISH COLUMBIA", x: 34, y: 178, size: 28, font: f.serifBold, BritishColumbiaLicenseDesign.navy)
        header = header.union(try page.label("DRIVER'S LICENCE", x: 34, y: 208, size: 20, font: f.sansBold, RGBA(190, 120, 10)))
        page.region("header", header)
        try CardKit.ghost(page, Rect(34, 230, 130, 165), person: h.person, opacity: 0.35, region: "photo")
        try c.fill(Rect(200, 226, 780, 210), radius: 6, RGBA.white)
        try Barcodes.pdf417(c, in: Rect(214, 238, 752, 186), seed: seed &+ SeededRandom.hash(info.id))
        page.region("barcode", Rect(214, 238, 752, 186))
        let lines = ["Restrictions: 21 Corrective lenses required", "This licence is not valid unless signed."]
        for (i, line) in lines.enumerated() {
            try page.label(line, x: 200, y: 468 + Double(i) * 26, size: 19, font: f.condensed, .ink)
        }
        try page.value("documentNumber", h.number, x: 34, y: 430, size: 24, font: f.mono)
    }
}
