import Foundation

/// A passport's photo page found from its machine-readable zone.
///
/// The zone is the most distinctive thing on the page and sits at a fixed place on it (ICAO
/// 9303 part 4: two OCR-B lines of 44 characters along the bottom edge, a few millimetres from
/// the left, right and bottom edges). The page outline, in contrast, is easily mistaken: the
/// booklet's cover and facing page around it, a printed frame or a dark header band inside it
/// give stronger or longer edges than the page's own. So the zone's line boxes give the page's
/// place, direction and scale (`hypothesis`), and each side is then fitted to the strongest
/// edge near where it must be (`fitted`).
enum PassportPage {
    /// The TD3 page and its zone in canonical pixels (1476 x 1039 for 125 x 88 mm, as the
    /// specimens are drawn): the lines' ink from `zoneLeft` to `zoneRight`, their centres at
    /// `line1Y` and `line2Y` as the line finder measures them (ICAO: 2.54 mm pitch, first character about 6 mm in, the lower
    /// line about 5 mm above the bottom edge).
    static let pageWidth = 1476.0, pageHeight = 1039.0
    /// Calibrated on 60 generated captures against their true corners: the line boxes found
    /// (black-hat, closing) reach about 4 px beyond the ink on the left, and their centres'
    /// pitch measures about 2% short of the baselines' 64 px.
    static let zoneLeft = 56.0, zoneRight = 1409.0
    static let line1Y = 915.5, line2Y = 978.4

    /// How much wider than a page (width/height over TD3's) an outline may be that stopped at the
    /// lower edge of a band printed across the page's top instead of at the page's edge: a
    /// header band or rule under the state's name, 8-15% of the page's height down on the
    /// specimens, gave blurred dev captures outlines of 1.56-1.67. An ID-1 card's outline (1.12
    /// of a page's shape) lies inside this range too; the zone's band decides.
    static let belowHeader = 1.08...1.2
    /// The least share of its weakest side an outline grown to a page (`belowHeader`) must have
    /// backed by the image's edges.
    static let grownSideSupport = 0.25

    /// The page's corners (its own order: top-left of the upright page first) in the image the
    /// zone was read in, from the zone's line boxes alone; nil unless the zone is a TD3's.
    ///
    /// A similarity: the text's direction and the lines' length give rotation and scale; the
    /// page's height comes from the same scale, since the two lines are too close together to
    /// measure foreshortening across the page.
    ///
    /// - Parameter measuringHeight: take the vertical scale from the lines' pitch instead (for a
    ///   zone in a flattened image, whose vertical scale may differ from its horizontal one and
    ///   whose lines are large enough to measure it).
    ///
    /// - Parameter cut: whether a point of the image the zone was read in (unturned) lies at the
    ///   photo's border. A zone whose lines end there runs on out of view: the lines' length is
    ///   then no measure of the zone's, and the page is scaled by the lines' pitch instead and
    ///   placed from the end in view (as `TruncatedPassportZone.page`). Camera dev captures cut
    ///   off on the right (seed 35401): such zones read as whole TD3 zones, their pages placed
    ///   a tenth to a third too narrow.
    static func hypothesis(for zone: MRZReader.Zone, measuringHeight: Bool = false, cut: (Point) -> Bool = { _ in false }) -> Quad? {
        guard zone.result.format == .td3, zone.lines.count == 2 else { return nil }
        let l1 = zone.lines[0], l2 = zone.lines[1]
        let angle = (l1.angle + l2.angle) / 2 * .pi / 180
        let u = Point(x: cos(angle), y: sin(angle)), n = Point(x: -sin(angle), y: cos(angle))
        let width = (l1.width + l2.width) / 2
        guard width > 0 else { return nil }
        func left(_ l: TextLineBox) -> Point { Point(x: l.centerX - u.x * l.width / 2, y: l.centerY - u.y * l.width / 2) }
        func right(_ l: TextLineBox) -> Point { Point(x: l.centerX + u.x * l.width / 2, y: l.centerY + u.y * l.width / 2) }
        let pitch = (l2.centerX - l1.centerX) * n.x + (l2.centerY - l1.centerY) * n.y
        let cutRight = zone.lines.contains { cut(zone.unturned(right($0))) }
        let cutLeft = zone.lines.contains { cut(zone.unturned(left($0))) }
        let truncated = cutRight != cutLeft && pitch > 0
        let s = truncated ? pitch / (line2Y - line1Y) : width / (zoneRight - zoneLeft)
        if truncated { debugLog("zone cut by the photo's border on the \(cutRight ? "right" : "left"): scaled by its lines' pitch") }
        let a = cutLeft && truncated ? right(l1) : left(l1), b = cutLeft && truncated ? right(l2) : left(l2)
        let anchor = cutLeft && truncated ? zoneRight : zoneLeft
        let origin = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        let middle = (line1Y + line2Y) / 2
        var k = 1.0
        if measuringHeight {
            k = min(1.5, max(0.67, pitch / (s * (line2Y - line1Y))))
        }
        func map(_ x: Double, _ y: Double) -> Point {
            let dx = s * (x - anchor), dy = s * k * (y - middle)
            return zone.unturned(Point(x: origin.x + u.x * dx + n.x * dy, y: origin.y + u.y * dx + n.y * dy))
        }
        return Quad(topLeft: map(0, 0), topRight: map(pageWidth, 0),
                    bottomRight: map(pageWidth, pageHeight), bottomLeft: map(0, pageHeight))
    }

