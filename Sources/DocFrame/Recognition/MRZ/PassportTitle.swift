import Foundation

/// A passport photo page known by its printed title when its zone is out of view or
/// unreadable: the page cut off below its photo, or glare over the zone.
///
/// Every TD3 photo page prints the document's name at its top, in capitals, in the issuing
/// state's language and usually English or French beside it: PASSPORT, PASSEPORT, PASAPORTE and
/// their kin. The title is read by the Tesseract pool used for card headers, in the upper third
/// of the located outline flattened and turned each way it stands landscape (the page's
/// orientation is the turn that reads it). A title alone is weak evidence (a notice or a letter
/// about passports prints the word), so it counts only with a photo page's layout under it:
/// ICAO 9303 puts the holder's photo on the left (zone V), the fields right of it, so the page's
/// left quarter between the title and the zone holds no text while the fields read. It names no
/// state (the zone that would is not read): below the confident answers, as the zone's band
/// alone (`PassportRule.unreadConfidence`).
enum PassportTitle {
    /// The document's name on passport pages, diacritics removed (8 letters or more: shorter
    /// names such as PASS or PASSI are parts of other words too often).
    static let titles = ["PASSPORT", "PASSEPORT", "PASAPORTE", "PASSAPORTO", "PASSAPORTE", "REISEPASS",
                         "PASPOORT", "PASZPORT", "PASAPORT"].map(Array.init)

    /// The least Tesseract word confidence of a title reading.
    static let wordConfidence = 0.5

    /// How a title was seen in an outline: the quarter turns that stand it upright, and where it
    /// lies in the turned outline (shares of its width and height).
    struct Sighting: Equatable {
        var turns: Int
        var x: Double, y: Double
        /// The title's height over the turned outline's height.
        var height: Double
        /// The turned outline's width over its height.
        var aspect: Double
        var confidence: Double
    }

    /// Whether a word as Tesseract read it is a passport title: its letters (diacritics
    /// removed) one edit at most from a title, in capitals (one lower-case letter allowed:
    /// Tesseract reads a capital O small now and then).
    static func isTitle(_ word: String) -> Bool {
        let letters = word.filter(\.isLetter)
        guard letters.filter(\.isLowercase).count <= 1 else { return false }
        let folded = Array(HeaderReading.folded(String(letters)))
        return titles.contains { title in
            abs(folded.count - title.count) <= 1 && HeaderReading.editDistance(title, folded[...], limit: 1) <= 1
        }
    }

    /// Whether a sighting stands where a photo page prints its title: in the upper third of a
    /// landscape outline (a page, or what the image's edge left of one), away from its sides'
    /// last tenth, smaller than a poster's. A portrait outline is a sheet (a letter's heading
    /// stands at its top) or an open booklet, whose title is on the lower page's top.
    static func isPageTitle(_ s: Sighting) -> Bool {
        s.aspect >= minAspect && s.y <= maxY && s.x >= 0.1 && s.x <= 0.9 && s.height <= 0.12
    }
    static let minAspect = 1.1, maxY = 0.33

    /// The title sightings in `outline` (any corner order), flattened to its own proportions.
    static func sightings(in outline: Quad, image: Image, reader: TextReader = .shared) -> [Sighting] {
        guard let gray = flattened(outline, in: image) else { return [] }
        let w = gray.width, h = gray.height
        var found: [Sighting] = []
        for turns in [0, 2, 1, 3] {
            // Only the turns that stand the outline landscape, and only their upper part, can
            // show a page's title (`isPageTitle`): a sixth of reading the whole outline each way.
            let tw = Double(turns % 2 == 0 ? w : h), th = Double(turns % 2 == 0 ? h : w)
            guard tw / th >= minAspect,
                  let turned = try? turns == 0 ? gray : gray.rotated(quarterTurns: turns),
                  let strip = try? turned.cropped(x: 0, y: 0, width: turned.width, height: Int((maxY * th).rounded(.up)) + 1),
                  let text = try? reader.read(strip, mode: .sparse) else { continue }
            for word in text.words where word.confidence >= wordConfidence && isTitle(word.text) {
                found.append(Sighting(turns: turns, x: (Double(word.x) + Double(word.width) / 2) / tw,
                                      y: (Double(word.y) + Double(word.height) / 2) / th,
                                      height: Double(word.height) / th, aspect: tw / th, confidence: word.confidence))
            }
            if found.contains(where: isPageTitle) { break }
        }
        return found
    }

    /// `outline` flattened to its own proportions, grey, at most `maxWidth` on its longer side.
    static func flattened(_ outline: Quad, in image: Image) -> Image? {
        let across = max(outline.topLeft.distance(to: outline.topRight), outline.bottomLeft.distance(to: outline.bottomRight))
        let down = max(outline.topLeft.distance(to: outline.bottomLeft), outline.topRight.distance(to: outline.bottomRight))
        guard across >= 120, down >= 80 else { return nil }
        // Text of a page filling a photo is large: no more pixels than a 1000-wide page needs
        // (its title 25 px high).
        let scale = min(1, maxWidth / max(across, down))
        guard let flat = try? image.warped(outline, width: Int((across * scale).rounded()), height: Int((down * scale).rounded())) else {
            return nil
        }
        return try? flat.isGrayscale ? flat : flat.grayscale()
    }

