import DocFrame
import Foundation

/// Held-out Alberta-style driver's licence (never a built-in template): a deep blue band across
/// the top with a wild rose, prairie-gold fields under foothills, the portrait on the RIGHT (every
/// built-in card has it on the left) and a large ghost image; a barcode-heavy back.
struct AlbertaLicenseDesign: SpecimenDesign {
    let info = DesignInfo(id: "ca-ab-dl", label: "Alberta Driver's License", kind: .driversLicense,
                          jurisdiction: "CA-AB", format: .id1, sides: [.front, .back])

    static let blue = RGBA(0, 58, 130)
    static let sky = RGBA(122, 178, 222)
    static let wheat = RGBA(226, 190, 90)
    static let rose = RGBA(232, 96, 150)
    static let caption = RGBA(0, 70, 150)

    struct Holder {
        var person: Person
        var number: String
        var expiry: SimpleDate
        var classCode: String
    }

    func holder(_ seed: UInt64) -> Holder {
        var rng = SeededRandom(seed: seed, label: info.id)
        let p = PersonGenerator.make(&rng, locale: PersonGenerator.alberta, age: 16...88)
        let number = "\(rng.digits(6))-\(rng.digits(3))"
        return Holder(person: p, number: number, expiry: PersonGenerator.expiry(issue: p.issueDate, years: 5, birthday: p.birthDate),
                      classCode: rng.pick(["5", "5", "5", "7", "4", "3"]))
    }

    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws {
        let h = holder(seed)
        let c = page.canvas
        try c.linearGradient(c.bounds, from: (0, 110), to: (0, 638), RGBA(232, 242, 252), RGBA(250, 244, 222))
        // Rolling foothills and a wheat field along the bottom.
        var hills: [(Double, Double)] = [(0, 638)]
        var field: [(Double, Double)] = [(0, 638)]
        for i in 0...60 {
            let x = Double(i) / 60 * 1012
            let u: Double = x / 1012 * Double.pi
            let hill: Double = 520 - 50 * sin(u * 2.2 + 0.6) - 18 * sin(x / 70)
            hills.append((x, hill))
            field.append((x, 575 - 14 * sin(u * 3 + 1.4)))
        }
        hills.append((1012, 638))
        field.append((1012, 638))
        try c.fillPolygon(hills, AlbertaLicenseDesign.sky.opacity(0.35))
        try c.fillPolygon(field, AlbertaLicenseDesign.wheat.opacity(0.55))
        try Guilloche.waves(c, Rect(0, 118, 1012, 470), count: 46, amplitude: 9, wavelength: 120, drift: 0.25, thickness: 0.7,
                            AlbertaLicenseDesign.sky.opacity(0.3), vertical: true)
        // The front's deep top band; the back keeps only a thin rule so the two sides do not share
        // their most distinctive artwork (a recogniser must tell them apart at a glance).
        let band = side == .front ? 112.0 : 22.0
        try c.linearGradient(Rect(0, 0, 1012, band), from: (0, 0), to: (1012, 0), AlbertaLicenseDesign.blue, RGBA(0, 96, 170))
        try c.fill(Rect(0, band, 1012, 6), AlbertaLicenseDesign.wheat)
        switch side {
        case .front: try front(page, h)
        case .back: try back(page, h, seed: seed)
        }
    }

