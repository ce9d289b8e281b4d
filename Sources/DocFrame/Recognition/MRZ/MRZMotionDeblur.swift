internal import CDocVision
import Foundation

/// A camera's motion streak over a photo whose zone read nothing valid, and the photo with the
/// streak undone.
///
/// A shaken camera smears each point along a short straight line: the photo's spectrum has a
/// comb of zeros across the streak, which its cepstrum shows as one deep trough at the streak's
/// length and direction. Knowing the streak, a Wiener filter takes most of the smear back out
/// (with the true streak, 30 of 39 motion-blurred bench passports read exact). Defocus spreads
/// a point over a disk instead, whose trough is a ring, as deep in every direction: no clear
/// streak, and nothing is tried (its zeros are too deep for the deconvolution to restore).
enum MRZMotionDeblur {
    /// A straight streak in pixels of the image measured, its direction in degrees (0 along the
    /// rows, 90 down the columns) and how far its trough stands out (see `minimumClarity`).
    struct Streak: Sendable, Equatable {
        var length: Double
        var angle: Double
        var clarity: Double

        /// A full-size trough where a JPEG's 8-pixel blocks put one: along the rows or the
        /// columns (within 3 degrees) at a multiple of 8 pixels (within one).
        var looksLikeJPEGBlocks: Bool {
            let lag = length + 1, nearest = (lag / 8).rounded() * 8
            let axial = MRZMotionDeblur.angleApart(angle, 0) <= 3 || MRZMotionDeblur.angleApart(angle, 90) <= 3
            return axial && nearest > 0 && abs(lag - nearest) <= 1
        }
    }

    /// `DOCFRAME_DEBUG_DEBLUR=1`: each estimate on standard error (no characters).
    static let trace = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_DEBLUR"] == "1"

    /// Below this trough-over-ring depth no streak is taken. Measured on bench-mrz's captures of
    /// dev seeds 7300-7600 (400 captures, 52 with motion blur): at half size, sharp, defocused,
    /// glare and JPEG captures 0.9-10.6 (6 of 348 over 8: a text block's line pitch), motion
    /// streaks 2.2-64 (under 8: dark captures, streaks under 20 px); at full size sharp ones
    /// 0.9-10.4.
    static let minimumClarity = 8.0

    /// Streak lengths looked for, as fractions of the image's diagonal: shorter ones leave a
    /// zone readable, longer ones smear a character over its neighbours past any deconvolution.
    static let lengths = 0.004...0.03

    /// The Wiener filter's noise-to-signal ratios, in the order the photo is deconvolved and
    /// read: a zone's strokes need little regularising (7 bench motion captures read exact 4
    /// at 0.001, 3 at 0.003, none at 0.01 or 0.03), and each read vouches for the other's
    /// names line (`MRZReader.deblurredZone`).
    static let noiseToSignal = [0.001, 0.003]

    /// The side of the square in the middle of a photo (at the size measured) whose cepstrum
    /// measures the streak (bounds the cost: 25 tiles or fewer).
    static let measuredSide = 768

    /// Pixel rectangle `[x, y, width, height]`.
    struct Region: Sendable, Equatable {
        var x: Int, y: Int, width: Int, height: Int

        /// The square of side `side` or less in the middle of an image of `width` x `height`.
        static func middle(width: Int, height: Int, side: Int = MRZMotionDeblur.measuredSide) -> Region {
            let s = min(width, height, side)
            return Region(x: (width - s) / 2, y: (height - s) / 2, width: s, height: s)
        }
    }

    /// The streak to undo in `image`: the one measured at half size, where a JPEG's 8-pixel
    /// blocks (every capture's) leave no trough and a long streak's comb is clearer (bench
    /// motion captures: length within 1 px of the truth on 45 of 52); else the one measured at
    /// full size, for a short streak that halving blurs into its neighbours (not where a JPEG's
    /// blocks make a trough). Where both stand out the full-size one is not tried as well: on
    /// the dev seeds it never read what the half-size one missed, at twice the cost. Nil when no
    /// streak stands out (`minimumClarity`): defocus, a sharp photo.
    static func streak(in image: Image) throws -> Streak? {
        let half = try image.resized(width: max(1, image.width / 2), height: max(1, image.height / 2), interpolation: .area)
        let halved = try measure(in: half, region: Region.middle(width: half.width, height: half.height),
                                 scale: 2, diagonal: diagonal(image))
        if trace {
            FileHandle.standardError.write(Data(String(format: "mrz deblur half length=%.1f angle=%.1f clarity=%.2f\n",
                                                       halved.length, halved.angle, halved.clarity).utf8))
        }
        if halved.clarity >= minimumClarity { return halved }
        let full = try measure(in: image, region: Region.middle(width: image.width, height: image.height))
        if trace {
            FileHandle.standardError.write(Data(String(format: "mrz deblur full length=%.1f angle=%.1f clarity=%.2f\n",
                                                       full.length, full.angle, full.clarity).utf8))
        }
        return full.clarity >= minimumClarity && !full.looksLikeJPEGBlocks ? full : nil
    }

    /// `image`'s diagonal in pixels.
    static func diagonal(_ image: Image) -> Double {
        (Double(image.width * image.width + image.height * image.height)).squareRoot()
    }

    /// Degrees between two streak directions (a streak has no sense: at most 90).
    static func angleApart(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 180)
        return min(d, 180 - d)
    }

    /// The deepest trough's streak in `region` of `image` whatever its clarity (0 when nothing
    /// was measured), lengths `lengths` of `diagonal` (the image's own by default), in pixels
    /// of an image `scale` times as large as `image`.
    static func measure(in image: Image, region: Region, scale: Double = 1, diagonal: Double? = nil) throws -> Streak {
        let diagonal = diagonal ?? Self.diagonal(image)
        var out = dv_motion_streak()
        try DocVision.check {
            dv_motion_streak_estimate(image.native.handle, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height),
                                      max(2, lengths.lowerBound * diagonal / scale), lengths.upperBound * diagonal / scale, &out, $0)
        }
        guard out.length > 0 else { return Streak(length: 0, angle: 0, clarity: 0) }
        // The trough lies one pixel past the streak's length: a streak drawn L long covers
        // L + 1 pixels (its antialiased ends), and its zeros are that far apart.
        return Streak(length: max(0, out.length * scale - 1), angle: out.angle, clarity: out.clarity)
    }

    /// `region` of `image` in grey with `streak` undone (Wiener, noise-to-signal ratio `noiseToSignal`).
    static func deblurred(_ image: Image, region: Region, streak: Streak, noiseToSignal: Double) throws -> Image {
        let value = dv_motion_streak(length: streak.length, angle: streak.angle, clarity: streak.clarity)
        return try Image(native: DocVision.makeImage {
            dv_motion_deblur(image.native.handle, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height),
                             value, noiseToSignal, $0, $1)
        })
    }
}
