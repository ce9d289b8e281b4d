import Foundation

/// The whole-frame match again, on the part of the frame around a located object.
///
/// The frame pass spreads its keypoints over a grid of the whole frame (at 960 px), so a card that
/// fills a corner of it (cut off by the frame's edge, or small) gets a few hundred of them, many
/// on its variable print (name, photo, barcode), and its template's static art rarely reaches
/// RANSAC's consensus. The located outline still says where the card is, even when it is only the
/// visible part of it or a box printed on it: cropping around it gives the same detector the
/// card's own pixels at up to full resolution, and the same verification and calibration decide.
/// Measured on generated cut-off captures (not the evaluation set): a card back with half its
/// area in view got 0 inliers in the frame pass and 19-24 in the crop around its outline.
extension DocumentClassifier {
    /// How far the crop reaches beyond the outline's bounding box, as a share of its longer side:
    /// the located outline may be only the visible strip of a cut-off card or an inner box.
    static let regionMargin = 0.5
    /// A crop covering more of the frame than this adds too few keypoints over the frame pass.
    static let regionMaxShare = 0.55
    /// Objects tried, best located first.
    static let regionObjects = 2
    /// Keypoints detected in the crop: more than the frame pass's 1200, since the crop's
    /// background still takes its share of the detector's grid (1200 left half of the generated
    /// cut-off backs that 2000 recognised; the crop is smaller than the frame, so the detection
    /// costs about the same).
    static let regionFeatures = 2000

    /// Pixel rectangles around the distinct located objects, clipped to the image, best first.
    static func regionsOfInterest(_ candidates: [LocatedQuad], width: Int, height: Int) -> [(x: Int, y: Int, width: Int, height: Int)] {
        let objects = distinctObjects(candidates, limit: regionObjects)
        return objects.compactMap { c in
            let xs = c.corners.points.map(\.x), ys = c.corners.points.map(\.y)
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
            let reach = regionMargin * max(maxX - minX, maxY - minY)
            let x0 = max(0, Int(minX - reach)), y0 = max(0, Int(minY - reach))
            let x1 = min(width, Int((maxX + reach).rounded(.up))), y1 = min(height, Int((maxY + reach).rounded(.up)))
            guard x1 - x0 >= 64, y1 - y0 >= 64,
                  Double((x1 - x0) * (y1 - y0)) <= regionMaxShare * Double(width * height) else { return nil }
            return (x0, y0, x1 - x0, y1 - y0)
        }
    }

    /// The first confident answer of the frame pass run on a region of interest, with its corners
    /// in `image`'s pixels; nil when no region gives one.
    func classifyRegions(_ image: Image, candidates: [LocatedQuad], readHeaderText: Bool, cardInView: Bool = false) throws -> ClassificationResult? {
        for r in Self.regionsOfInterest(candidates, width: image.width, height: image.height) {
            guard let crop = try? image.cropped(x: r.x, y: r.y, width: r.width, height: r.height) else { continue }
            var result = try classifyFrame(crop, readHeaderText: readHeaderText, features: Self.regionFeatures, cardInView: cardInView)
            if Recognizer.debug {
                FileHandle.standardError.write(Data("region \(r) conf=\(result.confidence)\n".utf8))
            }
            guard result.templateIndex != nil, let c = result.corners else { continue }
            let offset = Point(x: Double(r.x), y: Double(r.y))
            let corners = Quad(topLeft: c.topLeft + offset, topRight: c.topRight + offset,
                               bottomRight: c.bottomRight + offset, bottomLeft: c.bottomLeft + offset)
            result.corners = corners
            result.orientation = Orientation(of: corners)
            return result
        }
        return nil
    }
}
