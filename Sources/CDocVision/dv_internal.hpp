// Internal to the shim: the handle definitions and the one place where C++ exceptions are
// turned into status codes, so that no exception can cross into Swift.
#ifndef DV_INTERNAL_HPP
#define DV_INTERNAL_HPP

#include "docvision.h"

#include <opencv2/core.hpp>

#include <cstdarg>
#include <cstdio>
#include <new>

struct dv_image {
    cv::Mat mat;  // CV_8UC1 or CV_8UC3 (BGR); never modified after the handle is returned
};

namespace dv {

inline dv_status fail(dv_error *error, dv_status code, const char *format, ...) {
    if (error) {
        error->code = code;
        va_list args;
        va_start(args, format);
        std::vsnprintf(error->message, sizeof error->message, format, args);
        va_end(args);
    }
    return code;
}

inline dv_status ok(dv_error *error) {
    if (error) {
        error->code = DV_OK;
        error->message[0] = '\0';
    }
    return DV_OK;
}

/// Runs `body` (which returns a dv_status), mapping every exception to a status.
template <typename Body>
dv_status guarded(dv_error *error, Body &&body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        return fail(error, DV_ERR_OUT_OF_MEMORY, "out of memory");
    } catch (const cv::Exception &e) {
        return fail(error, DV_ERR_INTERNAL, "OpenCV: %s", e.what());
    } catch (const std::exception &e) {
        return fail(error, DV_ERR_INTERNAL, "%s", e.what());
    } catch (...) {
        return fail(error, DV_ERR_INTERNAL, "unknown C++ exception");
    }
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
