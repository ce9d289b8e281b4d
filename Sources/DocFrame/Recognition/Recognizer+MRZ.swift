import Foundation

extension Recognizer {
    /// One MRZ reader for the process: it holds no per-call state, and its Tesseract engines are
    /// pooled by `TextReader`. Nil when `Models/mrz.traineddata` cannot be found, in which case
    /// documents are classified without their zones.
    static let mrzReader: MRZReader? = try? MRZReader()

    /// DOCFRAME_DEBUG_PASSPORT=1 prints the passport path's steps to standard error (development only).
    static let debugPassport = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_PASSPORT"] == "1"

    /// Reads the machine-readable zone of the observed document, where it has one, into
    /// `observation.mrz`; a passport page that no template matched becomes "Passport" by rule
    /// (DESIGN.md, templates) from its MRZ.
    ///
    /// Which documents are read: a template whose regions include `mrz` or whose kind is
    /// passport, and any located but unknown document, or none located (the passport rule
    /// needs its zone). Everything else skips the ~45 ms read.
    ///
    /// Every search made for the zone (the outline's, the passport scout's, the page placed
    /// from a zone) draws on one per-image `budget` of line cuts.
    ///
    /// - Parameter outlines: the other outlines located in the image, where the photo page may
    ///   be when the observed one is no page (`PassportPage.alternativeOutlines`).
    /// - Parameter outlineZone: the observed outline's zone, already read valid, and the outline
    ///   flattened (`readZoneFirst`).
    /// - Parameter namesWithoutZone: `RecognitionOptions.namesPassportsWithoutZone`.
    func attachMRZ(to observation: inout DocumentObservation, in image: Image, budget: MRZCutBudget = MRZCutBudget(),
                   outlines: [Quad] = [], outlineZone: OutlineZone? = nil, namesWithoutZone: Bool = true) {
        guard let reader = Recognizer.mrzReader else { return }
        let template = observation.document.flatMap { catalog.template(id: $0.templateId) }
        if let template, template.region("mrz") == nil, template.kind != .passport { return }
        guard observation.document == nil else {
            if observation.corners != nil, let flat = try? flatten(image, observation: observation) {
                observation.mrz = (try? reader.read(in: flat, budget: budget)) ?? nil
            }
            return
        }
        // Whichever way the page was named, a side the image's border closed is placed where
        // the page's shape puts it (`PassportPage.completedBeyondImageEdge`).
        // A page placed across the booklet's fold from its facing page carries that outline's
        // perspective to its sides out of view: no shape completes them better.
        var placedAcrossFold = false
        defer {
            if !placedAcrossFold, observation.document?.templateId == PassportRule.templateId, let page = observation.corners {
                // Pages named by their title or their zone's band are outlines the locator found.
                let outlined = observation.document?.confidence == PassportRule.unreadConfidence
                let whole = PassportPage.completedBeyondImageEdge(page, in: image, outlined: outlined)
                observation.corners = whole
                observation.orientation = Orientation(of: whole)
            }
        }
        var unconfirmed: MRZResult?
        var placedFromOutline: (mrz: MRZResult, identity: DocumentIdentity, page: Quad)?
        var truncated: (identity: DocumentIdentity, page: Quad)?
        var outlineReading: MRZResult?
        if let corners = observation.corners, let flat = outlineZone?.flattened ?? (try? flatten(image, observation: observation)),
           let zone = outlineZone?.zone ?? (try? reader.readZone(in: flat, budget: budget)) {
            let quad = corners.landscape
            outlineReading = zone.result
            if let identity = outlinePassport(zone: zone, flattened: flat, outline: quad, in: image) {
                // The outline may be the booklet around the page: the page is where its zone says.
                var page = quad.rotatingLabels(by: (4 - zone.quarterTurns) % 4)
                // The located outline, fitted to the image's edges already, stands when the zone
                // lies in it where a page has it (the edge fit around the zone's guess can still
                // take a printed band inside the page).
                if !PassportPage.zoneFitsPage(zone), let placed = PassportPage.page(around: zone, in: flat, flattenedFrom: quad, image: image, outline: true) {
                    if Recognizer.debugPassport { debugLog("flat-zone fitted=\(placed.fitted.pairs) located=\(page.pairs)") }
                    let located = page
                    if PassportPage.agree(placed.fitted, page) == nil { page = placed.fitted }
                    page = PassportPage.zoneEdgesFitted(page, guess: placed.guess, in: image)
                    // The outline's top may be the page's where the fit took a printed line
                    // (`PassportPage.toppedByOutline`); not an outline the image's border closed.
                    if !Self.reachesEdge(located, of: image) { page = PassportPage.toppedByOutline(page, located: located, in: image) }
                }
                accept(zone.result, identity: identity, page: page, into: &observation)
                return
            }
            // The outline is no page's shape (the page cut off, or a shadow or the booklet's
            // edge taken into it), but a zone whose checks vouch for a passport's places its
            // page itself, as the whole-photo search does. That search reads the zone again in
            // the page it places, so it goes first; it looks at few cuts, though, and lost
            // such zones (4 of 192 generated passport captures, three or more checks holding).
            if let identity = PassportRule.identity(for: zone.result),
               let placed = PassportPage.page(around: zone, in: flat, flattenedFrom: quad, image: image, outline: true) {
                placedFromOutline = (zone.result, identity, PassportPage.zoneEdgesFitted(placed.fitted, guess: placed.guess, in: image))
            }
            // A passport page cut off on the right: its zone's lines end at the outline's edge
            // and read as a TD2 of code P (`TruncatedPassportZone`).
            let toImage = Homography.rectangle(width: flat.width, height: flat.height, to: quad)
            if Recognizer.debugPassport {
                debugLog("flat-zone truncated=\(TruncatedPassportZone.isTruncatedPassportZone(zone)) lines=\(zone.lines.map { ($0.centerX + $0.width / 2, $0.width) }) width=\(zone.turnedWidth)")
            }
            if let identity = TruncatedPassportZone.identity(for: zone),
               let guess = TruncatedPassportZone.page(around: zone, mapping: toImage.apply),
               let page = Self.reachingOut(PassportPage.fitted(guess, in: image), in: image) {
                truncated = (identity, page)
            }
            // Cut off on the left instead: line 2's end, aligned on the right (`LeftCutPassportZone`).
            if truncated == nil, let (identity, upright) = LeftCutPassportZone.identity(for: zone, in: flat, reader: reader),
               let guess = TruncatedPassportZone.page(around: upright, mapping: toImage.apply, cutOnLeft: true),
               let page = Self.reachingOut(PassportPage.fitted(guess, in: image), in: image) {
                if Recognizer.debugPassport { debugLog("flat-zone cut on the left page=\(page.pairs)") }
                truncated = (identity, page)
            }
            // Read short inside a whole page's outline instead (glare or a finger over the lines'
            // end): the outline is the page (`ShortReadPassportZone`).
            if truncated == nil, let identity = ShortReadPassportZone.identity(for: zone, outline: quad, flattened: flat, in: image) {
                if Recognizer.debugPassport { debugLog("flat-zone read short in the page") }
                truncated = (identity, quad.rotatingLabels(by: (4 - zone.quarterTurns) % 4))
            }
            // A valid card-sized zone (TD1, TD2) read in the outline is that card's: no passport
            // page to look for beyond it (the whole-photo search cost several times the read).
            if zone.result.valid, zone.result.format != .td3, truncated == nil {
                observation.mrz = zone.result
                return
            }
            // An unknown card's "zone" may be any text block: keep it only when its check digits
            // say it is one (chance passes one check in ten, two in a hundred; but correction
            // guided by the check digits makes more hold) and it has a zone's structure.
            if zone.result.valid || zone.result.checks.values.filter({ $0 }).count >= 2 && zone.result.hasZoneStructure {
                unconfirmed = zone.result
            }
        }
        // No passport page in the outline (none found, or the booklet's, a printed frame's, a
        // part of the page): look for the zone in the whole photo and build the page around it.
        let scout = scoutZone(in: image, reader: reader, located: observation.corners, budget: budget)
        if let scout, let found = passportPage(from: scout, in: image, reader: reader, located: observation.corners, budget: budget,
                                               earlier: outlineReading) {
            // Reconciled with the outline's cut, read before (`MRZReader.reconciled`).
            let page = outlinePlacedPage(placedFromOutline?.page, scoutPage: found.page, located: observation.corners, in: image)
            accept(reader.reconciled(found.mrz, with: outlineReading), identity: found.identity, page: page, into: &observation)
            return
        }
        if let placedFromOutline {
            accept(placedFromOutline.mrz, identity: placedFromOutline.identity, page: placedFromOutline.page, into: &observation)
            return
        }
        // The outline a few percent short of the page (a tilted or small page's soft edge, a
        // shadow along it) cuts through the zone at the page's bottom: read the outline grown
        // on every side (`grownOutlinePage`). Such a zone is sharp, and the scout, looking over
        // the whole photo, measures it so even where it cannot read it: where the scout found
        // no zone sharp enough to read, the grown outline's is blurred too (bench-mrz's captures
        // and two dev sets, seeds 7000, 7300, 7400: after such a scout 32 of 33 grown outlines
        // showed no readable zone either and the other read nothing valid; no grown outline read
        // valid on them at all, and on a blurred photo it was a sixth of the time).
        if truncated == nil, outlineReading == nil, let corners = observation.corners,
           scout != nil || budget.memo.sawReadableZone(in: image),
           let found = grownOutlinePage(corners, in: image, reader: reader, budget: budget) {
            accept(found.mrz, identity: found.identity, page: found.page, into: &observation)
            return
        }
        // A cut-off page's zone read short: the document is known, its zone is not (the TD2
        // reading of part of a TD3 zone is no reading of it), so `mrz` stays null.
        if let truncated = truncated ?? scout.flatMap({ truncatedPassportPage(from: $0, in: image, reader: reader) }) {
            observation.document = truncated.identity
            observation.corners = truncated.page
            observation.orientation = Orientation(of: truncated.page)
            return
        }
        if let unconfirmed { observation.mrz = unconfirmed }
        // What follows names a page whose zone did not read (`RecognitionOptions.namesPassportsWithoutZone`).
        guard namesWithoutZone else { return }
        // Nothing read as a passport's zone, but the outline may still be a passport page whose
        // zone is there and unreadable (blur): its band's shape says so. Not where the zone read
        // is another document's (a card's TD1 or TD2 lines whose checks partly hold).
        let otherZone = unconfirmed.map { $0.format != .td3 || $0.lines.first?.first != "P" } ?? false
        // An outline only the searches made for a blurred card found (the locator's half-size and
        // low-threshold retries: beside a best outline leaning on the image frame, or where none
        // was seen whole) is asked the same: they outline pieces of a sheet's text too, but a
        // letter's text block has its lines across the photo's place as across the fields', which
        // the photo's test (`PassportPhotoColumn`) every unread page must pass refuses. Those
        // outlines were left out before that test was made (a letter's text block named Passport at
        // 0.6), and blurred pages whose only outline they were went unnamed (7 of 63 unnamed dev
        // pages, seed 25200; 2 named now, within 1%; the others' outlines are 3-80% off).
        if !otherZone, let corners = observation.corners, let page = unreadPassportPage(outline: corners, in: image) {
            observation.document = PassportRule.unreadIdentity()
            observation.corners = page
            observation.orientation = Orientation(of: page)
            return
        }
        // The outline may be the open booklet (two pages, of the page's own shape): a blurred
        // page inside it, with its zone's band and its photo, is the passport's
        // (`unreadPageWithin`).
        if !otherZone, let corners = observation.corners,
           let page = unreadPageWithin(outline: corners, in: image) {
            observation.document = PassportRule.unreadIdentity()
            observation.corners = page
            observation.orientation = Orientation(of: page)
            return
        }
        // The scout found two lines where a zone's are but read nothing of them (blur): the page
        // they place, when it shows the zone's band and the photo as an outlined page must.
        if !otherZone, let scout, let page = unreadPageAroundZoneLines(scout, in: image) {
            observation.document = PassportRule.unreadIdentity()
            observation.corners = page
            observation.orientation = Orientation(of: page)
            return
        }
        // No zone in view or none readable (the page cut off below its header, glare over the
        // zone): the page's printed title, where a photo page has it (`PassportTitle`).
        if !otherZone, let corners = observation.corners, var page = PassportTitle.page(outline: corners, in: image) {
            // Its bottom may be a rule printed above the zone (`PassportPage.grownToPageShape`).
            page = PassportPage.grownToPageShape(page, side: 2, in: image)
            observation.document = PassportTitle.identity()
            observation.corners = page
            observation.orientation = Orientation(of: page)
            return
        }
        // The outline may be the page facing the photo page across the booklet's fold (a blank
        // page outlined whole while the photo page runs out of the photo beyond it): the photo
        // page's title where the facing page's mirror lies (`PassportPage.facingPages`).
        if !otherZone, let corners = observation.corners, let page = titledFacingPage(of: corners, in: image) {
            placedAcrossFold = true
            observation.document = PassportTitle.identity()
            observation.corners = page
            observation.orientation = Orientation(of: page)
            return
        }
        // The observed outline is no page (an open booklet, a frame printed on the page, an
        // object beside it): the page may be one of the other outlines, known by its title.
        // Not by the zone's band there: the other outlines include quads inside a letter's
        // text, and 4 of 80 dev negatives (letters) showed a band's evidence in one.
        guard !otherZone else { return }
        let alternatives = PassportPage.alternativeOutlines(first: observation.corners, others: outlines)
        if Recognizer.debugPassport { debugLog("alternatives=\(alternatives.map(\.pairs))") }
        // Then the page split in two along a line printed across it: the observed outline and
        // another sharing a whole side with it, joined (neither part shows a photo page's layout
        // under its title: the photo's column is in one part, the fields in the other).
        var joined: [Quad] = []
        if let first = observation.corners {
            for other in alternatives {
                guard joined.count < Self.joinedAlternatives, let union = PassportPage.joined(first, other),
                      !joined.contains(where: { PassportPage.agree($0, union, tolerance: 0.03) != nil }) else { continue }
                joined.append(union)
            }
        }
        for outline in alternatives.prefix(Self.titledAlternatives) + joined {
            if var page = PassportTitle.page(outline: outline, in: image) {
                if Recognizer.debugPassport { debugLog("alternative title page=\(page.pairs)") }
                page = PassportPage.grownToPageShape(page, side: 2, in: image)
                observation.document = PassportTitle.identity()
                observation.corners = page
                observation.orientation = Orientation(of: page)
                return
            }
        }
        // Last, the located outline's zone seen by its cells' rhythm where its band's ink or the
        // photo's did not show (a pale photo, a shadow or the outline's offset over the zone).
        if let corners = observation.corners, let page = glyphRowsPage(outline: corners, in: image) {
            observation.document = PassportRule.unreadIdentity()
            observation.corners = page
            observation.orientation = Orientation(of: page)
        }
    }

