// A template region compared with the query where the verified homography puts it: the
// twins' differing design (`TwinContrast`) is judged this way.
//
// `dv_compare_region` correlates gradient magnitudes: text edges matter, not lighting.
// `dv_compare_region_smoothed` is for a blurred photo: a defocused photo no longer has the
// gradients where the reference has them (every edge of a sharp reference's print against a
// smear), so twins' differing labels then correlate alike with both references. Smoothing the
// reference as much as the photo is blurred (and the photo alike, so that a little less blur in
// the photo does not count) compares what both still show.
#include "docvision_features.h"
#include "docvision_region.h"
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace {

/// The query seen in template pixels around `rect`, with a margin on every side for
/// misalignment (a sixth of the region's height, 4 pixels at least), and the reference region,
/// both grey.
struct RegionPatches {
    cv::Mat query, reference;
};

/// Checks the region against the reference and cuts both patches; a non-OK status on bad input.
dv_status regionPatches(const dv_image *query, const float homography[9], const dv_image *reference,
                        const int32_t rect[4], RegionPatches &out, dv_error *error) {
    cv::Rect r(rect[0], rect[1], rect[2], rect[3]);
    DV_REQUIRE(r.width >= 8 && r.height >= 8, error, "region too small");
    DV_REQUIRE(reference->mat.cols == r.width && reference->mat.rows == r.height, error,
               "the reference region is %dx%d, not %dx%d", reference->mat.cols, reference->mat.rows, r.width, r.height);
    const int margin = std::max(4, r.height / 6);
    cv::Mat H(3, 3, CV_64F);
    for (int k = 0; k < 9; ++k) H.at<double>(k / 3, k % 3) = homography[k];
    cv::Mat shift = (cv::Mat_<double>(3, 3) << 1, 0, r.x - margin, 0, 1, r.y - margin, 0, 0, 1);
    cv::Mat M = H * shift;  // output pixel -> query pixel
    cv::Mat patch;
    cv::warpPerspective(query->mat, patch, M, cv::Size(r.width + 2 * margin, r.height + 2 * margin),
                        cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
    if (patch.channels() == 3) cv::cvtColor(patch, out.query, cv::COLOR_BGR2GRAY);
    else out.query = patch;
    if (reference->mat.channels() == 3) cv::cvtColor(reference->mat, out.reference, cv::COLOR_BGR2GRAY);
    else out.reference = reference->mat;
    return DV_OK;
}

}  // namespace

extern "C" {

dv_status dv_compare_region(const dv_image *query, const float homography[9], const dv_image *reference,
                            const int32_t rect[4], float *similarity, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(query && homography && reference && rect && similarity, error, "null pointer");
        RegionPatches patches;
        const dv_status status = regionPatches(query, homography, reference, rect, patches, error);
        if (status != DV_OK) return status;
        // Text edges matter, not lighting: compare gradient magnitudes at half size.
        auto prep = [](const cv::Mat &g) {
            cv::Mat s, gx, gy, mag;
            cv::resize(g, s, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
            cv::Sobel(s, gx, CV_32F, 1, 0);
            cv::Sobel(s, gy, CV_32F, 0, 1);
            cv::magnitude(gx, gy, mag);
            return mag;
        };
        cv::Mat a = prep(patches.query), b = prep(patches.reference);
        if (b.cols > a.cols || b.rows > a.rows) return dv::fail(error, DV_ERR_INTERNAL, "region warp too small");
        cv::Mat result;
        cv::matchTemplate(a, b, result, cv::TM_CCOEFF_NORMED);
        double maxVal = 0;
        cv::minMaxLoc(result, nullptr, &maxVal);
        *similarity = static_cast<float>(maxVal);
        return dv::ok(error);
    });
}

dv_status dv_compare_region_smoothed(const dv_image *query, const float homography[9], const dv_image *reference,
                                     const int32_t rect[4], float sigma, float *similarity, float *reference_contrast,
                                     dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(query && homography && reference && rect && similarity && reference_contrast, error, "null pointer");
        DV_REQUIRE(std::isfinite(sigma) && sigma > 0 && sigma <= 64, error, "sigma %g outside (0, 64]", double(sigma));
        // The misalignment searched is the same as dv_compare_region's; the reference's
        // smoothing reads the same margin of the query, replicated at its border.
        RegionPatches patches;
        const dv_status status = regionPatches(query, homography, reference, rect, patches, error);
        if (status != DV_OK) return status;
        const cv::Mat &grayQ = patches.query, &grayR = patches.reference;
        const int side = std::min(grayR.cols, grayR.rows);
        // Smoothed, then sampled at about two pixels per sigma (what a Gaussian of that width
        // leaves), but never below 8 pixels across.
        const double factor = std::min({1.0, 2.0 / sigma, 8.0 * 2 / side});
        auto prep = [&](const cv::Mat &g) {
            cv::Mat f, s, out;
            g.convertTo(f, CV_32F);
            cv::GaussianBlur(f, s, cv::Size(), sigma, sigma, cv::BORDER_REPLICATE);
            if (factor < 1.0) cv::resize(s, out, cv::Size(), factor, factor, cv::INTER_AREA);
            else out = s;
            return out;
        };
        cv::Mat a = prep(grayQ), b = prep(grayR);
        if (b.cols > a.cols || b.rows > a.rows) return dv::fail(error, DV_ERR_INTERNAL, "region warp too small");
        cv::Scalar mean, deviation;
        cv::meanStdDev(b, mean, deviation);
        *reference_contrast = static_cast<float>(deviation[0]);
        cv::Mat result;
        cv::matchTemplate(a, b, result, cv::TM_CCOEFF_NORMED);
        double maxVal = -1;
        cv::minMaxLoc(result, nullptr, &maxVal);
        // A flat region (no variance on either side) correlates with nothing.
        *similarity = std::isfinite(maxVal) ? static_cast<float>(std::clamp(maxVal, -1.0, 1.0)) : -1.0f;
        return dv::ok(error);
    });
}

}  // extern "C"
