// Internal to CDocMedia: its status codes over the shared exception guard (CShimGuard).
#ifndef MEDIA_INTERNAL_HPP
#define MEDIA_INTERNAL_HPP

#include "docmedia.h"

#include <opencv2/core.hpp>
#include <shim_guard.hpp>

#include <utility>

namespace dm {

using shim::fail;

inline dm_status ok(dm_error *error) { return shim::ok(error, DM_OK); }

/// Runs `body` (which returns a dm_status), mapping every exception to a status.
template <typename Body>
dm_status guarded(dm_error *error, Body &&body) noexcept {
    return shim::guarded(error, DM_ERR_INTERNAL, DM_ERR_INTERNAL, std::forward<Body>(body));
}

#define DM_REQUIRE(cond, error, ...) \
    do { if (!(cond)) return ::dm::fail((error), DM_ERR_INVALID_ARGUMENT, __VA_ARGS__); } while (0)

}  // namespace dm

#endif
