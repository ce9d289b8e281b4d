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
    private let index: FeatureIndex
    /// Per template: the reference pixels of its `header` region, for look-alikes.
    private let headers: [Image?]
    /// Per template: the layout of its reference image (the second cue), when it has one.
    private let layouts: [LayoutSignature?]

    /// Width of the flattened document that is matched (templates are trained at this scale).
    static let workWidth = 640
    /// Features detected on a flattened document / a raw frame.
    static let flatFeatures = 1000
    static let frameFeatures = 1200
    /// Templates verified by RANSAC per query.
    static let verify = 4
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
            var header: Image?
            var layout: LayoutSignature?
            if let ref = t.referenceURL, FileManager.default.fileExists(atPath: ref.path) {
                do {
                    let image = try Image(contentsOfFile: ref.path)
                    if image.width == t.width, image.height == t.height {
                        if let r = t.region("header") {
                            header = try image.cropped(x: r.x, y: r.y, width: r.width, height: r.height)
                        }
                        layout = try LayoutSignature(of: image)
                    }
                } catch {
                    throw DocFrameError(.invalidTemplate, "\(ref.path): \(error)")
                }
            }
            headers.append(header)
            layouts.append(layout)
        }
        self.headers = headers
        self.layouts = layouts
        index = try FeatureIndex(features: features)
    }

    var isEmpty: Bool { templates.isEmpty }

    /// Classifies `image`: the located quads first (flattened, best first), then the whole frame.
    func classify(_ image: Image, candidates: [LocatedQuad], readHeaderText: Bool = true) throws -> ClassificationResult {
        guard !templates.isEmpty else { return ClassificationResult(templateIndex: nil, confidence: 0) }
        var best: ClassificationResult?
        for located in candidates {
            let format = located.nearestFormat
            guard let flattened = try? image.warped(located.landscapeCorners, width: Self.workWidth,
                                                    height: Self.workWidth * format.canonicalHeight / format.canonicalWidth) else { continue }
            var result = try classifyFlattened(image, located: located, flattened: flattened, readHeaderText: readHeaderText)
            result.flattened = flattened
            if best == nil || (result.templateIndex != nil && (best?.templateIndex == nil || result.confidence > best!.confidence)) {
                best = result
            }
            if let b = best, b.templateIndex != nil, b.confidence >= Self.settled { return b }
        }
        // The whole frame: a cut-off or occluded card, or quads that were not the document.
        let frame = try classifyFrame(image, readHeaderText: readHeaderText)
        if frame.templateIndex != nil, best?.templateIndex == nil || frame.confidence > best!.confidence {
            return frame
        }
        return best ?? frame
    }

    // MARK: - Flattened document

    private func classifyFlattened(_ image: Image, located: LocatedQuad, flattened: Image, readHeaderText: Bool) throws -> ClassificationResult {
        let query = try NativeFeatures.detect(in: flattened, maxFeatures: Self.flatFeatures, workSize: Self.workWidth)
        let matches = try index.match(query, verify: Self.verify, reprojection: 4)
        let appearance = try index.appearance(of: flattened)
        let layout = try layoutSimilarities(of: flattened)
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
        var guessed = false
        guard var pick = try resolveLookAlikes(matches, query: flattened, readText: readHeaderText, ocrMs: &ocrMs, guessed: &guessed),
              let h = pick.homography else {
            return try appearanceOnly(located: located, flattened: flattened, appearance: appearance, layout: layout,
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
        if fromTemplate.maxCornerDistance(to: corners) > 0.015 * max(corners.diagonal, 1), pick.inliers >= 12 {
            corners = (try? DocumentLocator.refine(fromTemplate, in: image, search: fromTemplate.diagonal / 60)) ?? fromTemplate
        }
        let look = j == 0 ? appearance[pick.templateIndex].upright : j == 2 ? appearance[pick.templateIndex].turned
            : max(appearance[pick.templateIndex].upright, appearance[pick.templateIndex].turned)
        pick.homography = h
        let i = pick.templateIndex
        let lay = j == 0 ? layout[i].upright : j == 2 ? layout[i].turned : max(layout[i].upright, layout[i].turned)
        let margin = lay - bestOtherDesign(than: i, in: layout)
        var confidence = Self.confidence(inliers: pick.inliers, spread: pick.spread, appearance: look, layout: lay, layoutMargin: margin)
        if guessed { confidence = min(confidence, Self.lookAlikeGuess) }
        if confidence < Self.threshold {
            // A few chance inliers (blur, a small card) must not hide what the layout shows.
            let glance = try appearanceOnly(located: located, flattened: flattened, appearance: appearance, layout: layout,
                                            readHeaderText: readHeaderText, ocrMs: ocrMs)
            if glance.templateIndex != nil { return glance }
            ocrMs = max(ocrMs, glance.ocrMs)
        }
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? pick.templateIndex : nil,
                                    confidence: confidence, bestIndex: pick.templateIndex, corners: corners, orientation: Orientation(of: corners),
                                    inliers: pick.inliers, spread: pick.spread, appearance: look, layout: lay, layoutMargin: margin,
                                    path: .flattened, ocrMs: ocrMs)
    }

    // MARK: - Whole frame

    private func classifyFrame(_ image: Image, readHeaderText: Bool) throws -> ClassificationResult {
        let workSize = 960
        let query = try NativeFeatures.detect(in: image, maxFeatures: Self.frameFeatures, workSize: workSize)
        let scale = Double(max(image.width, image.height)) / Double(workSize)
        let matches = try index.match(query, verify: Self.verify, reprojection: 5 * max(1, scale))
        var ocrMs = 0.0
        var guessed = false
        guard let pick = try resolveLookAlikes(matches, query: image, readText: readHeaderText, ocrMs: &ocrMs, guessed: &guessed),
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
            let layout = try layoutSimilarities(of: flat)
            lay = layout[pick.templateIndex].upright
            margin = lay - bestOtherDesign(than: pick.templateIndex, in: layout)
        }
        var confidence = Self.confidence(inliers: pick.inliers, spread: pick.spread, appearance: look, layout: lay, layoutMargin: margin) * 0.97
        if guessed { confidence = min(confidence, Self.lookAlikeGuess) }
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? pick.templateIndex : nil,
                                    confidence: confidence, bestIndex: pick.templateIndex, corners: corners, orientation: Orientation(of: corners),
                                    inliers: pick.inliers, spread: pick.spread, appearance: look, layout: lay, layoutMargin: margin,
                                    path: .frame, ocrMs: ocrMs)
    }

    // MARK: - Appearance only

    /// Where keypoints fail (blur, dark, glare, a small card), what the document looks like at a
    /// glance may still be decisive: its layout must be clearly closer to one design than to any
    /// other, and the colour thumbnail must not disagree. Look-alikes (same artwork) tie here and
    /// are told apart by their header text.
    private func appearanceOnly(located: LocatedQuad, flattened: Image, appearance: [(upright: Double, turned: Double)],
                                layout: [(upright: Double, turned: Double)], readHeaderText: Bool, ocrMs: Double) throws -> ClassificationResult {
        guard located.score >= 0.3, !layout.isEmpty else { return ClassificationResult(templateIndex: nil, confidence: 0) }
        let scored = layout.indices.map { ($0, max(layout[$0].upright, layout[$0].turned), layout[$0].upright >= layout[$0].turned) }
            .sorted { $0.1 > $1.1 }
        var (i, score, upright) = scored[0]
        let margin = score - bestOtherDesign(than: i, in: layout)
        let thumb = upright ? appearance[i].upright : appearance[i].turned
        let z = Self.layoutWeights.bias + Self.layoutWeights.layout * score + Self.layoutWeights.margin * margin
            + Self.layoutWeights.thumbnail * thumb
        var confidence = min(0.9, 1 / (1 + exp(-z)))
        var ocrMs = ocrMs
        // Same artwork, other title: the header decides, or nobody does. A lone candidate's header
        // is read too: another card with a similar layout (a business card with a coloured band)
        // does not carry the template's title.
        let twins = scored.filter { $0.0 != i && isLookAlike(templates[$0.0], templates[i]) && $0.1 >= score - 0.05 }
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
            if readHeaderText, let read = try readHeaders(candidates, query: flattened, ocrMs: &ocrMs) {
                i = read.templateIndex
                upright = layout[i].upright >= layout[i].turned
            } else if score >= Self.unreadLayout, thumb >= Self.unreadThumbnail || margin >= Self.unreadMargin {
                // Unread but unmistakable at a glance: an answer, not a certain one.
                if !twins.isEmpty {
                    i = try headerLikeness(candidates, query: flattened).templateIndex
                    upright = layout[i].upright >= layout[i].turned
                }
                confidence = min(confidence, Self.lookAlikeGuess)
            } else {
                confidence = min(confidence, Self.threshold - 0.01)
            }
        }
        let corners = located.landscapeCorners.rotatingLabels(by: upright ? 0 : 2)
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? i : nil, confidence: confidence, bestIndex: i,
                                    corners: corners, orientation: Orientation(of: corners),
                                    appearance: thumb, layout: score, layoutMargin: margin, path: .appearance, ocrMs: ocrMs)
    }

    /// The best layout similarity among designs other than `i`'s (look-alikes share artwork).
    private func bestOtherDesign(than i: Int, in layout: [(upright: Double, turned: Double)]) -> Double {
        layout.indices.filter { $0 != i && !isLookAlike(templates[$0], templates[i]) }
            .map { max(layout[$0].upright, layout[$0].turned) }.max() ?? -1
    }

    /// The flattened document's layout against every template's reference, upright and turned.
    private func layoutSimilarities(of flattened: Image) throws -> [(upright: Double, turned: Double)] {
        let query = try LayoutSignature(of: flattened)
        return try layouts.map { try $0.map { try query.similarity(to: $0) } ?? (-1, -1) }
    }

    private func isLookAlike(_ a: DocumentTemplate, _ b: DocumentTemplate) -> Bool {
        a.format == b.format && a.side == b.side && a.jurisdiction == b.jurisdiction
    }

    // MARK: - Look-alikes

    /// The best verified match; when several templates verify about equally well (same artwork,
    /// other title), the one whose header reads best: Tesseract's reading of the header region
    /// compared with each template's header text, else the header region's appearance.
    /// `guessed` is set when look-alikes were told apart by the header's appearance alone (OCR
    /// could not read it): a weaker cue than the text, so the answer is not reported as certain.
    private func resolveLookAlikes(_ matches: [FeatureMatch], query: Image, readText: Bool, ocrMs: inout Double,
                                   guessed: inout Bool) throws -> FeatureMatch? {
        let verified = matches.filter { $0.homography != nil && $0.inliers >= 6 }
        guard let first = verified.first else { return nil }
        // Look-alikes show the same side of the same artwork; a card's other side is told by inliers.
        let side = templates[first.templateIndex].side
        let close = verified.filter {
            Double($0.inliers) >= 0.6 * Double(first.inliers) && templates[$0.templateIndex].side == side
                && templates[$0.templateIndex].format == templates[first.templateIndex].format
        }
        guard close.count > 1 else { return first }
        if readText, let read = try readHeaders(close, query: query, ocrMs: &ocrMs) { return read }
        guessed = true
        return try headerLikeness(close, query: query)
    }

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

    /// Reads each candidate's header region (seen through its own homography) and returns the
    /// candidate whose header text matches the reading clearly best, or nil when OCR cannot tell.
    private func readHeaders(_ candidates: [FeatureMatch], query: Image, ocrMs: inout Double) throws -> FeatureMatch? {
        let start = ContinuousClock.now
        defer {
            let d = ContinuousClock.now - start
            ocrMs += Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        }
        var scored: [(FeatureMatch, Double)] = []
        var readings: [String: String] = [:]
        for m in candidates {
            let t = templates[m.templateIndex]
            guard let r = t.region("header"), let text = r.text, let h = m.homography else { return nil }
            // Candidates share the artwork, so one reading per header rectangle is enough.
            let key = "\(r.x),\(r.y),\(r.width),\(r.height)"
            if readings[key] == nil {
                let quad = Quad(topLeft: h.apply(Point(x: Double(r.x), y: Double(r.y))),
                                topRight: h.apply(Point(x: Double(r.x + r.width), y: Double(r.y))),
                                bottomRight: h.apply(Point(x: Double(r.x + r.width), y: Double(r.y + r.height))),
                                bottomLeft: h.apply(Point(x: Double(r.x), y: Double(r.y + r.height))))
                guard let crop = try? query.warped(quad, width: r.width, height: r.height),
                      let read = try? TextReader.shared.read(crop, mode: .block) else { return nil }
                readings[key] = read.text.uppercased()
            }
            scored.append((m, Self.textSimilarity(readings[key]!, text)))
        }
        scored.sort { $0.1 > $1.1 }
        guard let top = scored.first, top.1 >= 0.35, scored.count < 2 || top.1 - scored[1].1 >= 0.1 else { return nil }
        return top.0
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
    /// design (a layout this close, and a colour thumbnail that agrees or a wide lead over every
    /// other design) to stand. Business cards with a coloured band reach a layout of about 0.55.
    static let unreadLayout = 0.6
    static let unreadThumbnail = 0.8
    static let unreadMargin = 0.3
    /// The most confidence a look-alike told apart without reading its header may have.
    static let lookAlikeGuess = 0.75

    /// One calibrated confidence from the verified inliers, how much of the template they span,
    /// and the colour-layout similarity (logistic; fitted on synthetic captures).
    static func confidence(inliers: Int, spread: Double, appearance: Double, layout: Double, layoutMargin: Double) -> Double {
        // Inliers alone are fooled by shared print (the same font, a similar header band);
        // the colour layout of an unknown design disagrees even when some keypoints agree.
        // Fitted by hand on synthetic captures (2026-12-02): negatives stay under 0.2, one of
        // the remaining weak spots is a right answer with 10-20 inliers and a poor likeness.
        let w = keypointWeights
        let z = w.bias + w.inliers * Double(min(inliers, 40)) + w.spread * min(spread, 0.5) + w.thumbnail * appearance
            + w.layout * layout + w.margin * layoutMargin
        return 1 / (1 + exp(-z))
    }
}
