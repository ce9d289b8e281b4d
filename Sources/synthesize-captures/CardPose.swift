import DocFrame
import Foundation

/// Where a flat document sits in front of the camera: turned in its plane (`roll`, degrees
/// clockwise as seen in the image), tilted about the horizontal and vertical axes, at a
/// distance that makes it cover `coverage` of the frame, centred at `center`.
struct CardPose {
    var roll: Double
    var tiltX: Double = 0
    var tiltY: Double = 0
    /// Camera distance in card widths: nearer means stronger perspective for the same tilt.
    var distance: Double = 1.8
    /// The projected quad's area as a share of the frame's (before clipping).
    var coverage: Double
    var center: Point

    /// The document's own corners (TL, TR, BR, BL) in image pixels for a `w` x `h` flat.
    /// With `areaIgnoresTilt` the size comes from the untilted card (a card turning over in a
    /// sequence narrows to a sliver instead of being blown up to the same area).
    func corners(width w: Double, height h: Double, frameWidth fw: Double, frameHeight fh: Double, areaIgnoresTilt: Bool = false) -> [Point] {
        let shape = CardPose.projectedShape(width: w, height: h, roll: roll, tiltX: tiltX, tiltY: tiltY, distance: distance)
        let reference = areaIgnoresTilt ? w * h : Polygon.area(shape)
        let k = (coverage * fw * fh / reference).squareRoot()
        return shape.map { $0.scaled(k) + center }
    }

    /// The projected outline centred on the origin, in arbitrary units.
    static func projectedShape(width w: Double, height h: Double, roll: Double, tiltX: Double, tiltY: Double, distance: Double) -> [Point] {
        let d = distance * max(w, h)
        let ax = tiltX * .pi / 180, ay = tiltY * .pi / 180
        let flat = [Point(x: -w / 2, y: -h / 2), Point(x: w / 2, y: -h / 2), Point(x: w / 2, y: h / 2), Point(x: -w / 2, y: h / 2)]
        let projected = flat.map { p -> Point in
            let q = p.rotated(by: roll)
            // Tilt about the image's x axis, then its y axis; z away from the camera.
            let y1 = q.y * cos(ax), z1 = q.y * sin(ax)
            let x2 = q.x * cos(ay) + z1 * sin(ay), z2 = -q.x * sin(ay) + z1 * cos(ay)
            let s = d / (d + z2)
            return Point(x: x2 * s, y: y1 * s)
        }
        let c = Polygon.centroid(projected)
        return projected.map { $0 - c }
    }

    /// The clockwise angle of the document's top edge in the image, in degrees.
    static func topEdgeAngle(_ corners: [Point]) -> Double {
        let v = corners[1] - corners[0]
        var a = atan2(v.y, v.x) * 180 / .pi
        if a < 0 { a += 360 }
        return a
    }
}
