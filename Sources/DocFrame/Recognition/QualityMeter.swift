internal import CDocVision

/// Turns raw measurements of a located, flattened document into the 0...1 scores of
/// `QualityReport` (DESIGN.md, classify `quality`).
///
/// Calibration (on synthetic captures, `docframe template eval` data): the 98th percentile of
/// |Laplacian| at 640 pixels wide is about 150-250 on a sharp card and falls under 40 when text
/// is no longer legible; `blur` maps 120 -> 0 and 25 -> 1 linearly.
struct QualityMeter: Sendable {
    var sharpLaplacian = 120.0
    var unreadableLaplacian = 25.0

    func measure(flattened: Image, corners: Quad, imageWidth: Int, imageHeight: Int, cutOff: Bool) throws -> QualityReport {
        var q = dv_quality()
        try DocVision.check { dv_measure_quality(flattened.native.handle, &q, $0) }
        let blur = (sharpLaplacian - Double(q.laplacian_variance)) / (sharpLaplacian - unreadableLaplacian)
        let imageArea = Double(imageWidth * imageHeight)
        let coverage = imageArea > 0 ? min(1, corners.area / imageArea) : 0
        let outside = !corners.isInside(width: imageWidth + 1, height: imageHeight + 1)
        return QualityReport(coverage: coverage, blur: min(1, max(0, blur)), glare: min(1, max(0, Double(q.washed_out))),
                             cutOff: cutOff || outside)
    }
}
