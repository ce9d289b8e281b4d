import DocFrame
import Foundation

/// Ontario health card: white over a green wave with a large trillium, photo on the right
/// (unlike the licence), a ten-digit number with a version code; magnetic stripe on the back.
struct OntarioHealthCardDesign: SpecimenDesign {
    let info = DesignInfo(id: "ca-on-health", label: "Ontario Health Card", kind: .healthCard, jurisdiction: "CA-ON",
                          format: .id1, sides: [.front, .back], policy: .unusable)

    static let green = RGBA(0, 120, 72)
    static let lime = RGBA(140, 196, 64)
    static let caption = RGBA(0, 96, 60)

    struct Holder {
        var person: Person
        var number: String
        var version: String
        var expiry: SimpleDate
    }

    func holder(_ seed: UInt64) -> Holder {
        var rng = SeededRandom(seed: seed, label: info.id)
        let p = PersonGenerator.make(&rng, locale: PersonGenerator.ontario, age: 18...95)
        let number = "\(rng.digits(4)) - \(rng.digits(3)) - \(rng.digits(3))"
        return Holder(person: p, number: number, version: rng.letters(2),
                      expiry: PersonGenerator.expiry(issue: p.issueDate, years: 5, birthday: p.birthDate))
    }

    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws {
        let h = holder(seed)
        let c = page.canvas
        try c.linearGradient(c.bounds, from: (0, 0), to: (0, 638), RGBA(255, 255, 255), RGBA(232, 244, 232))
        // The green wave sweeping across the lower card.
        var wave: [(Double, Double)] = [(0, 638)]
        for i in 0...50 {
            let x = Double(i) / 50 * 1012
            let phase: Double = x / 1012 * Double.pi * 1.3 + 0.4
            wave.append((x, 470 - 60 * sin(phase)))
        }
        wave.append((1012, 638))
        try c.fillPolygon(wave, OntarioHealthCardDesign.lime.opacity(0.55))
        try c.fillPolygon(wave.map { ($0.0, $0.1 == 638 ? 638 : $0.1 + 40) }, OntarioHealthCardDesign.green.opacity(0.85))
        try Guilloche.waves(c, Rect(0, 100, 1012, 380), count: 30, amplitude: 10, wavelength: 260, thickness: 0.9,
                            OntarioHealthCardDesign.green.opacity(0.18))
        switch side {
        case .front: try front(page, h)
        case .back: try back(page, h)
        }
    }

    private func front(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person, cap = OntarioHealthCardDesign.caption
        try Emblems.trillium(c, cx: 160, cy: 300, size: 150, petal: OntarioHealthCardDesign.green.opacity(0.14),
                             sepal: OntarioHealthCardDesign.lime.opacity(0.2))
        try Guilloche.rosette(c, cx: 160, cy: 300, radius: 120, amplitude: 16, petals: 12, lines: 12, thickness: 1,
                              OntarioHealthCardDesign.green.opacity(0.22))
        try Emblems.trillium(c, cx: 58, cy: 56, size: 34, petal: OntarioHealthCardDesign.green, sepal: OntarioHealthCardDesign.lime)
        var header = try page.label("Ontario", x: 104, y: 72, size: 44, font: f.serifBold, OntarioHealthCardDesign.green)
        header = header.union(try page.label("Health · Santé", x: 330, y: 72, size: 36, font: f.sans, RGBA(40, 60, 50)))
        page.region("header", header)
        try c.fill(Rect(34, 96, 600, 3), OntarioHealthCardDesign.lime)

        try CardKit.photo(page, Rect(742, 96, 236, 300), person: p, frame: OntarioHealthCardDesign.green.opacity(0.7))
        let nameSize = try page.fitted("\(p.surname), \(p.givenNames)", size: 30, font: f.sansBold, maxWidth: 670)
        let surnameBox = try page.value("surname", p.surname + ",", truth: p.surname, x: 40, y: 160, size: nameSize, font: f.sansBold)
        try page.value("givenNames", p.givenNames, x: surnameBox.maxX + 10, y: 160, size: nameSize, font: f.sansBold)
        let numberBox = try page.value("documentNumber", h.number, truth: h.number.replacingOccurrences(of: " - ", with: ""),
                                       x: 40, y: 250, size: 48, font: f.mono)
        try page.value("versionCode", h.version, x: numberBox.maxX + 24, y: 250, size: 48, font: f.mono)
        try CardKit.field(page, caption: "BORN/NÉ(E)", name: "birthDate", value: p.birthDate.slashed, truth: p.birthDate.iso,
                          x: 40, y: 304, captionSize: 15, valueSize: 24, captionColor: cap)
        try CardKit.field(page, caption: "SEX/SEXE", name: "sex", value: p.sex, x: 250, y: 304, captionSize: 15,
                          valueSize: 24, captionColor: cap)
        try CardKit.field(page, caption: "ISS/DÉL", name: "issueDate", value: p.issueDate.slashed, truth: p.issueDate.iso,
                          x: 40, y: 366, captionSize: 15, valueSize: 24, captionColor: cap)
        try CardKit.field(page, caption: "EXP/EXP", name: "expiryDate", value: h.expiry.slashed, truth: h.expiry.iso,
                          x: 250, y: 366, captionSize: 15, valueSize: 24, captionColor: cap)
        try page.label("SIGNATURE", x: 742, y: 420, size: 12, font: f.condensed, cap)
        try c.fill(Rect(742, 426, 236, 70), radius: 4, RGBA.white.opacity(0.85))
        try CardKit.signature(page, Rect(746, 428, 228, 66), seed: p.appearanceSeed)
        try page.label("HEALTH CARD · CARTE SANTÉ", x: 40, y: 600, size: 24, font: f.sansBold, .white)
        try Guilloche.microtext(c, "ONTARIO HEALTH SANTÉ", x: 560, y: 600, width: 420, font: f.condensed, RGBA.white.opacity(0.8))
    }

    private func back(_ page: SpecimenPage, _ h: Holder) throws {
        let c = page.canvas, f = page.fonts, p = h.person
        try Barcodes.magneticStripe(c, y: 38, height: 112)
        var header = try page.label("ONTARIO HEALTH", x: 34, y: 196, size: 26, font: f.sansBold, OntarioHealthCardDesign.green)
        header = header.union(try page.label("SANTÉ ONTARIO", x: 34, y: 228, size: 22, font: f.sans, OntarioHealthCardDesign.green))
        page.region("header", header)
        let lines = ["This card must be shown every time you receive", "insured health services.",
                     "Présentez cette carte chaque fois que vous recevez", "des services de santé assurés."]
        for (i, line) in lines.enumerated() {
            try page.label(line, x: 34, y: 276 + Double(i) * 26, size: 19, font: f.condensed, .ink)
        }
        try CardKit.ghost(page, Rect(800, 176, 150, 190), person: p, opacity: 0.35, region: "photo")
        try page.value("documentNumber", h.number, truth: h.number.replacingOccurrences(of: " - ", with: ""), x: 34,
                       y: 424, size: 26, font: f.mono)
        try Emblems.trillium(c, cx: 930, cy: 560, size: 40, petal: .white, sepal: OntarioHealthCardDesign.lime)
    }
}
