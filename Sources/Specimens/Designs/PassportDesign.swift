import DocFrame

/// A TD3 passport photo/data page for one fictional issuing state, with a two-line OCR-B MRZ.
struct PassportDesign: SpecimenDesign {
    let style: PassportStyle

    var info: DesignInfo {
        DesignInfo(id: "passport-\(style.code.lowercased())", label: "Passport", kind: .passport,
                   jurisdiction: style.code, format: .td3, sides: [.front])
    }

    func draw(_ side: DocumentSide, on page: SpecimenPage, seed: UInt64) throws {
        var rng = SeededRandom(seed: seed, label: info.id)
        let p = PersonGenerator.make(&rng, locale: PersonGenerator.canada, age: 1...90, issuedWithinYears: 9, minimumIssueAge: 0)
        let number = style.number(&rng)
        let personal = style.personalNumber ? rng.digits(9) : ""
        let place = rng.pick(style.places)
        let expiry = PersonGenerator.expiry(issue: p.issueDate, years: 10)
        let mrz = MRZComposer.td3(issuingState: style.code, surname: p.surname, givenNames: p.givenNames,
                                  documentNumber: number, nationality: style.code, birthDate: p.birthDate, sex: p.sex,
                                  expiryDate: expiry, optionalData: personal)
        let c = page.canvas, f = page.fonts, s = style
        let caption = s.primary.mixed(with: .black, 0.1)

        // Paper and line work (the design).
        try c.linearGradient(c.bounds, from: (0, 0), to: (1476, 1039), s.paper.0, s.paper.1)
        try pattern(c)
        try Emblems.crest(c, cx: 1080, cy: 470, size: 230, shield: s.primary.opacity(0.06), charge: s.accent.opacity(0.08),
                          wreath: s.primary.opacity(0.06), variant: s.crest)

        try header(page)
        try CardKit.photo(page, Rect(60, 170, 360, 460), person: p, frame: s.primary.opacity(0.7))

        func field(_ key: String, _ english: String, _ name: String, _ value: String, truth: String? = nil,
                   x: Double, y: Double, maxWidth: Double = 560) throws {
            try page.label("\(english) / \(s.captions[key] ?? english)", x: x, y: y, size: 19, font: f.condensed, caption)
            let size = try page.fitted(value, size: 32, font: f.sansBold, maxWidth: maxWidth)
            try page.value(name, value, truth: truth, x: x, y: y + 40, size: size, font: f.sansBold)
        }
        let x0 = 470.0, x1 = 800.0, x2 = 1030.0
        try field("type", "Type", "documentType", "P", x: x0, y: 180)
        try field("code", "Code", "issuingState", s.code, x: x1, y: 180)
        try field("number", "Passport No.", "documentNumber", number, x: x2, y: 180)
        try field("surname", "Surname", "surname", p.surname, x: x0, y: 262, maxWidth: 900)
        try field("given", "Given names", "givenNames", p.givenNames, x: x0, y: 344, maxWidth: 900)
        try field("nationality", "Nationality", "nationality", s.demonym, x: x0, y: 426, maxWidth: 540)
        try field("birth", "Date of birth", "birthDate", p.birthDate.spelled, truth: p.birthDate.iso, x: x0, y: 508)
        try field("sex", "Sex", "sex", p.sex, x: x1, y: 508)
        try field("place", "Place of birth", "placeOfBirth", place, x: x2, y: 508, maxWidth: 380)
        try field("issue", "Date of issue", "issueDate", p.issueDate.spelled, truth: p.issueDate.iso, x: x0, y: 590)
        try field("authority", "Authority", "authority", s.authority, x: x2 - 100, y: 590, maxWidth: 480)
        try field("expiry", "Date of expiry", "expiryDate", expiry.spelled, truth: expiry.iso, x: x0, y: 672)
        if !personal.isEmpty {
            try field("personal", "Personal No.", "personalNumber", personal, x: x2 - 100, y: 672)
        }
        try page.label("Holder's signature / \(s.captions["signature"] ?? "")", x: x0, y: 760, size: 17, font: f.condensed, caption)
        try CardKit.signature(page, Rect(x0, 768, 420, 70), seed: p.appearanceSeed)
        try CardKit.ghost(page, Rect(1240, 660, 150, 190), person: p, opacity: 0.25)
        try Guilloche.microtext(c, "\(s.stateName) \(s.title.0) \(s.title.1)", x: 60, y: 660, width: 360, size: 8,
                                font: f.condensed, s.primary.opacity(0.8))

        // The machine-readable zone: a clear band, two lines of 44 in OCR-B.
        try c.fill(Rect(0, 868, 1476, 171), s.paper.0.mixed(with: .white, 0.7))
        try MRZBlock.draw(page, lines: mrz, x: 60, y: 930, pitch: 30.8, spacing: 64)
    }

