// Internal to the shim: the handle definitions, and its status codes over the shared exception
// guard (CShimGuard), so that no exception can cross into Swift.
#ifndef DV_INTERNAL_HPP
#define DV_INTERNAL_HPP

#include "docvision.h"

#include <opencv2/core.hpp>
#include <shim_guard.hpp>

#include <cstdarg>
#include <cstdio>
#include <memory>
#include <mutex>
#include <new>

namespace dv { struct EdgeField; }

struct dv_image {
    cv::Mat mat;  // CV_8UC1 or CV_8UC3 (BGR); never modified after the handle is returned
    /// The locator's edge field of `mat`, made by the first call that needs it (locating, edge
    /// support) and shared by the later ones: derived from pixels that never change, so it stays
    /// right for the handle's life. Images are shared across threads, hence the lock.
    mutable std::mutex edgesLock;
    mutable std::shared_ptr<const dv::EdgeField> edges;
};

namespace dv {

using shim::fail;

#if defined(__x86_64__)
/// Whether this CPU runs AVX2. The shim's hand-vectorised loops are compiled for it function by
/// function (`target("avx2")`) and chosen at run time, so one build runs on any x86-64.
inline const bool cpuHasAVX2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}();
#endif

inline dv_status ok(dv_error *error) { return shim::ok(error, DV_OK); }

/// Runs `body` (which returns a dv_status), mapping every exception to a status.
template <typename Body>
dv_status guarded(dv_error *error, Body &&body) noexcept {
    return shim::guarded(error, DV_ERR_OUT_OF_MEMORY, DV_ERR_INTERNAL, std::forward<Body>(body));
}

/// Wraps a finished Mat in a new handle.
inline dv_status emit(cv::Mat mat, dv_image **out, dv_error *error) {
    if (!out) return fail(error, DV_ERR_INVALID_ARGUMENT, "null output pointer");
    if (mat.empty()) return fail(error, DV_ERR_INTERNAL, "operation produced an empty image");
    *out = new dv_image{std::move(mat)};
    return ok(error);
}

#define DV_REQUIRE(cond, error, ...) \
    do { if (!(cond)) return ::dv::fail((error), DV_ERR_INVALID_ARGUMENT, __VA_ARGS__); } while (0)

}  // namespace dv

#endif
