// Internal to the renderer shim: handle definitions, exception-to-status mapping and the one
// blending routine every primitive goes through.
#ifndef DR_INTERNAL_HPP
#define DR_INTERNAL_HPP

#include "docrender.h"
#include <shim_guard.hpp>

#include <opencv2/core.hpp>
#include <opencv2/freetype.hpp>

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <new>

struct dr_canvas {
    cv::Mat mat;  // CV_8UC3 (BGR)
};

struct dr_font {
    cv::Ptr<cv::freetype::FreeType2> face;
};

namespace dr {

using shim::fail;

inline dr_status ok(dr_error *error) { return shim::ok(error, DR_OK); }

/// Runs `body` (which returns a dr_status), mapping every exception to a status.
template <typename Body>
dr_status guarded(dr_error *error, Body &&body) noexcept {
    return shim::guarded(error, DR_ERR_OUT_OF_MEMORY, DR_ERR_INTERNAL, std::forward<Body>(body));
}

#define DR_REQUIRE(cond, error, ...) \
    do { if (!(cond)) return ::dr::fail((error), DR_ERR_INVALID_ARGUMENT, __VA_ARGS__); } while (0)

/// Fractional bits for sub-pixel shape coordinates.
constexpr int kShift = 4;
constexpr double kScale = 16.0;

/// A point relative to `origin`, in fixed point for cv drawing with kShift.
inline cv::Point fixed(double x, double y, cv::Point origin) {
    return cv::Point(cvRound((x - origin.x) * kScale), cvRound((y - origin.y) * kScale));
}

/// The canvas area covered by [x0, x1) x [y0, y1) grown by `pad`, clipped to the canvas
/// (empty when the shape lies wholly outside).
cv::Rect clipped_bounds(const cv::Mat &canvas, double x0, double y0, double x1, double y1, double pad);

/// Blends `color` into `canvas` over `area`, weighted by `mask` (CV_8UC1, area-sized, 255 = full
/// coverage) times the colour's opacity.
void blend(cv::Mat &canvas, const cv::Rect &area, const cv::Mat &mask, const dr_color &color);

bool valid_color(const dr_color &color);

/// Coordinates beyond a million pixels are never a drawing we make; rejecting them keeps every
/// conversion to int well defined.
constexpr double kMaxCoordinate = 1e6;
inline bool sane(double v) { return std::isfinite(v) && v >= -kMaxCoordinate && v <= kMaxCoordinate; }
inline bool sane_rect(double x, double y, double w, double h) {
    return sane(x) && sane(y) && sane(w) && sane(h) && w >= 0 && h >= 0;
}

}  // namespace dr

#endif
