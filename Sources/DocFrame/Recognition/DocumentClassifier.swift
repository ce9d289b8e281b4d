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
            if let r = t.region("header"), let ref = t.referenceURL, FileManager.default.fileExists(atPath: ref.path) {
                do {
                    let image = try Image(contentsOfFile: ref.path)
                    if image.width == t.width, image.height == t.height {
                        header = try image.cropped(x: r.x, y: r.y, width: r.width, height: r.height)
                    }
                } catch {
                    throw DocFrameError(.invalidTemplate, "\(ref.path): \(error)")
                }
            }
            headers.append(header)
        }
        self.headers = headers
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
        if Recognizer.debug {
            let list = matches.map { "\(templates[$0.templateIndex].id):\($0.votes)/\($0.inliers)" }.joined(separator: " ")
            FileHandle.standardError.write(Data("flattened q=\(query.count) \(list)\n".utf8))
        }
        var ocrMs = 0.0
        guard var pick = try resolveLookAlikes(matches, query: flattened, readText: readHeaderText, ocrMs: &ocrMs), let h = pick.homography else {
            return try appearanceOnly(located: located, appearance: appearance)
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
        let confidence = Self.confidence(inliers: pick.inliers, spread: pick.spread, appearance: look)
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? pick.templateIndex : nil,
                                    confidence: confidence, bestIndex: pick.templateIndex, corners: corners, orientation: Self.orientation(of: corners),
                                    inliers: pick.inliers, spread: pick.spread, appearance: look, path: .flattened, ocrMs: ocrMs)
    }

    // MARK: - Whole frame

    private func classifyFrame(_ image: Image, readHeaderText: Bool) throws -> ClassificationResult {
        let workSize = 960
        let query = try NativeFeatures.detect(in: image, maxFeatures: Self.frameFeatures, workSize: workSize)
        let scale = Double(max(image.width, image.height)) / Double(workSize)
        let matches = try index.match(query, verify: Self.verify, reprojection: 5 * max(1, scale))
        var ocrMs = 0.0
        guard let pick = try resolveLookAlikes(matches, query: image, readText: readHeaderText, ocrMs: &ocrMs), let h = pick.homography else {
            return ClassificationResult(templateIndex: nil, confidence: 0, ocrMs: ocrMs)
        }
        let t = templates[pick.templateIndex]
        let corners = h.mapRectangle(width: t.width, height: t.height)
        // The frame path has no flattened crop yet: measure appearance on the warped document.
        var look = 0.0
        if let flat = try? image.warped(corners, width: Self.workWidth, height: Self.workWidth * t.height / t.width) {
            look = try index.appearance(of: flat)[pick.templateIndex].upright
        }
        let confidence = Self.confidence(inliers: pick.inliers, spread: pick.spread, appearance: look) * 0.97
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? pick.templateIndex : nil,
                                    confidence: confidence, bestIndex: pick.templateIndex, corners: corners, orientation: Self.orientation(of: corners),
                                    inliers: pick.inliers, spread: pick.spread, appearance: look, path: .frame, ocrMs: ocrMs)
    }

    // MARK: - Appearance only

    /// Where keypoints fail (blur, dark, glare), the colour layout alone may still be decisive:
    /// it must be very close to one design and clearly closer than to any other design.
    private func appearanceOnly(located: LocatedQuad, appearance: [(upright: Double, turned: Double)]) throws -> ClassificationResult {
        guard located.score >= 0.4, !appearance.isEmpty else { return ClassificationResult(templateIndex: nil, confidence: 0) }
        let scored = appearance.enumerated().map { (i, a) in (i, max(a.upright, a.turned), a.upright >= a.turned) }
            .sorted { $0.1 > $1.1 }
        let (i, score, upright) = scored[0]
        // Runner-up of another design (look-alikes share artwork; their thumbnails tie).
        let other = scored.dropFirst().first { !isLookAlike(templates[$0.0], templates[i]) }?.1 ?? -1
        // Only a near-perfect likeness with a clear margin counts; many negatives (a receipt, a
        // bank card) share a plain light layout with some template.
        let z = 20 * (score - 0.93) + 15 * (score - other - 0.1)
        let confidence = min(0.9, 1 / (1 + exp(-z)))
        let corners = located.landscapeCorners.rotatingLabels(by: upright ? 0 : 2)
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? i : nil, confidence: confidence, bestIndex: i,
                                    corners: corners, orientation: Self.orientation(of: corners),
                                    appearance: score, path: .appearance)
    }

    private func isLookAlike(_ a: DocumentTemplate, _ b: DocumentTemplate) -> Bool {
        a.format == b.format && a.side == b.side && a.jurisdiction == b.jurisdiction
    }

    // MARK: - Look-alikes

    /// The best verified match; when several templates verify about equally well (same artwork,
    /// other title), the one whose header reads best: Tesseract's reading of the header region
    /// compared with each template's header text, else the header region's appearance.
    private func resolveLookAlikes(_ matches: [FeatureMatch], query: Image, readText: Bool, ocrMs: inout Double) throws -> FeatureMatch? {
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
        var bestSimilarity = -2.0
        var chosen = first
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

    /// One calibrated confidence from the verified inliers, how much of the template they span,
    /// and the colour-layout similarity (logistic; fitted on synthetic captures).
    static func confidence(inliers: Int, spread: Double, appearance: Double) -> Double {
        // Inliers alone are fooled by shared print (the same font, a similar header band);
        // the colour layout of an unknown design disagrees even when some keypoints agree.
        // Fitted by hand on synthetic captures (2026-12-02): negatives stay under 0.2, one of
        // the remaining weak spots is a right answer with 10-20 inliers and a poor likeness.
        let z = -5.5 + 0.17 * Double(min(inliers, 40)) + 5 * min(spread, 0.5) + 5 * appearance
        return 1 / (1 + exp(-z))
    }

    /// The clockwise rotation of the document: the direction of its top edge in the image.
    static func orientation(of corners: Quad) -> Orientation {
        let d = corners.topRight - corners.topLeft
        return Orientation(snapping: atan2(d.y, d.x) * 180 / .pi)
    }
}
