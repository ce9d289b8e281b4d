/// A recogniser drives a capture session directly: locate and quality on every frame,
/// classification when the session asks for it.
extension Recognizer: FrameAnalyzing {
    public func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
        switch request.depth {
        case .locate:
            return try observe(frame, options: .locateOnly)
        case .locateAndClassify:
            return try observe(frame, options: RecognitionOptions())
        }
    }
}
