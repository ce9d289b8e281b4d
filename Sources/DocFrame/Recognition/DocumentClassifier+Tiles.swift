import Foundation

/// The whole-frame match again, on overlapping parts of the frame: for a small card that no
/// located outline holds.
///
/// A card covering a tenth of the photo is often not among the located outlines at all: its
/// outline touches a sheet of paper it lies on, wood grain crosses its sides, or a dark photo
/// leaves its edges too soft, and the sheet's or the grain's long edges outrank its short ones.
/// The frame pass then spreads its keypoints over the whole frame (at 960 px), and the card's
/// share of them is too thin for its template to reach RANSAC's consensus. Each tile, two
/// thirds of the frame on each side, holds any card whose bounding box spans up to a third of
/// either side wholly, at twice its share of the detector's keypoints and, in a large photo, at
/// a finer scale. Measured on generated small captures (every card side's flat seeds 9600-9601,
/// synthesis seed 9610, four each; not the evaluation set): 83 of 96 named against 79, none of
/// 24 negatives and 24 captures of held-out designs named. Only images nothing else answered
/// pay for it (four frame passes); a capture session's camera frames skip it.
extension DocumentClassifier {
    /// Each tile's share of the frame's width and height.
    static let tileShare = 2.0 / 3.0
    /// Keypoints detected in a tile (as in a region of interest, `regionFeatures`).
    static let tileFeatures = 2000

    /// The four tiles (top-left, top-right, bottom-left, bottom-right) of a `width`x`height` frame.
    static func tiles(width: Int, height: Int) -> [(x: Int, y: Int, width: Int, height: Int)] {
        let w = Int((Double(width) * tileShare).rounded()), h = Int((Double(height) * tileShare).rounded())
        guard w >= 64, h >= 64 else { return [] }
        return [(0, 0), (width - w, 0), (0, height - h), (width - w, height - h)].map { ($0.0, $0.1, w, h) }
    }

    /// The first confident answer of the frame pass run on a tile whose document lies wholly in
    /// the photo, with its corners in `image`'s pixels; nil when no tile gives one. A card the
    /// photo cuts off is the frame pass's and the regions' (its outline is located).
    /// `cardInView`: as `classifyFrame`'s.
    func classifyTiles(_ image: Image, readHeaderText: Bool, cardInView: Bool = false) throws -> ClassificationResult? {
        for r in Self.tiles(width: image.width, height: image.height) {
            guard let crop = try? image.cropped(x: r.x, y: r.y, width: r.width, height: r.height) else { continue }
            var result = try classifyFrame(crop, readHeaderText: readHeaderText, features: Self.tileFeatures, cardInView: cardInView)
            if Recognizer.debug {
                FileHandle.standardError.write(Data("tile \(r) conf=\(result.confidence)\n".utf8))
            }
            // The tiles overlap, so a card wholly in one is often wholly in the next: a match
            // refused on many verified keypoints (its header or layout said another design) was
            // refused on what the other tiles would see again. An unseen Alberta licence verified
            // a trained Nova Scotia ID front on 60 and 71 inliers in two tiles, refused, and on 70
            // in the third, accepted at 0.96 (scripts/evaluate-holdout's unseen look-alikes).
            if result.templateIndex == nil, result.bestIndex != nil, result.inliers >= Self.verifyInliers { return nil }
            // Four more passes are four more chances for another design's keypoints to agree
            // by chance (an unseen Alberta licence verified Ontario's on 31 inliers in one tile,
            // its title unread): only a sure answer stands.
            guard result.templateIndex != nil, result.confidence >= Self.verifyBelow, let c = result.corners else { continue }
            let offset = Point(x: Double(r.x), y: Double(r.y))
            func moved(_ q: Quad) -> Quad {
                Quad(topLeft: q.topLeft + offset, topRight: q.topRight + offset,
                     bottomRight: q.bottomRight + offset, bottomLeft: q.bottomLeft + offset)
            }
            let corners = moved(c)
            guard corners.isInside(width: image.width, height: image.height) else { continue }
            result.corners = corners
            result.projectedOutline = result.projectedOutline.map(moved)
            result.orientation = Orientation(of: corners)
            return result
        }
        return nil
    }
}
