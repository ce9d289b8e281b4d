import Foundation

/// What tells two twins apart (templates printed on the same artwork with another title: a
/// province's licence and photo card) when their header cannot be read: every part of the design
/// where their references differ. The title is one such part, but rarely the only one: the
/// Ontario backs print other conditions under the barcode, the photo card's front another field
/// label and a band saying it is not a licence. A card whose header is cut off by the frame,
/// under glare or too soft for OCR still shows some of them.
///
/// Made from the two references alone (no captures): the canonical image is cut into tiles, and
/// a tile is kept where both references carry stable design with some texture and the two
/// designs there do not correlate. A query seen through a homography is compared with each
/// twin's pixels on the kept tiles it shows (the header's likeness measure, `dv_compare_region`).
/// The tiles where both print alike (`shared`) are compared too, for how well the photo matches
/// the card at all: only that tells a lead from a blur or a misplacement.
struct TwinContrast: Sendable {
    struct Tile: Sendable {
        let x: Int, y: Int, width: Int, height: Int
        /// The tile in each twin's reference.
        let first: Image
        let second: Image
        var rect: [Int32] { [Int32(x), Int32(y), Int32(width), Int32(height)] }
    }

    let first: Int
    let second: Int
    let tiles: [Tile]
    /// Tiles of design both twins print alike: they tell the twins nothing, but how well the
    /// photo matches them says how far its lead on `tiles` can be trusted (a blurred photo, or
    /// one misplaced by its homography, matches neither twin's print anywhere).
    let shared: [Tile]
    /// The tiles' references smoothed for `smoothedLeads`, made on its first use (most runs
    /// never need them, and making them for every pair of twins would slow every start).
    private let smoothed = SmoothedTiles()

    /// Tiles per canonical width and height: about a line of header text high on an ID-1 card
    /// (80 x 80 pixels), so that a title's or a label's tile is mostly that title.
    static let columns = 12
    static let rows = 8
    /// A tile is design in a reference when this share of it is stable across the training
    /// samples (personal data differs on every card, and a twin's own data fields lie elsewhere).
    static let stableShare = 0.9
    /// Mean gradient (grey levels per pixel) a tile needs in both references to be compared: a
    /// flat tile's correlation is noise.
    static let texture = 2.0
    /// Tiles whose references correlate at most this much differ. Same print correlates 0.8 or
    /// more through the comparison's small shift search; the Ontario twins' differing labels and
    /// titles 0.1-0.5.
    static let differing = 0.6
    /// Grey-level standard deviation both smoothed references need on a tile for the smoothed
    /// comparison to count it.
    static let smoothedTexture: Float = 8
    static let debugTiles = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_TILES"] == "1"

