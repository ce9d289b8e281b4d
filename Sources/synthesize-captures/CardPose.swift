import DocFrame
import Foundation

/// Where a flat document sits in front of the camera: turned in its plane (`roll`, degrees
/// clockwise as seen in the image), tilted about the horizontal and vertical axes, at a
/// distance that makes it cover `coverage` of the frame, centred at `center`.
///
/// With a `focal` length the document is placed in 3D before a pinhole camera whose principal
/// point is the frame's centre (`PinholeCamera`), its centre on the ray through `center`: a
/// tilted document off the middle of the frame then shows the perspective a phone gives it.
/// Without one (sequences), its outline is projected around its own centre and then moved to
/// `center`, which no camera does.
struct CardPose {
    var roll: Double
    var tiltX: Double = 0
    var tiltY: Double = 0
    /// Camera distance in card widths, when there is no `focal`: nearer means stronger
    /// perspective for the same tilt.
    var distance: Double = 1.8
    /// The camera's focal length in pixels; nil projects around the document's own centre.
    var focal: Double?
    /// The projected quad's area as a share of the frame's (before clipping).
    var coverage: Double
    var center: Point

    /// The document's own corners (TL, TR, BR, BL) in image pixels for a `w` x `h` flat.
    /// With `areaIgnoresTilt` the size comes from the untilted card (a card turning over in a
    /// sequence narrows to a sliver instead of being blown up to the same area).
    func corners(width w: Double, height h: Double, frameWidth fw: Double, frameHeight fh: Double, areaIgnoresTilt: Bool = false) -> [Point] {
        if let focal {
            let camera = PinholeCamera(focal: focal, principal: Point(x: fw / 2, y: fh / 2))
            let card = CardPose.placed(width: w, height: h, roll: roll, tiltX: tiltX, tiltY: tiltY)
            let sizing = areaIgnoresTilt ? CardPose.placed(width: w, height: h, roll: roll, tiltX: 0, tiltY: 0) : card
            let depth = camera.depth(of: sizing, along: center, coveringArea: coverage * fw * fh, inFrontOf: card)
            return camera.project(card, along: center, depth: depth)
        }
        let shape = CardPose.projectedShape(width: w, height: h, roll: roll, tiltX: tiltX, tiltY: tiltY, distance: distance)
        let reference = areaIgnoresTilt ? w * h : Polygon.area(shape)
        let k = (coverage * fw * fh / reference).squareRoot()
        return shape.map { $0.scaled(k) + center }
    }

    /// The document's corners (TL, TR, BR, BL) turned and tilted about its centre, in its own
    /// units: x right, y down, z away from the camera.
    static func placed(width w: Double, height h: Double, roll: Double, tiltX: Double, tiltY: Double) -> [SIMD3<Double>] {
        let ax = tiltX * .pi / 180, ay = tiltY * .pi / 180
        let flat = [Point(x: -w / 2, y: -h / 2), Point(x: w / 2, y: -h / 2), Point(x: w / 2, y: h / 2), Point(x: -w / 2, y: h / 2)]
        return flat.map { p -> SIMD3<Double> in
            let q = p.rotated(by: roll)
            // Tilt about the image's x axis, then its y axis.
            let y1 = q.y * cos(ax), z1 = q.y * sin(ax)
            let x2 = q.x * cos(ay) + z1 * sin(ay), z2 = -q.x * sin(ay) + z1 * cos(ay)
            return SIMD3(x2, y1, z2)
        }
    }

    /// The projected outline centred on the origin, in arbitrary units, seen from `distance`
    /// card widths straight in front of the document's centre.
    static func projectedShape(width w: Double, height h: Double, roll: Double, tiltX: Double, tiltY: Double, distance: Double) -> [Point] {
        let d = distance * max(w, h)
        let projected = placed(width: w, height: h, roll: roll, tiltX: tiltX, tiltY: tiltY).map { p -> Point in
            let s = d / (d + p.z)
            return Point(x: p.x * s, y: p.y * s)
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
