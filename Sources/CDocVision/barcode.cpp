// Bar-code texture in a query image, found by its gradient statistics.
//
// Why: a card back's bar code (PDF417, and a 1D code on some) is personal data, different on
// every card, so template training drops its keypoints; but in a query its dense black-and-white
// modules have the strongest corner responses in view and take most of the detector's budget
// (the grid cap only spreads it over the cells the code spans, and their leftovers win the
// spare budget). Those keypoints match chance template points, and RANSAC then looks for the
// back's few design inliers among mostly outliers: cut-off backs verified 0 inliers. With the
// code painted out, a flat Quebec back verified 91 instead of 18 and a BC back 30 instead of 0.
//
// How: on a grid of 16-pixel windows (the detector's working copy), a window is bar-code-like
// when both its mean gradient energy and its share of edge pixels are those of modules a pixel
// or two wide. Measured on generated cut-off captures (dev seeds 8201-8203, synthesis 8211, 192
// images, 960 px working copies): bar-code windows had an RMS gradient of 330 or more (10th
// percentile) and 29-39% edge pixels; the rest of the cards (text, portraits, guilloche) 280 or
// less at the 90th percentile, table backgrounds under 70. Single windows of dense print (a
// bold line of text, an MRZ) pass too, so only blocks survive: a morphological opening by 3x3
// windows removes lines a window or two high, and a block must hold 12 windows. On those
// captures the mask covered 83-96% of each bar code and 0-4% of any front; backgrounds never.
#include "dv_barcode.hpp"

#include <opencv2/imgproc.hpp>

namespace dv {

namespace {
constexpr int kWindow = 16;
/// Root-mean-square Sobel gradient of a bar-code window (3x3 Sobel on 8-bit grey).
constexpr double kEnergy = 300;
/// Share of a bar-code window's pixels that Canny marks as edges.
constexpr double kEdgeShare = 0.28;
/// Windows a bar-code block holds at least, after the opening.
constexpr int kBlockWindows = 12;

/// Whether a 4-connected block of at least kBlockWindows windows is set in `windows` (CV_8U).
bool holdsBlock(const cv::Mat &windows, cv::Mat &labels, cv::Mat &stats, cv::Mat &centroids) {
    const int n = cv::connectedComponentsWithStats(windows, labels, stats, centroids, 4);
    for (int i = 1; i < n; ++i)
        if (stats.at<int>(i, cv::CC_STAT_AREA) >= kBlockWindows) return true;
    return false;
}

}  // namespace

cv::Mat barcodeExclusion(const cv::Mat &gray) {
    const int gw = gray.cols / kWindow, gh = gray.rows / kWindow;
    if (gw < 3 || gh < 3) return cv::Mat();
    const cv::Rect area(0, 0, gw * kWindow, gh * kWindow);
    // Gradient energy per pixel: the squares of 3x3 Sobel derivatives of 8-bit grey are integers
    // under 2^24, exact in float, so 16-bit derivatives and one pass give the values two float
    // Sobel images, their products and sum gave, with three full-size temporaries fewer.
    cv::Mat gx, gy;
    cv::Sobel(gray(area), gx, CV_16S, 1, 0, 3);
    cv::Sobel(gray(area), gy, CV_16S, 0, 1, 3);
    cv::Mat energy(area.size(), CV_32F);
    for (int y = 0; y < area.height; ++y) {
        const int16_t *a = gx.ptr<int16_t>(y), *b = gy.ptr<int16_t>(y);
        float *e = energy.ptr<float>(y);
        for (int x = 0; x < area.width; ++x) {
            const float u = a[x], v = b[x];
            e[x] = u * u + v * v;
        }
    }
    cv::Mat meanEnergy;
    cv::resize(energy, meanEnergy, cv::Size(gw, gh), 0, 0, cv::INTER_AREA);
    const cv::Mat k = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3));
    // The windows with a bar code's energy hold every bar-code window (those also need its
    // share of edges), and an opening keeps subsets subsets: when no block of kBlockWindows
    // survives the opening of the energetic windows, none of the bar-code windows' can. Canny,
    // most of this function's cost, then is not needed: fronts, whole frames without a code.
    cv::Mat energetic = meanEnergy > kEnergy * kEnergy;
    cv::morphologyEx(energetic, energetic, cv::MORPH_OPEN, k);
    cv::Mat labels, stats, centroids;
    if (!holdsBlock(energetic, labels, stats, centroids)) return cv::Mat();
    cv::Mat edges, edgeShare;
    cv::Canny(gray(area), edges, 50, 150);
    edges.convertTo(edgeShare, CV_32F, 1.0 / 255);
    cv::Mat meanEdges;
    cv::resize(edgeShare, meanEdges, cv::Size(gw, gh), 0, 0, cv::INTER_AREA);
    cv::Mat coded = (meanEnergy > kEnergy * kEnergy) & (meanEdges > kEdgeShare);
    cv::morphologyEx(coded, coded, cv::MORPH_OPEN, k);
    const int n = cv::connectedComponentsWithStats(coded, labels, stats, centroids, 4);
    cv::Mat blocks = cv::Mat::zeros(coded.size(), CV_8U);
    bool any = false;
    for (int i = 1; i < n; ++i) {
        if (stats.at<int>(i, cv::CC_STAT_AREA) < kBlockWindows) continue;
        blocks.setTo(255, labels == i);
        any = true;
    }
    if (!any) return cv::Mat();
    // One window more on every side: the code's quiet zone and the windows its edge half fills.
    cv::dilate(blocks, blocks, k);
    cv::Mat excluded;
    cv::resize(blocks, excluded, area.size(), 0, 0, cv::INTER_NEAREST);
    cv::Mat mask(gray.size(), CV_8U, cv::Scalar(255));
    mask(area).setTo(0, excluded);
    return mask;
}

}  // namespace dv
