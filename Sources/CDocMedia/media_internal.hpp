// Internal to CDocMedia: the one place where C++ exceptions become status codes.
#ifndef MEDIA_INTERNAL_HPP
#define MEDIA_INTERNAL_HPP

#include "docmedia.h"

#include <opencv2/core.hpp>

#include <cstdarg>
#include <cstdio>
#include <exception>
#include <new>

namespace dm {

inline dm_status fail(dm_error *error, dm_status code, const char *format, ...) {
    if (error) {
        error->code = code;
        va_list args;
        va_start(args, format);
        std::vsnprintf(error->message, sizeof error->message, format, args);
        va_end(args);
    }
    return code;
}

inline dm_status ok(dm_error *error) {
    if (error) {
        error->code = DM_OK;
        error->message[0] = '\0';
    }
    return DM_OK;
}

/// Runs `body` (which returns a dm_status), mapping every exception to a status.
template <typename Body>
dm_status guarded(dm_error *error, Body &&body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        return fail(error, DM_ERR_INTERNAL, "out of memory");
    } catch (const cv::Exception &e) {
        return fail(error, DM_ERR_INTERNAL, "OpenCV: %s", e.what());
    } catch (const std::exception &e) {
        return fail(error, DM_ERR_INTERNAL, "%s", e.what());
    } catch (...) {
        return fail(error, DM_ERR_INTERNAL, "unknown C++ exception");
    }
}

#define DM_REQUIRE(cond, error, ...) \
    do { if (!(cond)) return ::dm::fail((error), DM_ERR_INVALID_ARGUMENT, __VA_ARGS__); } while (0)

}  // namespace dm

#endif
