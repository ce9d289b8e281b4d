import Foundation

/// Finds, flattens and classifies identity documents in images: the library's front door
/// (in the spirit of Apple's Vision requests).
///
/// Made once from a template catalog (loading the templates and building their one shared
/// feature index), then shared read-only across threads: `observe` may be called concurrently.
///
/// ```swift
/// let recognizer = try Recognizer()                       // the built-in templates
/// let observation = try recognizer.observe(try Image(contentsOfFile: "card.jpg"))
/// print(observation.document?.label.en ?? "unknown", observation.orientation?.degrees ?? 0)
/// ```
public final class Recognizer: Sendable {
    public let catalog: TemplateCatalog
    public let locator: DocumentLocator
    let classifier: DocumentClassifier
    let quality = QualityMeter()
    /// DOCFRAME_DEBUG=1 prints the classifier's evidence to standard error (development only).
    static let debug = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG"] == "1"
    static let debugCorners = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_CORNERS"] == "1"

    /// Outlines asked of the locator per image.
    static let outlines = 8

    /// Outlines `observe(_:options:)` asks of the locator: `outlines` where the classifier or
    /// the passport page's search beyond the first outline (`attachMRZ`'s alternatives, only
    /// when naming pages without their zone) looks at the others; else the first alone, which
    /// the locator ranks before it refines any (each is refitted at full resolution, about 3%
    /// of a `docframe mrz` capture's CPU for the seven others), so it is the same outline.
    static func outlinesNeeded(by options: RecognitionOptions) -> Int {
        options.classify || options.readMRZ && options.namesPassportsWithoutZone ? outlines : 1
    }

    /// Whether a named document's `corners` show it cut off: a corner beyond the image, or a side
    /// along the image's border (the outline borrowed the frame where the card runs out of view:
    /// an Ontario health card's back, its left third out of the photo, was reported whole).
    /// The tolerance is the locator's own for a side on the frame (3 pixels of its 640-pixel
    /// working copy), at the image's scale.
    static func isCutOff(_ corners: Quad, in image: Image) -> Bool {
        let tolerance = max(2, 3 * Double(max(image.width, image.height)) / 640)
        return !corners.isInside(width: image.width + 1, height: image.height + 1)
            || corners.runsAlongBorder(width: image.width, height: image.height, tolerance: tolerance)
    }

    /// The observation of an image with nothing in it, its stages timed at zero.
    static func emptyObservation() -> DocumentObservation {
        var observation = DocumentObservation()
        observation.timingMs = ["locate": 0, "classify": 0, "ocr": 0, "mrz": 0]
        return observation
    }

    /// Loads `catalog`'s templates; a malformed one throws `invalidTemplate` naming its file.
    public init(catalog: TemplateCatalog, locator: DocumentLocator = DocumentLocator()) throws {
        self.catalog = catalog
        self.locator = locator
        classifier = try DocumentClassifier(templates: catalog.templates)
    }

    /// The built-in templates plus `templateDirectories` (later ids replace earlier ones).
    public convenience init(templateDirectories: [URL] = [], includeBuiltin: Bool = true) throws {
        try self.init(catalog: TemplateCatalog.load(directories: templateDirectories, includeBuiltin: includeBuiltin))
    }

    /// Everything DocFrame sees in one image. `timingMs` carries `locate`, `classify`, `ocr`
    /// and `mrz` (the caller adds `decode`).
    public func observe(_ image: Image, options: RecognitionOptions = RecognitionOptions()) throws -> DocumentObservation {
        var timer = StageTimer()
        // More outlines than the classifier flattens: it keeps the best of each object, so a
        // card beside a sheet of paper is not crowded out by the sheet's several fits.
        let candidates = try locator.locate(in: image, limit: Self.outlinesNeeded(by: options))
        timer.lap("locate")
        var observation = try observe(image, located: candidates, options: options)
        observation.timingMs["locate"] = timer.milliseconds["locate"]
        return observation
    }

    /// `observe` for quads already located (by `locator`, perhaps on an earlier frame): the
    /// classification and quality steps only. `timingMs["locate"]` is 0.
    public func observe(_ image: Image, located candidates: [LocatedQuad], options: RecognitionOptions = RecognitionOptions()) throws -> DocumentObservation {
        try observe(image, located: candidates, further: nil, options: options)
    }

