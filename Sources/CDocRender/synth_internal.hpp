// Internal to the synthesiser's C++ side: the canvas handle and the one place where C++
// exceptions become status codes (the same pattern as CDocVision's dv::guarded).
#ifndef DS_INTERNAL_HPP
#define DS_INTERNAL_HPP

#include "docsynth.h"
#include <shim_guard.hpp>

#include <opencv2/core.hpp>

#include <cstdarg>
#include <cstdio>
#include <new>
#include <vector>

struct ds_canvas {
    cv::Mat mat;  // CV_8UC3, BGR
};

namespace ds {

using shim::fail;

inline ds_status ok(ds_error *error) { return shim::ok(error, DS_OK); }

/// Runs `body` (which returns a ds_status), mapping every exception to a status.
template <typename Body>
ds_status guarded(ds_error *error, Body &&body) noexcept {
    return shim::guarded(error, DS_ERR_OUT_OF_MEMORY, DS_ERR_INTERNAL, std::forward<Body>(body));
}

#define DS_REQUIRE(cond, error, ...) \
    do { if (!(cond)) return ::ds::fail((error), DS_ERR_INVALID_ARGUMENT, __VA_ARGS__); } while (0)

inline cv::Scalar color(const double bgr[3]) { return cv::Scalar(bgr[0], bgr[1], bgr[2]); }

/// xy pairs to points in fixed point (4 fractional bits) for anti-aliased drawing.
inline std::vector<cv::Point> fixedPoints(const double *xy, int count) {
    std::vector<cv::Point> points;
    points.reserve(count);
    for (int i = 0; i < count; ++i) points.emplace_back(cvRound(xy[2 * i] * 16), cvRound(xy[2 * i + 1] * 16));
    return points;
}

/// Blends `color` into `image` by `mask` (CV_32F, 0...1) times alpha.
void blendColor(cv::Mat &image, const cv::Mat &mask, const cv::Scalar &color, double alpha);

/// Smooth value noise in 0...1: random values on a coarse grid of `cell` pixels, cubic-interpolated.
cv::Mat valueNoise(cv::Size size, double cell, cv::RNG &rng);

}  // namespace ds

#endif
