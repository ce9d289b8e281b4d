internal import CDocVision

/// A 3x3 projective transform, row-major, mapping one image plane to another.
struct Homography: Sendable {
    var m: [Double]

    init(_ m: [Double]) {
        precondition(m.count == 9)
        self.m = m
    }

    func apply(_ p: Point) -> Point {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        let s = abs(w) < 1e-12 ? 1e-12 : w
        return Point(x: (m[0] * p.x + m[1] * p.y + m[2]) / s, y: (m[3] * p.x + m[4] * p.y + m[5]) / s)
    }

    /// Where the corners of a `width` x `height` rectangle land.
    func mapRectangle(width: Int, height: Int) -> Quad {
        let (w, h) = (Double(width), Double(height))
        return Quad(topLeft: apply(Point(x: 0, y: 0)), topRight: apply(Point(x: w, y: 0)),
                    bottomRight: apply(Point(x: w, y: h)), bottomLeft: apply(Point(x: 0, y: h)))
    }

    /// This transform followed by scaling the result by `factor`.
    func scaled(by factor: Double) -> Homography {
        Homography([m[0] * factor, m[1] * factor, m[2] * factor, m[3] * factor, m[4] * factor, m[5] * factor, m[6], m[7], m[8]])
    }

    var floats: [Float] { m.map { Float($0) } }

    /// The transform from a `width` x `height` rectangle (corners in order TL, TR, BR, BL) onto
    /// `quad` (closed form, Heckbert's square-to-quad), e.g. flattened pixels -> image pixels.
    static func rectangle(width: Int, height: Int, to quad: Quad) -> Homography {
        let p = quad.points
        let (x0, y0, x1, y1, x2, y2, x3, y3) = (p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y)
        let dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3
        let dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3
        var g = 0.0, h = 0.0
        let den = dx1 * dy2 - dx2 * dy1
        if abs(dx3) > 1e-9 || abs(dy3) > 1e-9, abs(den) > 1e-12 {
            g = (dx3 * dy2 - dx2 * dy3) / den
            h = (dx1 * dy3 - dx3 * dy1) / den
        }
        let a = x1 - x0 + g * x1, b = x3 - x0 + h * x3, c = x0
        let d = y1 - y0 + g * y1, e = y3 - y0 + h * y3, f = y0
        let (w, hh) = (Double(width), Double(height))
        return Homography([a / w, b / hh, c, d / w, e / hh, f, g / w, h / hh, 1])
    }

    /// Which RANSAC fits `fit(from:to:reprojection:using:)` runs.
    enum RANSACImplementation: Int32 {
        /// cv::findHomography with cv::RANSAC (2000 iterations, confidence 0.995).
        case opencv = 0
        /// The shim's step-for-step re-implementation with a cheaper minimal solver, which
        /// verification uses.
        case shim = 1
    }

    /// The RANSAC homography mapping `source` onto `target` (pairs in order) and its inlier flags,
    /// or nil when the points fit none.
    static func fit(from source: [Point], to target: [Point], reprojection: Double,
                    using implementation: RANSACImplementation = .shim) throws -> (homography: Homography, inliers: [Bool])? {
        guard source.count == target.count else {
            throw DocFrameError(.invalidArgument, "\(source.count) source points but \(target.count) target points")
        }
        let src = source.flatMap { [Float($0.x), Float($0.y)] }, dst = target.flatMap { [Float($0.x), Float($0.y)] }
        var mask = [UInt8](repeating: 0, count: max(1, source.count))
        var h = [Double](repeating: 0, count: 9)
        var found: Int32 = 0
        try DocVision.check { error in
            mask.withUnsafeMutableBufferPointer { m in
                h.withUnsafeMutableBufferPointer { hp in
                    dv_find_homography(src, dst, Int32(source.count), Float(reprojection), implementation.rawValue,
                                       m.baseAddress, hp.baseAddress, &found, error)
                }
            }
        }
        guard found != 0 else { return nil }
        return (Homography(h), mask.prefix(source.count).map { $0 != 0 })
    }
}
