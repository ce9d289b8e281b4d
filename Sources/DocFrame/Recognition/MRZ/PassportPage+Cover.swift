extension PassportPage {
    /// `outline` with each side that runs along a dark border moved in to where the page's
    /// paper begins, or nil when no side does.
    ///
    /// Why: a passport booklet's cover (dark blue, green, red, black) stands a few millimetres
    /// beyond its pages, and a blurred page's own edge is too soft for the locator, which then
    /// outlines the cover. Seen flat, such an outline puts the zone's rows on the cover's edge
    /// (`MRZBand` measured a dark line where line 2 should be) and the page's shape a few
    /// percent off. Blur softens the step from cover to paper but leaves it where it was.
    static func insideCover(_ outline: Quad, in image: Image) -> Quad? {
        let w = MRZBand.width, h = MRZBand.height
        guard let flat = try? image.warped(outline, width: w, height: h),
              let gray = try? flat.isGrayscale ? flat : flat.grayscale(),
              let pixels = try? gray.packedPixels() else { return nil }
        func at(_ x: Int, _ y: Int) -> Double { Double(pixels[y * w + x]) }
        // The paper: the page's bright middle (print is darker; a photo or a band is a part).
        var middle: [Double] = []
        for y in stride(from: h / 10, to: h * 3 / 4, by: 2) { for x in stride(from: w * 2 / 5, to: w * 19 / 20, by: 2) { middle.append(at(x, y)) } }
        middle.sort()
        let paper = middle[middle.count * 3 / 4]
        // Mean brightness of the line `depth` in from side `side` (0 top, 1 right, 2 bottom, 3
        // left), over the side's middle three fifths (corners and a finger stay out).
        func line(_ side: Int, _ depth: Int) -> Double {
            let along = side % 2 == 0 ? w : h
            var sum = 0.0
            let span = (along / 5)..<(along * 4 / 5)
            for t in span {
                switch side {
                case 0: sum += at(t, depth)
                case 1: sum += at(w - 1 - depth, t)
                case 2: sum += at(t, h - 1 - depth)
                default: sum += at(depth, t)
                }
            }
            return sum / Double(span.count)
        }
        var insets = [0.0, 0.0, 0.0, 0.0]
        for side in 0..<4 {
            let across = side % 2 == 0 ? h : w
            let reach = max(4, Int(coverReach * Double(across)))
            let profile = (0...reach).map { line(side, $0) }
            let edge = profile.prefix(2).reduce(0, +) / 2
            guard edge <= paper - coverContrast else { continue }
            // Where the profile climbs past halfway from the cover to the paper, and stays there.
            let half = (edge + paper) / 2
            guard let rise = profile.indices.first(where: { i in profile[i...].prefix(3).allSatisfy { $0 >= half } }),
                  profile[rise...].contains(where: { $0 >= paper - coverContrast / 2 }) else { continue }
            insets[side] = Double(rise) / Double(across)
        }
        if Recognizer.debugPassport { debugLog("cover insets=\(insets.map { ($0 * 1000).rounded() / 1000 }) paper=\(paper)") }
        // A cover stands out around the page on the sides away from the fold: one dark side
        // alone is as often a band printed along the page's edge (an Orvanian dev page's left
        // edge, 2.5% in, was taken for the cover and the page placed 2.7% off).
        guard insets.filter({ $0 >= minCoverInset }).count >= 2 else { return nil }
        for side in 0..<4 where insets[side] < minCoverInset { insets[side] = 0 }
        let toImage = Homography.rectangle(width: w, height: h, to: outline)
        let (x0, x1) = (insets[3] * Double(w), (1 - insets[1]) * Double(w))
        let (y0, y1) = (insets[0] * Double(h), (1 - insets[2]) * Double(h))
        return Quad(topLeft: toImage.apply(Point(x: x0, y: y0)), topRight: toImage.apply(Point(x: x1, y: y0)),
                    bottomRight: toImage.apply(Point(x: x1, y: y1)), bottomLeft: toImage.apply(Point(x: x0, y: y1)))
    }

    /// How far in (share of the outline's height or width) a cover's edge is looked for: covers
    /// stand 2-4 mm beyond the 88 mm page.
    static let coverReach = 0.07
    /// The least inset that counts as a cover's (share of the outline's height or width): covers
    /// stand 2-4 mm beyond a 125 x 88 mm page (1.6-4.5%); a few pixels are the page's own soft edge.
    static let minCoverInset = 0.015
    /// How much darker than the paper a cover's rows are (grey levels).
    static let coverContrast = 50.0
}
