import CDocMedia
import DocFrame

/// The frames of a video file, in order, with their timestamps (OpenCV's videoio).
final class VideoFrames {
    private let reader: OpaquePointer
    /// The container's frame rate; `fallbackFPS` when it does not say.
    let fps: Double
    private var index = 0
    private var lastTime = -Double.infinity

    init(path: String, fallbackFPS: Double) throws {
        var handle: OpaquePointer?
        var rate = 0.0
        try Media.check { dm_video_open(path, &handle, &rate, $0) }
        guard let handle else { throw DocFrameError(.internalError, "the video reader was not made") }
        reader = handle
        fps = rate.isFinite && rate > 0 && rate <= 1000 ? rate : fallbackFPS
    }

    deinit { dm_video_close(reader) }

    /// The next frame and its time in seconds, or nil at the end. Timestamps come from the
    /// container; where they do not increase (some containers report none), frame index / fps.
    func next() throws -> (image: Image, time: Double)? {
        var pixels: UnsafePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, time = 0.0, hasFrame: Int32 = 0
        var stride = 0
        try Media.check { dm_video_next(reader, &pixels, &width, &height, &stride, &time, &hasFrame, $0) }
        guard hasFrame != 0, let pixels else { return nil }
        let image = try Image(pixels: UnsafeRawBufferPointer(start: pixels, count: stride * Int(height)), width: Int(width),
                              height: Int(height), bytesPerRow: stride, format: .bgr)
        var t = time
        if !t.isFinite || t <= lastTime { t = Double(index) / fps }
        // Some backends report the time after the frame: the first frame starts the clock at 0.
        if index == 0 && t > 0 && t <= 1.5 / fps { t = 0 }
        lastTime = t
        index += 1
        return (image, t)
    }
}
