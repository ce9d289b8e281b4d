// Photometric refinement of a template -> image homography: the image is aligned with the
// template's reference image by inverse-compositional Gauss-Newton (Baker & Matthews), coarse to
// fine, over the template's stable design only (personal data differs on every card).
//
// Why: a homography fitted to a few dozen RANSAC inliers (ORB keypoints, positions quantised to
// their pyramid level, bunched where the print is dense) projects the template's corners 1-10%
// of the diagonal off; aligning every stable pixel of the design makes the fit as good as the
// reference itself. cv::findTransformECC does the same but lives in opencv_video, which links
// opencv_dnn; here the template side (gradients, steepest-descent images, Hessian) is computed
// once per template, and each query costs a few warps of a 160-pixel-wide image.
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

/// Widths of the template at the pyramid levels, coarse first.
constexpr int kLevelWidths[] = {80, 160};
constexpr int kLevels = sizeof(kLevelWidths) / sizeof(kLevelWidths[0]);
/// Gauss-Newton steps per level at most (coarse first).
constexpr int kIterations[] = {30, 20};
/// Share of the template's width and height left out along its border: the reference's
/// rounded corners and edge are not the card's print, and the card's outline in the photo
/// is the background's as much as the card's.
constexpr double kBorder = 0.03;
/// Residual (in standard deviations of the normalised images) beyond which a pixel's pull is
/// capped (Huber).
constexpr double kHuber = 1.0;
/// Stability at which the design counts (the grid is coarse: its cells at a field's edge are
/// partly personal data).
constexpr float kStable = 0.75f;

/// The band-pass both sides are compared by: fine noise smoothed away, and the lighting (a
/// shadow, a dark exposure, a gradient of glare) subtracted, `scale` pixels per template pixel
/// of the level.
cv::Mat bandPass(const cv::Mat &gray32, double levelWidth, double scale) {
    cv::Mat fine, coarse;
    const double sFine = 0.8 * scale, sCoarse = levelWidth / 20.0 * scale;
    cv::GaussianBlur(gray32, fine, cv::Size(0, 0), sFine);
    cv::GaussianBlur(gray32, coarse, cv::Size(0, 0), sCoarse);
    return fine - coarse;
}

}  // namespace

struct dv_alignment {
    struct Level {
        int width, height;
        std::vector<int> index;           // masked pixel (y * width + x)
        std::vector<float> t;             // template value there, zero mean, unit variance
        std::vector<cv::Vec<float, 8>> sd;  // steepest-descent row there
        cv::Matx<double, 8, 8> hessian;
    };
    int width, height;  // template canonical size
    Level levels[kLevels];
};

extern "C" {

dv_status dv_alignment_create(const dv_image *reference, const float *stability, int32_t stability_width,
                              int32_t stability_height, dv_alignment **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(reference && out, error, "null pointer");
        DV_REQUIRE(!stability || (stability_width > 0 && stability_height > 0), error, "bad stability size");
        cv::Mat gray;
        if (reference->mat.channels() == 3) cv::cvtColor(reference->mat, gray, cv::COLOR_BGR2GRAY);
        else gray = reference->mat;
        cv::Mat stable;
        if (stability) stable = cv::Mat(stability_height, stability_width, CV_32F, const_cast<float *>(stability)).clone();
        auto a = std::make_unique<dv_alignment>();
        a->width = gray.cols;
        a->height = gray.rows;
        for (int l = 0; l < kLevels; ++l) {
            auto &L = a->levels[l];
            L.width = kLevelWidths[l];
            L.height = std::max(8, static_cast<int>(std::lround(double(L.width) * gray.rows / gray.cols)));
            cv::Mat small, f;
            cv::resize(gray, small, cv::Size(L.width, L.height), 0, 0, cv::INTER_AREA);
            small.convertTo(f, CV_32F);
            cv::Mat t = bandPass(f, L.width, 1.0);
            cv::Mat mask(L.height, L.width, CV_8U, cv::Scalar(1));
            if (!stable.empty()) {
                cv::Mat s;
                cv::resize(stable, s, cv::Size(L.width, L.height), 0, 0, cv::INTER_LINEAR);
                mask = s >= kStable;
            }
            const int bx = static_cast<int>(std::ceil(kBorder * L.width)), by = static_cast<int>(std::ceil(kBorder * L.height));
            mask.rowRange(0, by).setTo(0);
            mask.rowRange(L.height - by, L.height).setTo(0);
            mask.colRange(0, bx).setTo(0);
            mask.colRange(L.width - bx, L.width).setTo(0);
            // Normalise over the mask, then gradients of the normalised template.
            cv::Scalar mu, sd;
            cv::meanStdDev(t, mu, sd, mask);
            t = (t - mu[0]) / std::max(sd[0], 1e-6);
            cv::Mat gx, gy;
            cv::Sobel(t, gx, CV_32F, 1, 0, 3, 1.0 / 8);
            cv::Sobel(t, gy, CV_32F, 0, 1, 3, 1.0 / 8);
            L.hessian = cv::Matx<double, 8, 8>::zeros();
            for (int y = 0; y < L.height; ++y) {
                for (int x = 0; x < L.width; ++x) {
                    if (!mask.at<uint8_t>(y, x)) continue;
                    const float ix = gx.at<float>(y, x), iy = gy.at<float>(y, x);
                    // d(warp)/dp at p = 0 for H = [[1+p0, p2, p4], [p1, 1+p3, p5], [p6, p7, 1]].
                    const float X = static_cast<float>(x), Y = static_cast<float>(y);
                    cv::Vec<float, 8> r(ix * X, iy * X, ix * Y, iy * Y, ix, iy, -X * (ix * X + iy * Y), -Y * (ix * X + iy * Y));
                    L.index.push_back(y * L.width + x);
                    L.t.push_back(t.at<float>(y, x));
                    L.sd.push_back(r);
                    for (int i = 0; i < 8; ++i)
                        for (int j = 0; j < 8; ++j) L.hessian(i, j) += double(r[i]) * r[j];
                }
            }
            DV_REQUIRE(L.index.size() >= 64, error, "the reference has too little stable design to align to");
        }
        *out = a.release();
        return dv::ok(error);
    });
}

