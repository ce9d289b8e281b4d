import Foundation

/// The answer's corners refined by aligning the image with the template's reference
/// (`ReferenceAlignment`), where the outline or homography they came from is likely off.
///
/// An answer from the layout cue alone has no homography: its corners are the located outline,
/// which blur, a cut-off side, tilt or a box printed on the card put a few percent off. A
/// keypoint answer is placed by its homography, whose corners a few inliers bunched in one part of
/// the card leave loose. Aligning every stable pixel of the design places the card as well as the
/// reference itself, but it costs about as much as the rest of the classification and drifts on
/// thin or repeating designs, so it runs only where the answer is unsure of its outline and its
/// result must clear three checks (a clear gain in correlation, the card's edges not confirming
/// the old outline, the edges not backing the old outline clearly better).
///
/// Measured on generated captures (flat seeds 7001-7004 with synthesis seed 7101, and 7201-7203
/// with 7301 under blur, cut-off, tilt, dark, occlusion, small, glare and shadow; not the
/// evaluation set), 336 ID-card captures: corners within 2% of the diagonal 247 -> 277, within 5%
/// 279 -> 288, running the alignment on about half the answers. On every answer it would have
/// reached 276 and 288.
extension DocumentClassifier {
    /// Keypoint answers with fewer inliers than this are aligned: their homography is loose
    /// (with the two gates below, 20 kept every gain of aligning every answer on the captures
    /// above; 12 lost 5 of the 30, 30 gained nothing over 20).
    static let alignBelowInliers = 20
    /// Keypoint answers with more inliers are aligned when their corners and the template's
    /// outline projected through the homography disagree by more than this share of the
    /// diagonal (the locator took a printed box or a shadow's edge and the outline choice kept it).
    static let alignDisagreement = 0.015
    /// Least correlation of the template's stable design with the image, through the refined
    /// homography, and least gain over the answer's own corners, for the refined corners to
    /// replace them: outlines 2-15% off gained 0.07-0.6 and reached 0.69 or more; a right outline
    /// "gained" up to 0.05 by a drift of the perspective where the stable design is thin (a back
    /// whose lower half is barcode); a cut-off front whose right outline the alignment pulled 20%
    /// away reached 0.50 (TrainingData/test ca-on-photo-front-203-2).
    static let alignedCorrelation = 0.6
    static let alignedGain = 0.05
    /// Times the alignment is started again where it stopped, while it moves the corners and gains.
    static let alignmentRestarts = 2
    /// The least gain in correlation for an appearance answer whose outline reaches past the
    /// photo's border: the sides out of view are the format's guess, completed from the part in
    /// view, where the design in view places them by any clear gain. A dark cut-off licence back
    /// whose completion put the left side 7.6% of the diagonal off was aligned to 0.8% for a gain
    /// of 0.024 (dev captures, render and synthesis seed 29101); nothing else moved on the dev
    /// captures named at `alignedHeldSide`.
    static let guessedOutlineGain = 0.005
    /// Refined corners this close to the answer's (a share of the diagonal) confirm them, and so
    /// do refined corners that, snapped to the card's edges, come back this close: the answer's,
    /// fitted to the edges, are the more precise (the alignment drifts by 1-6% where the stable
    /// design is thin or periodic: the PR card's back, the Ontario licence's back).
    static let alignedAgreement = 0.015
    /// The refined outline is snapped to the card's edges when they lie this close (a share of the
    /// diagonal); farther edges are other lines (a printed box, the table's pattern).
    static let alignedSnap = 0.02
    /// The refined outline is refused when the image's edges back it less than `alignedEdgeLoss`
    /// below the answer's outline and less than `alignedEdgeFloor` in all (the share of the outline
    /// with an edge along it). On the captures above every refusal so made was a drift (blurred PR
    /// and Ontario cards: 0.14-0.48 against 0.69-0.87), while a located printed box replaced by the
    /// card's real, darker edge kept 0.60-0.75.
    static let alignedEdgeLoss = 0.05
    static let alignedEdgeFloor = 0.55
    /// On an underexposed photo, a refined outline through which the design correlates at least
    /// this well, and `alignedClearGain` better than through the answer's, is not refused for the
    /// edges over the fixed thresholds, only for those found at the photo's exposure (dev
    /// captures, render and synthesis seed 39101, dark and tilted: a licence front on a dark
    /// table aligned from 0.11 to 0.92, its corners 7.0% -> 0.1% off, had been refused for the
    /// edges backing a print line inside it 0.64 against its own outline's 0.49; at the photo's
    /// exposure, 0.72 against 0.84).
    static let alignedSureCorrelation = 0.85
    /// The least share of such an outline the dim edges must back where they back it less than
    /// the answer's: right outlines kept 0.59-0.88 on the dev captures above (seeds 39101, 39201,
    /// 39301); drifts 0.23 and 0.58.
    static let alignedDimFloor = 0.6
    /// An answer's outline with every side on an edge (its weakest side's share at least
    /// `alignedHeldSide`) keeps its corners against a refined outline that leaves one side with
    /// `alignedSideLoss` less of an edge, unless the design's correlation gained `alignedClearGain`.
    /// A drift of the alignment over a blurred card's thin design moves one side off the card's
    /// edge onto bare table for a small gain; a located printed box replaced by the card's real
    /// outline gains much (the design was misplaced), even where a dark or low-contrast side of
    /// the card shows no edge there. Measured on generated captures (render seeds 27101-27106 with
    /// synthesis seeds 27102-27103, 28101-28104 with 28102; not the evaluation set), 573 right
    /// answers: the 2 refusals kept corners 1.0-1.1% off that the alignment moved 2.2-5.4% off
    /// (gains 0.05-0.06); none refused a right alignment.
    ///
    /// At 0.8 a small blurred health card's outline with every side on an edge but its weakest at
    /// 0.73 took an alignment (gain 0.05) that left a side bare and moved it 2.9% -> 6.8% off; at
    /// 0.7 it keeps its corners, and nothing else moved on dev captures (render and synthesis
    /// seeds 29101, 29201, 29301, 30101, 30201, 32101; 1152 card captures).
    static let alignedHeldSide = 0.7
    static let alignedSideLoss = 0.3
    static let alignedClearGain = 0.15