    private func front(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person, cap = AlbertaLicenseDesign.caption
        try ProvincialEmblems.wildRose(c, cx: 62, cy: 56, size: 38, petal: AlbertaLicenseDesign.rose, centre: RGBA(250, 214, 60))
        var header = try page.label("Alberta", x: 112, y: 74, size: 50, font: f.serifBold, .white)
        header = header.union(try page.label("DRIVER'S LICENCE", x: 980, y: 70, size: 30, font: f.condensedBold, .white,
                                             align: .right))
        page.region("header", header)
        // Large faint rose behind the data.
        try ProvincialEmblems.wildRose(c, cx: 430, cy: 330, size: 150, petal: AlbertaLicenseDesign.rose.opacity(0.08),
                                       centre: AlbertaLicenseDesign.wheat.opacity(0.12))

        try CardKit.photo(page, Rect(742, 140, 236, 296), person: p, frame: AlbertaLicenseDesign.blue.opacity(0.8),
                          background: RGBA(196, 214, 236))
        try CardKit.ghost(page, Rect(640, 330, 84, 106), person: p, opacity: 0.28)
        let x = 36.0
        try CardKit.field(page, caption: "LICENCE NO.", name: "documentNumber", value: h.number, x: x, y: 150,
                          captionSize: 15, valueSize: 36, captionColor: RGBA(190, 40, 60), valueFont: f.mono)
        try page.value("surname", p.surname, x: x, y: 242, size: try page.fitted(p.surname, size: 34, font: f.sansBold, maxWidth: 600),
                       font: f.sansBold)
        try page.value("givenNames", p.givenNames, x: x, y: 278,
                       size: try page.fitted(p.givenNames, size: 26, font: f.sans, maxWidth: 600), font: f.sans)
        try page.value("address", p.street, truth: "\(p.street), \(p.city) \(p.postalCode)", x: x, y: 312, size: 20, font: f.condensed)
        try page.value("address", "\(p.city)  \(p.postalCode)", x: x, y: 336, size: 20, font: f.condensed)
        try CardKit.field(page, caption: "DOB", name: "birthDate", value: p.birthDate.iso, truth: p.birthDate.iso,
                          x: x, y: 376, valueSize: 24, captionColor: cap)
        try CardKit.field(page, caption: "EXPIRY", name: "expiryDate", value: h.expiry.iso, truth: h.expiry.iso,
                          x: x + 200, y: 376, valueSize: 24, captionColor: RGBA(190, 40, 60))
        try CardKit.field(page, caption: "ISSUED", name: "issueDate", value: p.issueDate.iso, truth: p.issueDate.iso,
                          x: x + 400, y: 376, valueSize: 24, captionColor: cap)
        try CardKit.field(page, caption: "CLASS", name: "class", value: h.classCode, x: x, y: 438, valueSize: 22, captionColor: cap)
        try CardKit.field(page, caption: "SEX", name: "sex", value: p.sex, x: x + 100, y: 438, valueSize: 22, captionColor: cap)
        try CardKit.field(page, caption: "HEIGHT", name: "height", value: "\(p.heightCm) cm", x: x + 180, y: 438, valueSize: 22,
                          captionColor: cap)
        try CardKit.field(page, caption: "EYES", name: "eyes", value: p.eyes, x: x + 320, y: 438, valueSize: 22, captionColor: cap)
        try page.label("SIGNATURE", x: 742, y: 460, size: 12, font: f.condensed, cap)
        try CardKit.signature(page, Rect(742, 466, 236, 60), seed: p.appearanceSeed)
        try Guilloche.microtext(c, "GOVERNMENT OF ALBERTA", x: 36, y: 612, width: 940, font: f.condensed, AlbertaLicenseDesign.blue.opacity(0.75))
    }

    private func back(_ page: SpecimenPage, _ h: Holder, seed: UInt64) throws {
        let c = page.canvas, f = page.fonts
        try ProvincialEmblems.wildRose(c, cx: 940, cy: 82, size: 34, petal: AlbertaLicenseDesign.rose, centre: RGBA(250, 214, 60))
        var header = try page.label("Alberta", x: 36, y: 98, size: 44, font: f.serifBold, AlbertaLicenseDesign.blue)
        header = header.union(try page.label("DRIVER'S LICENCE · CONDITIONS", x: 236, y: 96, size: 24, font: f.condensedBold,
                                             RGBA(190, 40, 60)))
        page.region("header", header)
        try c.fill(Rect(36, 132, 940, 230), radius: 8, RGBA.white)
        try Barcodes.pdf417(c, in: Rect(52, 154, 908, 196), seed: seed &+ SeededRandom.hash(info.id))
        page.region("barcode", Rect(52, 154, 908, 196))
        let lines = ["CONDITIONS: A - Corrective lenses", "ENDORSEMENTS: NONE",
                     "This licence remains the property of the Government of Alberta."]
        for (i, line) in lines.enumerated() {
            try page.label(line, x: 36, y: 398 + Double(i) * 26, size: 19, font: f.condensed, .ink)
        }
        try c.fill(Rect(600, 452, 376, 84), radius: 4, RGBA.white)
        try Barcodes.linear(c, in: Rect(612, 460, 352, 58), seed: SeededRandom.hash(h.number))
        page.region("linearBarcode", Rect(612, 460, 352, 58))
        try page.value("documentNumber", h.number, x: 36, y: 500, size: 26, font: f.mono)
        try CardKit.ghost(page, Rect(452, 462, 88, 110), person: h.person, opacity: 0.3, region: "photo")
    }
}
