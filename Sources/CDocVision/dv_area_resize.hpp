// Area-averaging downscale (OpenCV's INTER_AREA) with the same pixels, made faster.
#ifndef DV_AREA_RESIZE_HPP
#define DV_AREA_RESIZE_HPP

#include <opencv2/core.hpp>

namespace dv {

/// `cv::resize(src, dst, dsize, fx, fy, cv::INTER_AREA)`, pixel for pixel: the same source
/// cells and weights, each product and sum in the same float arithmetic and order (area_resize.cpp).
/// Takes the shorter way for 8-bit images of 1 or 3 channels reduced by a factor that is not a
/// whole number (on x86-64, where OpenCV's arithmetic is plain float); anything else is left to
/// OpenCV itself.
void resizeArea(const cv::Mat &src, cv::Mat &dst, cv::Size dsize, double fx = 0, double fy = 0);

}  // namespace dv

#endif
