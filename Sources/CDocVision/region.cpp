// A template region compared with the query where the verified homography puts it: the
// twins' differing design (`TwinContrast`) is judged this way.
//
// `dv_compare_region` correlates gradient magnitudes: text edges matter, not lighting.
// `dv_compare_region_smoothed` is for a blurred photo: a defocused photo no longer has the
// gradients where the reference has them (every edge of a sharp reference's print against a
// smear), so twins' differing labels then correlate alike with both references. Smoothing the
// reference as much as the photo is blurred (and the photo alike, so that a little less blur in
// the photo does not count) compares what both still show.
//
// Twins' tiles are compared with both references at once (`dv_compare_region_pair`,
// `dv_region_pair`): the query's patch is cut, and its gradients or smoothed copies taken, once
// for both, and a pair's smoothed references are made once for every query. On the benchmark's
// frames the twins' comparisons were 38% of the classification's instructions, most of it
// the same warp and blur repeated per reference and per blur.

#include "docvision_features.h"
#include "docvision_region.h"
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace {

/// Checks `rect` against `reference` (exactly its size); a non-OK status on bad input.
dv_status checkRegion(const dv_image *reference, const int32_t rect[4], dv_error *error) {
    const cv::Rect r(rect[0], rect[1], rect[2], rect[3]);
    DV_REQUIRE(r.width >= 8 && r.height >= 8, error, "region too small");
    DV_REQUIRE(reference->mat.cols == r.width && reference->mat.rows == r.height, error,
               "the reference region is %dx%d, not %dx%d", reference->mat.cols, reference->mat.rows, r.width, r.height);
    return DV_OK;
}

/// The query seen in template pixels around `rect`, with a margin on every side for
/// misalignment (a sixth of the region's height, 4 pixels at least), grey. The same for every
/// reference of that region: the twins' comparisons cut it once for both.
cv::Mat queryPatch(const dv_image *query, const float homography[9], const int32_t rect[4]) {
    const cv::Rect r(rect[0], rect[1], rect[2], rect[3]);
    // Even, so that the patch's half-size sampling grid (gradientOf) falls on the reference's:
    // at an odd margin the two grids are half a pixel apart, and a fine print (a guilloche)
    // correlated 0.4-0.6 with itself, so that twins' identical tiles passed for differing ones.
    const int margin = (std::max(4, r.height / 6) + 1) / 2 * 2;
    cv::Mat H(3, 3, CV_64F);
    for (int k = 0; k < 9; ++k) H.at<double>(k / 3, k % 3) = homography[k];
    cv::Mat shift = (cv::Mat_<double>(3, 3) << 1, 0, r.x - margin, 0, 1, r.y - margin, 0, 0, 1);
    cv::Mat M = H * shift;  // output pixel -> query pixel
    cv::Mat patch, gray;
    cv::warpPerspective(query->mat, patch, M, cv::Size(r.width + 2 * margin, r.height + 2 * margin),
                        cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
    if (patch.channels() == 3) cv::cvtColor(patch, gray, cv::COLOR_BGR2GRAY);
    else gray = patch;
    return gray;
}

cv::Mat referenceGray(const dv_image *reference) {
    if (reference->mat.channels() != 3) return reference->mat;
    cv::Mat gray;
    cv::cvtColor(reference->mat, gray, cv::COLOR_BGR2GRAY);
    return gray;
}

/// Text edges matter, not lighting: gradient magnitudes at half size.
cv::Mat gradientOf(const cv::Mat &g) {
    cv::Mat s, gx, gy, mag;
    cv::resize(g, s, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
    cv::Sobel(s, gx, CV_32F, 1, 0);
    cv::Sobel(s, gy, CV_32F, 0, 1);
    cv::magnitude(gx, gy, mag);
    return mag;
}

/// The best normalised correlation of `b` within `a` (a shift search); false when `b` is larger.
bool bestCorrelation(const cv::Mat &a, const cv::Mat &b, double &maxVal) {
    if (b.cols > a.cols || b.rows > a.rows) return false;
    cv::Mat result;
    cv::matchTemplate(a, b, result, cv::TM_CCOEFF_NORMED);
    cv::minMaxLoc(result, nullptr, &maxVal);
    return true;
}

/// Smoothed by `sigma`, then sampled at about two pixels per sigma (what a Gaussian of that
/// width leaves), but never below 8 pixels across the region's shorter `side`.
double smoothedFactor(float sigma, int side) { return std::min({1.0, 2.0 / sigma, 8.0 * 2 / side}); }

cv::Mat smoothedOf(const cv::Mat &g, float sigma, double factor) {
    cv::Mat f, s, out;
    g.convertTo(f, CV_32F);
    cv::GaussianBlur(f, s, cv::Size(), sigma, sigma, cv::BORDER_REPLICATE);
    if (factor < 1.0) cv::resize(s, out, cv::Size(), factor, factor, cv::INTER_AREA);
    else out = s;
    return out;
}

/// The smoothed comparison's similarity from the prepared patches: a flat region (no variance
/// on either side) correlates with nothing.
float smoothedSimilarity(double maxVal) {
    return std::isfinite(maxVal) ? static_cast<float>(std::clamp(maxVal, -1.0, 1.0)) : -1.0f;
}

}  // namespace

/// The two references of one region (a twins' tile), smoothed and sampled once per blur: they
/// are the same for every query, and smoothing them was a third of a blurred photo's comparison.
struct dv_region_pair {
    struct Blur {
        float sigma = 0;
        double factor = 1;
        cv::Mat smoothed[2];
        float contrast[2] = {0, 0};
    };
    int32_t rect[4] = {0, 0, 0, 0};
    std::vector<Blur> blurs;
};

extern "C" {

dv_status dv_compare_region(const dv_image *query, const float homography[9], const dv_image *reference,
                            const int32_t rect[4], float *similarity, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(query && homography && reference && rect && similarity, error, "null pointer");
        const dv_status status = checkRegion(reference, rect, error);
        if (status != DV_OK) return status;
        double maxVal = 0;
        if (!bestCorrelation(gradientOf(queryPatch(query, homography, rect)), gradientOf(referenceGray(reference)), maxVal))
            return dv::fail(error, DV_ERR_INTERNAL, "region warp too small");
        *similarity = static_cast<float>(maxVal);
        return dv::ok(error);
    });
}

dv_status dv_compare_region_pair(const dv_image *query, const float homography[9], const dv_image *first,
                                 const dv_image *second, const int32_t rect[4], float similarities[2], dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(query && homography && first && second && rect && similarities, error, "null pointer");
        for (const dv_image *reference : {first, second}) {
            const dv_status status = checkRegion(reference, rect, error);
            if (status != DV_OK) return status;
        }
        const cv::Mat a = gradientOf(queryPatch(query, homography, rect));
        int k = 0;
        for (const dv_image *reference : {first, second}) {
            double maxVal = 0;
            if (!bestCorrelation(a, gradientOf(referenceGray(reference)), maxVal))
                return dv::fail(error, DV_ERR_INTERNAL, "region warp too small");
            similarities[k++] = static_cast<float>(maxVal);
        }
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
        const dv_status status = checkRegion(reference, rect, error);
        if (status != DV_OK) return status;
        const double factor = smoothedFactor(sigma, std::min(rect[2], rect[3]));
        const cv::Mat a = smoothedOf(queryPatch(query, homography, rect), sigma, factor);
        const cv::Mat b = smoothedOf(referenceGray(reference), sigma, factor);
        cv::Scalar mean, deviation;
        cv::meanStdDev(b, mean, deviation);
        *reference_contrast = static_cast<float>(deviation[0]);
        double maxVal = -1;
        if (!bestCorrelation(a, b, maxVal)) return dv::fail(error, DV_ERR_INTERNAL, "region warp too small");
        *similarity = smoothedSimilarity(maxVal);
        return dv::ok(error);
    });
}