    /// `observe` for `candidates` followed by `further`, searched only when `candidates` do not
    /// settle the answer (`FurtherOutlines`): the same observation as with all of them given,
    /// unless a passport page's zone reads first in one of `further` (`FurtherOutlines.page`).
    func observe(_ image: Image, located candidates: [LocatedQuad], further: FurtherOutlines?,
                 options: RecognitionOptions) throws -> DocumentObservation {
        if DocumentLocator.holdsNoDocument(image) { return Self.emptyObservation() }
        var timer = StageTimer()
        var located = candidates.first
        var observation = DocumentObservation()
        if let located {
            observation.corners = located.corners
            observation.orientation = .up
        }
        var flattened: Image?
        var cutOff = located?.cutOff ?? false
        // Whether a template's homography placed the answer's corners, or the alignment with the
        // template's reference did (`CutOffCompletion`): the design in view placed the sides out
        // of view (a dark cut-off licence back aligned within 0.8%, completed 3.4% off).
        var placedByHomography = false
        // A page-shaped outline's zone is looked at before the card templates are tried: one
        // whose every check holds makes it a passport, and the card search is skipped (`readZoneFirst`).
        var pageZone: OutlineZone?
        if options.readMRZ, options.classify, let located {
            pageZone = readZoneFirst(in: image, located: located)
            timer.lap("mrz")
        }
        if options.readMRZ, options.classify, pageZone == nil, let further {
            further.readZoneFirst = { [self] in readZoneFirst(in: image, located: $0) }
        }
        if options.classify, !classifier.isEmpty, pageZone == nil {
            let result = try classifier.classify(image, candidates: candidates, further: further, readHeaderText: options.readHeaderText,
                                                 searchTiles: options.searchTiles)
            timer.lap("classify")
            if let page = further?.page {
                // A passport page whose zone read first in an outline searched for: it is
                // observed from that outline, as if it had been the first.
                located = page.outline
                observation.corners = page.outline.corners
                cutOff = page.outline.cutOff
                pageZone = page.zone
            }
            if Recognizer.debug {
                let id = result.bestIndex.map { catalog.templates[$0].id } ?? "-"
                FileHandle.standardError.write(Data("evidence \(id) path=\(result.path.rawValue) conf=\(result.confidence) inliers=\(result.inliers) spread=\(result.spread) look=\(result.appearance) layout=\(result.layout) margin=\(result.layoutMargin)\n".utf8))
            }
            timer.move(result.ocrMs, from: "classify", to: "ocr")
            if let i = result.templateIndex, var corners = result.corners {
                let t = catalog.templates[i]
                observation.document = DocumentIdentity(templateId: t.id, label: t.label, kind: t.kind, side: t.side,
                                                        jurisdiction: t.jurisdiction, policy: t.policy,
                                                        confidence: (result.confidence * 1000).rounded() / 1000)
                observation.undecidedLookAlikes = result.undecided.map {
                    let o = catalog.templates[$0]
                    return DocumentIdentity(templateId: o.id, label: o.label, kind: o.kind, side: o.side, jurisdiction: o.jurisdiction,
                                            policy: o.policy, confidence: (result.confidence * 1000).rounded() / 1000)
                }
                if result.path == .frame {
                    // The frame path's corners come from the homography: refit them to the edges
                    // (unless aligned with the template's reference, which is closer).
                    if result.unalignedCorners == nil { corners = refined(corners, in: image) }
                    flattened = try? image.warped(corners, width: DocumentClassifier.workWidth,
                                                  height: DocumentClassifier.workWidth * t.height / t.width)
                } else {
                    // An outline's corners placed again by a homography are refitted as the frame's are.
                    if result.rematched, result.unalignedCorners == nil { corners = refined(corners, in: image) }
                    flattened = result.flattened
                }
                observation.corners = corners
                observation.orientation = result.orientation
                placedByHomography = result.path == .flattened || result.path == .frame || result.rematched || result.unalignedCorners != nil
                cutOff = Self.isCutOff(corners, in: image)
            }
            if Self.debugCorners {
                func text(_ q: Quad?) -> String { q.map { $0.points.map { String(format: "%.1f,%.1f", $0.x, $0.y) }.joined(separator: ",") } ?? "-" }
                FileHandle.standardError.write(Data("cornerdiag path=\(result.path.rawValue) inliers=\(result.inliers) located=\(text(result.locatedOutline)) projected=\(text(result.projectedOutline)) unaligned=\(text(result.unalignedCorners)) rho=\(result.alignment.map { String(format: "%.3f,%.3f", $0.before, $0.after) } ?? "-") final=\(text(observation.corners))\n".utf8))
            }
        }
        if options.readMRZ {
            timer.lap("classify")
            let before = observation.corners
            // The other outlines are where an unknown document's passport page may be; a named
            // document, or a page whose zone read in the first outline, is read where it is.
            let all = try further.map { observation.document == nil && pageZone == nil ? candidates + (try $0.outlines()) : candidates }
                ?? candidates
            attachMRZ(to: &observation, in: image, budget: options.mrzBudget ?? MRZCutBudget(), outlines: all.map(\.corners),
                      outlineZone: pageZone, namesWithoutZone: options.namesPassportsWithoutZone)
            // A passport page placed from its zone replaces the outline: whether it is cut off
            // is the page's own matter (it may reach beyond the image where the outline did not,
            // or lie inside where the outline was a cut-off booklet's).
            if let page = observation.corners, page != before {
                placedByHomography = false
                cutOff = Self.isCutOff(page, in: image)
                let format = DocumentFormat.nearest(toAspectRatio: page.sideRatio)
                flattened = try? image.warped(page.landscape, width: DocumentClassifier.workWidth,
                                              height: DocumentClassifier.workWidth * format.canonicalHeight / format.canonicalWidth)
            }
            timer.lap("mrz")
        }
        if !placedByHomography, let corners = observation.corners, let whole = completedPastBorder(corners, of: observation, in: image) {
            if Self.debugCorners { FileHandle.standardError.write(Data("completed \(corners.debugText) -> \(whole.debugText)\n".utf8)) }
            observation.corners = whole
        }
        if let corners = observation.corners {
            let flat = try flattened ?? image.warped(located?.landscapeCorners ?? corners, width: DocumentClassifier.workWidth, height: 403)
            observation.quality = try quality.measure(flattened: flat, corners: corners, imageWidth: image.width,
                                                      imageHeight: image.height, cutOff: cutOff)
        }
        timer.lap("classify")
        observation.timingMs = timer.milliseconds
        return observation
    }

