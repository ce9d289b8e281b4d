import Foundation
internal import CDocVision

/// Glare judged against the recognised template's reference image.
///
/// The plain washed-out share (`QualityReport.glare`) cannot tell glare from white print: a
/// card with white fields reads 0.2-0.6 with no glare, and a highlight that keeps a little
/// colour reads near 0. With the document recognised, its reference says where the design is
/// white; glare is then a patch of near-white, colourless pixels where the design is not
/// (`dv_measure_reference_glare`). The measure is the largest such patch over the document's
/// area (`CapturePolicy.maxReferenceGlare` decides).
///
/// A glare pixel is HSV value >= 236 and saturation <= 12 (the glare's core reads value 242,
/// saturation 2; Ontario's pale background 219 and 24), or, in a photo whose exposure brought
/// paper white down, at least that paper white plus `paperMargin`: glare is light the card
/// reflects whole, brighter than any print. Paper white is the photo's median value where the
/// reference is white (well inside, so the outline's error does not reach it). A dim 1280x720
/// Ontario sequence (seed 4) showed why: its glare's clipped core read 213-229, paper white
/// 193-196, and the fixed 236 saw nothing (the card was taken under the full glare); relative,
/// its glared frames read 0.0045 or more with the outline shifted 2% either way. Margin 14, not
/// less: the Ontario photo card's portrait background (personal data, a blur in the reference)
/// is brighter than its pale paper and read 0.0078 at margin 10 with the outline 2% off, 0.0006
/// at 14; clean frames of 426x240 sequences of six designs (dev seeds 11, 12) read no higher
/// than with the fixed value. Against the reference a glare pixel is clipped light: saturation
/// <= 4 (`clippedSaturation`; the sequences' cores read 0-2), not 12: at 12, with paper white
/// judged relative, a tracked outline 10% off (the `approach` sequence) put the card's white
/// strip over coloured design and read 0.0062 on clean frames; at 4, 0. The reference's white is
/// judged on its colour averaged over `whiteWindow` (5) pixels: Ontario's pale tinted background
/// has single pixels that pass for white, and the widening by `tolerance` spread them over most
/// of it, hiding glare there (dev sequences, glared frames: Ontario 0.009 -> 0.025, Quebec front
/// 0.003 -> 0.028; clean frames, outline 2% off either way, still 0 on Ontario's licence and
/// photo card, BC's and Quebec's fronts). The reference is white at value >= 230
/// and saturation <= 14, widened by 2 pixels. The glare mask is then opened with a `opening`
/// square: a glare is a solid blob, while the white modules of a barcode and the thin white
/// frames of the artwork, which the reference blanks or a slightly wrong outline shifts onto
/// non-white, are thin (the BC back's barcode read 0.012-0.015 without the opening, as glare).
/// Calibration, flattened with the ground-truth corners, with the corners pushed out by 2% of the
/// width, and shifted down by 4%: the committed glare sequence's glared frames (strength >= 1)
/// read 0.0049 / 0.0045 / 0.0026 at least; the clean frames of the committed sequences and of
/// 1280x720 and 426x240 ones made for Ontario, BC and Quebec 0 / 0.0012 / 0.0099 at most (the
/// 4% shift, far beyond the tracker's error, on Quebec). Shares of white reference by that
/// rule: BC 0.05, Ontario license 0.17, Ontario health card 0.47, Quebec 0.45/0.62, PR card
/// 0.62/0.79. Designs over `maximumWhiteShare` have too little non-white area for that, and the
/// plain washed-out measure reads their white as glare (a glare-free Quebec back about 0.24, held
/// on "Avoid the glare" for ever); they are judged by the print they lose instead
/// (`dv_measure_print_washout`): washed-out pixels where the reference has print within a
/// `printWindow` square (value under `printValue`) but the photo has none (darkest value at least
/// `lostValue` over that square widened by `printTolerance`). Flattened from the committed
/// captures at full size and at 426x240: clean 0 (Quebec back, PR front and back), with the
/// outline shifted 2% 0.0015 at most, 4% 0.0017 (Quebec), 0.0084 (PR front, downward: beyond
/// the tracker's error); a synthetic glare spot over the Quebec back's text block 0.0038-0.0073
/// (the photo's print, blurred at 426x240, stays under 170 where the design has print, so 200
/// lies well above it).
/// What it cannot see: a spot over one thin line of text only (under 0.0012), over the barcode
/// or the portrait (not print by `printValue` at this width, or bright enough to pass).
///
/// Photos among the personal data are left out (the template's stability mask, cells under
/// `minimumStability`, whose patch fills a `photoCells` square somewhere, widened by a cell and
/// `tolerance`): a portrait's pale cheek, clipped (value 254-255, saturation 0-4), read 0.0011 on
/// the clean Ontario capture, as much as a small spot, and 0.0059 with the outline shifted 2%;
/// left out, 0 and 0.0008. Typed fields and signatures (a cell or two tall) are judged like the
/// design around them: the reference is blurred there, which keeps the card's background colour,
/// and clipped light over them is glare over what the card is taken for (all personal data was
/// left out before, and a spot 0.06 card widths in radius over the Ontario licence's name or
/// address read 0; now over the threshold, while the clean captures of all twelve built-in sides,
/// with the true outline and 2% off, still read under it). Over
/// the reference's white, where colour alone cannot tell glare from paper, a coloured design is
/// judged by the print the photo lost there, or by clipped light brighter than the photo's paper
/// white by `paperMargin` (the Quebec front is 45% white, and spots there were not judged at
/// all: a spot 0.04 card widths in radius was caught at 4 of 25 positions at 0.0015, now 18;
/// the committed clean captures of the ten coloured sides read 0 with the true outline and
/// 0.0008 at most shifted 2%).
///
/// Everything that depends on the template alone (white, print and personal-data masks) is
/// prepared once per template (`prepare`, called when the document is classified, off the
/// frame path); a frame costs one small warp and a few passes over 41,000 pixels.
final class ReferenceGlare: @unchecked Sendable {
    static let shared = ReferenceGlare()