dv_status dv_region_pair_create(const dv_image *first, const dv_image *second, const int32_t rect[4], const float *sigmas,
                               int32_t count, dv_region_pair **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(first && second && rect && sigmas && out, error, "null pointer");
        DV_REQUIRE(count > 0 && count <= 64, error, "%d blurs", count);
        for (int i = 0; i < count; ++i)
            DV_REQUIRE(std::isfinite(sigmas[i]) && sigmas[i] > 0 && sigmas[i] <= 64, error, "sigma %g outside (0, 64]", double(sigmas[i]));
        for (const dv_image *reference : {first, second}) {
            const dv_status status = checkRegion(reference, rect, error);
            if (status != DV_OK) return status;
        }
        auto pair = std::make_unique<dv_region_pair>();
        std::copy(rect, rect + 4, pair->rect);
        const cv::Mat grays[2] = {referenceGray(first), referenceGray(second)};
        const int side = std::min(rect[2], rect[3]);
        for (int i = 0; i < count; ++i) {
            dv_region_pair::Blur blur;
            blur.sigma = sigmas[i];
            blur.factor = smoothedFactor(sigmas[i], side);
            for (int k = 0; k < 2; ++k) {
                blur.smoothed[k] = smoothedOf(grays[k], blur.sigma, blur.factor);
                cv::Scalar mean, deviation;
                cv::meanStdDev(blur.smoothed[k], mean, deviation);
                blur.contrast[k] = static_cast<float>(deviation[0]);
            }
            pair->blurs.push_back(std::move(blur));
        }
        *out = pair.release();
        return dv::ok(error);
    });
}

void dv_region_pair_destroy(dv_region_pair *pair) { delete pair; }

int32_t dv_region_pair_blurs(const dv_region_pair *pair) { return pair ? static_cast<int32_t>(pair->blurs.size()) : 0; }

dv_status dv_region_pair_compare_smoothed(const dv_region_pair *pair, const dv_image *query, const float homography[9],
                                          float min_contrast, float *similarities, float *reference_contrasts,
                                          dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(pair && query && homography && similarities && reference_contrasts, error, "null pointer");
        // One cut of the query and one smoothing of it per blur serve both references, and
        // none where a blur flattens either reference.
        const cv::Mat patch = queryPatch(query, homography, pair->rect);
        for (size_t i = 0; i < pair->blurs.size(); ++i) {
            const auto &blur = pair->blurs[i];
            for (int k = 0; k < 2; ++k) {
                reference_contrasts[2 * i + k] = blur.contrast[k];
                similarities[2 * i + k] = -1;
            }
            if (std::min(blur.contrast[0], blur.contrast[1]) < min_contrast) continue;
            const cv::Mat a = smoothedOf(patch, blur.sigma, blur.factor);
            for (int k = 0; k < 2; ++k) {
                double maxVal = -1;
                if (!bestCorrelation(a, blur.smoothed[k], maxVal)) return dv::fail(error, DV_ERR_INTERNAL, "region warp too small");
                similarities[2 * i + k] = smoothedSimilarity(maxVal);
            }
        }
        return dv::ok(error);
    });
}

}  // extern "C"
