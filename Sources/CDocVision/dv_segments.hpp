// Internal to the shim: straight edge segments for the locator (locate.cpp).
#ifndef DV_SEGMENTS_HPP
#define DV_SEGMENTS_HPP

#include <opencv2/core.hpp>

#include <vector>

namespace dv {

/// The segments cv::HoughLinesP(edges, segments, 1, theta, threshold, minLength, maxGap) finds,
/// the same ones in the same order: the progressive probabilistic Hough transform (Matas,
/// Galambos and Kittler, 2000) with 1-pixel distance bins, its points drawn in the same random
/// order, each vote rounded as there.
///
/// Why not cv::HoughLinesP itself: every edge pixel drawn votes once per angle bin (180), one
/// scalar float product, rounding and accumulator update each, and a cluttered frame has tens of
/// thousands of edge pixels: about 40% of the locator's instructions. Here a pixel's distances
/// are computed 8 angles at a time (AVX2 where the CPU has it; multiply and add kept apart, so
/// the rounding is the scalar formula's) and the accumulator has 16-bit bins (half the memory:
/// a bin counts the pixels of one digital line, far fewer than 32,767).
std::vector<cv::Vec4i> probabilisticSegments(const cv::Mat &edges, double theta, int threshold, int minLength, int maxGap);

}  // namespace dv

#endif