    /// `page` with each side moved to the strongest edge near it: within 2.5% of the page's
    /// width, then 1%. The booklet's cover edge, a printed frame, a coloured band or a header
    /// lie 2 to 12% inside or outside the page's edge and are often stronger than it: measured
    /// on generated captures, a first search of 6% moved good guesses (within 0.3% of the
    /// true corners) onto them in a third of the orv and uto pages.
    static func fitted(_ page: Quad, in image: Image) -> Quad {
        let width = page.topLeft.distance(to: page.topRight)
        var quad = page
        for share in [0.025, 0.01] {
            quad = (try? DocumentLocator.refine(quad, in: image, search: max(2, share * width))) ?? quad
        }
        return quad
    }

    /// Whether `p` lies within `imageEdgeMargin` of `image`'s border, or beyond it.
    static func atBorder(_ p: Point, of image: Image) -> Bool {
        let w = Double(image.width), h = Double(image.height), m = imageEdgeMargin * max(w, h)
        return p.x <= m || p.y <= m || p.x >= w - m || p.y >= h - m
    }

    /// Whether the image a zone was read in is the page itself: the zone's lines lie where a
    /// TD3 page has them, in coordinates relative to the (turned) image's width and height, so
    /// whatever the image's own aspect. A booklet (its cover 2.5% beyond the page's sides, two
    /// pages high), a printed frame (the zone outside it) or a page cut below its header (the
    /// lines' pitch a seventh larger) puts them elsewhere.
    static func zoneFitsPage(_ zone: MRZReader.Zone) -> Bool {
        guard zone.lines.count == 2 else { return false }
        let w = Double(zone.turnedWidth), h = Double(zone.turnedHeight)
        let angle = (zone.lines[0].angle + zone.lines[1].angle) / 2 * .pi / 180
        for (line, y) in zip(zone.lines, [line1Y, line2Y]) {
            let dx = cos(angle) * line.width / 2
            guard abs((line.centerX - dx) / w - zoneLeft / pageWidth) <= 0.012,
                  abs((line.centerX + dx) / w - zoneRight / pageWidth) <= 0.012,
                  abs(line.centerY / h - y / pageHeight) <= 0.008 else { return false }
        }
        return true
    }

    /// Whether two outlines of a page agree (every corner within `tolerance` of the page's
    /// diagonal), whichever corner each starts at.
    static func agree(_ a: Quad, _ b: Quad, tolerance: Double = 0.015) -> Quad? {
        let limit = tolerance * a.diagonal
        for k in 0..<4 {
            let turned = b.rotatingLabels(by: k)
            if a.maxCornerDistance(to: turned) <= limit { return turned }
        }
        return nil
    }

