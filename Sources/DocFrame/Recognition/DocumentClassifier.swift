import Foundation

/// Classifies a located document (or, failing that, the whole frame) against every template at
/// once: ORB descriptors vote in one shared index, the best few templates are verified by a
/// RANSAC homography, which also yields the side's orientation and corners. A second cue (the
/// flattened document's colour layout against each template's reference) backs the answer up
/// where keypoints are scarce, and look-alike templates (same artwork, other title) are told
/// apart by their header region.
///
/// Immutable once made and shared across threads.
final class DocumentClassifier: Sendable {
    let templates: [DocumentTemplate]
    let index: FeatureIndex
    /// Per template: the reference pixels of its `header` region, for look-alikes.
    private let headers: [Image?]
    /// Per template: the layout of its reference image (the second cue), prepared for comparing a
    /// query with all of them.
    private let layoutReferences: LayoutReferences
    /// Per template: the other templates printed on the same artwork with another title (a
    /// province's license and photo card), which only the header text tells apart.
    private let twins: [[Int]]
    /// Per pair of twins: where their designs differ, for telling them apart unread.
    let contrasts: [TwinContrast]
    /// The formats of the templates (the shapes a located outline may be completed to).
    let formats: [DocumentFormat]
    /// Per template: its reference prepared for refining a located document's corners
    /// (`DocumentClassifier+Alignment`), nil when it has too little stable design.
    let alignments: [ReferenceAlignment?]

    /// Width of the flattened document that is matched (templates are trained at this scale).
    static let workWidth = 640
    /// The finest levels of ORB's pyramid left out when a flattened document's keypoints verified
    /// nothing (`NativeFeatures.detectCoarse`): its level 0 is then the template's level 3, where a
    /// blur spans 1.7 times fewer pixels. Measured on dev captures (render seed 38100, synthesis
    /// seeds 38201 blur and 38101 blur with cut off, 144 and 192 captures; not the evaluation
    /// set): a BC licence front under a 6-pixel defocus, unnamed on 0 inliers, verified on 15-22;
    /// 3 more named in all, 1 more placed within 2%, nothing lost (2 levels: the same named, but
    /// a named card's corners moved past 2%); the dev set of session 37 (624 captures, negatives
    /// and unknown designs) unchanged. About 4% more CPU on negatives, whose outlines never
    /// verify. Heavier blurs (10 pixels and more at the template's scale) leave no keypoints at
    /// any level the templates keep.
    static let coarseLevels = 3
    /// The fewest inliers of a match `resolveLookAlikes` weighs.
    static let verifiedInliers = 6
    /// Features detected on a flattened document / a raw frame.
    static let flatFeatures = 1000
    static let frameFeatures = 1200
    /// Templates verified by RANSAC per query, most votes first. Votes rank a sparse back side
    /// poorly: a front with dense print collects more chance votes from any query, so a blurred or
    /// cut-off back's own template often ranked 5th-8th and was never verified (it was 4). The
    /// shim skips the RANSAC of a template with too few votes to win, so the extra candidates cost
    /// little. Measured on generated back captures (flat seeds 7001-7003, synthesis seed 7101, not
    /// the evaluation set): 2 more of 90 recognised with 8 (13, every template, gave the same).
    static let verify = 8
    /// Below this calibrated confidence the document is unknown.
    static let threshold = 0.5
    /// A flattened candidate this confident ends the search: the other candidate and the whole
    /// frame (a second ORB pass at 960 px, the costliest step) would not change the answer.
    static let settled = 0.8

    init(templates: [DocumentTemplate]) throws {
        self.templates = templates
        var features: [NativeFeatures] = []
        var headers: [Image?] = []
        var layouts: [LayoutSignature?] = []
        var alignments: [ReferenceAlignment?] = []
        var references: [Image] = []
        for t in templates {
            guard let url = t.featuresURL else {
                throw DocFrameError(.invalidTemplate, "template \(t.id) has no folder with \(DocumentTemplate.featuresName)")
            }
            do {
                let f = try NativeFeatures.load(from: url)
                guard f.width == t.width, f.height == t.height else {
                    throw DocFrameError(.invalidTemplate, "\(url.path): trained at \(f.width)x\(f.height), the template says \(t.width)x\(t.height)")
                }
                features.append(f)
            } catch let error as DocFrameError where error.code != .invalidTemplate {
                throw DocFrameError(.invalidTemplate, "\(url.path): \(error.message)")
            }
            // The reference carries the header and layout cues that tell look-alikes apart: a
            // template without it (or with another design's) would classify, but silently worse.
            var header: Image?
            let layout: LayoutSignature
            guard let ref = t.referenceURL, FileManager.default.fileExists(atPath: ref.path) else {
                throw DocFrameError(.invalidTemplate, "template \(t.id) has no \(DocumentTemplate.referenceName) (its canonical image)")
            }
            do {
                let image = try Image(contentsOfFile: ref.path)
                guard image.width == t.width, image.height == t.height else {
                    throw DocFrameError(.invalidTemplate, "\(ref.path): \(image.width)x\(image.height), the template says \(t.width)x\(t.height)")
                }
                references.append(image)
                if let r = t.region("header") {
                    header = try image.cropped(x: r.x, y: r.y, width: r.width, height: r.height)
                }
                layout = try LayoutSignature(of: image, stability: features[features.count - 1])
                // A reference with too little stable design to align to (a template trained from
                // samples that share little print) only goes without refined corners.
                alignments.append(try? ReferenceAlignment(reference: image, stability: features[features.count - 1],
                                                          personal: t.region("mrz").map { [$0] } ?? []))
            } catch let error as DocFrameError where error.code == .invalidTemplate {
                throw error
            } catch {
                throw DocFrameError(.invalidTemplate, "\(ref.path): \(error)")
            }
            headers.append(header)
            layouts.append(layout)
        }
        self.headers = headers
        layoutReferences = try LayoutReferences(layouts)
        self.alignments = alignments
        twins = try Self.twins(of: templates, layouts: layouts)
        var contrasts: [TwinContrast] = []
        for i in templates.indices {
            for j in twins[i] where j > i {
                if let c = try TwinContrast(first: i, reference: references[i], stability: features[i].stability(),
                                            second: j, reference: references[j], stability: features[j].stability()) {
                    contrasts.append(c)
                }
            }
        }
        self.contrasts = contrasts
        formats = templates.reduce(into: []) { if !$0.contains($1.format) { $0.append($1.format) } }
        index = try FeatureIndex(features: features)
    }

    var isEmpty: Bool { templates.isEmpty }

    /// Classifies `image`: the located quads first (flattened, best first, one per object),
    /// then the whole frame.
    /// `searchTiles`: when nothing else answered, search the frame in tiles for a small card no
    /// located outline holds (`DocumentClassifier+Tiles`); a caller that knows where the card is
    /// (a live session's tracked outline) skips that cost.
    /// `further`: outlines to add after `candidates` once these have been tried without a
    /// settled answer (`FurtherOutlines`); the answer is the one of `candidates` + `further`.
    func classify(_ image: Image, candidates: [LocatedQuad], further: FurtherOutlines? = nil, readHeaderText: Bool = true,
                  searchTiles: Bool = true) throws -> ClassificationResult {
        var result = try classifyUnaligned(image, candidates: candidates, further: further, readHeaderText: readHeaderText,
                                           searchTiles: searchTiles)
        // Whole-frame answers were placed again where the frame pass won (`classifyUnaligned`).
        if result.path == .flattened { result = try rematched(result, in: image) }
        try align(&result, in: image)
        return result
    }

