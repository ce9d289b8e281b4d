// Internal to the shim: CIE Lab of a small 8-bit BGR image, as cv::cvtColor(COLOR_BGR2Lab) gives
// for the same image scaled to 0..1 floats (L 0..100, a and b about -100..100; sRGB, D65).
//
// Why: the first Lab conversion OpenCV 4.6 makes in a process builds all its colour lookup
// tables, the 8-bit ones included even for a float image: 1.35 G instructions (a quarter of a
// one-image `docframe classify`, paid by every process and every recognizer's template loading
// before its first answer). Our callers (layout signatures, appearance thumbnails) convert a few
// thousand 8-bit pixels, for which a 256-entry gamma table and an interpolated cube root are
// enough: within 0.01 of the exact formula, where OpenCV's own float path differs from it by up
// to 0.4 in a and b.
#ifndef DV_LAB_HPP
#define DV_LAB_HPP

#include <opencv2/core.hpp>

namespace dv {

/// `bgr` CV_8UC3 (other types go through OpenCV's conversion); `lab` becomes CV_32FC3.
void labOfBGR(const cv::Mat &bgr, cv::Mat &lab);

}  // namespace dv

#endif
