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
}
