// The locator's edge field: its edge map with the gradients beside it, at one working size.
// Kept with the image it was computed from (`dv_image::edges`), because the classifier asks how
// well the edges back an outline on the same image the locator just searched (the post-match
// outline check, the reference alignment): computing it again cost about 5% of a classification.
#ifndef DV_EDGE_FIELD_HPP
#define DV_EDGE_FIELD_HPP

#include <opencv2/core.hpp>

namespace dv {

/// Edge pixels with their gradient direction, so that support can demand edges running along a
/// side (wood grain, fabric and text give edges everywhere, but in every direction).
struct EdgeField {
    cv::Mat edges;   // CV_8U, Canny
    cv::Mat dx, dy;  // CV_16S Sobel of the smoothed grey copy
    int workSize = 0;  // the long side the image was downscaled to (at most), as asked
};

}  // namespace dv

#endif