    /// The photo page facing `outline` across a booklet's fold (`PassportPage.facingPages`),
    /// known by its title (`PassportTitle.page`), when `outline` has a page's shape: a facing
    /// page is one.
    private func titledFacingPage(of outline: Quad, in image: Image) -> Quad? {
        guard PassportPage.shapes(of: outline.landscape, in: image).contains(where: PassportRule.hasPageShape) else { return nil }
        for (index, strip) in PassportPage.facingPages(of: outline, overlap: Self.facingOverlap).enumerated() {
            guard let strip else { continue }
            if Recognizer.debugPassport { debugLog("facing strip=\(strip.pairs)") }
            guard let turns = PassportTitle.labelTurns(outline: strip, in: image) else { continue }
            // The page starts at the fold (looked for only once a title was read); its corners
            // are labelled as the strip's, whose title stands upright.
            guard let page = PassportPage.facingPages(of: outline, folds: PassportPage.foldShares(of: outline, in: image))[index] else { continue }
            if Recognizer.debugPassport { debugLog("facing page=\(page.pairs)") }
            return page.rotatingLabels(by: turns)
        }
        return nil
    }

    /// How far the strip read for a facing photo page's title reaches back over the fold
    /// (share of the page's height): dev outlines of the blank facing page ran on to the lower
    /// edge of the photo page's title band, 5-8% of the page's height past the fold.
    static let facingOverlap = 0.15