    /// The physical width/height of the rectangle `quad` shows, with the perspective undone
    /// (a pinhole camera looking through the image's centre, or through `principal` when
    /// given, square pixels); nil when the perspective is too weak to tell the focal length
    /// (then the quad's own side ratio is already right) or the answer is implausible.
    static func perspectiveAspect(of quad: Quad, imageWidth: Int, imageHeight: Int, principal: Point? = nil) -> Double? {
        let cx = principal?.x ?? Double(imageWidth) / 2, cy = principal?.y ?? Double(imageHeight) / 2
        func h(_ p: Point) -> SIMD3<Double> { SIMD3(p.x - cx, p.y - cy, 1) }
        let m1 = h(quad.topLeft), m2 = h(quad.topRight), m3 = h(quad.bottomLeft), m4 = h(quad.bottomRight)
        let d2 = m2.cross(m4).dot(m3), d3 = m3.cross(m4).dot(m2)
        guard abs(d2) > 1e-9, abs(d3) > 1e-9 else { return nil }
        let k2 = m1.cross(m4).dot(m3) / d2, k3 = m1.cross(m4).dot(m2) / d3
        let n2 = k2 * m2 - m1, n3 = k3 * m3 - m1
        let zz = n2.z * n3.z
        guard abs(zz) > 1e-12 else { return nil }
        let f2 = -(n2.x * n3.x + n2.y * n3.y) / zz
        let longer = Double(max(imageWidth, imageHeight))
        // Phone cameras: a focal length between about 0.5 and 4 image widths.
        guard f2 > 0.25 * longer * longer, f2 < 16 * longer * longer else { return nil }
        let w2 = (n2.x * n2.x + n2.y * n2.y) / f2 + n2.z * n2.z
        let h2 = (n3.x * n3.x + n3.y * n3.y) / f2 + n3.z * n3.z
        guard w2 > 0, h2 > 0 else { return nil }
        return (w2 / h2).squareRoot()
    }

    /// The width/height ratios `quad` may show once its perspective is undone by a plausible
    /// camera: a phone's, looking through the image's centre (`perspectiveAspect`), and one
    /// looking through the quad's own centre (its diagonals' crossing), as in a photo cropped
    /// around the document, whose principal point is then no longer the image's centre. Each
    /// is there only where the perspective tells a plausible focal length.
    ///
    /// Why both: a tilted page off the middle of the frame, its corners exact, measured 0.03 to
    /// 0.88 off a page's shape (log width/height), or nothing, through the image's centre where
    /// the camera looked through its own centre (dev pages of the generator before it shot
    /// through a camera, seed 31xxx), and within 0.003 through the diagonals' crossing; shot
    /// through a camera at the image's centre, the reverse (0.00 and up to 0.36, seed 32301).
    static func perspectiveAspects(of quad: Quad, imageWidth: Int, imageHeight: Int) -> [Double] {
        var aspects = [perspectiveAspect(of: quad, imageWidth: imageWidth, imageHeight: imageHeight)]
        if let middle = quad.diagonalCrossing {
            aspects.append(perspectiveAspect(of: quad, imageWidth: imageWidth, imageHeight: imageHeight, principal: middle))
        }
        return aspects.compactMap { $0 }
    }

    /// `quad`'s width/height as it stands and as every plausible camera undoes its perspective
    /// (`perspectiveAspects`): the shapes a page test (`PassportRule.hasPageShape`) looks among.
    static func shapes(of quad: Quad, in image: Image) -> [Double] {
        [quad.sideRatio] + perspectiveAspects(of: quad, imageWidth: image.width, imageHeight: image.height)
    }