    /// Work width of the comparison (the reference's aspect gives the height).
    let width = 256
    /// A design whiter than this (share of its reference) leaves too little to judge glare on.
    static let maximumWhiteShare = 0.55
    let glareValue: Int32 = 236
    /// Glare is judged at the photo's paper white plus this much where that is under
    /// `glareValue` (the photo's exposure brought white down): the value where the reference is
    /// white, measured on the frame itself (see the type's notes).
    let paperMargin: Int32 = 14
    /// Share of the document the reference must have white (well inside its white areas) for
    /// the paper white to be measured; under it, `glareValue` alone.
    let minimumPaperShare: Float = 0.005
    /// Paper white read under this is no paper: the reference's white there is mostly personal
    /// data it blanks (the Ontario back's barcode read 80); `glareValue` alone then.
    let minimumPaperValue: Int32 = 160
    /// Saturation of a washed-out pixel where print was lost.
    let glareSaturation: Int32 = 12
    /// Saturation of a glare pixel over coloured design: clipped light, all channels alike (the
    /// sequences' glare cores read 0-2). Colourless pale design read at 12 (see the type's notes).
    let clippedSaturation: Int32 = 4
    /// Square the reference's colour is averaged over before its white is judged.
    let whiteWindow: Int32 = 5
    let whiteValue: Int32 = 230
    let whiteSaturation: Int32 = 14
    /// Pixels the white mask is widened by (the outline's error at `width`).
    let tolerance: Int32 = 2
    /// Print in the reference, for designs judged by the print they lose (see above).
    let printValue: Int32 = 170
    /// The photo's darkest value near print that counts as the print washed out.
    let lostValue: Int32 = 200
    /// Side of the square around a pixel searched for print.
    let printWindow: Int32 = 7
    /// Pixels that square is widened by in the photo: print is thin, so an outline 2% off
    /// (5 pixels at `width`) moves it out of a square widened by 2 (the PR front read 0.0045).
    let printTolerance: Int32 = 4
    /// Side of the square that opens the glare mask (thin white structures are not glare).
    let opening: Int32 = 5
    /// Share of the width along each edge left out.
    let edgeBand: Float = 0.04
    /// Stability under which the template's mask marks personal data.
    let minimumStability: Float = 0.5
    /// Personal data filling a square this many mask cells wide is a photo, left out; thinner
    /// personal data (typed fields, a signature) is judged (see the type's notes).
    let photoCells: Int32 = 3