    /// How many alternative outlines have their title read (each read is a Tesseract pass over
    /// the outline's upper third, both ways up, paid on every photo of no known document).
    static let titledAlternatives = 4

    /// How many joined outlines (`PassportPage.joined`) have their title read, after the
    /// alternatives: each is one more read, paid only where nothing else named the photo.
    static let joinedAlternatives = 2

    /// The page, in its own corner order, when `outline` has a TD3 page's shape (as flattened,
    /// or once its perspective is undone) and its bottom edge carries a zone's band (`MRZBand`).
    ///
    /// The band is looked for in the outline as located and, where it shows none, in the
    /// outline with each side moved to the strongest edge near it (`PassportPage.fitted`): a
    /// blurred page's outline is often a few percent off (its edges are soft, the table's
    /// shadow beside them), which puts the zone's rows where the band test finds the table or
    /// the page's body.
    private func unreadPassportPage(outline: Quad, in image: Image) -> Quad? {
        // Its top may be the lower edge of a header band (`PassportPage.grownToPageShape`).
        func grown(_ page: Quad) -> Quad { PassportPage.grownToPageShape(page, side: 0, in: image) }
        let located = outline.landscape
        for (attempt, quad) in [located, PassportPage.fitted(located, in: image)].enumerated() {
            if attempt > 0, PassportPage.agree(quad, located, tolerance: 0.005) != nil { break }
            if let page = unreadPassportPage(landscape: quad, in: image) { return grown(page) }
        }
        // The outline may be the booklet's cover around the page (`PassportPage.insideCover`).
        if let inside = PassportPage.insideCover(located, in: image) {
            if Recognizer.debugPassport { debugLog("inside cover=\(inside.pairs)") }
            if let page = unreadPassportPage(landscape: inside, in: image) { return grown(page) }
        }
        return unreadPassportPage(belowHeader: located, in: image)
    }