    /// Why an answer's corners are aligned: the answer is unsure of its outline (`unsure`), or
    /// it is a sure keypoint answer whose card reaches past the photo's border (`cutOff`): its
    /// homography places the corners out of view by extrapolating from the part in view, where a
    /// few degrees of perspective error move them by several percent of the diagonal.
    enum AlignmentNeed: Equatable {
        case unsure, cutOff
    }

    /// A sure answer aligned only because it is cut off keeps its corners unless the aligned
    /// outline's sides in view lie on the image's edges better by more than this (a share of the
    /// outline's length in view). Measured on generated cut-off captures (flat seeds 3201-3206 and
    /// 3401-3406, not the evaluation set): where the alignment put the corners right, its outline's
    /// support rose by 0.02-0.67; where it drifted on the card's part in view (a perspective tilt
    /// into the part out of view), it fell or stayed within 0.005.
    static let cutOffEdgeGain = 0.01

    /// Whether the answer's corners may be off enough for the alignment to be worth its cost, and why.
    func alignmentNeed(_ result: ClassificationResult, in image: Image) -> AlignmentNeed? {
        guard let corners = result.corners else { return nil }
        switch result.path {
        case .none: return nil
        case .appearance: return .unsure
        case .flattened, .frame:
            if result.inliers < Self.alignBelowInliers { return .unsure }
            if let projected = result.projectedOutline,
               projected.maxCornerDistance(to: corners) > Self.alignDisagreement * max(corners.diagonal, 1) { return .unsure }
            return corners.isInside(width: image.width, height: image.height) ? nil : .cutOff
        }
    }

