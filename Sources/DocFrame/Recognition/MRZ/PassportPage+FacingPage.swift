extension PassportPage {
    /// The pages that would face `outline` across its long sides in an open booklet lying flat:
    /// the same rectangle in the same plane, moved by its own height past each long side,
    /// through the outline's perspective (the page below first, then the one above), in the
    /// landscape corner order of `outline`. A side whose far corners the perspective puts
    /// beyond the plane's horizon gives none.
    ///
    /// Why: an open passport shows its photo page with the facing page across the fold, both of
    /// one size (ICAO 9303's TD3 page, the booklet bound along the page's long side). The
    /// facing page is often the only page the locator outlines whole (blank, clear-edged, while
    /// the photo page runs out of the photo beyond it: the camera set's cut-off pages); the
    /// photo page is then where the facing page's mirror lies.
    ///
    /// - Parameter overlap: how far (share of the page's height) each facing page reaches back
    ///   into `outline`: an outline that ran past the fold to the first strong edge on the photo
    ///   page (its title band's lower edge) holds the title band itself.
    /// - Parameter folds: where the fold lies on each side, as a share of the outline's height
    ///   from its own top (below; default 1) and from its bottom (above; default 1): a fold found
    ///   inside the outline (`foldShares`) makes the facing page that much shorter too, the
    ///   outline being the facing page and what lies past the fold.
    static func facingPages(of outline: Quad, overlap: Double = 0, folds: (below: Double, above: Double) = (1, 1)) -> [Quad?] {
        let (toImage, w, h) = plane(of: outline)
        func depth(_ y: Double, _ x: Double) -> Double { toImage.m[6] * x + toImage.m[7] * y + toImage.m[8] }
        // The outline's own corners lie on one side of the plane's horizon; the facing page's
        // far corners must too.
        let sign = depth(0, 0) >= 0 ? 1.0 : -1.0
        func rows(_ near: Double, _ far: Double) -> Quad? {
            guard [near, far].allSatisfy({ sign * depth($0, 0) > 1e-9 && sign * depth($0, w) > 1e-9 }) else { return nil }
            return Quad(topLeft: toImage.apply(Point(x: 0, y: near)), topRight: toImage.apply(Point(x: w, y: near)),
                        bottomRight: toImage.apply(Point(x: w, y: far)), bottomLeft: toImage.apply(Point(x: 0, y: far)))
        }
        let below = folds.below * h, above = (1 - folds.above) * h
        return [rows(below - overlap * h, 2 * below), rows(above - (h - above), above + overlap * h)]
    }

    /// Where the fold lies across each long side of `outline`, as `facingPages` takes it: the
    /// first strong change of the rows' brightness met going from the outline's inside towards
    /// that side, within `foldSearch` of it. The facing page is blank paper up to the fold; past
    /// it, the photo page's title band begins. An outline of the facing page may run on past the
    /// fold to the band's far edge (dev: 5-10% of the page's height, where the band's two edges
    /// were of like strength): the first edge is the fold, not the strongest.
    static func foldShares(of outline: Quad, in image: Image) -> (below: Double, above: Double) {
        let (toImage, w, h) = plane(of: outline)
        let (from, to) = (1 - foldSearch, 1 + foldBeyond)
        func share(towardsBottom: Bool) -> Double {
            // Rows from inside the outline (t = 0) out past its side (t = 1).
            func y(_ t: Double) -> Double { (towardsBottom ? from + (to - from) * t : 1 - from - (to - from) * t) * h }
            let strip = Quad(topLeft: toImage.apply(Point(x: 0.05 * w, y: y(0))), topRight: toImage.apply(Point(x: 0.95 * w, y: y(0))),
                             bottomRight: toImage.apply(Point(x: 0.95 * w, y: y(1))), bottomLeft: toImage.apply(Point(x: 0.05 * w, y: y(1))))
            let rowsCount = 96
            guard strip.isInside(width: image.width, height: image.height),
                  let flat = try? image.warped(strip, width: 240, height: rowsCount),
                  let gray = try? flat.isGrayscale ? flat : flat.grayscale(),
                  let pixels = try? gray.packedPixels() else { return 1 }
            let means = (0..<rowsCount).map { r in Double(pixels[(r * 240)..<((r + 1) * 240)].reduce(0) { $0 + Int($1) }) / 240 }
            // Brightness change over a few rows: the fold's, softened by the warp and the lens.
            let step = 2
            var edges = [Double](repeating: 0, count: rowsCount)
            for r in step..<(rowsCount - step) { edges[r] = abs(means[r + step] - means[r - step]) }
            guard let strongest = edges.max(), strongest >= foldMinContrast,
                  let first = edges.firstIndex(where: { $0 >= foldFirstEdge * strongest }) else { return 1 }
            // The peak of the first edge, not where it starts to rise.
            var peak = first
            while peak + 1 < rowsCount, edges[peak + 1] >= edges[peak] { peak += 1 }
            let t = Double(peak) / Double(rowsCount - 1)
            return from + (to - from) * t
        }
        return (share(towardsBottom: true), share(towardsBottom: false))
    }

    /// The outline's plane: the transform from a TD3-shaped rectangle `w` x `h` onto
    /// `outline` in landscape corner order, in which the facing pages and the fold are placed.
    private static func plane(of outline: Quad) -> (toImage: Homography, w: Double, h: Double) {
        let w = 1000.0, h = (1000.0 / DocumentFormat.td3.aspectRatio).rounded()
        return (Homography.rectangle(width: Int(w), height: Int(h), to: outline.landscape), w, h)
    }

    /// How far inside the outline (share of its height) the fold is looked for, and how far
    /// past its side.
    static let foldSearch = 0.16, foldBeyond = 0.03
    /// The least brightness change (grey levels over four rows) that makes a fold: paper
    /// against paper with no band leaves the outline's own side.
    static let foldMinContrast = 12.0
    /// The share of the strongest edge the first one must reach to count as the fold: the
    /// facing page's faint ruled lines stay under it.
    static let foldFirstEdge = 0.5
}
