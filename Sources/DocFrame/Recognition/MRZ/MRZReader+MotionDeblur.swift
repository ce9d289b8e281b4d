import Foundation

extension MRZReader {
    /// Cuts the search of the deblurred photo may read: an image's.
    static let deblurredCuts = MRZCutBudget.perImage

    /// The zone of `image` read again with the camera's motion undone, the image's last resort
    /// (`readPassportTurned`, once every other search read nothing valid): the streak measured
    /// where a candidate zone was too blurred to read (`MRZLineSharpness`), or in the photo's
    /// middle when no search found a zone it could read at all (blur merges a zone's lines with
    /// the page's, or smears them past the line finder; a mild streak leaves lines the
    /// sharpness floor passes that read nothing); the whole photo deconvolved by it
    /// (`MRZMotionDeblur`) and searched as a photo of its own.
    ///
    /// Nil when there is nothing to measure, the streak is unclear (defocus, a sharp photo:
    /// on bench-mrz's dev seeds no capture without motion blur measured one) or nothing was read.
    /// Done once per image: the reading is kept in `budget`'s memo for the image's other searches.
    ///
    /// `quarterTurns`: the clockwise quarter turns `image` needs for the zone to stand upright.
    func deblurredZone(in image: Image, budget: MRZCutBudget) throws -> (mrz: MRZResult, quarterTurns: Int)? {
        try budget.memo.deblurred(image) {
            let gray: Image, measuredIn: MRZMotionDeblur.Region, turns: Int
            if let candidate = Self.blurredCandidate(in: image, memo: budget.memo) {
                gray = candidate.turned.gray
                let minimum = MRZMotionDeblur.minimumRegionHeight(imageWidth: gray.width, imageHeight: gray.height)
                guard let around = MRZMotionDeblur.region(around: candidate.lines, width: gray.width, height: gray.height,
                                                          minimumHeight: minimum) else { return nil }
                (measuredIn, turns) = (around, candidate.quarterTurns)
            } else {
                gray = try budget.memo.turned(image, quarterTurns: 0).gray
                let side = min(gray.width, gray.height, Self.wholeImageMeasure)
                measuredIn = MRZMotionDeblur.Region(x: (gray.width - side) / 2, y: (gray.height - side) / 2, width: side, height: side)
                turns = 0
            }
            let streak = try MRZMotionDeblur.measure(in: gray, region: measuredIn)
            if MRZMotionDeblur.trace {
                FileHandle.standardError.write(Data(String(format: "mrz deblur streak length=%.1f angle=%.1f clarity=%.2f\n",
                                                           streak.length, streak.angle, streak.clarity).utf8))
            }
            guard streak.clarity >= MRZMotionDeblur.minimumClarity else { return nil }
            let whole = MRZMotionDeblur.Region(x: 0, y: 0, width: gray.width, height: gray.height)
            let sharper = try MRZMotionDeblur.deblurred(gray, region: whole, streak: streak)
            if let dump = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_DEBLUR_DUMP"] { try? sharper.write(to: dump, as: .png) }
            // Searched whole (the page it places, its outline's cut), every way up: read as the
            // zone's region alone, a zone in perspective read nothing valid that the whole read.
            let read = try readPassportTurned(in: sharper, budget: MRZCutBudget(limit: Self.deblurredCuts), deblurring: false)
            if MRZMotionDeblur.trace {
                FileHandle.standardError.write(Data("mrz deblur read=\(read != nil) valid=\(read?.mrz.valid ?? false)\n".utf8))
            }
            return read.map { (mrz: $0.mrz, quarterTurns: ($0.quarterTurns + turns) % 4) }
        }
    }

    /// The candidate zone whose region measures the streak: the first measured too blurred in
    /// the first way up that had one, among those of a zone's shape (two or three lines, each
    /// at least `blurredElongation` times as long as high: blur fattens a zone's lines).
    static func blurredCandidate(in image: Image, memo: MRZLineMemo) -> (quarterTurns: Int, turned: MRZLineMemo.Turned, lines: [TextLineBox])? {
        for (turns, turned, zones) in memo.blurredZones(in: image) {
            if let lines = zones.first(where: { z in
                (2...3).contains(z.count) && z.allSatisfy { $0.width >= blurredElongation * $0.height }
            }) {
                return (turns, turned, lines)
            }
        }
        return nil
    }

    /// The side of the square in the middle of a photo with no blurred candidate zone whose
    /// cepstrum measures its streak (bounds the cost: 25 tiles or fewer).
    static let wholeImageMeasure = 768

    /// How long for its height a blurred zone's line is at least (a sharp TD3 line is about 42
    /// times, a TD1 line about 21; blur fattens both).
    static let blurredElongation = 10.0
}
