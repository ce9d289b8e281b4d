import Foundation

/// How the process's allocator keeps freed memory (glibc's `mallopt`), set once at start.
///
/// Every image costs buffers of megabytes (the decoded photo, the page flattened from it, their
/// grey and scaled copies). glibc hands blocks that large out as fresh mappings, or returns the
/// heap's freed top to the system, and every page of the next image's buffers then faults in
/// and is zeroed again: about 120,000 page faults over 46 bench-mrz captures, 5% of the CPU
/// time. Kept by the allocator instead (blocks under 32 MB from the heap, up to 256 MB of freed
/// heap kept), the same run faulted 20,000 times. The command's memory stays at its peak
/// rather than falling back between images. The library leaves the allocator alone: an app
/// embedding it decides how its process uses memory.
enum ProcessMemory {
    /// glibc's M_TRIM_THRESHOLD and M_MMAP_THRESHOLD (malloc.h).
    private static let trimThreshold: Int32 = -1
    private static let mmapThreshold: Int32 = -3

    /// Keeps freed image buffers for reuse. A no-op where `mallopt` is not found (not glibc).
    static func keepFreedBuffers() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
    }
}
