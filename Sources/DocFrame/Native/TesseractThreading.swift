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
/// with one thread; since OpenMP 5 that setting belongs to the calling thread, so it is made on
/// the thread of every read (a thread-local write after the first). Set
/// `DOCFRAME_TESSERACT_OPENMP=1` to keep OpenMP's own choice. The function is looked up at run
/// time, so a Tesseract built without OpenMP (no libgomp loaded) needs no link to it.
enum TesseractThreading {
    private typealias SetMaxActiveLevels = @convention(c) (Int32) -> Void

    private static let setMaxActiveLevels: SetMaxActiveLevels? = {
        guard ProcessInfo.processInfo.environment["DOCFRAME_TESSERACT_OPENMP"] != "1" else { return nil }
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: SetMaxActiveLevels.self)
        #else
        return nil
        #endif
    }()

    /// Applies the policy to the calling thread; called before every recognition.
    static func serialiseThisThread() {
        setMaxActiveLevels?(0)
    }
}