    /// A named document's `corners` with the two a border cuts off placed by the camera's
    /// geometry and the document's aspect (`CutOffCompletion`); nil keeps them.
    private func completedPastBorder(_ corners: Quad, of observation: DocumentObservation, in image: Image) -> Quad? {
        guard let document = observation.document else { return nil }
        let aspect: Double
        if document.kind == .passport {
            aspect = PassportPage.pageWidth / PassportPage.pageHeight
        } else if let t = catalog.template(id: document.templateId) {
            aspect = Double(t.width) / Double(t.height)
        } else {
            return nil
        }
        return CutOffCompletion.completed(corners, width: image.width, height: image.height, aspect: aspect)
    }

    /// The document in `observation` flattened to its canonical size (the template's, or ID-1 /
    /// TD3 by shape when unknown), upright when the orientation is known.
    public func flatten(_ image: Image, observation: DocumentObservation) throws -> Image? {
        guard let corners = observation.corners else { return nil }
        let format: DocumentFormat
        var quad = corners
        if let id = observation.document?.templateId, let t = catalog.template(id: id) {
            format = t.format
        } else {
            format = .nearest(toAspectRatio: corners.sideRatio)
            quad = corners.landscape
        }
        return try image.warped(quad, width: format.canonicalWidth, height: format.canonicalHeight)
    }

    private func refined(_ corners: Quad, in image: Image) -> Quad {
        (try? DocumentLocator.refine(corners, in: image, search: Double(max(image.width, image.height)) / 160)) ?? corners
    }
}
