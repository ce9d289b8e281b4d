/// Picks the lines that form a machine-readable zone among the text lines found in an image
/// (policy; the shim only measures).
///
/// An MRZ is 2 or 3 lines of the same length, parallel, left-aligned, evenly and closely spaced,
/// each far longer than high (30 to 44 characters of a monospaced font), and usually the
/// longest text lines on the page, at its bottom. Groups are ranked by how well they fit that.
struct MRZLocator: Sendable {
    /// A candidate zone, lines top to bottom.
    struct Group: Sendable {
        var lines: [TextLineBox]
        var score: Double
    }

    /// Candidate groups, best first (at most `limit`).
    func groups(in lines: [TextLineBox], imageWidth: Int, imageHeight: Int, limit: Int = 3) -> [Group] {
        // Long, thin, near-horizontal lines only. An OCR-B character is about 0.7 of its line
        // box height wide, so 30 characters make a box at least ~15 times as long as high.
        let candidates = lines.filter {
            $0.width >= 12 * $0.height && abs($0.angle) <= 30 && $0.width >= 0.15 * Double(imageWidth)
        }
        var groups: [Group] = []
        for (i, first) in candidates.enumerated() {
            var members = [first]
            for next in candidates[(i + 1)...] {
                guard members.count < 3 else { break }
                let last = members[members.count - 1]
                if fits(next, after: last, first: first) { members.append(next) }
            }
            guard members.count >= 2 else { continue }
            // A 3-line group also yields its 2-line prefix and suffix (a TD3 below a text line).
            var options = [members]
            if members.count == 3 {
                options.append(Array(members.prefix(2)))
                options.append(Array(members.suffix(2)))
            }
            for option in options {
                groups.append(Group(lines: option, score: score(option, imageWidth: imageWidth, imageHeight: imageHeight)))
            }
        }
        return Array(groups.sorted { $0.score > $1.score }.prefix(limit))
    }

    /// Whether `next` continues a zone whose last line is `last`.
    private func fits(_ next: TextLineBox, after last: TextLineBox, first: TextLineBox) -> Bool {
        let height = (next.height + last.height) / 2
        let dy = next.centerY - last.centerY
        let lengthRatio = next.width / last.width
        return dy > 1.1 * height && dy < 3.2 * height
            && lengthRatio > 0.85 && lengthRatio < 1.18
            && abs(next.left - first.left) < 0.06 * first.width
            && abs(next.angle - last.angle) < 3
            && next.height / last.height > 0.6 && next.height / last.height < 1.6
    }

    private func score(_ lines: [TextLineBox], imageWidth: Int, imageHeight: Int) -> Double {
        let widths = lines.map(\.width)
        let meanWidth = widths.reduce(0, +) / Double(widths.count)
        let evenness = 1 - (widths.max()! - widths.min()!) / meanWidth
        let length = meanWidth / Double(imageWidth)
        let lowness = lines.last!.centerY / Double(imageHeight)
        return length * 2 + evenness + 0.5 * lowness + (lines.count == 3 ? 0.1 : 0)
    }
}
