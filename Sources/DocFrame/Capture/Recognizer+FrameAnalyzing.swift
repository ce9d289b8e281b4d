import Foundation

/// The recognition layer as a capture session's analyzer: locate and quality on every frame,
/// classification (with OCR and MRZ) only when the session asks for it.
///
/// The per-frame path (`.locate`) is built to stay far inside a 30 fps camera's 33 ms on one
/// core at 1280x720 (`docframe bench`, "capture frame"):
/// - with a previous quad, the outline is *tracked*: each side re-fitted to the edge in a
///   narrow band around where it was (`OutlineTracker`, well under a millisecond), so the
///   whole-frame locator does not run at all while the card stays in view; a printed inner
///   frame or a background edge that would outscore the card for a frame cannot take over;
/// - only when the track is lost (or nothing was in view) does the locator search the frame,
///   on a `searchWorkSize` copy rather than the classify path's 640, and goes on with the
///   outline nearest the previous quad (or the whole card coming in: `LostTrack`);
/// - quality (blur, glare) is measured on the quad flattened to the classifier's work width.
extension Recognizer: FrameAnalyzing {
    /// Long side of the copy the locator searches on a locate-only frame.
    static let searchWorkSize = 400

    public func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
        if DocumentLocator.holdsNoDocument(frame) { return Self.emptyObservation() }
        guard request.depth == .locate else {
            let observation = try classify(frame, tracked: request.previousCorners, partial: request.partial)
            // The frames that follow judge glare against this template: its reference is prepared
            // here, off a live session's frame path, rather than on the first of them.
            if let id = observation.document?.templateId, let template = catalog.template(id: id) {
                _ = try? ReferenceGlare.shared.prepare(template)
            }
            return observation
        }
        if let previous = request.previousCorners,
           let tracked = try OutlineTracker().track(previous, in: frame, motion: request.motion),
           !Self.deformed(tracked, from: previous) {
            if Recognizer.debug { FileHandle.standardError.write(Data("track \(tracked.points.map { "\(Int($0.x)),\(Int($0.y))" })\n".utf8)) }
            return try measured(tracked, in: frame, cutOff: false)
        }
        if Recognizer.debug { FileHandle.standardError.write(Data("track lost, locating\n".utf8)) }
        let search = DocumentLocator(workSize: Self.searchWorkSize, minimumScore: locator.minimumScore)
        let candidates = try search.locate(in: frame, limit: request.previousCorners == nil ? 1 : 4)
        let chosen = request.previousCorners.map {
            LostTrack.successor(of: $0, among: candidates, frameWidth: frame.width, frameHeight: frame.height)
        } ?? candidates.first
        guard let chosen else { return DocumentObservation() }
        return try measured(chosen.corners, in: frame, cutOff: chosen.cutOff)
    }

    /// Classification, with the session's tracked outline as a candidate beside the locator's:
    /// the tracker follows the card's own edges from frame to frame, where a whole-frame search
    /// may rank a background edge or a printed inner frame first. A partial outline (the card
    /// still coming into view) is tried last: the whole-frame features then usually decide.
    ///
    /// No camera frame searches tiles (`RecognitionOptions.searchTiles`), tracked or not: a card
    /// small enough to need them (a third of the frame across or less, no outline found) is one
    /// the screen asks the user to bring closer ("Fill the frame with your license"), and the
    /// next frames show it large. Four more frame passes on every frame that shows no card
    /// would only delay the answer for the card the user does bring.
    ///
    /// The whole card's tracked outline is tried alone first: the locator searches the frame
    /// only when that outline does not settle the answer (`FurtherOutlines`), so the card named
    /// from it (a card held in view, a passport page whose zone reads) is named without the
    /// search, with the answer the search would have left unchanged. A passport page whose zone
    /// does not read in the tracked outline is looked for in the searched outlines first.
    private func classify(_ frame: Image, tracked: Quad?, partial: Bool) throws -> DocumentObservation {
        var options = RecognitionOptions()
        options.searchTiles = false
        guard let tracked else { return try observe(frame, options: options) }
        // The locator's labelling: image-clockwise from the corner nearest the image's origin.
        let first = tracked.points.indices.min { tracked.points[$0].x + tracked.points[$0].y < tracked.points[$1].x + tracked.points[$1].y } ?? 0
        let quad = tracked.rotatingLabels(by: first)
        let candidate = LocatedQuad(corners: quad, score: 1, edgeSupport: 1, aspect: quad.sideRatio,
                                    cutOff: partial || !quad.isInside(width: frame.width, height: frame.height))
        var locateMs = 0.0
        let search = { [locator] () throws -> [LocatedQuad] in
            var timer = StageTimer()
            let located = try locator.locate(in: frame, limit: 3)
            timer.lap("locate")
            locateMs = timer.milliseconds["locate"] ?? 0
            // Locator candidates that are the tracked outline again add nothing.
            let near = 0.02 * Double(max(frame.width, frame.height))
            return located.filter { LostTrack.distance($0.corners, quad) > 4 * near }
        }
        var observation: DocumentObservation
        if partial || !Self.trackedOutlineFirst {
            observation = try observe(frame, located: partial ? try search() + [candidate] : [candidate] + (try search()), options: options)
        } else {
            observation = try observe(frame, located: [candidate], further: FurtherOutlines(search), options: options)
        }
        observation.timingMs["locate"] = locateMs
        return observation
    }

    /// DOCFRAME_LIVE_LOCATE_FIRST=1: the locator searches every live classification's frame
    /// before the tracked outline is tried (the behaviour before `FurtherOutlines`), to compare.
    static let trackedOutlineFirst = ProcessInfo.processInfo.environment["DOCFRAME_LIVE_LOCATE_FIRST"] != "1"

    /// Loads the OCR engines the first classification would otherwise load (the header reader,
    /// the MRZ model), one each.
    public func prepare() {
        if let header = try? OCRModel.system() { try? TextReader.shared.warmUp(header) }
        if let mrz = try? OCRModel.mrz() { try? TextReader.shared.warmUp(mrz) }
    }

    public func otherSide(of templateId: String) -> String? {
        catalog.template(id: templateId)?.otherSide
    }

    public func referenceGlare(_ frame: Image, corners: Quad, templateId: String) throws -> Double? {
        guard let template = catalog.template(id: templateId) else { return nil }
        return try ReferenceGlare.shared.measure(frame, corners: corners, template: template)
    }

    /// Corners and quality of `quad` (any labelling), flattened long side across.
    private func measured(_ quad: Quad, in frame: Image, cutOff: Bool) throws -> DocumentObservation {
        let format = DocumentFormat.nearest(toAspectRatio: quad.sideRatio)
        let flat = try frame.warped(quad.landscape, width: DocumentClassifier.workWidth,
                                    height: DocumentClassifier.workWidth * format.canonicalHeight / format.canonicalWidth)
        let report = try quality.measure(flattened: flat, corners: quad, imageWidth: frame.width, imageHeight: frame.height,
                                         cutOff: cutOff)
        return DocumentObservation(corners: quad, orientation: .up, quality: report)
    }

    /// Between two frames a card turns and tilts a little, but its opposite sides keep their
    /// length ratio to within a few percent; a side that shortens by more than `maxDeformation`
    /// (log ratio) against its opposite one was refitted to a printed line inside the card
    /// (the Ontario back's sparse print: its right side slid 20 px up to a rule, the next
    /// frames drifted further, and each jump back broke the steady hold, so the back of
    /// `front-twice` was never taken). Such a fit is no track: the frame is searched instead.
    static let maxDeformation = 0.12

    static func deformed(_ quad: Quad, from previous: Quad) -> Bool {
        func ratios(_ q: Quad) -> (Double, Double) {
            let p = q.points
            let d = (0..<4).map { p[$0].distance(to: p[($0 + 1) % 4]) }
            return (log(max(d[0], 1) / max(d[2], 1)), log(max(d[1], 1) / max(d[3], 1)))
        }
        let (a, b) = ratios(quad), (c, d) = ratios(previous)
        return abs(a - c) > maxDeformation || abs(b - d) > maxDeformation
    }
}