    private func classifyUnaligned(_ image: Image, candidates given: [LocatedQuad], further: FurtherOutlines?, readHeaderText: Bool,
                                   searchTiles: Bool) throws -> ClassificationResult {
        guard !templates.isEmpty else { return ClassificationResult(templateIndex: nil, confidence: 0) }
        var candidates = given
        // Tried later, the further outlines keep the order only behind given ones that all lead.
        if let further, given.isEmpty || given.count > Self.leading { candidates += try further.outlines() }
        var best: ClassificationResult?
        var ledger = HeaderLedger()
        // The located outlines, then (when none answered) their completions to a template's
        // shape: an outline short of a band the blur merged with the table
        // (`DocumentClassifier+Completion`).
        var outlines = Self.outlinesToTry(candidates)
        var sources: [LocatedQuad?] = outlines.map { _ in nil }
        var completing = false
        var reserveTried = false
        var k = 0
        while k < outlines.count {
            let located = outlines[k]
            k += 1
            let format = located.nearestFormat
            if let flattened = try? image.warped(located.landscapeCorners, width: Self.workWidth,
                                                 height: Self.workWidth * format.canonicalHeight / format.canonicalWidth) {
                if Recognizer.debug {
                    let pts = located.corners.points.map { String(format: "%.0f,%.0f", $0.x, $0.y) }.joined(separator: ",")
                    FileHandle.standardError.write(Data(String(format: "outline aspect=%.3f score=%.2f edge=%.2f completion=%d cut=%d corners=%@\n",
                                                               located.aspect, located.score, located.edgeSupport, completing ? 1 : 0, located.cutOff ? 1 : 0, pts).utf8))
                }
                var result = try classifyFlattened(image, located: located, flattened: flattened, readHeaderText: readHeaderText)
                if let source = sources[k - 1] { result = try vettedCompletion(result, source: source, in: image) }
                if result.flattened == nil { result.flattened = flattened }
                ledger.note(result, twins: twins)
                best = Self.preferred(result, over: best)
                if let b = best, b.templateIndex != nil, b.confidence >= Self.settled { return b }
            }
            if k == outlines.count, let further, !further.searched {
                // The given outlines did not settle it: the further ones join them, tried in the
                // order the whole list would have had (the given ones lead it, and are not redone).
                candidates += try further.outlines()
                // A passport page found among them ends the card search (`FurtherOutlines.page`).
                if further.page != nil { return ClassificationResult(templateIndex: nil, confidence: 0) }
                let tried = outlines.count
                outlines = Self.outlinesToTry(candidates)
                sources = outlines.map { _ in nil }
                k = tried
                if k < outlines.count { continue }
            }
            // The locator reserves a place for a cut-off card's completed outline when pieces of
            // its part in view outrank it: when none of those answered or verified a template,
            // the completion is flattened too (only then: another crop's header reading can veto
            // a look-alike the outlines did verify, as it did on a dev capture).
            if k == outlines.count, !reserveTried, best?.templateIndex == nil, (best?.inliers ?? 0) < Self.outlineInliers {
                reserveTried = true
                // A completion is the card only when the best outline is cut off by the border:
                // a card seen whole is never flattened as some completion's piece.
                if candidates.first?.cutOff == true, !outlines.contains(where: \.completed),
                   let completion = candidates.first(where: \.completed) {
                    outlines.append(completion)
                    sources.append(nil)
                    continue
                }
            }
            if k == outlines.count, !completing, best?.templateIndex == nil {
                completing = true
                // A completion reaching beyond the photo is a cut-off card, not a lost band: the
                // frame pass around the located part places it better.
                let completions = Self.completionsWithSources(of: candidates, formats: formats)
                    .filter { !$0.source.cutOff && $0.completion.corners.isInside(width: image.width, height: image.height) }
                outlines += completions.map(\.completion)
                sources += completions.map(\.source)
            }
        }
        if let b = best { best = ledger.vetted(b) }
        // The whole frame: a cut-off or occluded card, or quads that were not the document.
        // Whether the card lies wholly in the photo, by its located outline: a wrong template's
        // homography places a whole card's corners off the photo as readily as a cut-off card's.
        let cardInView = candidates.first.map { !$0.cutOff } ?? false
        var frame = try classifyFrame(image, readHeaderText: readHeaderText, cardInView: cardInView)
        ledger.note(frame, twins: twins)
        frame = ledger.vetted(frame)
        if best.map({ Self.prefers(frame, over: $0) }) ?? (frame.templateIndex != nil) {
            return try rematched(frame, in: image)
        }
        // Nothing answered: the frame again around each located object (a cut-off or small card
        // whose share of the frame's keypoints was too thin).
        if best?.templateIndex == nil, frame.templateIndex == nil,
           let region = try classifyRegions(image, candidates: candidates, readHeaderText: readHeaderText, cardInView: cardInView) {
            return ledger.vetted(region)
        }
        // Still nothing: the frame again in overlapping tiles (a small card no outline holds),
        // its answer placed again as the frame's are (a tile's homography rests on as few keypoints).
        if searchTiles, best?.templateIndex == nil, frame.templateIndex == nil,
           let tile = try classifyTiles(image, readHeaderText: readHeaderText, cardInView: cardInView) {
            return try rematched(ledger.vetted(tile), in: image)
        }
        return best ?? frame
    }

    /// The best located outlines, as the locator ranked them (another fit of the same card can
    /// flatten it better), then the best outline of each further object (a card beside a sheet
    /// of paper whose several fits outrank it), at most `outlines` in all.
    static let leading = 3
    static let outlines = 5

    static func outlinesToTry(_ candidates: [LocatedQuad]) -> [LocatedQuad] {
        let first = Array(candidates.prefix(leading))
        let further = distinctObjects(Array(candidates.dropFirst(leading)), limit: outlines - first.count, apartFrom: first)
        return first + further
    }

    /// The best-scored outline of each object, at most `limit`: an outline whose centre lies
    /// within a tenth of the larger diagonal of an earlier one and whose area is within a factor
    /// 1.6 of it is another fit of the same edge (inner and outer border, a shadow), and
    /// flattening it again would repeat the same answer, while a second card or the card beside a
    /// sheet of paper would be crowded out.
    static func distinctObjects(_ candidates: [LocatedQuad], limit: Int, apartFrom earlier: [LocatedQuad] = []) -> [LocatedQuad] {
        var kept: [LocatedQuad] = []
        for c in candidates where kept.count < limit {
            let same = (earlier + kept).contains { k in
                let d = max(c.corners.diagonal, k.corners.diagonal)
                let ratio = max(c.corners.area, k.corners.area) / max(min(c.corners.area, k.corners.area), 1)
                return c.corners.center.distance(to: k.corners.center) < 0.1 * d && ratio < 1.6
            }
            if !same { kept.append(c) }
        }
        return kept
    }

    // MARK: - Flattened document

