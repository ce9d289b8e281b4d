internal import CDocVision

/// A card-shaped quad found in an image.
public struct LocatedQuad: Sendable, Hashable {
    /// Image-clockwise from the corner nearest the image's top-left (the document's own order
    /// is known only after classification).
    public var corners: Quad
    /// 0...1: how card-like the outline is (shape, edge support, size).
    public var score: Double
    /// Share of the outline backed by image edges.
    public var edgeSupport: Double
    /// Estimated physical long/short ratio.
    public var aspect: Double
    /// Part of the quad lies outside the image, or the outline runs along the image frame.
    public var cutOff: Bool
    /// The part of a cut-off card in view, completed past the image's border to a card's shape:
    /// the side beyond the border is inferred from the card's format, not seen.
    public var completed = false

    /// ID-1 or TD3, whichever aspect is nearer.
    public var nearestFormat: DocumentFormat { .nearest(toAspectRatio: aspect) }

    /// Whether `corners`' first side is a long side of the document with the camera's
    /// perspective undone, where that and not the sides' lengths in the image decides
    /// (`DocumentLocator.perspectiveLandscape`); nil leaves it to the lengths.
    var perspectiveLandscape: Bool?

    /// `corners` read landscape: the first side a long side of the document (`Quad.landscape`,
    /// or the perspective's reading where `perspectiveLandscape` says).
    public var landscapeCorners: Quad {
        guard let first = perspectiveLandscape else { return corners.landscape }
        return first ? corners : corners.rotatingLabels(by: 1)
    }
}

/// Finds card-shaped documents (ID-1 cards, TD3 passport pages), known or not: edges on a
/// downscaled copy, contours reduced to convex quads scored by shape and edge support, sides
/// re-fitted at full resolution. Cheap enough to run on every camera frame.
public struct DocumentLocator: Sendable {
    /// Long side of the downscaled copy searched.
    public var workSize: Int
    /// Candidates scoring below this are not reported as documents.
    public var minimumScore: Double

    public init(workSize: Int = 640, minimumScore: Double = 0.22) {
        self.workSize = workSize
        self.minimumScore = minimumScore
    }

    /// Shorter side, in pixels, below which an image shows no document: too few pixels for an
    /// outline, keypoints or text. Such an image is observed as empty, not an error.
    public static let minimumImageSide = 32

    /// Longest side over shortest above which an image is a strip, not a photo of a document
    /// (panoramas stay under 10). The vision layer works on copies scaled to a fixed long side,
    /// where a strip's short side would round to nothing.
    public static let maximumImageElongation = 20

    static func holdsNoDocument(_ image: Image) -> Bool {
        let short = min(image.width, image.height), long = max(image.width, image.height)
        return short < minimumImageSide || long > maximumImageElongation * short
    }

    /// Candidates at or above `minimumScore`, best first.
    public func locate(in image: Image, limit: Int = 4) throws -> [LocatedQuad] {
        if Self.holdsNoDocument(image) { return [] }
        var raw = [dv_quad_candidate](repeating: dv_quad_candidate(), count: max(1, limit))
        var count: Int32 = 0
        try raw.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check { dv_locate_quads(image.native.handle, Int32(workSize), buffer.baseAddress, Int32(buffer.count), &count, $0) }
        }
        return raw.prefix(Int(count)).compactMap { c in
            let v = withUnsafeBytes(of: c.corners) { Array($0.bindMemory(to: Float.self)) }.map { Double($0) }
            let quad = Quad(topLeft: Point(x: v[0], y: v[1]), topRight: Point(x: v[2], y: v[3]),
                            bottomRight: Point(x: v[4], y: v[5]), bottomLeft: Point(x: v[6], y: v[7]))
            var found = LocatedQuad(corners: quad, score: Double(c.score), edgeSupport: Double(c.edge_support),
                                    aspect: Double(c.aspect), cutOff: c.cut_off != 0, completed: c.completed != 0)
            found.perspectiveLandscape = Self.perspectiveLandscape(of: found, imageWidth: image.width, imageHeight: image.height)
            return found.score >= minimumScore ? found : nil
        }
    }

    /// A plain side ratio under this says little of which sides are the long ones: a card tilted
    /// about its long axis before a phone's camera looks square (dev captures, camera geometry:
    /// 1.00-1.2 on cards whose long sides the lengths took for the short ones, so the flattening
    /// turned the card sideways and squeezed it, and no template verified).
    static let squarishSideRatio = 1.25

    /// Whether `located`'s first side is a long side once the perspective of a camera looking
    /// through the image's centre is undone: only where the locator judged the outline by that
    /// shape (its `aspect` is not the plain side ratio: the undone shape is the more card-like)
    /// and the plain ratio is squarish. Nil otherwise (the sides' lengths decide).
    static func perspectiveLandscape(of located: LocatedQuad, imageWidth: Int, imageHeight: Int) -> Bool? {
        let plain = located.corners.sideRatio
        guard plain < squarishSideRatio, abs(located.aspect - plain) > 0.01 * plain,
              let widthOverHeight = PassportPage.perspectiveAspect(of: located.corners, imageWidth: imageWidth, imageHeight: imageHeight)
        else { return nil }
        return widthOverHeight >= 1
    }

    /// The best candidate, or nil when nothing card-shaped is in view.
    public func locateBest(in image: Image) throws -> LocatedQuad? {
        try locate(in: image, limit: 1).first
    }
}

