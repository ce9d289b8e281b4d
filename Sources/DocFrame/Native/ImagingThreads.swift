internal import CDocVision

/// How many threads DocFrame's pixel operations (OpenCV's warps, resizes and colour
/// conversions) may spread over in this process.
///
/// Why: OpenCV runs its larger loops on a pool of its own threads (TBB), one per core, besides
/// the thread that asked. A caller that already processes one image per core gains nothing from
/// them and has them compete with its own workers; and a timing of one image per thread (as
/// `scripts/bench-mrz` reports against a single-threaded reader) is only that when OpenCV keeps
/// to the calling thread (on bench-mrz's captures its pool took about 6-9% of the CPU time).
/// Results do not depend on the thread count.
public enum ImagingThreads {
    /// Limits OpenCV's loops to `threads` threads, the calling one included (1: the calling
    /// thread only); nil restores OpenCV's default (every core). Process-wide: set it once,
    /// before images are processed.
    public static func limit(to threads: Int?) {
        dv_set_parallel_threads(Int32(clamping: threads ?? 0))
    }

    /// The threads OpenCV's loops use now, the calling one included.
    public static var current: Int {
        Int(dv_parallel_threads())
    }
}