    private func classifyFlattened(_ image: Image, located: LocatedQuad, flattened: Image, readHeaderText: Bool) throws -> ClassificationResult {
        let query = try NativeFeatures.detect(in: flattened, maxFeatures: Self.flatFeatures, workSize: Self.workWidth)
        var matches = try index.match(query, verify: Self.verify, reprojection: 4)
        // Nothing verified: a blurred card's finest keypoints are the blur's noise, and they take
        // the budget. Its coarser scales, where the blur spans fewer pixels, are searched alone.
        if !matches.contains(where: { $0.homography != nil && $0.inliers >= Self.verifiedInliers }) {
            let coarse = try NativeFeatures.detectCoarse(in: flattened, maxFeatures: Self.flatFeatures, workSize: Self.workWidth,
                                                         skipLevels: Self.coarseLevels)
            let again = try index.match(coarse, verify: Self.verify, reprojection: 4)
            if Recognizer.debug {
                let list = again.map { "\(templates[$0.templateIndex].id):\($0.votes)/\($0.inliers)" }.joined(separator: " ")
                FileHandle.standardError.write(Data("coarse q=\(coarse.count) \(list)\n".utf8))
            }
            if (again.first?.inliers ?? 0) > (matches.first?.inliers ?? 0) { matches = again }
        }
        let appearance = try index.appearance(of: flattened)
        let layout = try layoutSimilarities(of: flattened, outline: located.landscapeCorners, in: image)
        if Recognizer.debug {
            let list = matches.map { "\(templates[$0.templateIndex].id):\($0.votes)/\($0.inliers)" }.joined(separator: " ")
            FileHandle.standardError.write(Data("flattened q=\(query.count) \(list)\n".utf8))
            let looks = layout.enumerated().sorted { max($0.1.upright, $0.1.turned) > max($1.1.upright, $1.1.turned) }.prefix(4)
                .map { "\(templates[$0.0].id):\(String(format: "%.3f/%.3f", $0.1.upright, $0.1.turned))" }.joined(separator: " ")
            let thumbs = appearance.enumerated().sorted { max($0.1.upright, $0.1.turned) > max($1.1.upright, $1.1.turned) }.prefix(4)
                .map { "\(templates[$0.0].id):\(String(format: "%.3f/%.3f", $0.1.upright, $0.1.turned))" }.joined(separator: " ")
            FileHandle.standardError.write(Data("layout \(looks)\nthumb \(thumbs)\n".utf8))
        }
        var ocrMs = 0.0
        var header = HeaderEvidence()
        guard var pick = try resolveLookAlikes(matches, query: flattened, outline: true, outlineCutOff: located.cutOff, readText: readHeaderText,
                                               ocrMs: &ocrMs, header: &header),
              let h = pick.homography else {
            return try appearanceOnly(located: located, in: image, flattened: flattened, appearance: appearance, layout: layout,
                                      readHeaderText: readHeaderText, ocrMs: ocrMs)
        }
        // Template coordinates -> flattened pixels: which flattened corner is the document's top-left?
        let tl = h.apply(Point(x: 0, y: 0))
        let (fw, fh) = (Double(flattened.width), Double(flattened.height))
        let flatCorners = [Point(x: 0, y: 0), Point(x: fw, y: 0), Point(x: fw, y: fh), Point(x: 0, y: fh)]
        let j = (0..<4).min { flatCorners[$0].distance(to: tl) < flatCorners[$1].distance(to: tl) }!
        var corners = located.landscapeCorners.rotatingLabels(by: j)
        // Where the template says the document is: when the located outline disagrees (an inner
        // box, a shadow edge, a finger), trust the homography and re-fit its sides to the edges.
        let toImage = Homography.rectangle(width: flattened.width, height: flattened.height, to: located.landscapeCorners)
        let t = templates[pick.templateIndex]
        let predicted = h.mapRectangle(width: t.width, height: t.height)
        let fromTemplate = Quad(topLeft: toImage.apply(predicted.topLeft), topRight: toImage.apply(predicted.topRight),
                                bottomRight: toImage.apply(predicted.bottomRight), bottomLeft: toImage.apply(predicted.bottomLeft))
        let i = pick.templateIndex
        var look = j == 0 ? appearance[i].upright : j == 2 ? appearance[i].turned : max(appearance[i].upright, appearance[i].turned)
        var lay = j == 0 ? layout[i].upright : j == 2 ? layout[i].turned : max(layout[i].upright, layout[i].turned)
        var margin = lay - bestOtherDesign(than: i, in: layout)
        var reflattened: Image?
        var keptLocated = true
        let misshapen = abs(located.aspect / (Double(t.width) / Double(t.height)) - 1) > Self.misshapenOutline
        if let chosen = try betterOutline(located: corners, fromTemplate: fromTemplate, inliers: pick.inliers,
                                          inferred: located.completed, cutOff: located.cutOff, misshapen: misshapen, in: image) {
            corners = chosen
            keptLocated = false
            // The likeness was measured on the old outline's flattening (an inner box, a shadow):
            // measure it again on the document the template places. Whole, not on its part in
            // view (`LayoutVisibility`): this outline rests on a few inliers, and a cut-off card's
            // likeness raised there let it stand on corners 3% off, ahead of the passes around
            // the located part that place it within 2% (a dev resident card back, 13 inliers).
            if let flat = try? image.warped(corners, width: Self.workWidth, height: Self.workWidth * t.height / t.width) {
                let looks = try index.appearance(of: flat)
                let lays = try layoutSimilarities(of: flat)
                look = looks[i].upright
                lay = lays[i].upright
                margin = lay - bestOtherDesign(than: i, in: lays)
                reflattened = flat
            }
        }
        pick.homography = h
        var confidence = Self.confidence(inliers: pick.inliers, spread: pick.spread, appearance: look, layout: lay, layoutMargin: margin,
                                         vouched: Self.looksTheDesign(appearance: look, layout: lay, layoutMargin: margin))
        let raw = confidence
        // By the located outline, not the template's placement (`cardInView` in `classifyUnaligned`).
        let inView = !located.cutOff && located.corners.isInside(width: image.width, height: image.height)
        confidence = try headerChecked(confidence, pick: pick, query: flattened, readText: readHeaderText, appearance: look, layoutMargin: margin,
                                        inView: inView,
                                        header: &header, ocrMs: &ocrMs)
        if Recognizer.debug {
            FileHandle.standardError.write(Data(String(format: "flat pick %@ inl %d spread %.3f turned %d raw %.3f checked %.3f look %.3f lay %.3f margin %.3f read %d sup %d dist %d contra %d guessed %d\n",
                                                       t.id, pick.inliers, pick.spread, keptLocated && j % 2 == 1 ? 1 : 0, raw, confidence, look, lay, margin, header.read ? 1 : 0, header.supported ? 1 : 0, header.distinctive ? 1 : 0, header.contradicted ? 1 : 0, header.guessed ? 1 : 0).utf8))
        }
        // Every template is landscape and so is the located outline's flattening: a homography
        // that turns the template sideways on it, where the located outline is kept, names the
        // card's long side its short one. A few chance inliers on a blurred card did (a dev
        // health card front named at 0.99 turned 270 on 12 inliers): the glance judges it instead.
        if keptLocated, j % 2 == 1 {
            if Recognizer.debug { FileHandle.standardError.write(Data("turned against outline \(t.id)\n".utf8)) }
            confidence = min(confidence, Self.threshold - 0.01)
        }
        if confidence < Self.threshold {
            // A few chance inliers (blur, a small card) must not hide what the layout shows.
            let glance = try appearanceOnly(located: located, in: image, flattened: flattened, appearance: appearance, layout: layout,
                                            readHeaderText: readHeaderText, ocrMs: ocrMs)
            // But a sharp card whose keypoints verify only a patch of this template (many
            // inliers, bunched) was seen well enough to show the rest of the design: it is
            // another card that shares the patch, however alike its colours are laid out.
            let patchOnly = pick.spread < Self.minimumSpread && pick.inliers >= Self.patchInliers
            if let g = glance.templateIndex, !(patchOnly && g == pick.templateIndex) { return glance }
            ocrMs = max(ocrMs, glance.ocrMs)
        }
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? pick.templateIndex : nil,
                                    confidence: confidence, bestIndex: pick.templateIndex, corners: corners, orientation: Orientation(of: corners),
                                    flattened: reflattened, inliers: pick.inliers, spread: pick.spread, appearance: look, layout: lay,
                                    layoutMargin: margin, path: .flattened, ocrMs: ocrMs,
                                    undecided: header.guessed ? header.alternatives : [], contrasted: header.guessed && header.contrasted,
                                    headerContradicted: header.contradicted, headerSupported: header.supported,
                                    locatedOutline: located.landscapeCorners.rotatingLabels(by: j), projectedOutline: fromTemplate)
    }

    /// The document's outline where the template's, projected through the verified homography,
    /// and the located one disagree (the locator took an inner box, a shadow edge, the card
    /// beside it; or the homography rests on a few inliers bunched in one corner): the one the
    /// image's edges back better, the template's after a re-fit of its sides to the nearest
    /// edges. Nil keeps the located outline. An `inferred` located outline (a cut-off card
    /// completed past the image's border) has a side no edge can back: there the template's
    /// outline is trusted as from `trustedInliers`, its verified keypoints being the only
    /// evidence of where that side lies. A `cutOff` located outline (a side on the photo's border
    /// or along a finger) gives way to a homography on `surePlacement` inliers whatever the
    /// edges say: it is the part in view or a box printed inside the card, whose sharp edges back
    /// it better than the card's own outline, part of which lies out of view or under the finger
    /// (a cut-off, occluded Quebec licence back: a printed box backed 0.98 against the card's
    /// 0.80 was kept 8.9% off, the homography on 59 inliers placed the card within 1.1%; dev
    /// captures, render seeds 26101-26104, synthesis seed 26105).
    ///
    /// A `misshapen` located outline (its shape, the perspective undone as well as the locator
    /// can, is not the template's) gives way to a homography on `trustedInliers` whatever the
    /// edges say: it is a box of the card's print, a dark band of the design (a Quebec back's
    /// blue strip) lost against a dark table, whose inner edge backs the box better than the
    /// card's own low-contrast edge backs the card.
    private func betterOutline(located: Quad, fromTemplate: Quad, inliers: Int, inferred: Bool, cutOff: Bool, misshapen: Bool,
                               in image: Image) throws -> Quad? {
        let diagonal = max(located.diagonal, 1)
        guard inliers >= Self.outlineInliers, fromTemplate.maxCornerDistance(to: located) > 0.015 * diagonal,
              DocumentLocator.isPlausibleOutline(fromTemplate) else { return nil }
        let refitted = (try? DocumentLocator.refine(fromTemplate, in: image, search: fromTemplate.diagonal / 60)) ?? fromTemplate
        let score = try DocumentLocator().edgeSupport(of: [located, refitted], in: image).map(\.score)
        if Recognizer.debug {
            FileHandle.standardError.write(Data(String(format: "outline located %.2f template %.2f\n", score[0], score[1]).utf8))
        }
        if cutOff, inliers >= Self.surePlacement { return refitted }
        if misshapen, inliers >= Self.trustedInliers { return refitted }
        if inliers >= Self.trustedInliers || inferred { return score[1] >= score[0] - Self.outlineVeto ? refitted : nil }
        return score[1] > score[0] + Self.outlinePreference ? refitted : nil
    }

    /// The fewest inliers whose homography may move the located outline.
    static let outlineInliers = 8
    /// From this many inliers the template's outline is trusted unless the edges clearly back
    /// the located one better: measured on generated captures, a located outline on a printed
    /// line inside the card is backed about as well as the card's own edge (within 0.05),
    /// while a homography bunched in one corner of the card projects an outline the edges back
    /// 0.25 or more worse.
    static let trustedInliers = 12
    static let outlineVeto = 0.15
    /// How far (a share) a located outline's estimated long/short ratio may be from the
    /// template's for the outline to be the card's. The locator's estimate (the better of the
    /// plain and the perspective-corrected ratios) is loose under tilt: on outlines within 2% of
    /// the card in dev dark and tilted captures (render and synthesis seeds 39101, 39201) it was
    /// off by 1% at the median, 11% at the 90th percentile, 26% at most; on outlines more than 4%
    /// off, 6% at the median. Alone it says little, hence only against a homography on
    /// `trustedInliers` that places the card elsewhere: a Quebec licence back whose blue strip the
    /// dark table swallowed was outlined at 1.29 against 1.59 and kept 7.7% off over 34 inliers.
    /// On those captures and the dev set of seed 5001 (624) it moved nothing else.
    static let misshapenOutline = 0.12
    /// With fewer inliers, how much better the template's outline must be backed by edges to
    /// replace the located one (which the locator already fitted to edges: on a tie it stays).
    static let outlinePreference = 0.02

    // MARK: - Whole frame

    /// `cardInView`: the located outline says the card lies wholly in the photo (`weakLead`), as
    /// does a homography that places it inside `image`.
    func classifyFrame(_ image: Image, readHeaderText: Bool, features: Int = frameFeatures, cardInView: Bool = false) throws -> ClassificationResult {
        let workSize = 960
        let query = try NativeFeatures.detect(in: image, maxFeatures: features, workSize: workSize)
        let scale = Double(max(image.width, image.height)) / Double(workSize)
        let matches = try index.match(query, verify: Self.verify, reprojection: 5 * max(1, scale))
        if Recognizer.debug {
            let list = matches.map { "\(templates[$0.templateIndex].id):\($0.votes)/\($0.inliers)" }.joined(separator: " ")
            FileHandle.standardError.write(Data("frame q=\(query.count) \(list)\n".utf8))
        }
        var ocrMs = 0.0
        var header = HeaderEvidence()
        guard let pick = try resolveLookAlikes(matches, query: image, readText: readHeaderText, ocrMs: &ocrMs, header: &header),
              let h = pick.homography else {
            return ClassificationResult(templateIndex: nil, confidence: 0, ocrMs: ocrMs)
        }
        let t = templates[pick.templateIndex]
        let corners = h.mapRectangle(width: t.width, height: t.height)
        // The frame path has no flattened crop yet: measure appearance on the warped document.
        var look = 0.0
        var lay = 0.0
        var margin = -1.0
        if let flat = try? image.warped(corners, width: Self.workWidth, height: Self.workWidth * t.height / t.width) {
            look = try index.appearance(of: flat)[pick.templateIndex].upright
            let layout = try layoutSimilarities(of: flat, outline: corners, in: image)
            lay = layout[pick.templateIndex].upright
            margin = lay - bestOtherDesign(than: pick.templateIndex, in: layout)
        }
        var confidence = Self.confidence(inliers: pick.inliers, spread: pick.spread, appearance: look, layout: lay, layoutMargin: margin,
                                         vouched: Self.looksTheDesign(appearance: look, layout: lay, layoutMargin: margin)) * 0.97
        // The homography must place the template as a photographed card: a convex outline with
        // no corner sharper than 45 degrees (`DocumentLocator.isPlausibleOutline`, the locator's
        // own test). Chance inliers of another design fit a homography that folds the template
        // into a skewed quadrilateral: an unseen Nova Scotia ID front, flat in the photo, was
        // named Manitoba's health card at 0.64 on 15 inliers whose homography put one corner at
        // 41 degrees and another far off the photo. Part of the card may lie outside the photo
        // (a cut-off card): only the shape counts.
        if !DocumentLocator.isPlausibleOutline(corners) { confidence = min(confidence, Self.threshold - 0.01) }
        let raw = confidence
        confidence = try headerChecked(confidence, pick: pick, query: image, readText: readHeaderText, appearance: look, layoutMargin: margin,
                                        inView: cardInView || corners.isInside(width: image.width, height: image.height),
                                        header: &header, ocrMs: &ocrMs)
        if Recognizer.debug {
            FileHandle.standardError.write(Data(String(format: "frame pick %@ raw %.3f checked %.3f look %.3f lay %.3f margin %.3f read %d sup %d dist %d contra %d guessed %d\n",
                                                       t.id, raw, confidence, look, lay, margin, header.read ? 1 : 0, header.supported ? 1 : 0, header.distinctive ? 1 : 0, header.contradicted ? 1 : 0, header.guessed ? 1 : 0).utf8))
        }
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? pick.templateIndex : nil,
                                    confidence: confidence, bestIndex: pick.templateIndex, corners: corners, orientation: Orientation(of: corners),
                                    inliers: pick.inliers, spread: pick.spread, appearance: look, layout: lay, layoutMargin: margin,
                                    path: .frame, ocrMs: ocrMs, undecided: header.guessed ? header.alternatives : [], contrasted: header.guessed && header.contrasted,
                                    headerContradicted: header.contradicted, headerSupported: header.supported,
                                    projectedOutline: corners)
    }

    // MARK: - Appearance only

    /// Where keypoints fail (blur, dark, glare, a small card), what the document looks like at a
    /// glance may still be decisive: its layout must be clearly closer to one design than to any
    /// other, and the colour thumbnail must not disagree. Look-alikes (same artwork) tie here and
    /// are told apart by their header text.
    private func appearanceOnly(located: LocatedQuad, in image: Image, flattened: Image, appearance: [(upright: Double, turned: Double)],
                                layout: [(upright: Double, turned: Double)], readHeaderText: Bool, ocrMs: Double) throws -> ClassificationResult {
        // How card-like the outline is, not how big: the locator's score favours large outlines,
        // so a small card's clean outline scored under the floor (a permanent resident card back
        // covering 7% of the photo: 0.23, its shape and edges alone 0.48) and its unmistakable
        // look (layout 0.85, thumbnail 0.87) went unused.
        let shape = Self.outlineShape(located, imageWidth: image.width, imageHeight: image.height)
        guard shape >= Self.glanceOutline, !layout.isEmpty else { return ClassificationResult(templateIndex: nil, confidence: 0) }
        let scored = layout.indices.map { ($0, max(layout[$0].upright, layout[$0].turned), layout[$0].upright >= layout[$0].turned) }
            .sorted { $0.1 > $1.1 }
        var (i, score, upright) = scored[0]
        let margin = score - bestOtherDesign(than: i, in: layout)
        let thumb = upright ? appearance[i].upright : appearance[i].turned
        if Recognizer.debug {
            FileHandle.standardError.write(Data(String(format: "glance %@ layout %.3f margin %.3f thumb %.3f outline %.2f shape %.2f\n",
                                                       templates[i].id, score, margin, thumb, located.score, shape).utf8))
        }
        let z = Self.layoutWeights.bias + Self.layoutWeights.layout * score + Self.layoutWeights.margin * margin
            + Self.layoutWeights.thumbnail * thumb
        var confidence = min(0.9, 1 / (1 + exp(-z)))
        var ocrMs = ocrMs
        var undecided: [Int] = []
        var contradicted = false
        var supported = false
        var contrasted = false
        // Same artwork, other title: the header decides, or nobody does. A lone candidate's header
        // is read too: another card with a similar layout (a business card with a coloured band)
        // does not carry the template's title.
        let close = scored.filter { $0.0 != i && isLookAlike(templates[$0.0], templates[i]) && $0.1 >= score - 0.05 }
        // Twins (the same artwork by their references) always take part, as in the keypoint path:
        // their layouts differ by the title's few cells, so the query's layout can rank them apart
        // by chance without telling which title it shows (a far, soft Ontario front in a
        // committed sequence: 0.64 against 0.56 once personal data was weighed out).
        let twins = close + self.twins[i].filter { t in !close.contains { $0.0 == t } }
            .map { ($0, max(layout[$0].upright, layout[$0].turned), upright) }
        if confidence >= Self.threshold {
            let candidates = ([(i, score, upright)] + twins).map { c -> FeatureMatch in
                let t = templates[c.0]
                let quad = c.2 ? Quad(topLeft: Point(x: 0, y: 0), topRight: Point(x: Double(flattened.width), y: 0),
                                      bottomRight: Point(x: Double(flattened.width), y: Double(flattened.height)), bottomLeft: Point(x: 0, y: Double(flattened.height)))
                    : Quad(topLeft: Point(x: Double(flattened.width), y: Double(flattened.height)), topRight: Point(x: 0, y: Double(flattened.height)),
                           bottomRight: Point(x: 0, y: 0), bottomLeft: Point(x: Double(flattened.width), y: 0))
                return FeatureMatch(templateIndex: c.0, votes: 0, inliers: 0, inlierRatio: 0, spread: 0,
                                    homography: Homography.rectangle(width: t.width, height: t.height, to: quad))
            }
            let verdict = readHeaderText ? try readHeaders(candidates, query: flattened, ocrMs: &ocrMs) : .undecided
            // Unmistakable at a glance: the layout and the thumbnail (or the layout's lead) agree.
            // On an outline that borrowed the photo's border for a side (`LocatedQuad.cutOff`), the
            // flattening stretches the part in view to a whole card: its colours still sit where a
            // card's do, and a design's two sides share them (an Ontario health card's back, cut
            // off at its left, thumbnailed as its front at 0.93 with the layouts 0.02 apart), so
            // there the thumbnail vouches only beside a lead of the layout too.
            let thumbVouches = thumb >= Self.unreadThumbnail && (!located.cutOff || margin >= Self.cutOffGlanceMargin)
            // The thumbnail alone vouches for a layout near the floor only when it is clear: a
            // middling one agrees with any light card or paper whose dark band sits where the
            // design's does.
            let thumbAlone = thumbVouches && (score >= Self.thumbnailLayout || thumb >= Self.clearThumbnail)
            let unmistakable = score >= Self.unreadLayout && (margin >= Self.unreadMargin || thumbAlone)
            if case .chosen(let read, _, let legible) = verdict {
                i = read.templateIndex
                upright = layout[i].upright >= layout[i].turned
                supported = true
                // With no keypoint to back it, a header read as garbage that happens to share
                // more letter pairs with one twin's title is a guess between the twins: a
                // blurred Ontario licence front read "ANT ARTE PERI FT" at Tesseract confidence
                // 0.28 and was named the photo card at 0.9 (dev capture, render seed 38100,
                // synthesis seed 38201).
                if !legible, !twins.isEmpty {
                    confidence = min(confidence, Self.lookAlikeGuess)
                    undecided = ([i] + twins.map(\.0)).filter { $0 != i }
                }
            } else if case .contradicted = verdict {
                confidence = min(confidence, Self.threshold - 0.01)
                contradicted = true
            } else if unmistakable, readHeaderText, turnedHeaderContradicts(i, upright: upright, flattened: flattened, ocrMs: &ocrMs) {
                // Unread, and read the other way round another issuer's name or sure print: another
                // card seen upside down (`DocumentClassifier+TurnedHeader`).
                confidence = min(confidence, Self.threshold - 0.01)
                contradicted = true
            } else if unmistakable, score < Self.bandLayout, let zone = templates[i].region("mrz"),
                      !(try ZoneInk.showsZone(flattened, region: zone, templateWidth: templates[i].width,
                                              templateHeight: templates[i].height, upright: upright)) {
                // Unread, and no zone's ink where the design prints one: another card with a band
                // of the same colour at the same end (`ZoneInk`).
                if Recognizer.debug { FileHandle.standardError.write(Data("glance \(templates[i].id): no zone ink\n".utf8)) }
                confidence = min(confidence, Self.threshold - 0.01)
            } else if unmistakable {
                // Unread but unmistakable at a glance: an answer, not a certain one.
                if !twins.isEmpty {
                    let all = [i] + twins.map(\.0)
                    // Between look-alikes that look about equally alike, the header's likeness
                    // picks; a twin the layout ranks clearly lower stays a possibility only.
                    if !close.isEmpty {
                        i = try headerLikeness(Array(candidates.prefix(1 + close.count)), query: flattened).templateIndex
                        upright = layout[i].upright >= layout[i].turned
                    }
                    // Where the twins' designs differ beyond the header, clearly: that one.
                    if let h = candidates[0].homography, let t = try twinByContrast(all, query: flattened, homography: h) {
                        i = t
                        upright = layout[i].upright >= layout[i].turned
                        contrasted = true
                    }
                    undecided = all.filter { $0 != i }
                }
                confidence = min(confidence, Self.lookAlikeGuess)
            } else {
                confidence = min(confidence, Self.threshold - 0.01)
            }
        }
        var corners = located.landscapeCorners.rotatingLabels(by: upright ? 0 : 2)
        // An answer on an outline short of the card's shape: the completion its layout places.
        if confidence >= Self.threshold,
           let completed = try glanceCompletion(of: located, template: i, upright: upright,
                                                layout: upright ? layout[i].upright : layout[i].turned, in: image) {
            corners = completed.corners
        }
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? i : nil, confidence: confidence, bestIndex: i,
                                    corners: corners, orientation: Orientation(of: corners),
                                    appearance: thumb, layout: score, layoutMargin: margin, path: .appearance, ocrMs: ocrMs,
                                    undecided: undecided, contrasted: contrasted && !undecided.isEmpty,
                                    headerContradicted: contradicted, headerSupported: supported)
    }

    /// The least `outlineShape` of an outline whose flattening is judged at a glance: below it
    /// the outline is no card's (a stripe of the table, a fold), whatever its flattening looks like.
    static let glanceOutline = 0.3

    /// The located outline's score without its size term: the locator ranks bigger outlines first
    /// (a card's own boxes are card-shaped too) by a factor sqrt(area / 30% of the image), which
    /// says nothing of whether a small outline is a card's. Measured on the blur and small dev
    /// captures (flat seeds 9900-9903, synthesis seed 9950, and their negatives and unknown
    /// designs; not the evaluation set): no negative or unknown design glanced unmistakable on
    /// an outline the size term alone had kept under the floor.
    static func outlineShape(_ located: LocatedQuad, imageWidth: Int, imageHeight: Int) -> Double {
        let imageArea = Double(max(imageWidth * imageHeight, 1))
        let size = min(1, located.corners.area / (0.3 * imageArea)).squareRoot()
        return located.score / max(size, 0.1)
    }

    /// The best layout similarity among designs other than `i`'s (look-alikes share artwork).
    private func bestOtherDesign(than i: Int, in layout: [(upright: Double, turned: Double)]) -> Double {
        layout.indices.filter { $0 != i && !isLookAlike(templates[$0], templates[i]) }
            .map { max(layout[$0].upright, layout[$0].turned) }.max() ?? -1
    }

    /// The flattened document's layout against template `i`'s reference, upright and turned.
    func layoutSimilarity(of flattened: Image, to i: Int) throws -> (upright: Double, turned: Double) {
        try layoutSimilarities(of: flattened)[i]
    }

    /// The flattened document's layout against every template's reference, upright and turned.
    /// `outline`: where the flattening's corners lie in `image` (the quad it was warped from):
    /// where part of it lies outside the photo, only the part in view is compared
    /// (`LayoutVisibility`), when that is at least `visibleLayout` of the document.
    private func layoutSimilarities(of flattened: Image, outline: Quad? = nil, in image: Image? = nil) throws -> [(upright: Double, turned: Double)] {
        let signature = try LayoutSignature(of: flattened)
        if let outline, let image,
           let visibility = LayoutVisibility(width: flattened.width, height: flattened.height,
                                             toImage: Homography.rectangle(width: flattened.width, height: flattened.height, to: outline),
                                             imageWidth: image.width, imageHeight: image.height),
           visibility.share >= Self.visibleLayout {
            if Recognizer.debug {
                FileHandle.standardError.write(Data(String(format: "layout seen %.2f of the document\n", visibility.share).utf8))
            }
            return try layoutReferences.similarities(of: signature, visibility: visibility)
        }
        return try layoutReferences.similarities(of: signature)
    }

    /// The least share of a cut-off document in view for its layout to be compared on that part
    /// alone: a smaller part holds too few cells to tell designs apart (any card's corner with a
    /// band looks like another's).
    static let visibleLayout = 0.5

    /// Reference layouts at least this alike make look-alike templates twins (same artwork).
    /// Measured on the built-in references: the Ontario license and photo card 0.83 (fronts)
    /// and 0.97 (backs); the same province's health card, other artwork, -0.05 to 0.01.
    static let twinLayout = 0.6

    private static func twins(of templates: [DocumentTemplate], layouts: [LayoutSignature?]) throws -> [[Int]] {
        var twins = [[Int]](repeating: [], count: templates.count)
        for i in templates.indices {
            for j in templates.indices where j != i && isLookAlike(templates[i], templates[j]) {
                guard let a = layouts[i], let b = layouts[j] else { continue }
                let similarity = try a.similarity(to: b).upright
                if debugTwins { FileHandle.standardError.write(Data("twin? \(templates[i].id) \(templates[j].id) \(similarity)\n".utf8)) }
                if similarity >= twinLayout { twins[i].append(j) }
            }
        }
        return twins
    }
    static let debugTwins = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_TWINS"] == "1"

    private func isLookAlike(_ a: DocumentTemplate, _ b: DocumentTemplate) -> Bool {
        Self.isLookAlike(a, b)
    }

    private static func isLookAlike(_ a: DocumentTemplate, _ b: DocumentTemplate) -> Bool {
        a.format == b.format && a.side == b.side && a.jurisdiction == b.jurisdiction
    }

    // MARK: - Look-alikes

    /// What the header told about a keypoint match.
    struct HeaderEvidence {
        /// The header was read.
        var read = false
        /// Look-alikes were told apart by the header's appearance alone (OCR could not read it).
        var guessed = false
        /// A clear reading of the header carries none of the template's words.
        var contradicted = false
        /// A reading of the header chose the answer among its look-alikes.
        var supported = false
        /// That reading named the answer's jurisdiction or most of its title (`HeaderVerdict`).
        var distinctive = false
        /// With `guessed`: the other candidates the guess was made between.
        var alternatives: [Int] = []
        /// With `guessed`: the twins' differing design decided the guess (`TwinContrast`).
        var contrasted = false
    }

    /// A keypoint answer this unsure, on this few inliers, has its header read before it stands:
    /// another design's keypoints agree by chance (shared fonts, a similar band), its title does not.
    static let verifyBelow = 0.8
    static let verifyInliers = 30

    /// Caps `confidence` by what the header says of `pick` (reading it first when the answer is
    /// unsure and it was not read yet).
    /// `inView`: the document lies wholly in `query` (its layout was compared whole, and a weak
    /// lead of it is a weak likeness, not a part out of view: `weakLead`).
    private func headerChecked(_ confidence: Double, pick: FeatureMatch, query: Image, readText: Bool, appearance: Double,
                               layoutMargin: Double, inView: Bool, header: inout HeaderEvidence, ocrMs: inout Double) throws -> Double {
        let noLead = layoutMargin < Self.layoutLead
            || (inView && layoutMargin < Self.weakLead && appearance < Self.weakLeadThumbnail)
        if readText, !header.read, confidence >= Self.threshold,
           noLead || (confidence < Self.verifyBelow && pick.inliers < Self.verifyInliers) {
            header.read = true
            switch try readHeaders([pick], query: query, ocrMs: &ocrMs) {
            case .contradicted: header.contradicted = true
            case .chosen(_, let distinctive, _):
                header.supported = true
                header.distinctive = distinctive
            case .undecided: break
            }
        }
        if header.contradicted { return min(confidence, Self.threshold - 0.01) }
        // Keypoints alone, with a layout no closer to this design than to another, are the
        // print that designs share (a portrait, field labels in the same typeface): without
        // the title read, and read as this issuer's (an unseen Alberta licence's "AARTA
        // DRIVER'S LICENCE" chose Ontario's licence over its photo card), that names nobody.
        if noLead, !header.distinctive { return min(confidence, Self.threshold - 0.01) }
        if header.guessed { return min(confidence, Self.lookAlikeGuess) }
        return confidence
    }

    /// The least lead of the document's layout over every other design's for a keypoint answer
    /// to stand without its header read and agreeing. Unseen designs named as a built-in one
    /// (`scripts/evaluate-holdout`'s unseen look-alikes: an Alberta licence front as Ontario's
    /// at 0.5-0.7 on 13-33 inliers) had a lead of 0.02 or less; right keypoint answers on dev
    /// captures (seed 7001) 0.06 or more, the lowest on cut-off cards.
    static let layoutLead = 0.03
    /// Under a phone's camera (a pinhole projection: perspective, the card off the frame's
    /// centre) a lead under `weakLead` is no lead either unless the colour thumbnail agrees
    /// (`weakLeadThumbnail`): an unseen Alberta licence front shares Ontario's dark title band,
    /// portrait and field labels, and its title's "DRIVER'S LICENCE" reads as Ontario's header
    /// without naming it. Named Ontario's on 18-32 inliers (0.70 and 0.92 on dev captures, render
    /// and synthesis seeds 34101 and 34201, Alberta, Nova Scotia and Manitoba cards, 288 captures;
    /// up to 0.94 in `scripts/evaluate-holdout`), their leads were 0.04-0.09 with thumbnails of
    /// 0.31-0.41. Right keypoint answers on dev captures of the built-in Canadian cards (seeds
    /// 34101 and 33201, 384 captures) led by 0.18 or more, or by 0.10-0.12 with a thumbnail of
    /// 0.80 or more (a cut-off Quebec licence front and a tilted Ontario health card front).
    /// Only for a document wholly in the photo: a cut-off card's layout is compared on its part
    /// in view or with the border's smear, and may lead by as little with a poor thumbnail (a
    /// cut-off Quebec licence back of the camera evaluation set: 0.08 and 0.44 on 42 inliers,
    /// its title's "QUEBEC" out of view); none of the unseen fronts above was cut off.
    static let weakLead = 0.15
    static let weakLeadThumbnail = 0.6
    /// The share of a title's words a reading must carry to vouch for it on its own.
    static let distinctiveWords = 0.5

    /// The best verified match; when several templates verify about equally well (same artwork,
    /// other title), the one whose header reads best: Tesseract's reading of the header region
    /// compared with each template's header text, else the header region's appearance.
    /// `header.guessed` is set when look-alikes were told apart by the header's appearance alone (OCR
    /// could not read it): a weaker cue than the text, so the answer is not reported as certain.
    /// `outline`: the query is a located outline flattened, so its header can also be read where
    /// the outline (rather than the homography) places it.
    private func resolveLookAlikes(_ matches: [FeatureMatch], query: Image, outline: Bool = false, outlineCutOff: Bool = false,
                                   readText: Bool, ocrMs: inout Double,
                                   header: inout HeaderEvidence) throws -> FeatureMatch? {
        let verified = matches.filter { $0.homography != nil && $0.inliers >= Self.verifiedInliers }
        guard let first = verified.first else { return nil }
        // Look-alikes show the same side of the same artwork; a card's other side is told by inliers.
        let side = templates[first.templateIndex].side
        let close = verified.filter {
            Double($0.inliers) >= 0.6 * Double(first.inliers) && templates[$0.templateIndex].side == side
                && templates[$0.templateIndex].format == templates[first.templateIndex].format
        }
        // Twins share every keypoint but the title's few: however many more inliers one got,
        // the header decides between them (seen through the best match's homography, since the
        // artwork is the same).
        var asked = close
        for twin in twins[first.templateIndex] where !close.contains(where: { $0.templateIndex == twin }) {
            var m = first
            m.templateIndex = twin
            asked.append(m)
        }
        guard asked.count > 1 else { return first }
        if readText {
            header.read = true
            switch try readHeaders(asked, query: query, ocrMs: &ocrMs) {
            case .chosen(let m, let distinctive, _):
                header.supported = true
                header.distinctive = distinctive
                return m
            case .contradicted: header.contradicted = true
            case .undecided:
                // A homography on a few inliers (a small or cut-off card) can misplace the header
                // by a line; the located outline, flattened, places it by the card's own edges.
                // A clear choice counts, and so does a clear reading of none of them: the card's
                // own title, read where its edges put it, naming another issuer (an unseen Alberta
                // licence read "ALBERTA DRIVER'S LICENC" there, unread through the homography,
                // and was then named Ontario's by the whole-frame pass on 14 chance inliers).
                if outline, let frame = outlineHomography(first, flattened: query, cutOff: outlineCutOff) {
                    let framed = asked.map { m -> FeatureMatch in
                        var r = m
                        r.homography = frame
                        return r
                    }
                    switch try readHeaders(framed, query: query, ocrMs: &ocrMs) {
                    case .chosen(let m, let distinctive, _):
                        if let chosen = asked.first(where: { $0.templateIndex == m.templateIndex }) {
                            header.supported = true
                            header.distinctive = distinctive
                            return chosen
                        }
                    case .contradicted: header.contradicted = true
                    case .undecided: break
                    }
                }
            }
        }
        // Unread: the header's look decides between twins that verified about equally well;
        // a twin that did not is outvoted by the title's keypoints. Either way only a guess.
        header.guessed = true
        var chosen = close.count > 1 ? try headerLikeness(close, query: query) : first
        // The rest of the design where twins differ (a header cut off or too soft to read leaves
        // other labels in view) outweighs the header's look and the title's few keypoints.
        if let h = first.homography, let t = try twinByContrast(asked.map(\.templateIndex), query: query, homography: h),
           let m = asked.first(where: { $0.templateIndex == t }) {
            chosen = m
            header.contrasted = true
        }
        header.alternatives = asked.map(\.templateIndex).filter { $0 != chosen.templateIndex }
        return chosen
    }

    /// Template pixels -> `flattened` pixels when the flattened outline is the whole document,
    /// upright or upside down as `match`'s homography places the template's top-left; nil when
    /// it places it on another corner (a turned outline) or has none, or when a homography on
    /// `surePlacement` inliers places the template's outline clearly elsewhere
    /// (`outlineDisagreement`): then the outline is not the whole card but its part in view (a
    /// cut-off card) or a box inside it (a band lost to the table), and where it puts the header
    /// lies other print. A cut-off Ontario licence front whose header band the outline left out
    /// read its field line "4D DL/NO/PERMIS R6487-..." there, a clear reading of none of the
    /// twins' titles, and the card was named nothing (dev captures, render seeds 3101-3106).
    private func outlineHomography(_ match: FeatureMatch, flattened: Image, cutOff: Bool) -> Homography? {
        guard let h = match.homography else { return nil }
        // An outline the photo's border closed is the card's part in view: where the match places
        // the header out of that part, the outline's own top is some line of print below it (a
        // cut-off Ontario licence back read its "CONDITIONS" label there, a clear reading of
        // neither twin's title, and was named nothing on 27 inliers: dev captures, render seed
        // 38100, synthesis seed 38301).
        if cutOff, let r = templates[match.templateIndex].region("header"),
           !Self.isInView(h.apply(Point(x: Double(r.x) + Double(r.width) / 2, y: Double(r.y) + Double(r.height) / 2)), of: flattened) {
            return nil
        }
        let tl = h.apply(Point(x: 0, y: 0))
        let (fw, fh) = (Double(flattened.width), Double(flattened.height))
        let c = [Point(x: 0, y: 0), Point(x: fw, y: 0), Point(x: fw, y: fh), Point(x: 0, y: fh)]
        let j = (0..<4).min { c[$0].distance(to: tl) < c[$1].distance(to: tl) }!
        guard j == 0 || j == 2 else { return nil }
        let t = templates[match.templateIndex]
        let frame = Quad(topLeft: c[j], topRight: c[(j + 1) % 4], bottomRight: c[(j + 2) % 4], bottomLeft: c[(j + 3) % 4])
        if match.inliers >= Self.surePlacement,
           h.mapRectangle(width: t.width, height: t.height).maxCornerDistance(to: frame) > Self.outlineDisagreement * frame.diagonal {
            return nil
        }
        return Homography.rectangle(width: t.width, height: t.height, to: frame)
    }

    /// Inliers from which a homography places the template better than a located outline does
    /// (`verifyInliers`: a keypoint answer this well verified stands without its header read).
    static let surePlacement = 30
    /// How far (a share of the flattened outline's diagonal) such a homography may place the
    /// template's outline from the flattened outline's frame for that outline to be the whole
    /// card. A line of the card's print is 3-5% of its diagonal high (a header misplaced by a
    /// line, which the outline's placement is for, is about that far off); the Ontario front's
    /// title band alone is 8%, and the dev captures above were 12-17% off.
    static let outlineDisagreement = 0.08

    /// Of candidates that share artwork, the one whose header region looks most like its own
    /// template's (gradient correlation): the fallback when OCR cannot read the header.
    private func headerLikeness(_ close: [FeatureMatch], query: Image) throws -> FeatureMatch {
        var bestSimilarity = -2.0
        var chosen = close[0]
        for m in close {
            let t = templates[m.templateIndex]
            guard let header = headers[m.templateIndex], let r = t.region("header"), let h = m.homography else { continue }
            var similarity: Float = -1
            let rect: [Int32] = [Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height)]
            try NativeRegion.compare(query: query, homography: h, reference: header, rect: rect, similarity: &similarity)
            if Double(similarity) > bestSimilarity {
                bestSimilarity = Double(similarity)
                chosen = m
            }
        }
        return chosen
    }

    /// What reading the candidates' header regions decided.
    enum HeaderVerdict {
        /// This candidate's header text matches the reading, clearly better than the others'.
        /// `distinctive`: the reading names the template's jurisdiction or carries half its
        /// title's words, not only what every licence says ("DRIVER'S LICENCE").
        /// `legible`: Tesseract was at least `legibleHeader` sure of the reading.
        case chosen(FeatureMatch, distinctive: Bool, legible: Bool)
        /// A clear reading that carries none of the candidates' header words: another design.
        case contradicted
        /// Nothing decisive was read (blur, glare, a cut-off header, no header text to compare).
        case undecided
    }

    /// Reads each candidate's header region (seen through its own homography) and compares the
    /// reading with each candidate's header text: the words must be there (a quarter of their
    /// letters may be misread), and the winner must lead the others clearly.
    private func readHeaders(_ candidates: [FeatureMatch], query: Image, ocrMs: inout Double) throws -> HeaderVerdict {
        let verdict = try readHeaders(candidates, query: query, ocrMs: &ocrMs, enhanced: false)
        guard case .undecided = verdict else { return verdict }
        // A small or soft header (a card far off, a 426x240 preview) reads as fragments; the
        // same crop enlarged and sharpened often reads the words (on the committed sequences'
        // upright Ontario fronts: a decision on 3 of 6 frames against 2 of 6).
        return try readHeaders(candidates, query: query, ocrMs: &ocrMs, enhanced: true)
    }

    private func readHeaders(_ candidates: [FeatureMatch], query: Image, ocrMs: inout Double, enhanced: Bool) throws -> HeaderVerdict {
        let start = ContinuousClock.now
        defer {
            let d = ContinuousClock.now - start
            ocrMs += Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        }
        var scored: [(match: FeatureMatch, words: Double, bigrams: Double, contradicted: Bool)] = []
        var readings: [String: HeaderReading] = [:]
        for m in candidates {
            let t = templates[m.templateIndex]
            guard let r = t.region("header"), let text = r.text, let h = m.homography else { return .undecided }
            // Candidates share the artwork, so one reading per header rectangle is enough.
            let key = "\(r.x),\(r.y),\(r.width),\(r.height)"
            if readings[key] == nil {
                let quad = Quad(topLeft: h.apply(Point(x: Double(r.x), y: Double(r.y))),
                                topRight: h.apply(Point(x: Double(r.x + r.width), y: Double(r.y))),
                                bottomRight: h.apply(Point(x: Double(r.x + r.width), y: Double(r.y + r.height))),
                                bottomLeft: h.apply(Point(x: Double(r.x), y: Double(r.y + r.height))))
                // A header out of view (a cut-off card) shows nothing of its title to read.
                guard Self.isInView(quad.center, of: query),
                      let warped = try? query.warped(quad, width: r.width * (enhanced ? 2 : 1), height: r.height * (enhanced ? 2 : 1)),
                      let crop = enhanced ? try? warped.sharpened() : warped,
                      let read = try? TextReader.shared.read(crop, mode: .block) else { return .undecided }
                readings[key] = HeaderReading(text: read.text, confidence: read.confidence)
                if Recognizer.debug {
                    let pts = quad.points.map { String(format: "%.0f,%.0f", $0.x, $0.y) }.joined(separator: " ")
                    FileHandle.standardError.write(Data("headerquad \(pts) in \(query.width)x\(query.height)\n".utf8))
                }
            }
            let reading = readings[key]!
            scored.append((m, reading.wordCoverage(of: text), reading.bigramSimilarity(to: text),
                           reading.contradicts(text) || reading.namesOtherJurisdiction(than: t.jurisdiction)
                                || reading.namesInPartOtherJurisdiction(than: t.jurisdiction, expected: text)))
        }
        if Recognizer.debug {
            let list = scored.map { "\(templates[$0.match.templateIndex].id):\(String(format: "%.2f/%.2f", $0.words, $0.bigrams))" }
            let read = readings.values.map { "\($0.text.replacingOccurrences(of: "\n", with: " "))@\(String(format: "%.2f", $0.confidence))" }
            FileHandle.standardError.write(Data("header \(read) \(list.joined(separator: " "))\n".utf8))
        }
        if scored.allSatisfy(\.contradicted) { return .contradicted }
        // Words and letter pairs together: a partial or misread title still shares its letter
        // pairs, and twins' titles differ in whole words.
        let ranked = scored.filter { !$0.contradicted }.map { ($0.match, ($0.words + $0.bigrams) / 2, $0.bigrams) }.sorted { $0.1 > $1.1 }
        guard let top = ranked.first, top.2 >= 0.35, ranked.count < 2 || top.1 - ranked[1].1 >= 0.1 else { return .undecided }
        let t = templates[top.0.templateIndex]
        let words = scored.first { $0.match.templateIndex == top.0.templateIndex }?.words ?? 0
        let named = t.region("header").map { r in readings["\(r.x),\(r.y),\(r.width),\(r.height)"]?.namedJurisdictions.contains(t.jurisdiction) ?? false } ?? false
        let legible = t.region("header").flatMap { r in readings["\(r.x),\(r.y),\(r.width),\(r.height)"] }.map { $0.confidence >= Self.legibleHeader } ?? false
        return .chosen(top.0, distinctive: named || words >= Self.distinctiveWords, legible: legible)
    }

    /// The least Tesseract confidence of a header reading that alone, with no keypoint behind
    /// it, tells twins apart (a blurred header's garbage read at 0.28: the dev capture noted
    /// in `appearanceOnly`).
    static let legibleHeader = 0.5

    /// Whether `point` lies in `image`.
    static func isInView(_ point: Point, of image: Image) -> Bool {
        point.x >= 0 && point.y >= 0 && point.x <= Double(image.width) && point.y <= Double(image.height)
    }

    /// Dice coefficient of the two texts' letter bigrams (spaces and punctuation ignored), 0...1.
    static func textSimilarity(_ a: String, _ b: String) -> Double {
        func bigrams(_ s: String) -> [String: Int] {
            let letters = Array(s.uppercased().filter { $0.isLetter || $0.isNumber })
            var result: [String: Int] = [:]
            guard letters.count >= 2 else { return result }
            for i in 0..<(letters.count - 1) { result[String(letters[i...i + 1]), default: 0] += 1 }
            return result
        }
        let x = bigrams(a), y = bigrams(b)
        let total = x.values.reduce(0, +) + y.values.reduce(0, +)
        guard total > 0 else { return 0 }
        let shared = x.reduce(0) { $0 + min($1.value, y[$1.key] ?? 0) }
        return 2 * Double(shared) / Double(total)
    }

    // MARK: - Calibration

    /// Logistic weights of the keypoint paths' confidence.
    /// The layout terms were added on synthetic captures that are not the evaluation set
    /// (TrainingData/train and negatives, and captures of flat seeds 7001-7002): a right answer
    /// with few inliers usually has a layout near 0.5 and a lead of 0.15 over other designs;
    /// a false match of an unknown design a layout near 0 and no lead.
    static let keypointWeights = (bias: -6.1, inliers: 0.17, spread: 5.0, thumbnail: 5.0, layout: 2.0, margin: 2.0)
    /// Logistic weights of the appearance-only path's confidence (same data): right answers had
    /// a layout of 0.5 or more and a lead of 0.17 or more; negatives and unknown designs stayed
    /// under 0.33 and 0.09.
    static let layoutWeights = (bias: -8.8, layout: 14.0, margin: 10.0, thumbnail: 2.0)
    /// An appearance-only answer whose header cannot be read must look this much like the
    /// design (a layout this close, and a colour thumbnail that agrees or a clear lead over every
    /// other design) to stand, at most at `lookAlikeGuess`. Business cards with a coloured band
    /// reach a layout of about 0.55 but neither a thumbnail of 0.6 nor a lead of 0.2; blurred
    /// and dark backs of the built-in cards (sparse print, few keypoints) sit at 0.55-0.65.
    static let unreadLayout = 0.55
    static let unreadThumbnail = 0.6
    static let unreadMargin = 0.2
    /// The least layout for a thumbnail under `clearThumbnail` to vouch without the layout's
    /// clear lead (`unreadMargin`). Just over `unreadLayout`, a thumbnail of 0.6-0.65 was all that
    /// named a receipt whose barcode end, completed to a card's shape, glanced as the Quebec
    /// licence's back (layout 0.554, lead 0.08, thumbnail 0.62: dev negatives, synthesis seed
    /// 25320) and an unseen Nova Scotia ID front as Alberta's licence (0.551, 0.17, 0.65:
    /// `scripts/evaluate-holdout`). Right unread glances that low led by 0.2 or more (dev
    /// captures, render seeds 25300-25309, synthesis seed 25310: 7 of 7 under 0.6), or their
    /// thumbnail was clear: blurred health card fronts, a design of distinct colours, glanced
    /// with thumbnails of 0.86-0.90 (the same captures).
    static let thumbnailLayout = 0.6
    static let clearThumbnail = 0.75
    /// From this layout a glance is the design itself, not another card with a band of its
    /// colour at the same end, and needs no zone's ink (`ZoneInk`) where the design prints one:
    /// glare and blur can wash a zone out. Business cards and receipts glanced as the resident
    /// card's back at 0.53-0.59 (the committed negatives); blurred, glared backs of it at
    /// 0.72-0.84 were refused for their washed-out zone (dev captures, render seeds 25306 and
    /// 25308, synthesis seed 25310).
    static let bandLayout = 0.7
    /// The least lead of the layout for the thumbnail to vouch for a glance on an outline that
    /// borrowed the photo's border. Cut-off Ontario health backs glanced as their front led by
    /// 0.017-0.044 (dev captures, render seeds 1710-1712); a blurred health front whose outline
    /// ran along the border, glanced right, by 0.136.
    static let cutOffGlanceMargin = 0.1
    /// The most confidence a look-alike told apart without reading its header may have.
    static let lookAlikeGuess = 0.75

    /// One calibrated confidence from the verified inliers, how much of the template they span,
    /// and the colour-layout similarity (logistic; fitted on synthetic captures).
    /// `vouched`: the document, placed by the match's homography, looks unmistakably like the
    /// design (`looksTheDesign`): inliers bunched under `minimumSpread` then stand, as a guess.
    static func confidence(inliers: Int, spread: Double, appearance: Double, layout: Double, layoutMargin: Double,
                           vouched: Bool = false) -> Double {
        // Inliers alone are fooled by shared print (the same font, a similar header band);
        // the colour layout of an unknown design disagrees even when some keypoints agree.
        // Fitted by hand on synthetic captures (2026-12-02): negatives stay under 0.2, one of
        // the remaining weak spots is a right answer with 10-20 inliers and a poor likeness.
        let w = keypointWeights
        let z = w.bias + w.inliers * Double(min(inliers, 40)) + w.spread * min(spread, 0.5) + w.thumbnail * appearance
            + w.layout * layout + w.margin * layoutMargin
        let value = 1 / (1 + exp(-z))
        guard spread < minimumSpread else { return value }
        if vouched {
            return min(confidence(inliers: inliers, spread: minimumSpread, appearance: appearance, layout: layout, layoutMargin: layoutMargin),
                       lookAlikeGuess)
        }
        return min(value, threshold - 0.01)
    }

    /// Whether a document placed by a keypoint match looks unmistakably like the match's design:
    /// its colour thumbnail clear (`clearThumbnail`), its layout the design's own (`bandLayout`)
    /// and clearly closer to it than to any other design (`unreadMargin`). Then inliers bunched in
    /// one patch are that design's print, not a patch another design shares: a cut-off Ontario
    /// health card back showed only its text lines' ends and its trillium (31-36 inliers over
    /// 1.1-1.4% of the card) with a thumbnail of 0.92-0.96, a layout of 0.86-0.95 and a lead of
    /// 0.24-0.31 (dev captures, render seed 38100, synthesis seed 38301), where the unseen Nova
    /// Scotia fronts that `minimumSpread` refuses share a signature with Alberta's licence, not
    /// its colours.
    static func looksTheDesign(appearance: Double, layout: Double, layoutMargin: Double) -> Bool {
        appearance >= clearThumbnail && layout >= bandLayout && layoutMargin >= unreadMargin
    }

    /// The least part of the template (convex hull of the inliers over its area) a keypoint
    /// match must span to name the document. Inliers bunched in one small patch vouch for that
    /// patch, not for the design: a signature, a seal or a portrait frame drawn alike on cards
    /// of different issuers. Found on held-out designs (`scripts/evaluate-holdout`'s unseen
    /// look-alikes): Nova Scotia ID fronts were named Alberta's licence at up to 0.998 on
    /// 42 inliers spanning 0.6% of the card (the signature), with corners extrapolated far
    /// off the card. Right answers on dev captures (seed 7001), cut-off and small cards
    /// included, spanned 3.8% or more (114 right of 128 sampled); the bunched false matches
    /// 0.3-0.7%.
    static let minimumSpread = 0.02
    /// Inliers from which a match bunched under `minimumSpread` shows the card was sharp enough
    /// for keypoints: chance matches on a blurred card verify 6-10. The Nova Scotia fronts
    /// above, refused on keypoints, were named Alberta's at 0.75 by their colour layout alone
    /// (both light cards with a dark band along one long edge, once one is turned) on 19-42.
    static let patchInliers = 15
}
