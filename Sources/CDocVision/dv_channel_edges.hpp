// Internal to the shim: the locator's edge map (locate.cpp), Canny per colour channel.
#ifndef DV_CHANNEL_EDGES_HPP
#define DV_CHANNEL_EDGES_HPP

#include <opencv2/core.hpp>

namespace dv {

/// The union over `image`'s channels (8-bit, 1 to 4) of cv::Canny(channel, low, high, 3, true):
/// the same pixels (3x3 Sobel with replicated border, L2 magnitude against the squared
/// thresholds, the same non-maximum suppression and 8-connected hysteresis), one CV_8U map.
///
/// Why not cv::Canny per channel: OpenCV 4.6's splits the image into strips and tracks each
/// strip's edges through a std::deque, about 1.7 ms for one 640x360 channel, three times a frame
/// (the largest part of locating). Here the derivatives of all channels come from one Sobel
/// pass over the interleaved image and the tracking uses one flat stack.
cv::Mat channelEdges(const cv::Mat &image, double low, double high);

/// cv::Canny per channel, OR-ed: what `channelEdges` must equal (its tests compare the two).
cv::Mat channelEdgesReference(const cv::Mat &image, double low, double high);

}  // namespace dv

#endif