    var settings: dv_glare_settings {
        dv_glare_settings(glare_value: glareValue, paper_margin: paperMargin, min_paper_share: minimumPaperShare,
                          min_paper_value: minimumPaperValue, clipped_saturation: clippedSaturation,
                          washed_saturation: glareSaturation, white_value: whiteValue, white_saturation: whiteSaturation,
                          white_window: whiteWindow, tolerance: tolerance, opening: opening, edge_band: edgeBand,
                          max_white_share: Float(Self.maximumWhiteShare), print_value: printValue, lost_value: lostValue,
                          print_window: printWindow, print_tolerance: printTolerance, min_stability: minimumStability,
                          photo_cells: photoCells)
    }

    /// A template's reference prepared by the shim.
    final class Prepared: @unchecked Sendable {
        let handle: OpaquePointer
        let width: Int
        let height: Int

        init(handle: OpaquePointer, width: Int, height: Int) {
            self.handle = handle
            self.width = width
            self.height = height
        }

        deinit { dv_glare_reference_destroy(handle) }

        var whiteShare: Double { Double(dv_glare_reference_white_share(handle)) }
    }

    private let lock = NSLock()
    /// By reference path; nil when it cannot be loaded (not retried).
    private var cache: [String: Prepared?] = [:]
    private let adjust: @Sendable (inout dv_glare_settings) -> Void

    /// `adjust`: changes to the settings (calibration only).
    init(adjust: @escaping @Sendable (inout dv_glare_settings) -> Void = { _ in }) {
        self.adjust = adjust
    }

    /// The largest glare patch's share of the document (over non-white design, or over the print
    /// of a mostly white one), or nil when there is no reference to compare with.
    /// - Parameter corners: the document's outline in `frame`, in the document's own order.
    func measure(_ frame: Image, corners: Quad, template: DocumentTemplate) throws -> Double? {
        try measured(frame, corners: corners, template: template, mask: false)?.glare
    }

    /// `measure` with the glare mask (at the work size), for checking by eye.
    func measured(_ frame: Image, corners: Quad, template: DocumentTemplate, mask wanted: Bool) throws -> (glare: Double, paper: Double, mask: Image?)? {
        guard frame.channels == 3, let prepared = try prepare(template) else { return nil }
        let flat = try frame.warped(corners, width: prepared.width, height: prepared.height)
        var out = dv_reference_glare()
        var mask: OpaquePointer?
        try DocVision.check { error in
            wanted ? dv_glare_reference_measure(prepared.handle, flat.native.handle, &out, &mask, error)
                : dv_glare_reference_measure(prepared.handle, flat.native.handle, &out, nil, error)
        }
        return (Double(out.largest_patch), Double(out.paper_value), mask.map { Image(native: NativeImage(taking: $0)) })
    }

    /// Loads and prepares `template`'s reference once (tens of milliseconds: the reference and
    /// the trained features are read); later calls return it at once.
    @discardableResult
    func prepare(_ template: DocumentTemplate) throws -> Prepared? {
        guard let url = template.referenceURL else { return nil }
        lock.lock()
        if let known = cache[url.path] {
            lock.unlock()
            return known
        }
        lock.unlock()
        // Loaded outside the lock; a race loads twice.
        var prepared: Prepared?
        if let full = try? Image(contentsOfFile: url.path), full.channels == 3 {
            let small = try full.resized(width: width, height: max(16, width * full.height / max(1, full.width)))
            let stability = try template.featuresURL.flatMap { try? NativeFeatures.load(from: $0) }?.stability()
            var settings = self.settings
            adjust(&settings)
            var handle: OpaquePointer?
            try DocVision.check { error in
                if let stability {
                    stability.mask.withUnsafeBufferPointer { m in
                        dv_glare_reference_create(small.native.handle, m.baseAddress, Int32(stability.width), Int32(stability.height),
                                                  &settings, &handle, error)
                    }
                } else {
                    dv_glare_reference_create(small.native.handle, nil, 0, 0, &settings, &handle, error)
                }
            }
            if let handle { prepared = Prepared(handle: handle, width: small.width, height: small.height) }
        }
        lock.lock()
        cache[url.path] = prepared
        lock.unlock()
        return prepared
    }
}