    /// The page whose outline stopped at a band printed across its top (`PassportPage.belowHeader`):
    /// the outline made as high as a page of its width, fitted again, and the zone's band looked
    /// for at the end away from the header only.
    private func unreadPassportPage(belowHeader located: Quad, in image: Image, byGlyphRows: Bool = false) -> Quad? {
        let shapes = [located.sideRatio, PassportPage.perspectiveAspect(of: located, imageWidth: image.width, imageHeight: image.height)]
            .compactMap { $0 }
        guard let shape = shapes.min(), PassportPage.belowHeader.contains(shape / DocumentFormat.td3.aspectRatio) else { return nil }
        let factor = located.sideRatio / DocumentFormat.td3.aspectRatio
        // The zone at the bottom (the header cut off above), then at the top (the page upside down).
        let grown = [located.extendingTop(by: factor), located.extendingBottom(by: factor)]
        var fittedPages: [Quad] = []
        for (turns, quad) in zip([0, 2], grown) {
            let page = PassportPage.fitted(quad, in: image)
            let pageShapes = PassportPage.shapes(of: page, in: image)
            guard DocumentLocator.isPlausibleOutline(page), page.isInside(width: image.width, height: image.height),
                  pageShapes.contains(where: PassportRule.hasPageShape) else { continue }
            fittedPages.append(page)
            guard !byGlyphRows, let flat = try? image.warped(page, width: MRZBand.width, height: MRZBand.height),
                  let upright = try? flat.rotated(quarterTurns: turns),
                  let measured = try? MRZBand.evidences(in: upright),
                  let evidence = measured.first(where: { $0.isZone || $0.isBlurredZone }) ?? measured.first else { continue }
            // The grown outline must run along the page's own edges: grown over the table
            // beyond a card, or the wrong way, its new side has none (dev captures: weakest side
            // 0.0 the wrong way, 0.31-0.85 along the page).
            guard evidence.isZone || evidence.isBlurredZone, (try? PassportPhotoColumn.showsPhoto(in: upright)) == true,
                  let support = (try? DocumentLocator().edgeSupport(of: [page], in: image))?.first else { continue }
            if Recognizer.debugPassport {
                debugLog("below-header t=\(turns) shapes=\(pageShapes) support=\(support) \(evidence)")
            }
            if support.weakest >= PassportPage.grownSideSupport { return page.rotatingLabels(by: turns) }
        }
        // The zone's rows of cells (`ZoneGlyphRows`) at either end of either grown page: the
        // outline also stops at a line of the zone itself (a blurred page's line 2 taken for its
        // bottom edge), and then the page grows at the zone's end.
        guard byGlyphRows else { return nil }
        for page in fittedPages {
            guard let flat = try? image.warped(page, width: ZoneGlyphRows.width, height: ZoneGlyphRows.height),
                  let turns = try? ZoneGlyphRows.turns(of: flat),
                  let support = (try? DocumentLocator().edgeSupport(of: [page], in: image))?.first else { continue }
            if Recognizer.debugPassport { debugLog("below-header glyph rows t=\(turns) support=\(support)") }
            if support.weakest >= PassportPage.grownSideSupport { return page.rotatingLabels(by: turns) }
        }
        return nil
    }