void dv_alignment_destroy(dv_alignment *alignment) { delete alignment; }

dv_status dv_alignment_refine(const dv_alignment *alignment, const dv_image *image, double homography[9], float *correlation,
                              float *initial_correlation, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(alignment && image && homography && correlation && initial_correlation, error, "null pointer");
        *correlation = *initial_correlation = -1;
        const cv::Matx33d H0(homography);
        const double tw = alignment->width, th = alignment->height;
        std::vector<cv::Point2d> c = {{0, 0}, {tw, 0}, {tw, th}, {0, th}}, mc(4);
        for (int k = 0; k < 4; ++k) {
            cv::Vec3d v = H0 * cv::Vec3d(c[k].x, c[k].y, 1);
            if (std::fabs(v[2]) < 1e-9) return dv::ok(error);
            mc[k] = {v[0] / v[2], v[1] / v[2]};
        }
        // The part of the image the document covers (and a margin for the steps).
        const double side = 0.5 * (cv::norm(mc[1] - mc[0]) + cv::norm(mc[2] - mc[3]));
        cv::Rect2d box = cv::boundingRect(std::vector<cv::Point2f>(mc.begin(), mc.end()));
        const double margin = 0.1 * side;
        cv::Rect roi(cv::Point(int(std::floor(box.x - margin)), int(std::floor(box.y - margin))),
                     cv::Point(int(std::ceil(box.x + box.width + margin)), int(std::ceil(box.y + box.height + margin))));
        roi &= cv::Rect(0, 0, image->mat.cols, image->mat.rows);
        if (roi.width < 8 || roi.height < 8 || side < 8) return dv::ok(error);
        cv::Mat gray;
        if (image->mat.channels() == 3) cv::cvtColor(image->mat(roi), gray, cv::COLOR_BGR2GRAY);
        else gray = image->mat(roi);
        cv::Matx33d M = cv::Matx33d(1, 0, -roi.x, 0, 1, -roi.y, 0, 0, 1) * H0;  // template canonical -> ROI pixels
        // Each level's ROI at about the level's scale (never enlarged), band-passed as the template was.
        cv::Mat q[kLevels];
        cv::Matx33d A[kLevels], S[kLevels];
        for (int l = 0; l < kLevels; ++l) {
            const auto &L = alignment->levels[l];
            const double f = std::min(1.0, 1.5 * L.width / side);
            cv::Mat small, f32;
            if (f < 1) cv::resize(gray, small, cv::Size(), f, f, cv::INTER_AREA);
            else small = gray;
            small.convertTo(f32, CV_32F);
            q[l] = bandPass(f32, L.width, std::max(f * side / L.width, 0.5));  // ROI pixels per level pixel
            A[l] = cv::Matx33d(f, 0, 0, 0, f, 0, 0, 0, 1);
            S[l] = cv::Matx33d(L.width / tw, 0, 0, 0, L.height / th, 0, 0, 0, 1);
        }
        cv::Mat warped;
        std::vector<uint8_t> valid;
        // Normalised correlation of the level's template with the ROI seen through W (level template
        // -> level ROI), over the stable pixels in view; the warped values are left in `warped`.
        auto correlate = [&](int l, const cv::Matx33d &W, double &mean, double &sdv, int &m) -> double {
            const auto &L = alignment->levels[l];
            const int n = static_cast<int>(L.index.size());
            cv::warpPerspective(q[l], warped, cv::Mat(W), cv::Size(L.width, L.height), cv::INTER_LINEAR | cv::WARP_INVERSE_MAP,
                                cv::BORDER_CONSTANT, cv::Scalar(std::nanf("")));
            const float *w = warped.ptr<float>(0);
            valid.assign(n, 0);
            double sum = 0, sum2 = 0, cross = 0;
            m = 0;
            for (int i = 0; i < n; ++i) {
                const float v = w[L.index[i]];
                if (std::isnan(v)) continue;
                valid[i] = 1;
                sum += v;
                sum2 += double(v) * v;
                cross += double(v) * L.t[i];
                ++m;
            }
            if (m == 0) return -1;
            mean = sum / m;
            sdv = std::sqrt(std::max(sum2 / m - mean * mean, 1e-12));
            // Pearson's over the pixels in view (the template's own mean and spread there too,
            // so that a partial view compares fairly with another).
            double tsum = 0, tsum2 = 0;
            for (int i = 0; i < n; ++i)
                if (valid[i]) {
                    tsum += L.t[i];
                    tsum2 += double(L.t[i]) * L.t[i];
                }
            const double tmean = tsum / m, tsd = std::sqrt(std::max(tsum2 / m - tmean * tmean, 1e-12));
            return (cross / m - mean * tmean) / (sdv * tsd);
        };
        {
            double mean, sdv;
            int m;
            *initial_correlation = static_cast<float>(correlate(kLevels - 1, A[kLevels - 1] * M * S[kLevels - 1].inv(), mean, sdv, m));
        }
        float last = -2;
        for (int l = 0; l < kLevels; ++l) {
            const auto &L = alignment->levels[l];
            cv::Matx33d W = A[l] * M * S[l].inv();  // level template -> level ROI
            const int n = static_cast<int>(L.index.size());
            for (int it = 0; it < kIterations[l]; ++it) {
                double mean, sdv;
                int m;
                const double rho = correlate(l, W, mean, sdv, m);
                if (m < n / 3 || m < 64) return dv::ok(error);  // too little of the document in view
                last = static_cast<float>(rho);
                const float *w = warped.ptr<float>(0);
                // Huber weights: a finger, a glare spot or a field of personal data the mask
                // missed differs by far more than the design's misalignment, and must not pull it.
                cv::Vec<double, 8> b = cv::Vec<double, 8>::all(0);
                cv::Matx<double, 8, 8> hess = cv::Matx<double, 8, 8>::zeros();
                for (int i = 0; i < n; ++i) {
                    if (!valid[i]) continue;
                    const double err = (w[L.index[i]] - mean) / sdv - L.t[i];
                    const double weight = std::fabs(err) <= kHuber ? 1.0 : kHuber / std::fabs(err);
                    const auto &r = L.sd[i];
                    for (int k = 0; k < 8; ++k) {
                        const double wr = weight * r[k];
                        b[k] += wr * err;
                        for (int j = k; j < 8; ++j) hess(k, j) += wr * r[j];
                    }
                }
                for (int k = 0; k < 8; ++k)
                    for (int j = 0; j < k; ++j) hess(k, j) = hess(j, k);
                cv::Vec<double, 8> dp;
                if (!cv::solve(hess, b, dp, cv::DECOMP_CHOLESKY)) return dv::ok(error);
                const cv::Matx33d D(1 + dp[0], dp[2], dp[4], dp[1], 1 + dp[3], dp[5], dp[6], dp[7], 1);
                W = W * D.inv();
                // Converged when the step moves no template corner by a hundredth of a pixel.
                double moved = 0;
                const double lw = L.width, lh = L.height;
                for (auto p : {cv::Vec3d(0, 0, 1), cv::Vec3d(lw, 0, 1), cv::Vec3d(lw, lh, 1), cv::Vec3d(0, lh, 1)}) {
                    cv::Vec3d d = D * p;
                    moved = std::max(moved, std::hypot(d[0] / d[2] - p[0], d[1] / d[2] - p[1]));
                }
                if (!std::isfinite(moved)) return dv::ok(error);
                if (moved < 0.01) break;
            }
            M = A[l].inv() * W * S[l];
        }
        {
            double mean, sdv;
            int m;
            last = static_cast<float>(correlate(kLevels - 1, A[kLevels - 1] * M * S[kLevels - 1].inv(), mean, sdv, m));
        }
        // Back to full-image pixels.
        M = cv::Matx33d(1, 0, roi.x, 0, 1, roi.y, 0, 0, 1) * M;
        if (std::fabs(M(2, 2)) < 1e-12) return dv::ok(error);
        for (int k = 0; k < 9; ++k) homography[k] = M.val[k] / M(2, 2);
        *correlation = last;
        return dv::ok(error);
    });
}

}  // extern "C"
