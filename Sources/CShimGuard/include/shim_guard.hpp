// The one place where C++ exceptions become status codes, shared by every C++ shim (CDocVision's
// dv_*, CDocRender's dr_* and ds_*, CDocMedia's dm_*): templates over each API's status enum and
// error struct, so none of them can let an exception cross into Swift.
#ifndef SHIM_GUARD_HPP
#define SHIM_GUARD_HPP

#include <opencv2/core.hpp>

#include <cstdarg>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

namespace shim {

/// Records `code` and a printf-style message in `error` (when given) and returns `code`.
template <typename Status, typename Error>
Status fail(Error *error, Status code, const char *format, ...) {
    if (error) {
        error->code = code;
        va_list args;
        va_start(args, format);
        std::vsnprintf(error->message, sizeof error->message, format, args);
        va_end(args);
    }
    return code;
}

/// Clears `error` (when given) and returns `success`.
template <typename Status, typename Error>
Status ok(Error *error, Status success) {
    if (error) {
        error->code = success;
        error->message[0] = '\0';
    }
    return success;
}

/// Runs `body` (which returns a Status), mapping every exception to `outOfMemory` or `internal`.
template <typename Status, typename Error, typename Body>
Status guarded(Error *error, Status outOfMemory, Status internal, Body &&body) noexcept {
    try {
        return std::forward<Body>(body)();
    } catch (const std::bad_alloc &) {
        return fail(error, outOfMemory, "out of memory");
    } catch (const cv::Exception &e) {
        return fail(error, internal, "OpenCV: %s", e.what());
    } catch (const std::exception &e) {
        return fail(error, internal, "%s", e.what());
    } catch (...) {
        return fail(error, internal, "unknown C++ exception");
    }
}

}  // namespace shim

#endif