    /// A blurred photo page within `outline`: one of its halves when it is the open booklet
    /// (the page's bottom edge, where the zone is, along the booklet's outer edge). Not the
    /// other located outlines overlapping it: on dev captures they named a letter's text block
    /// and an unknown driver's licence (photo at the left, a colour band at the bottom) Passport.
    /// Both the zone's band, as blur leaves it (`MRZBand.Evidence.isBlurredZoneBesidePhoto`),
    /// and the photo beside the fields (`PassportPhotoColumn`) must show: the band alone named
    /// halves of letters Passport.
    private func unreadPageWithin(outline: Quad, in image: Image) -> Quad? {
        let located = outline.landscape
        var candidates: [Quad] = []
        let shapes = PassportPage.shapes(of: located, in: image)
        if shapes.contains(where: PassportRule.hasPageShape) {
            func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
            let top = mid(located.topLeft, located.topRight), bottom = mid(located.bottomLeft, located.bottomRight)
            // Each half upright with its bottom edge on the booklet's outer edge.
            candidates.append(Quad(topLeft: top, topRight: bottom, bottomRight: located.bottomLeft, bottomLeft: located.topLeft))
            candidates.append(Quad(topLeft: bottom, topRight: top, bottomRight: located.topRight, bottomLeft: located.bottomRight))
        }
        // A page whose side runs along the image's frame is no whole page in view, and an
        // outline borrowing the frame is no page's (an eval page's alternative, 10% off).
        for page in candidates.flatMap({ [PassportPage.fitted($0, in: image), $0] }) where !Self.reachesEdge(page, of: image) {
            let pageShapes = PassportPage.shapes(of: page, in: image)
            guard pageShapes.contains(where: PassportRule.hasPageShape),
                  let flat = try? image.warped(page, width: MRZBand.width, height: MRZBand.height),
                  let measured = try? MRZBand.evidences(in: flat),
                  let showsPhoto = try? PassportPhotoColumn.showsPhoto(in: flat) else { continue }
            if Recognizer.debugPassport {
                let photo = [false, true].map { try? PassportPhotoColumn.measure(in: flat, paperPerColumn: $0) }
                debugLog("within page=\(page.pairs) photo=\(photo) blurred=\(measured.map(\.isBlurredZoneBesidePhoto)) \(measured)")
            }
            if measured.contains(where: \.isBlurredZoneBesidePhoto), showsPhoto { return page }
        }
        return nil
    }

    private func unreadPassportPage(landscape quad: Quad, in image: Image) -> Quad? {
        let shapes = PassportPage.shapes(of: quad, in: image)
        if Recognizer.debugPassport { debugLog("band shapes=\(shapes)") }
        guard shapes.contains(where: PassportRule.hasPageShape),
              let flat = try? image.warped(quad, width: MRZBand.width, height: MRZBand.height) else { return nil }
        if Recognizer.debugPassport {
            for t in [0, 2] {
                for e in (try? flat.rotated(quarterTurns: t)).flatMap({ try? MRZBand.evidences(in: $0) }) ?? [] {
                    debugLog("band t=\(t) \(e) zone=\(e.isZone) blurred=\(e.isBlurredZone)")
                }
            }
        }
        if let turns = try? MRZBand.turns(of: flat) {
            // The band alone named a letter (its last lines, a clear space above them) and an ID
            // card's back Passport: the photo must show too (`PassportPhotoColumn`).
            let upright = try? flat.rotated(quarterTurns: turns)
            if Recognizer.debugPassport {
                let photo = upright.map { page in [false, true].map { try? PassportPhotoColumn.measure(in: page, paperPerColumn: $0) } }
                debugLog("band turns=\(turns) photo=\(String(describing: photo))")
            }
            if upright.flatMap({ try? PassportPhotoColumn.showsPhoto(in: $0) }) == true { return quad.rotatingLabels(by: turns) }
        }
        return nil
    }

