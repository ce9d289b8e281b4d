/// Building blocks shared by the card designs: the portrait box, ghost image, signature and
/// label-over-value fields, each recording its region on the page.
enum CardKit {
    /// The main portrait in `rect` with a thin frame; region `photo`.
    static func photo(_ page: SpecimenPage, _ rect: Rect, person: Person, frame: RGBA = RGBA(60, 60, 60, 0.6),
                      background: RGBA? = nil) throws {
        let portrait = try Portrait.make(width: Int(rect.w), height: Int(rect.h), seed: person.appearanceSeed,
                                         female: person.sex == "F", background: background)
        try page.canvas.paste(portrait, into: rect)
        try page.canvas.stroke(rect, thickness: 1.5, frame)
        page.region("photo", rect)
    }

    /// A faint grayscale copy of the portrait (a laser-engraved "ghost" image).
    static func ghost(_ page: SpecimenPage, _ rect: Rect, person: Person, opacity: Double = 0.32,
                      region: String = "ghostPhoto") throws {
        let portrait = try Portrait.make(width: Int(rect.w), height: Int(rect.h), seed: person.appearanceSeed,
                                         female: person.sex == "F", background: RGBA(250, 250, 250))
        try page.canvas.paste(portrait, into: rect, opacity: opacity, grayscale: true)
        page.region(region, rect)
    }

    static func signature(_ page: SpecimenPage, _ rect: Rect, seed: UInt64, _ color: RGBA = RGBA(20, 30, 90)) throws {
        try Signature.draw(page.canvas, in: rect, seed: seed, color)
        page.region("signature", rect)
    }

    /// A small caption with a personal value under it; returns the value's box.
    @discardableResult
    static func field(_ page: SpecimenPage, caption: String, name: String, value: String, truth: String? = nil,
                      x: Double, y: Double, captionSize: Double = 15, valueSize: Double = 25,
                      captionColor: RGBA, valueFont: Font? = nil, maxWidth: Double? = nil) throws -> Rect {
        try page.label(caption, x: x, y: y, size: captionSize, font: page.fonts.condensedBold, captionColor)
        let font = valueFont ?? page.fonts.sansBold
        let size = try maxWidth.map { try page.fitted(value, size: valueSize, font: font, maxWidth: $0) } ?? valueSize
        return try page.value(name, value, truth: truth, x: x, y: y + valueSize * 1.15 + 2, size: size, font: font)
    }
}