    /// The crest, the state's name and the bilingual title, set per the state's header style.
    private func header(_ page: SpecimenPage) throws {
        let c = page.canvas, f = page.fonts, s = style
        let title = "\(s.title.0) / \(s.title.1)"
        var box: Rect
        switch s.header {
        case .rule:
            try Emblems.crest(c, cx: 96, cy: 78, size: 44, shield: s.primary, charge: s.accent, wreath: s.accent, variant: s.crest)
            box = try page.label(s.stateName, x: 170, y: 92, size: 40, font: f.serifBold, s.primary)
            box = box.union(try page.label(title, x: 1420, y: 92, size: 34, font: f.sansBold, s.accent, align: .right))
            try c.fill(Rect(60, 124, 1356, 3), s.accent.opacity(0.8))
        case .band:
            try c.linearGradient(Rect(0, 0, 1476, 136), from: (0, 0), to: (1476, 0), s.primary, s.primary.mixed(with: s.accent, 0.35))
            try Guilloche.waves(c, Rect(0, 0, 1476, 136), count: 14, amplitude: 6, wavelength: 110, thickness: 0.9, RGBA.white.opacity(0.14))
            try c.fill(Rect(0, 136, 1476, 6), s.accent)
            try Emblems.crest(c, cx: 90, cy: 68, size: 42, shield: .white, charge: s.primary, wreath: s.accent, variant: s.crest)
            box = try page.label(s.stateName, x: 160, y: 84, size: 38, font: f.serifBold, .white)
            box = box.union(try page.label(title, x: 1420, y: 84, size: 34, font: f.sansBold, s.accent.mixed(with: .white, 0.5),
                                           align: .right))
        case .framed:
            try c.stroke(Rect(20, 20, 1436, 830), radius: 18, thickness: 4, s.accent.opacity(0.9))
            try c.stroke(Rect(30, 30, 1416, 810), radius: 12, thickness: 1.5, s.primary.opacity(0.7))
            try Emblems.crest(c, cx: 110, cy: 84, size: 40, shield: s.primary, charge: s.accent, wreath: s.accent, variant: s.crest)
            try Emblems.crest(c, cx: 1366, cy: 84, size: 40, shield: s.primary, charge: s.accent, wreath: s.accent, variant: s.crest)
            box = try page.label(s.stateName, x: 738, y: 78, size: 38, font: f.serifBold, s.primary, align: .center)
            box = box.union(try page.label(title, x: 738, y: 122, size: 28, font: f.sansBold, s.accent, align: .center))
        case .sideBar:
            try c.linearGradient(Rect(0, 0, 36, 868), from: (0, 0), to: (0, 868), s.primary, s.accent)
            try Emblems.crest(c, cx: 1376, cy: 78, size: 44, shield: s.primary, charge: s.accent, wreath: s.primary, variant: s.crest)
            box = try page.label(title, x: 60, y: 70, size: 36, font: f.sansBold, s.primary)
            box = box.union(try page.label(s.stateName, x: 60, y: 112, size: 30, font: f.serif, s.accent.mixed(with: .black, 0.2)))
            try c.fill(Rect(60, 134, 1240, 2), s.primary.opacity(0.6))
        }
        page.region("header", box)
    }

    private func pattern(_ c: Canvas) throws {
        let s = style, line = s.primary.opacity(0.16), accent = s.accent.opacity(0.22)
        let area = Rect(0, 0, 1476, 860)
        switch s.pattern {
        case .rosettes:
            try Guilloche.waves(c, area, count: 70, amplitude: 9, wavelength: 200, thickness: 0.9, line)
            for (x, y) in [(1080.0, 470.0), (250.0, 760.0)] {
                try Guilloche.rosette(c, cx: x, cy: y, radius: 200, amplitude: 28, petals: 16, lines: 22, thickness: 1, accent)
            }
        case .waves:
            try Guilloche.waves(c, area, count: 90, amplitude: 22, wavelength: 300, drift: 0.22, thickness: 1, line)
            try Guilloche.waves(c, area, count: 40, amplitude: 30, wavelength: 180, drift: 0.6, thickness: 0.9, accent, vertical: true)
        case .spirographs:
            try Guilloche.waves(c, area, count: 50, amplitude: 5, wavelength: 120, thickness: 0.8, line)
            try Guilloche.spirograph(c, cx: 1080, cy: 470, big: 105, small: 32, offset: 60, scale: 2.6, thickness: 1, accent)
            try Guilloche.spirograph(c, cx: 240, cy: 760, big: 96, small: 35, offset: 50, scale: 1.6, thickness: 1, line)
        case .fans:
            try Guilloche.fan(c, cx: 1476, cy: 0, from: 200, to: 1200, rings: 46, ripple: 10, frequency: 40, thickness: 1, line)
            try Guilloche.fan(c, cx: 0, cy: 860, from: 120, to: 520, rings: 18, ripple: 8, frequency: 30, thickness: 1, accent)
        }
    }
}
