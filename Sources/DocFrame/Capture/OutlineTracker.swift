import Foundation
internal import CDocVision

/// Follows a document's outline from one camera frame to the next without searching the whole
/// frame: each side of the last quad is re-fitted to the strongest edge in a narrow band around
/// it (CDocVision's `dv_track_quad`, a few thousand samples at full resolution), and the fit is
/// kept only while every side stays backed by an edge. When it is not, the caller locates again.
struct OutlineTracker: Sendable {
    /// Half-width of the band searched across each side, as a share of the frame's longer side
    /// at least (10 px at 1280x720, 4 px at 426x240)...
    var minimumSearch = 0.008
    /// ...and as a share of the frame's longer side at most (0.06: 77 px at 1280x720, about
    /// twice the largest corner motion between frames of the shaky-hands sequences at 30 fps).
    var maximumSearch = 0.06
    /// The track holds while, on average over the four sides, this share of the samples has
    /// its edge on the fitted side...
    var minimumSupport = 0.6
    /// ...and no side falls below this share (a thumb over one edge, or a low-contrast
    /// background behind it, costs that side about half its support on the synthetic sequences).
    var minimumSideSupport = 0.3
    /// A side this far outside the image cannot be checked: the track is handed to the locator,
    /// which knows about cut-off cards.
    var minimumInside = 0.75

    /// The quad re-fitted near `previous` (order kept), or nil when the track is lost.
    /// - Parameter motion: how far the corners moved over the last frame, in pixels (the band
    ///   widens with it).
    func track(_ previous: Quad, in frame: Image, motion: Double) throws -> Quad? {
        let longSide = Double(max(frame.width, frame.height))
        let search = min(max(minimumSearch * longSide, 2 * motion + 3), maximumSearch * longSide)
        let v = previous.points.flatMap { [Float($0.x), Float($0.y)] }
        var result = dv_track_result()
        try v.withUnsafeBufferPointer { buffer in
            try DocVision.check { dv_track_quad(frame.native.handle, buffer.baseAddress, Float(search), &result, $0) }
        }
        let support = withUnsafeBytes(of: result.support) { Array($0.bindMemory(to: Float.self)) }
        let inside = withUnsafeBytes(of: result.inside) { Array($0.bindMemory(to: Float.self)) }
        if Recognizer.debug {
            FileHandle.standardError.write(Data("track fitted=\(result.fitted) support=\(support.map { (Double($0) * 100).rounded() / 100 }) inside=\(inside.map { (Double($0) * 100).rounded() / 100 }) search=\(Int(search)) from \(previous.points.map { "\(Int($0.x)),\(Int($0.y))" })\n".utf8))
        }
        guard result.fitted != 0 else { return nil }
        for side in 0..<4 where Double(inside[side]) < minimumInside || Double(support[side]) < minimumSideSupport {
            return nil
        }
        guard Double(support.reduce(0, +)) / 4 >= minimumSupport else { return nil }
        let c = withUnsafeBytes(of: result.corners) { Array($0.bindMemory(to: Float.self)) }.map { Double($0) }
        return Quad(topLeft: Point(x: c[0], y: c[1]), topRight: Point(x: c[2], y: c[3]),
                    bottomRight: Point(x: c[4], y: c[5]), bottomLeft: Point(x: c[6], y: c[7]))
    }
}
