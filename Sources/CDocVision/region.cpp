// A template region compared with a blurred photo. `dv_compare_region` correlates gradient
// magnitudes, which a defocused photo no longer has where the reference has them (every edge
// of a sharp reference's print against a smear): twins' differing labels then correlate alike
// with both references. Smoothing the reference as much as the photo is blurred (and the photo
// alike, so that a little less blur in the photo does not count) compares what both still show.
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

extern "C" {

dv_status dv_compare_region_smoothed(const dv_image *query, const float homography[9], const dv_image *reference,
                                     const int32_t rect[4], float sigma, float *similarity, float *reference_contrast,
                                     dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(query && homography && reference && rect && similarity && reference_contrast, error, "null pointer");
        DV_REQUIRE(std::isfinite(sigma) && sigma > 0 && sigma <= 64, error, "sigma %g outside (0, 64]", double(sigma));
        cv::Rect r(rect[0], rect[1], rect[2], rect[3]);
        DV_REQUIRE(r.width >= 8 && r.height >= 8, error, "region too small");
        DV_REQUIRE(reference->mat.cols == r.width && reference->mat.rows == r.height, error,
                   "the reference region is %dx%d, not %dx%d", reference->mat.cols, reference->mat.rows, r.width, r.height);
        // The misalignment searched, as in dv_compare_region; the reference's smoothing reads
        // the same margin of the query, replicated at its border.
        const int margin = std::max(4, r.height / 6);
        cv::Mat H(3, 3, CV_64F);
        for (int k = 0; k < 9; ++k) H.at<double>(k / 3, k % 3) = homography[k];
        cv::Mat shift = (cv::Mat_<double>(3, 3) << 1, 0, r.x - margin, 0, 1, r.y - margin, 0, 0, 1);
        cv::Mat M = H * shift;  // output pixel -> query pixel
        cv::Mat patch, grayQ, grayR;
        cv::warpPerspective(query->mat, patch, M, cv::Size(r.width + 2 * margin, r.height + 2 * margin),
                            cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
        if (patch.channels() == 3) cv::cvtColor(patch, grayQ, cv::COLOR_BGR2GRAY);
        else grayQ = patch;
        if (reference->mat.channels() == 3) cv::cvtColor(reference->mat, grayR, cv::COLOR_BGR2GRAY);
        else grayR = reference->mat;
        // Smoothed, then sampled at about two pixels per sigma (what a Gaussian of that width
        // leaves), but never below 8 pixels across.
        const double factor = std::min({1.0, 2.0 / sigma, 8.0 * 2 / std::min(r.width, r.height)});
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