    /// The page, in its own corner order, when `outline` has a TD3 page's shape (fitted to the
    /// image's edges or as located, `PassportPage.fitted`), or once grown from a band printed
    /// across it (`unreadPassportPage(belowHeader:in:byGlyphRows:)`), and its bottom carries a
    /// zone's two rows of evenly pitched cells (`ZoneGlyphRows`).
    ///
    /// Asked after every test of the zone's band and photo: those place the pages they name as
    /// before (on dev captures, the band's outline was the better one where both named a page).
    private func glyphRowsPage(outline: Quad, in image: Image) -> Quad? {
        let located = outline.landscape
        let fitted = PassportPage.fitted(located, in: image)
        for quad in PassportPage.agree(fitted, located, tolerance: 0.005) != nil ? [located] : [fitted, located] {
            if let page = glyphRowsPage(landscape: quad, in: image) { return page }
        }
        return unreadPassportPage(belowHeader: located, in: image, byGlyphRows: true)
    }

    /// The page, in its own corner order, when it has a TD3 page's shape and its bottom carries
    /// a zone's two rows of evenly pitched cells (`ZoneGlyphRows`).
    private func glyphRowsPage(landscape quad: Quad, in image: Image) -> Quad? {
        guard PassportPage.shapes(of: quad, in: image).contains(where: PassportRule.hasPageShape) else { return nil }
        guard let flat = try? image.warped(quad, width: ZoneGlyphRows.width, height: ZoneGlyphRows.height) else { return nil }
        if Recognizer.debugPassport {
            for t in [0, 2] {
                let e = (try? flat.rotated(quarterTurns: t)).flatMap { try? ZoneGlyphRows.evidence(in: $0) }
                debugLog("glyph rows t=\(t) \(String(describing: e)) zone=\(e?.isZone ?? false)")
            }
        }
        guard let turns = try? ZoneGlyphRows.turns(of: flat) else { return nil }
        return quad.rotatingLabels(by: turns)
    }

    /// The page placed from the scout's two lines (`PassportPage.hypothesis`), fitted to the
    /// image's edges, when it shows a passport page's unread zone and photo
    /// (`unreadPassportPage(landscape:in:)`).
    private func unreadPageAroundZoneLines(_ zone: MRZReader.Zone, in image: Image) -> Quad? {
        guard let guess = PassportPage.hypothesis(for: zone) else { return nil }
        let fitted = PassportPage.fitted(guess, in: image)
        if Recognizer.debugPassport { debugLog("zone-lines guess=\(guess.pairs) fitted=\(fitted.pairs)") }
        for page in [fitted, guess] {
            if let found = unreadPassportPage(landscape: page, in: image) { return found }
        }
        return nil
    }

    /// The passport page whose zone is in `image`, found from the zone (`PassportPage`); the
    /// located outline is kept when it agrees.
    private func passportPage(from zone: MRZReader.Zone, in image: Image, reader: MRZReader, located: Quad?, budget: MRZCutBudget,
                              earlier: MRZResult? = nil)
        -> (mrz: MRZResult, identity: DocumentIdentity, page: Quad)? {
        guard let placed = PassportPage.place(from: zone, in: image, reader: reader, located: located, budget: budget, earlier: earlier),
              let identity = PassportRule.identity(for: placed.mrz) ?? Self.shapedIdentity((placed.mrz, placed.page), located: located, in: image)
        else { return nil }
        // What the page is was decided on the placement; where its far sides are is refined
        // after (a tilted page's perspective), unless the located outline confirmed it.
        if located.flatMap({ PassportPage.agree(placed.page, $0) }) != nil {
            return (placed.mrz, identity, PassportPage.zoneEdgesFitted(placed.page, guess: placed.guess, in: image))
        }
        func fitted(_ page: Quad, guess: Quad) -> Quad {
            PassportPage.zoneEdgesFitted(PassportPage.perspectiveFitted(page, in: image), guess: guess, in: image)
        }
        let page = fitted(placed.page, guess: placed.guess)
        // A zone valid at once left the page where the similarity put it: placed again through
        // the fit's perspective too, the better backed outline kept (dev: a tilted page's top
        // taken at a band across the page, 14% off, found at its own edge).
        guard zone.result.valid, let again = PassportPage.placedAgain(placed.page, in: image, reader: reader, budget: budget) else {
            return (placed.mrz, identity, page)
        }
        return (placed.mrz, identity, PassportPage.betterBacked(page, fitted(again.page, guess: again.guess), in: image))
    }

