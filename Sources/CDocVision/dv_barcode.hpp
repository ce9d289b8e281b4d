// Where a query image shows dense bar-code print (a PDF417 block, a 1D code), so that keypoint
// detection can leave it out.
#ifndef DV_BARCODE_HPP
#define DV_BARCODE_HPP

#include <opencv2/core.hpp>

namespace dv {

/// A detection mask for `gray` (CV_8U, contrast-normalised as the feature detector sees it):
/// 0 over solid blocks of bar-code-like texture (and one window around them), 255 elsewhere;
/// empty when there is none.
cv::Mat barcodeExclusion(const cv::Mat &gray);

}  // namespace dv

#endif
