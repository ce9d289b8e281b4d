/// The recognition layer as a capture session's analyzer: locate and quality on every frame,
/// classification (with OCR and MRZ) only when the session asks for it.
///
/// Tracking: on a locate-only frame the locator's candidates are ranked by nearness to where
/// the document was on the last frame (not by outline score alone), so a printed inner frame
/// or a background edge that outscores the card for a frame does not make the card "jump".
extension Recognizer: FrameAnalyzing {
    public func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
        guard request.depth == .locate, let previous = request.previousCorners else {
            return try observe(frame, options: request.depth == .locateAndClassify ? RecognitionOptions() : .locateOnly)
        }
        let candidates = try locator.locate(in: frame, limit: 4)
        guard let nearest = candidates.min(by: { Self.distance($0.corners, previous) < Self.distance($1.corners, previous) }) else {
            return DocumentObservation()
        }
        let format = nearest.nearestFormat
        let flat = try frame.warped(nearest.landscapeCorners, width: DocumentClassifier.workWidth,
                                    height: DocumentClassifier.workWidth * format.canonicalHeight / format.canonicalWidth)
        let report = try quality.measure(flattened: flat, corners: nearest.corners, imageWidth: frame.width,
                                         imageHeight: frame.height, cutOff: nearest.cutOff)
        return DocumentObservation(corners: nearest.corners, orientation: .up, quality: report)
    }

    /// Sum of corner distances under the best relabelling (locate order is image order).
    private static func distance(_ a: Quad, _ b: Quad) -> Double {
        (0..<4).map { k in zip(a.rotatingLabels(by: k).points, b.points).map { $0.distance(to: $1) }.reduce(0, +) }.min() ?? .infinity
    }
}
