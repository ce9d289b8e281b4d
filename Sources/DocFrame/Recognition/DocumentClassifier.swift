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
    static let flatFeatures = 600
    static let frameFeatures = 1200
    /// Templates verified by RANSAC per query.
    static let verify = 4
    /// Below this calibrated confidence the document is unknown.
    static let threshold = 0.5

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
    func classify(_ image: Image, candidates: [LocatedQuad]) throws -> ClassificationResult {
        guard !templates.isEmpty else { return ClassificationResult(templateIndex: nil, confidence: 0) }
        var best: ClassificationResult?
        for located in candidates {
            let format = located.nearestFormat
            guard let flattened = try? image.warped(located.landscapeCorners, width: Self.workWidth,
                                                    height: Self.workWidth * format.canonicalHeight / format.canonicalWidth) else { continue }
            var result = try classifyFlattened(image, located: located, flattened: flattened)
            result.flattened = flattened
            if best == nil || (result.templateIndex != nil && (best?.templateIndex == nil || result.confidence > best!.confidence)) {
                best = result
            }
            if let b = best, b.templateIndex != nil, b.confidence >= 0.9 { return b }
        }
        // The whole frame: a cut-off or occluded card, or quads that were not the document.
        let frame = try classifyFrame(image)
        if frame.templateIndex != nil, best?.templateIndex == nil || frame.confidence > best!.confidence {
            return frame
        }
        return best ?? frame
    }

    // MARK: - Flattened document

    private func classifyFlattened(_ image: Image, located: LocatedQuad, flattened: Image) throws -> ClassificationResult {
        let query = try NativeFeatures.detect(in: flattened, maxFeatures: Self.flatFeatures, workSize: Self.workWidth)
        let matches = try index.match(query, verify: Self.verify, reprojection: 4)
        let appearance = try index.appearance(of: flattened)
        guard var pick = try resolveLookAlikes(matches, query: flattened), let h = pick.homography else {
            return try appearanceOnly(located: located, appearance: appearance)
        }
        // Template coordinates -> flattened pixels: which flattened corner is the document's top-left?
        let tl = h.apply(Point(x: 0, y: 0))
        let (fw, fh) = (Double(flattened.width), Double(flattened.height))
        let flatCorners = [Point(x: 0, y: 0), Point(x: fw, y: 0), Point(x: fw, y: fh), Point(x: 0, y: fh)]
        let j = (0..<4).min { flatCorners[$0].distance(to: tl) < flatCorners[$1].distance(to: tl) }!
        let corners = located.landscapeCorners.rotatingLabels(by: j)
        let look = j == 0 ? appearance[pick.templateIndex].upright : j == 2 ? appearance[pick.templateIndex].turned
            : max(appearance[pick.templateIndex].upright, appearance[pick.templateIndex].turned)
        pick.homography = h
        let confidence = Self.confidence(inliers: pick.inliers, spread: pick.spread, appearance: look)
        return ClassificationResult(templateIndex: confidence >= Self.threshold ? pick.templateIndex : nil,
                                    confidence: confidence, bestIndex: pick.templateIndex, corners: corners, orientation: Self.orientation(of: corners),
                                    inliers: pick.inliers, spread: pick.spread, appearance: look, path: .flattened)
    }

    // MARK: - Whole frame

    private func classifyFrame(_ image: Image) throws -> ClassificationResult {
        let workSize = 960
        let query = try NativeFeatures.detect(in: image, maxFeatures: Self.frameFeatures, workSize: workSize)
        let scale = Double(max(image.width, image.height)) / Double(workSize)
        let matches = try index.match(query, verify: Self.verify, reprojection: 5 * max(1, scale))
        guard let pick = try resolveLookAlikes(matches, query: image), let h = pick.homography else {
            return ClassificationResult(templateIndex: nil, confidence: 0)
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
                                    inliers: pick.inliers, spread: pick.spread, appearance: look, path: .frame)
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
        let z = 14 * (score - 0.9) + 12 * (score - other - 0.08)
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
    /// other title), the one whose header region matches the image best.
    private func resolveLookAlikes(_ matches: [FeatureMatch], query: Image) throws -> FeatureMatch? {
        let verified = matches.filter { $0.homography != nil && $0.inliers >= 6 }
        guard let first = verified.first else { return nil }
        let close = verified.filter { Double($0.inliers) >= 0.6 * Double(first.inliers) }
        guard close.count > 1 else { return first }
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

    // MARK: - Calibration

    /// One calibrated confidence from the verified inliers, how much of the template they span,
    /// and the colour-layout similarity (logistic; fitted on synthetic captures).
    static func confidence(inliers: Int, spread: Double, appearance: Double) -> Double {
        // Inliers alone are fooled by shared print (the same font, a similar header band);
        // the colour layout of an unknown design disagrees even when some keypoints agree.
        let z = -6 + 0.15 * Double(min(inliers, 50)) + 6 * min(spread, 0.5) + 5 * appearance
        return 1 / (1 + exp(-z))
    }

    /// The clockwise rotation of the document: the direction of its top edge in the image.
    static func orientation(of corners: Quad) -> Orientation {
        let d = corners.topRight - corners.topLeft
        return Orientation(snapping: atan2(d.y, d.x) * 180 / .pi)
    }
}