    /// The page placed from the zone read in the located outline (`fromOutline`), when the
    /// scout's page (`scoutPage`, placed from the zone found in the whole photo) agrees with it at
    /// the zone (both bottom corners within `outlinePlacementAgreement` of the diagonal), the
    /// outline lies in view whole, and the image's edges back the outline's page at least as
    /// well as the scout's; else `scoutPage`.
    ///
    /// Why: the scout places the page by a similarity from the zone's lines in the photo, which
    /// cannot show a tilt's foreshortening across the page, and the search for the far side
    /// after it (`PassportPage.perspectiveFitted`) can take a band printed across the page's top
    /// or the booklet's fold instead (dev captures tilted, seed 3005: 4 of 48 pages 3.9-18.5% off
    /// at their top corners). The outline's zone was read in the outline flattened by its own
    /// perspective (the page's, or the booklet's around it), so the page placed from it carries
    /// that perspective, and its far side is fitted near where it must be. An outline the image's
    /// border cut is no such frame: one of its sides is the border (dev captures cut off: its
    /// page's top was 10% off where the scout's was right); nor is one that an object over the
    /// page bent (an occluded eval page: its page half as well backed by edges as the scout's,
    /// 16% off; the tilted dev pages' twice as well).
    private func outlinePlacedPage(_ fromOutline: Quad?, scoutPage: Quad, located: Quad?, in image: Image) -> Quad {
        guard let fromOutline, let located, !Self.reachesEdge(located, of: image) else { return scoutPage }
        let limit = Self.outlinePlacementAgreement * scoutPage.diagonal
        guard fromOutline.bottomLeft.distance(to: scoutPage.bottomLeft) <= limit,
              fromOutline.bottomRight.distance(to: scoutPage.bottomRight) <= limit,
              let backing = try? DocumentLocator().edgeSupport(of: [scoutPage, fromOutline], in: image) else { return scoutPage }
        let score = backing.map(\.score)
        let shapes = (scout: PassportPage.shapeError(scoutPage, in: image), outline: PassportPage.shapeError(fromOutline, in: image))
        debugLog(String(format: "outline-placed scout=%.2f outline=%.2f shapes %.3f %.3f", score[0], score[1], shapes.scout, shapes.outline)
                 + " page=\(fromOutline.pairs) scout page=\(scoutPage.pairs)")
        if score[1] >= score[0] { return fromOutline }
        // Better backed is no better where the scout's top took a dark band printed across the
        // page's top (its lower edge strong, the page's own top faint against a dark table): that
        // page is a sixth too short for its width, the outline's a page's shape.
        return shapes.outline <= Self.outlinePlacedShapeError && shapes.scout >= Self.scoutPageShapeError ? fromOutline : scoutPage
    }

    /// The passport page whose zone the located outline cut: the outline, of a page's shape,
    /// flattened with `outlineGrowth` of its size added on every side (its perspective kept, so
    /// the zone's characters come out evenly pitched, as the whole-photo scout cannot have them
    /// on a tilted page) and read; the page placed from a zone whose checks vouch for a passport
    /// at `PassportRule`'s 0.8 or more (the zone's structure alone names none here: no page
    /// shape was measured).
    ///
    /// Why: on dev captures (seed 27001, tilted and small pages) the located outline ran a few
    /// percent inside the page, through its zone's second line; the zone, sharp, was read
    /// neither in the outline nor by the scout (its cells shrink along a tilted line, and the
    /// scout cuts lines as rectangles).
    private func grownOutlinePage(_ located: Quad, in image: Image, reader: MRZReader, budget: MRZCutBudget)
        -> (mrz: MRZResult, identity: DocumentIdentity, page: Quad)? {
        let outline = located.landscape
        let shapes = PassportPage.shapes(of: outline, in: image)
        guard shapes.contains(where: PassportRule.hasPageShape) else { return nil }
        let g = Self.outlineGrowth
        let toImage = Homography.rectangle(width: 1, height: 1, to: outline)
        let grown = Quad(topLeft: toImage.apply(Point(x: -g, y: -g)), topRight: toImage.apply(Point(x: 1 + g, y: -g)),
                         bottomRight: toImage.apply(Point(x: 1 + g, y: 1 + g)), bottomLeft: toImage.apply(Point(x: -g, y: 1 + g)))
        guard DocumentLocator.isPlausibleOutline(grown),
              let flat = try? image.warped(grown, width: Int(PassportPage.pageWidth * (1 + 2 * g)),
                                           height: Int(PassportPage.pageHeight * (1 + 2 * g))),
              let zone = (try? reader.readZone(in: flat, turns: [0, 2], scope: .outlineFirstLook, budget: budget)) ?? nil,
              let identity = PassportRule.identity(for: zone.result), identity.confidence >= PassportRule.truncatedConfidence,
              let placed = PassportPage.page(around: zone, in: flat, flattenedFrom: grown, image: image, outline: true)
        else { return nil }
        if Recognizer.debugPassport { debugLog("grown outline page=\(placed.fitted.pairs)") }
        return (zone.result, identity, PassportPage.zoneEdgesFitted(placed.fitted, guess: placed.guess, in: image))
    }