    /// Refines `result.corners` in place (see the type's note); `result.unalignedCorners` keeps
    /// the replaced ones.
    func align(_ result: inout ClassificationResult, in image: Image) throws {
        guard let i = result.templateIndex, let corners = result.corners, let alignment = alignments[i],
              let need = alignmentNeed(result, in: image) else { return }
        let t = templates[i]
        let start = Homography.rectangle(width: t.width, height: t.height, to: corners)
        guard var refined = try alignment.refine(start, in: image) else { return }
        // The alignment sees the card only as far as a margin around the corners it starts from:
        // an outline short of a band (a dark header, a strip below a printed box) leaves part of
        // the design out of its view, and it stops partway. Started again where it stopped, it
        // sees the rest.
        var from = corners
        for _ in 0..<Self.alignmentRestarts {
            let reached = refined.homography.mapRectangle(width: t.width, height: t.height)
            guard reached.maxCornerDistance(to: from) > Self.alignedAgreement * max(corners.diagonal, 1),
                  refined.correlation > refined.before,
                  let again = try alignment.refine(refined.homography, in: image),
                  again.correlation > refined.correlation else { break }
            if Recognizer.debugCorners {
                FileHandle.standardError.write(Data(String(format: "alignrestart %.3f -> %.3f\n", refined.correlation, again.correlation).utf8))
            }
            from = reached
            refined = (again.homography, again.correlation, refined.before)
        }
        result.alignment = (refined.before, refined.correlation)
        let aligned = refined.homography.mapRectangle(width: t.width, height: t.height)
        let diagonal = max(corners.diagonal, 1)
        // Names the check that kept the answer's corners (DOCFRAME_DEBUG_CORNERS).
        func refused(_ check: String) {
            if Recognizer.debugCorners { FileHandle.standardError.write(Data("alignrefused \(check) aligned=\(aligned.debugText)\n".utf8)) }
        }
        guard refined.correlation >= Self.alignedCorrelation else { return refused("correlation") }
        let guessed = result.path == .appearance && !corners.isInside(width: image.width, height: image.height)
        guard refined.correlation >= refined.before + (guessed ? Self.guessedOutlineGain : Self.alignedGain) else {
            // Too small a gain to trust the aligned outline as a whole, but a gain: its sides may still serve.
            if refined.correlation > refined.before { try takeAlignedSides(&result, aligned: aligned, snapped: false, in: image) }
            return refused("gain")
        }
        guard aligned.maxCornerDistance(to: corners) > Self.alignedAgreement * diagonal else { return refused("agreement") }
        guard DocumentLocator.isPlausibleOutline(aligned) else { return refused("implausible") }
        var quad = aligned
        if let snapped = try? DocumentLocator.refine(aligned, in: image, search: diagonal / 100) {
            // The edges near the refined outline are the answer's own: it was right.
            if snapped.maxCornerDistance(to: corners) <= Self.alignedAgreement * diagonal { return refused("snappedBack") }
            if snapped.maxCornerDistance(to: aligned) <= Self.alignedSnap * diagonal { quad = snapped }
        }
        let support = try DocumentLocator().edgeSupport(of: [corners, quad], in: image)
        if Recognizer.debugCorners {
            FileHandle.standardError.write(Data(String(format: "alignsupport %.3f/%.3f -> %.3f/%.3f move %.3f quad %@\n", support[0].support, support[0].weakest, support[1].support, support[1].weakest, quad.maxCornerDistance(to: corners) / diagonal, quad.debugText).utf8))
        }
        // Refused as a whole on the edges, the aligned outline may still hold the sides the answer's lacks.
        // Unless the photo is underexposed and the design itself places the card: a dark card
        // on a dark table shows little edge along its own outline over the fixed thresholds,
        // and a print line inside it more. There the edges are weighed again as found at the
        // photo's exposure (`DocumentLocator.exposureScale(of:)`), where the card's own outline
        // shows. Not on an exposed photo, nor where the dim edges refuse it too: a blurred or
        // dark card's thin design (the PR card's) let the alignment drift to a high correlation
        // off the card's clear edges (a dev PR back, 0.46 -> 0.94, a corner 1.5% -> 4.9% off,
        // its edges 0.76 -> 0.14; a dark PR front, 0.73 -> 0.93, dim edges 0.85 -> 0.58).
        var designPlaced = false
        if refined.correlation >= Self.alignedSureCorrelation, refined.correlation >= refined.before + Self.alignedClearGain,
           try DocumentLocator().exposureScale(of: image) < 1 {
            let dim = try DocumentLocator().edgeSupport(of: [corners, quad], in: image, exposed: true)
            if Recognizer.debugCorners {
                FileHandle.standardError.write(Data(String(format: "dimsupport %.3f/%.3f -> %.3f/%.3f\n", dim[0].support, dim[0].weakest, dim[1].support, dim[1].weakest).utf8))
            }
            designPlaced = dim[1].support >= dim[0].support - Self.alignedEdgeLoss || dim[1].support >= Self.alignedDimFloor
        }
        if !designPlaced, support[1].support < support[0].support - Self.alignedEdgeLoss, support[1].support < Self.alignedEdgeFloor {
            try takeAlignedSides(&result, aligned: quad, snapped: true, in: image)
            return refused("edgeLoss")
        }
        if refined.correlation < refined.before + Self.alignedClearGain, support[0].weakest >= Self.alignedHeldSide,
           support[1].weakest < support[0].weakest - Self.alignedSideLoss {
            try takeAlignedSides(&result, aligned: quad, snapped: true, in: image)
            return refused("sideLoss")
        }
        if need == .cutOff, support[1].support <= support[0].support + Self.cutOffEdgeGain {
            try takeAlignedSides(&result, aligned: quad, snapped: true, in: image)
            return refused("cutOffGain")
        }
        result.unalignedCorners = corners
        result.corners = quad
        result.orientation = Orientation(of: quad)
    }
}