    /// The contrast of templates `first` and `second` (same canonical size), nil when their
    /// references differ nowhere that can be compared.
    init?(first: Int, reference a: Image, stability sa: (mask: [Float], width: Int, height: Int)?,
          second: Int, reference b: Image, stability sb: (mask: [Float], width: Int, height: Int)?) throws {
        guard a.width == b.width, a.height == b.height, a.width >= Self.columns * 16, a.height >= Self.rows * 16 else { return nil }
        self.first = first
        self.second = second
        let ga = try Self.gradient(of: a), gb = try Self.gradient(of: b)
        let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])
        var tiles: [Tile] = []
        var shared: [Tile] = []
        for row in 0..<Self.rows {
            for column in 0..<Self.columns {
                let x = column * a.width / Self.columns, y = row * a.height / Self.rows
                let w = (column + 1) * a.width / Self.columns - x, h = (row + 1) * a.height / Self.rows - y
                guard Self.share(of: sa, x: x, y: y, width: w, height: h, imageWidth: a.width, imageHeight: a.height) >= Self.stableShare,
                      Self.share(of: sb, x: x, y: y, width: w, height: h, imageWidth: a.width, imageHeight: a.height) >= Self.stableShare,
                      Self.mean(ga, x: x, y: y, width: w, height: h, stride: a.width) >= Self.texture,
                      Self.mean(gb, x: x, y: y, width: w, height: h, stride: a.width) >= Self.texture else { continue }
                let ca = try a.cropped(x: x, y: y, width: w, height: h), cb = try b.cropped(x: x, y: y, width: w, height: h)
                var ab: Float = -1, ba: Float = -1
                let rect: [Int32] = [Int32(x), Int32(y), Int32(w), Int32(h)]
                try NativeRegion.compare(query: b, homography: identity, reference: ca, rect: rect, similarity: &ab)
                try NativeRegion.compare(query: a, homography: identity, reference: cb, rect: rect, similarity: &ba)
                let tile = Tile(x: x, y: y, width: w, height: h, first: ca, second: cb)
                if Double(max(ab, ba)) <= Self.differing { tiles.append(tile) } else { shared.append(tile) }
            }
        }
        guard !tiles.isEmpty else { return nil }
        self.tiles = tiles
        self.shared = shared
    }

    /// How much more the query looks like `first` than like `second` on the differing tiles it
    /// shows (mean difference of the two correlations, -2...2), with the number of tiles shown.
    /// `homography` maps canonical pixels to the query's. `fit` is the mean of the better twin's
    /// correlation per tile; `match` the same mean over every tile shown, `shared` ones
    /// included (how well the photo's gradients match the card's print at all).
    func lead(query: Image, homography: Homography) throws -> (lead: Double, tiles: Int, fit: Double, match: Double) {
        var sum = 0.0
        var fit = 0.0
        var all = 0.0
        var shown = 0, allShown = 0
        for (k, t) in (tiles + shared).enumerated() where shows(t, query: query, homography: homography) {
            let (sa, sb) = try NativeRegion.comparePair(query: query, homography: homography, first: t.first, second: t.second, rect: t.rect)
            if Self.debugTiles {
                FileHandle.standardError.write(Data(String(format: "  gtile %d,%d %dx%d%@: %.3f %.3f\n", t.x, t.y, t.width, t.height,
                                                           k < tiles.count ? "" : " shared", sa, sb).utf8))
            }
            all += Double(max(sa, sb))
            allShown += 1
            guard k < tiles.count else { continue }
            sum += Double(sa - sb)
            fit += Double(max(sa, sb))
            shown += 1
        }
        return (shown > 0 ? sum / Double(shown) : 0, shown, shown > 0 ? fit / Double(shown) : 0, allShown > 0 ? all / Double(allShown) : 0)
    }

    /// `lead` in grey levels smoothed by each of `sigmas` (template pixels) instead of gradients,
    /// for a blurred photo, one result per sigma: `fit` is then how well that smoothing matches
    /// the photo's blur, `match` the same over every tile shown (`shared` ones included), the
    /// better measure of it. A tile counts at a sigma only where both references keep
    /// `smoothedTexture` after the smoothing. All sigmas are compared in one pass over the tiles
    /// (each tile's query pixels cut once): the same values as one pass per sigma.
    func smoothedLeads(query: Image, homography: Homography, sigmas: [Float]) throws
        -> [(lead: Double, tiles: Int, fit: Double, match: Double)] {
        var sum = [Double](repeating: 0, count: sigmas.count)
        var fit = [Double](repeating: 0, count: sigmas.count)
        var shown = [Int](repeating: 0, count: sigmas.count)
        var all = [Double](repeating: 0, count: sigmas.count)
        var allShown = [Int](repeating: 0, count: sigmas.count)
        let everyTile = tiles + shared
        let pairs = try smoothed.pairs(of: everyTile, sigmas: sigmas)
        for (n, (t, pair)) in zip(everyTile, pairs).enumerated() where shows(t, query: query, homography: homography) {
            let compared = try pair.compareSmoothed(query: query, homography: homography, minContrast: Self.smoothedTexture)
            for (k, c) in compared.enumerated() {
                let (sa, sb) = c.similarity
                if Self.debugTiles {
                    FileHandle.standardError.write(Data(String(format: "  tile %d,%d%@ sigma %.0f: %.3f (%.1f) %.3f (%.1f)\n",
                                                               t.x, t.y, n < tiles.count ? "" : " shared", sigmas[k], sa, c.contrast.0, sb, c.contrast.1).utf8))
                }
                // Print the smoothing flattened in either reference tells nothing.
                guard min(c.contrast.0, c.contrast.1) >= Self.smoothedTexture else { continue }
                all[k] += Double(max(sa, sb))
                allShown[k] += 1
                guard n < tiles.count else { continue }
                sum[k] += Double(sa - sb)
                fit[k] += Double(max(sa, sb))
                shown[k] += 1
            }
        }
        return sigmas.indices.map { k in
            (shown[k] > 0 ? sum[k] / Double(shown[k]) : 0, shown[k], shown[k] > 0 ? fit[k] / Double(shown[k]) : 0,
             allShown[k] > 0 ? all[k] / Double(allShown[k]) : 0)
        }
    }

    /// Each tile's two references smoothed at the blurs asked for (`NativeRegionPair`), made once
    /// under a lock: the classifier is shared across threads.
    private final class SmoothedTiles: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [NativeRegionPair] = []

        func pairs(of tiles: [Tile], sigmas: [Float]) throws -> [NativeRegionPair] {
            lock.lock()
            defer { lock.unlock() }
            if made.count == tiles.count, made.allSatisfy({ $0.sigmas == sigmas }) { return made }
            let pairs = try tiles.map { try NativeRegionPair(first: $0.first, second: $0.second, rect: $0.rect, sigmas: sigmas) }
            made = pairs
            return pairs
        }
    }

    /// How far (a share of the query's longer side) a tile's corner may fall outside the query
    /// for the tile to count as shown: a flattened card whose outline ran a little inside its
    /// edge puts the border tiles (the title, the bottom band) a few pixels out, and the
    /// comparison's search margin covers that.
    static let shownSlack = 0.02

    /// Whether the query shows tile `t` whole (its corners, through `homography`, inside the
    /// query or within `shownSlack` of it).
    private func shows(_ t: Tile, query: Image, homography: Homography) -> Bool {
        let slack = Self.shownSlack * Double(max(query.width, query.height))
        let (w, h) = (Double(query.width) + slack, Double(query.height) + slack)
        let corners = [Point(x: Double(t.x), y: Double(t.y)), Point(x: Double(t.x + t.width), y: Double(t.y)),
                       Point(x: Double(t.x + t.width), y: Double(t.y + t.height)), Point(x: Double(t.x), y: Double(t.y + t.height))]
            .map(homography.apply)
        return corners.allSatisfy { $0.x >= -slack && $0.y >= -slack && $0.x <= w && $0.y <= h }
    }

    /// Absolute grey-level gradient (|dx| + |dy| over one pixel) of `image`, row-major.
    private static func gradient(of image: Image) throws -> [Float] {
        let gray = try image.grayscale()
        let p = try gray.packedPixels()
        let (w, h) = (gray.width, gray.height)
        var g = [Float](repeating: 0, count: w * h)
        for y in 0..<(h - 1) {
            for x in 0..<(w - 1) {
                let i = y * w + x
                g[i] = Float(abs(Int(p[i + 1]) - Int(p[i])) + abs(Int(p[i + w]) - Int(p[i])))
            }
        }
        return g
    }

    private static func mean(_ values: [Float], x: Int, y: Int, width: Int, height: Int, stride: Int) -> Double {
        var sum = 0.0
        for yy in y..<(y + height) { for xx in x..<(x + width) { sum += Double(values[yy * stride + xx]) } }
        return sum / Double(max(1, width * height))
    }

    /// The stable share of a rectangle of the canonical image, from a template's stability mask
    /// (at a coarser size); 1 without a mask.
    private static func share(of stability: (mask: [Float], width: Int, height: Int)?, x: Int, y: Int, width: Int, height: Int,
                              imageWidth: Int, imageHeight: Int) -> Double {
        guard let s = stability else { return 1 }
        let sx = Double(s.width) / Double(imageWidth), sy = Double(s.height) / Double(imageHeight)
        let x0 = max(0, Int(Double(x) * sx)), x1 = min(s.width, max(x0 + 1, Int((Double(x + width) * sx).rounded(.up))))
        let y0 = max(0, Int(Double(y) * sy)), y1 = min(s.height, max(y0 + 1, Int((Double(y + height) * sy).rounded(.up))))
        var sum = 0.0
        for yy in y0..<y1 { for xx in x0..<x1 { sum += Double(s.mask[yy * s.width + xx]) } }
        return sum / Double(max(1, (x1 - x0) * (y1 - y0)))
    }
}