    /// Share of the outline's width and height `grownOutlinePage` adds on each side.
    static let outlineGrowth = 0.15

    /// How near (share of the page's diagonal) the two placements' corners at the zone must lie
    /// for them to be one page's.
    static let outlinePlacementAgreement = 0.015
    /// The shape errors (`PassportPage.shapeError`) under which the outline's page is a TD3
    /// page's and over which the scout's is not, for the outline's page to stand though its
    /// edges back it less (`outlinePlacedPage`): a top taken at the lower edge of a header band
    /// (0.86 of the page's height) makes an error of 0.15; dev zan pages on a dark table, seed
    /// 30301: the scout's pages 0.105 and 0.151 (7.9% off), the outline's 0.041 and 0.003 (right).
    static let outlinePlacedShapeError = 0.05, scoutPageShapeError = 0.1

    /// The passport scout's zone in the whole photo (the best TD3-shaped one). The scout skips
    /// the scale for characters of a page filling the photo, which is read through its outline
    /// first; with no outline, or one cut by the image's edge (a page too large for the photo,
    /// whose outline is no page's), that scale is looked at too: on dev captures such a page's
    /// whole zone, in view, was otherwise never read.
    private func scoutZone(in image: Image, reader: MRZReader, located: Quad?, budget: MRZCutBudget) -> MRZReader.Zone? {
        var scope = MRZReader.Scope.passportScout
        if located.map({ Self.reachesEdge($0, of: image) }) ?? true { scope.skippedAttempts = 0 }
        let zone = try? reader.readZone(in: image, scope: scope, budget: budget)
        if Recognizer.debugPassport {
            debugLog("scout skipped=\(scope.skippedAttempts) format=\(zone.map { $0.result.format.rawValue } ?? "-") checks=\(zone.map { $0.result.checks.values.filter { $0 }.count } ?? 0) truncated=\(zone.map(TruncatedPassportZone.isTruncatedPassportZone) ?? false)")
        }
        return zone
    }

    /// A page cut off on the right or on the left whose zone the scout read short
    /// (`TruncatedPassportZone`, `LeftCutPassportZone`), placed from the zone's lines made whole.
    private func truncatedPassportPage(from zone: MRZReader.Zone, in image: Image, reader: MRZReader) -> (identity: DocumentIdentity, page: Quad)? {
        if let identity = TruncatedPassportZone.identity(for: zone),
           let guess = TruncatedPassportZone.page(around: zone, mapping: { $0 }),
           let page = Self.reachingOut(PassportPage.fitted(guess, in: image), in: image) {
            debugLog("truncated zone page=\(page.pairs)")
            return (identity, page)
        }
        guard let (identity, upright) = LeftCutPassportZone.identity(for: zone, in: image, reader: reader),
              let guess = TruncatedPassportZone.page(around: upright, mapping: { $0 }, cutOnLeft: true),
              let page = Self.reachingOut(PassportPage.fitted(guess, in: image), in: image) else { return nil }
        debugLog("zone cut on the left page=\(page.pairs)")
        return (identity, page)
    }

    /// Whether `outline` runs along the image's edge or beyond it: the edges the locator fits
    /// stop a few pixels short of the border where a page runs out of the photo.
    static func reachesEdge(_ outline: Quad, of image: Image) -> Bool {
        let margin = 0.01 * Double(max(image.width, image.height))
        return outline.points.contains { p in
            p.x < margin || p.y < margin || p.x > Double(image.width) - margin || p.y > Double(image.height) - margin
        }
    }

    /// `page` when it reaches out of the image, as a page whose zone the image's edge cut must:
    /// a whole page in view with a zone this short is no passport's.
    static func reachingOut(_ page: Quad, in image: Image) -> Quad? {
        page.isInside(width: image.width + 1, height: image.height + 1) ? nil : page
    }

    /// The identity of a zone whose checks mostly fail, by its structure (`PassportRule`), when
    /// an outline found on its own agrees with the page placed from the zone: the page's shape
    /// is then measured, not merely inferred from the zone.
    private static func shapedIdentity(_ placed: (mrz: MRZResult, page: Quad), located: Quad?, in image: Image) -> DocumentIdentity? {
        guard let located, let same = PassportPage.agree(located, placed.page, tolerance: 0.03) else { return nil }
        let shape = PassportPage.perspectiveAspect(of: same, imageWidth: image.width, imageHeight: image.height) ?? same.sideRatio
        return PassportRule.identity(for: placed.mrz, pageAspectRatio: shape)
    }

    private func accept(_ mrz: MRZResult, identity: DocumentIdentity, page: Quad, into observation: inout DocumentObservation) {
        observation.mrz = mrz
        observation.document = identity
        observation.corners = page
        observation.orientation = Orientation(of: page)
    }

    /// DOCFRAME_DEBUG_PASSPORT=1 only; the message is not even built otherwise (the passport
    /// path runs on every photo that may hold a page).
    func debugLog(_ message: @autoclosure () -> String) {
        PassportPage.debugLog(message())
    }
}
