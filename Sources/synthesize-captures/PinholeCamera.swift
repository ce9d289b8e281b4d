import DocFrame
import Foundation

/// A phone's camera: a pinhole at the origin looking along +z (x right, y down), square
/// pixels, its principal point `principal` (the frame's centre) and focal length `focal` in
/// pixels. A point at (x, y, z) shows at `principal + focal * (x, y) / z`.
struct PinholeCamera {
    var focal: Double
    var principal: Point

    /// `shape` (points about an object's centre) with that centre at depth `depth` on the ray
    /// through the image point `center`, projected to image pixels.
    func project(_ shape: [SIMD3<Double>], along center: Point, depth: Double) -> [Point] {
        let ray = SIMD3((center.x - principal.x) / focal, (center.y - principal.y) / focal, 1)
        return shape.map { q in
            let p = depth * ray + q
            return Point(x: principal.x + focal * p.x / p.z, y: principal.y + focal * p.y / p.z)
        }
    }

    /// The depth at which `shape`, its centre on the ray through `center`, projects to a
    /// polygon of `area` square pixels; never so near that a point of `shape` or `alsoInFront`
    /// comes within a fiftieth of the shape's size of the camera's plane.
    func depth(of shape: [SIMD3<Double>], along center: Point, coveringArea area: Double,
               inFrontOf alsoInFront: [SIMD3<Double>]) -> Double {
        let size = (shape + alsoInFront).map { ($0.x * $0.x + $0.y * $0.y + $0.z * $0.z).squareRoot() }.max() ?? 1
        // Nearer than the nearest point plus a margin, a corner would pass behind the camera.
        var near = -(shape + alsoInFront).map(\.z).min()! + 0.02 * size
        var far = max(near, size) * 2
        func covered(_ t: Double) -> Double { Polygon.area(project(shape, along: center, depth: t)) }
        while covered(far) > area { near = far; far *= 2 }
        // The area only shrinks as the object recedes along the ray.
        for _ in 0..<80 {
            let mid = (near + far) / 2
            if covered(mid) > area { near = mid } else { far = mid }
        }
        return (near + far) / 2
    }
}
