#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Keeps Tesseract's OpenMP parallel regions on the calling thread.
///
/// Why it exists: Debian's Tesseract is built with OpenMP, and its LSTM spreads each small line
/// over a team of threads that spin while they wait. On the short crops DocFrame reads (a header,
/// an MRZ line) that costs far more than it gains: `docframe bench`'s header-OCR row measured
/// 200 ms wall for 90 ms of the thread's CPU on one core and 240 ms wall on two free cores,
/// against 65 and 60 ms with one thread. DocFrame already parallelises across images and keeps
/// capture's frame path beside its classifier, so OCR should take one core, not all of them.
///
/// `OMP_THREAD_LIMIT` would do it but is read once, when libgomp loads, before any of our code
/// runs. Setting the maximum of active parallel levels to 0 makes every parallel region run
/// with one thread (OpenMP 5); it is process-wide, so set `DOCFRAME_TESSERACT_OPENMP=1` to keep
/// OpenMP's own choice in a host program that needs it. The function is looked up at run time,
/// so a Tesseract built without OpenMP (no libgomp loaded) needs no link to it.
enum TesseractThreading {
    /// Applies the policy once per process; called before the first engine is made.
    static let serialise: Void = {
        guard ProcessInfo.processInfo.environment["DOCFRAME_TESSERACT_OPENMP"] != "1" else { return }
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "omp_set_max_active_levels") else { return }
        typealias SetMaxActiveLevels = @convention(c) (Int32) -> Void
        unsafeBitCast(symbol, to: SetMaxActiveLevels.self)(0)
        #endif
    }()
}