import Foundation

extension DocumentLocator {
    /// Re-fits each side of `corners` to the strongest gradient within `search` pixels (order kept).
    static func refine(_ corners: Quad, in image: Image, search: Double) throws -> Quad {
        var v = corners.points.flatMap { [Float($0.x), Float($0.y)] }
        try v.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check { dv_refine_quad(image.native.handle, buffer.baseAddress, Float(search), $0) }
        }
        let d = v.map { Double($0) }
        return Quad(topLeft: Point(x: d[0], y: d[1]), topRight: Point(x: d[2], y: d[3]),
                    bottomRight: Point(x: d[4], y: d[5]), bottomLeft: Point(x: d[6], y: d[7]))
    }
}

extension DocumentLocator {
    /// How well the image's edges back each outline in `quads`, measured as the locator measures
    /// its own candidates (on the copy downscaled to `workSize`). Parts outside the image are
    /// not counted.
    /// `exposed`: the edges found with the thresholds scaled to an underexposed photo's exposure
    /// (`exposureScale(of:)`), where a dark card's low-contrast outline still shows.
    func edgeSupport(of quads: [Quad], in image: Image, exposed: Bool = false) throws -> [EdgeSupport] {
        guard !quads.isEmpty else { return [] }
        let corners = quads.flatMap { $0.points.flatMap { [Float($0.x), Float($0.y)] } }
        var support = [Float](repeating: 0, count: quads.count)
        var weakest = [Float](repeating: 0, count: quads.count)
        try corners.withUnsafeBufferPointer { c in
            try support.withUnsafeMutableBufferPointer { s in
                try weakest.withUnsafeMutableBufferPointer { w in
                    try DocVision.check {
                        dv_quads_edge_support_at(image.native.handle, c.baseAddress, Int32(quads.count), Int32(workSize),
                                                 exposed ? 1 : 0, s.baseAddress, w.baseAddress, $0)
                    }
                }
            }
        }
        return zip(support, weakest).map { EdgeSupport(support: Double($0), weakest: Double($1)) }
    }

    /// Whether `quad` can be a card or page seen by a camera: convex, every interior angle
    /// within 45-135 degrees, no side shorter than a tenth of the longest, and a long/short
    /// ratio a document's outline can show in perspective. A homography fitted to a few chance
    /// inliers projects the template's outline into shapes no card takes.
    static func isPlausibleOutline(_ quad: Quad) -> Bool {
        let p = quad.points
        var sign = 0.0
        var sides: [Double] = []
        for i in 0..<4 {
            let a = p[(i + 3) % 4] - p[i], b = p[(i + 1) % 4] - p[i]
            let na = (a.x * a.x + a.y * a.y).squareRoot(), nb = (b.x * b.x + b.y * b.y).squareRoot()
            guard na > 1, nb > 1, abs((a.x * b.x + a.y * b.y) / (na * nb)) <= 0.707 else { return false }
            let cross = a.x * b.y - a.y * b.x
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            sides.append(nb)
        }
        guard let longest = sides.max(), let shortest = sides.min(), shortest >= 0.1 * longest else { return false }
        let ratio = quad.sideRatio
        return ratio >= 1.05 && ratio <= 2.6
    }
}

extension DocumentLocator {
    /// The share of the locator's edge thresholds `image`'s exposure leaves its edges over: 1 on
    /// an exposed photo, down to 0.4 on the darkest. Under 1, `edgeSupport` (fixed thresholds)
    /// misses edges a card shows at the photo's own contrast.
    func exposureScale(of image: Image) throws -> Double {
        var scale: Float = 1
        try DocVision.check { dv_exposure_scale(image.native.handle, Int32(workSize), &scale, $0) }
        return Double(scale)
    }
}

extension DocumentLocator {
    /// How well the image's edges back each segment (`from`-`to`, full-resolution pixels),
    /// measured as `edgeSupport(of:in:)` measures one side: the share of points along it with an
    /// edge running along it. Points outside the image count as unsupported.
    func edgeSupport(ofSegments segments: [(from: Point, to: Point)], in image: Image) throws -> [Double] {
        guard !segments.isEmpty else { return [] }
        let values = segments.flatMap { [Float($0.from.x), Float($0.from.y), Float($0.to.x), Float($0.to.y)] }
        var support = [Float](repeating: 0, count: segments.count)
        try values.withUnsafeBufferPointer { v in
            try support.withUnsafeMutableBufferPointer { s in
                try DocVision.check {
                    dv_segments_edge_support(image.native.handle, v.baseAddress, Int32(segments.count), Int32(workSize), s.baseAddress, $0)
                }
            }
        }
        return support.map { Double($0) }
    }
}