    /// The page around a zone read in `flat`, the image `quad` (in `image`) was flattened to:
    /// the zone's page (`hypothesis`, its height measured) mapped back into `image` and fitted.
    ///
    /// - Parameter outline: `quad` is an outline located in the image (the page's, or the
    ///   booklet's around it), whose perspective the guess then carries: its sides' directions
    ///   are checked against the fit's (`sidesTurnedBack`).
    static func page(around zone: MRZReader.Zone, in flat: Image, flattenedFrom quad: Quad, image: Image,
                     outline: Bool = false) -> (guess: Quad, fitted: Quad)? {
        let toImage = Homography.rectangle(width: flat.width, height: flat.height, to: quad)
        // A zone cut by the photo's border is scaled by its lines' pitch only in a page placed
        // from a zone already (`outline` false): a located outline's flattening need not keep
        // the page's proportions (one whose top took a printed band stretches the pitch; dev:
        // a page cut on the right so placed 9.7 -> 18% off).
        let cut: (Point) -> Bool = outline ? { _ in false } : { atBorder(toImage.apply($0), of: image) }
        guard let inFlat = hypothesis(for: zone, measuringHeight: true, cut: cut) else { return nil }
        let guess = Quad(topLeft: toImage.apply(inFlat.topLeft), topRight: toImage.apply(inFlat.topRight),
                         bottomRight: toImage.apply(inFlat.bottomRight), bottomLeft: toImage.apply(inFlat.bottomLeft))
        debugLog("guess=\(guess.pairs)")
        let fit = fitted(guess, in: image)
        let search = max(2, 0.025 * guess.topLeft.distance(to: guess.topRight))
        return (guess, outline ? sidesTurnedBack(fit, guess: guess, search: search, in: image) : fit)
    }

    /// The page around a passport's zone read in a whole photo (`zone`), and the best reading
    /// of the zone: the page guessed from the zone and fitted, then (while no reading is valid,
    /// twice at most) the zone read again in the page flattened from that fit, where its lines
    /// are upright and large, and the page placed again from there: the guess from the photo
    /// ignores perspective, as the zone is too thin to show it. Two cuts whose checks all hold
    /// with the same checked characters vouch for a reading (`MRZReader.vouched`). The located
    /// outline is kept when it agrees. Nil unless the zone is a passport's (TD3, code P).
    /// `guess` is the last page placed from the zone alone (for `zoneEdgesFitted`).
    /// `earlier`: the located outline's reading of the zone, which may vouch for the photo's.
    static func place(from zone: MRZReader.Zone, in image: Image, reader: MRZReader, located: Quad?,
                      budget: MRZCutBudget = MRZCutBudget(), earlier: MRZResult? = nil) -> (mrz: MRZResult, page: Quad, guess: Quad)? {
        guard zone.result.format == .td3, zone.result.lines.first?.first == "P",
              var guess = hypothesis(for: zone, cut: { atBorder($0, of: image) }) else { return nil }
        var page = fitted(guess, in: image)
        debugLog("photo-zone valid=\(zone.result.valid) turns=\(zone.quarterTurns) guess=\(guess.pairs) fitted=\(page.pairs)")
        var mrz = zone.result
        var readings = [zone.result]
        // The located outline's reading of the zone, a cut of its own (the outline flattened),
        // vouches for the photo's as the page's cuts below would (`MRZReader.vouched`): then the
        // zone is read no more, and the page is placed again from one look at its lines only.
        // On dark captures the page's cuts went on unconfirmed (10 to 30 cuts a page) where the
        // two readings already agreed (bench-mrz seed 7000: one capture's reading, false valid
        // before, vouched exact; 742 -> 714 cuts on its 24 dark captures).
        if let earlier, earlier.format == .td3, earlier.lines.first?.first == "P" {
            readings.append(earlier)
            if !mrz.valid, let vouched = MRZReader.vouched(readings) {
                mrz = vouched
                debugLog("vouched by the outline's reading")
                if let again = placedAgain(page, in: image, reader: reader, budget: budget, scope: placingScope) {
                    page = again.page
                    guess = again.guess
                }
            }
        }
        for _ in 0..<2 where !mrz.valid {
            guard let flat = try? image.warped(page, width: Int(pageWidth), height: Int(pageHeight)),
                  let again = try? reader.readZone(in: flat, turns: [0], budget: budget) else { break }
            if again.result.format == .td3, again.result.lines.first?.first == "P" {
                readings.append(again.result)
                if again.result.valid || passing(again.result) > passing(mrz) { mrz = again.result }
                if !mrz.valid, let vouched = MRZReader.vouched(readings) { mrz = vouched }
            }
            if let next = self.page(around: again, in: flat, flattenedFrom: page, image: image) {
                debugLog("next fit=\(next.fitted.pairs) valid=\(mrz.valid)")
                page = next.fitted
                guess = next.guess
            }
        }
        if let located, let same = agree(page, located) { page = same }
        return (mrz, page, guess)
    }