    /// What the page under a title shows, read upright: words in the photo's column (the page's
    /// left quarter, ICAO 9303's zone V) and in the fields' columns right of it, counted between
    /// the title and the zone's band.
    struct Layout: Equatable {
        var photoColumnWords: Int
        var fieldWords: Int

        /// A photo page: the fields read, the photo's column without text. A sheet headed with
        /// the word (a notice, a letter about a passport) sets its lines from the left margin.
        var isPhotoPage: Bool { photoColumnWords <= 1 && fieldWords >= 3 }
    }

    /// The layout under `title`, read in `outline` turned as the title stands upright.
    static func layout(under title: Sighting, in outline: Quad, image: Image, reader: TextReader = .shared) -> Layout? {
        guard let gray = flattened(outline, in: image),
              let turned = try? title.turns == 0 ? gray : gray.rotated(quarterTurns: title.turns),
              let text = try? reader.read(turned, mode: .sparse) else { return nil }
        let tw = Double(turned.width), th = Double(turned.height)
        var layout = Layout(photoColumnWords: 0, fieldWords: 0)
        // The zone's band starts at 0.8 of a page's height; an outline wider than a page is
        // what the image's edge left of one below its title, whose zone is further down than
        // the outline's 0.8 by as much as the page is higher than the outline.
        let zoneTop = min(1, zoneTopShare * max(1, (tw / th) / DocumentFormat.td3.aspectRatio))
        for word in text.words where word.confidence >= 0.6 {
            let characters = word.text.filter { $0.isLetter || $0.isNumber }.count
            let x = (Double(word.x) + Double(word.width) / 2) / tw, y = (Double(word.y) + Double(word.height) / 2) / th
            // Below the title and what is set under it (a state's name), above the zone.
            guard y > title.y + 3 * title.height, y < zoneTop else { continue }
            if x < photoColumn, characters >= 3 { layout.photoColumnWords += 1 }
            if x >= photoColumn + 0.04, characters >= 2 { layout.fieldWords += 1 }
        }
        return layout
    }

    /// The photo's column: ICAO's zone V on the left, 0.04-0.28 of the page's width on every
    /// specimen design; a word centred left of this share stands in it.
    static let photoColumn = 0.26

    /// Where a photo page's zone band starts, as a share of the page's height.
    static let zoneTopShare = 0.8

    static let maxWidth = 1000.0

    /// The page (its own corner order, `outline`'s corners relabelled to the title's upright
    /// view) when `outline` carries a passport title where a photo page has it; else nil.
    static func page(outline: Quad, in image: Image, reader: TextReader = .shared) -> Quad? {
        labelTurns(outline: outline, in: image, reader: reader).map { outline.rotatingLabels(by: $0) }
    }

    /// The quarter turns by which `outline`'s corner labels move to stand the page upright
    /// (`page(outline:in:)` is `outline.rotatingLabels(by:)` them), when it carries a passport
    /// title where a photo page has it; else nil. For a caller whose page is another quad seen
    /// the same way up (`Recognizer.titledFacingPage`: the strip read, the page placed).
    static func labelTurns(outline: Quad, in image: Image, reader: TextReader = .shared) -> Int? {
        let seen = sightings(in: outline, image: image, reader: reader)
        if Recognizer.debugPassport {
            PassportPage.debugLog("title sightings=\(seen.map { "t=\($0.turns) x=\(String(format: "%.2f", $0.x)) y=\(String(format: "%.2f", $0.y)) h=\(String(format: "%.3f", $0.height)) aspect=\(String(format: "%.2f", $0.aspect)) conf=\(String(format: "%.2f", $0.confidence)) page=\(isPageTitle($0))" })")
        }
        guard let title = seen.first(where: isPageTitle), let layout = layout(under: title, in: outline, image: image, reader: reader) else { return nil }
        if Recognizer.debugPassport { PassportPage.debugLog("title layout=\(layout) photo-page=\(layout.isPhotoPage)") }
        guard layout.isPhotoPage else { return nil }
        // The flattened outline turned clockwise by `turns` stands upright: its corner that
        // comes to the top left is the page's.
        return (4 - title.turns) % 4
    }

    /// A passport named by its title: what it is is known, whose it is not.
    static func identity() -> DocumentIdentity {
        DocumentIdentity(templateId: PassportRule.templateId, label: PassportRule.label, kind: .passport, side: .front,
                         jurisdiction: PassportRule.unknownJurisdiction, policy: .accepted, confidence: PassportRule.unreadConfidence)
    }
}