    /// `page` (placed from a zone that read valid in the photo, so never placed again by
    /// `place`) placed again from the zone read in the page flattened from it, with that
    /// placement's guess: this measures the page's height through the perspective of the
    /// fitted sides, which the similarity from the photo's zone cannot (a tilted page's top
    /// lies nearer or farther than it says). Nil when the flattened page shows no zone.
    /// `scope`: how far the zone is read there (the whole search unless only its lines matter).
    static func placedAgain(_ page: Quad, in image: Image, reader: MRZReader, budget: MRZCutBudget,
                            scope: MRZReader.Scope = .full) -> (page: Quad, guess: Quad)? {
        guard let flat = try? image.warped(page, width: Int(pageWidth), height: Int(pageHeight)),
              let zone = try? reader.readZone(in: flat, turns: [0], scope: scope, budget: budget),
              let next = self.page(around: zone, in: flat, flattenedFrom: page, image: image) else { return nil }
        debugLog("placed again fit=\(next.fitted.pairs)")
        return (next.fitted, next.guess)
    }

    /// Of two outlines of one page, `first` unless the image's edges back `second` better by
    /// `perspectiveGain` (`EdgeSupport.score`) and its shape, the perspective undone, is no
    /// farther from a TD3 page's: a rule printed across the page under its header backs a top
    /// edge as well as the page's own edge does (a dev page placed again onto such a rule: 0.91
    /// against its true outline's 0.72).
    static func betterBacked(_ first: Quad, _ second: Quad, in image: Image) -> Quad {
        guard let backing = try? DocumentLocator().edgeSupport(of: [first, second], in: image) else { return first }
        let score = backing.map(\.score)
        let shapes = (shapeError(first, in: image), shapeError(second, in: image))
        debugLog(String(format: "placed again: first=%.2f shape %.3f, second=%.2f shape %.3f", score[0], shapes.0, score[1], shapes.1))
        return score[1] > score[0] + perspectiveGain && shapes.1 <= shapes.0 ? second : first
    }

    /// How far the rectangle `quad` shows is from a TD3 page's shape: the log of its width/height
    /// (the perspective undone where it can be, `perspectiveAspect`) over the page's.
    static func shapeError(_ quad: Quad, in image: Image) -> Double {
        let aspect = perspectiveAspect(of: quad, imageWidth: image.width, imageHeight: image.height) ?? quad.sideRatio
        return abs(log(aspect / DocumentFormat.td3.aspectRatio))
    }

    /// The look `placedAgain` takes where only the zone's lines are wanted (the reading is
    /// vouched for already): the most TD3-like line pair at the page's scale, read once.
    static let placingScope = MRZReader.Scope(maxGroups: 1, variants: 1, minimumElongation: 24, maxAttempts: 1, maxReads: 1)

    private static func passing(_ r: MRZResult) -> Int { r.checks.values.filter { $0 }.count }

    /// DOCFRAME_DEBUG_PASSPORT=1 prints the steps to standard error (development only; corners
    /// and validity, never field values).
    static func debugLog(_ message: @autoclosure () -> String) {
        guard Recognizer.debugPassport else { return }
        FileHandle.standardError.write(Data("passport: \(message())\n".utf8))
    }
}
