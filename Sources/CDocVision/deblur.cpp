// Motion streak estimation and Wiener deconvolution of a machine-readable zone's region.
// See docvision_deblur.h.
#include "dv_internal.hpp"
#include "docvision_deblur.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace {

cv::Mat grayRegion(const cv::Mat &mat, const cv::Rect &rect) {
    cv::Mat region = mat(rect), gray;
    if (region.channels() == 1) region.convertTo(gray, CV_32F);
    else {
        cv::Mat g;
        cv::cvtColor(region, g, cv::COLOR_BGR2GRAY);
        g.convertTo(gray, CV_32F);
    }
    return gray;
}

cv::Rect clipped(const cv::Mat &mat, int32_t x, int32_t y, int32_t w, int32_t h) {
    return cv::Rect(x, y, w, h) & cv::Rect(0, 0, mat.cols, mat.rows);
}

/// The streak's point spread function, drawn as the line a moving camera smears a point into
/// (antialiased, summing to 1), centred in a (2r+1)-square kernel.
cv::Mat streakKernel(double length, double angleDegrees) {
    const int r = static_cast<int>(std::ceil(length / 2)) + 1;
    cv::Mat kernel(2 * r + 1, 2 * r + 1, CV_32F, cv::Scalar(0));
    const double a = angleDegrees * CV_PI / 180, c = std::cos(a), s = std::sin(a);
    cv::line(kernel, cv::Point(static_cast<int>(std::lround((r - c * length / 2) * 16)), static_cast<int>(std::lround((r - s * length / 2) * 16))),
             cv::Point(static_cast<int>(std::lround((r + c * length / 2) * 16)), static_cast<int>(std::lround((r + s * length / 2) * 16))),
             cv::Scalar(1), 1, cv::LINE_AA, 4);
    const double total = cv::sum(kernel)[0];
    if (total > 0) kernel /= total;
    else kernel.at<float>(r, r) = 1;
    return kernel;
}

}  // namespace

extern "C" {

dv_status dv_motion_streak_estimate(const dv_image *image, int32_t x, int32_t y, int32_t w, int32_t h,
                                    double min_length, double max_length, dv_motion_streak *streak,
                                    dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && streak, error, "null argument");
        DV_REQUIRE(min_length >= 1 && max_length > min_length && max_length < 1000, error, "bad streak lengths");
        *streak = dv_motion_streak{0, 0, 0};
        const cv::Rect rect = clipped(image->mat, x, y, w, h);
        const int maxLag = static_cast<int>(std::ceil(max_length));
        // Tiles long enough that a trough at the longest lag is not near the wrap-around, as
        // powers of two (fast transforms), at most as large as the region.
        int tile = 64;
        while (tile < 3 * maxLag && tile < 256) tile *= 2;
        const int tw = std::min(tile, rect.width), th = std::min(tile, rect.height);
        if (tw < 2 * maxLag + 4 || th < 2 * maxLag + 4) return dv::ok(error);
        const cv::Mat gray = grayRegion(image->mat, rect);
        cv::Mat window;
        cv::createHanningWindow(window, cv::Size(tw, th), CV_32F);
        cv::Mat power(th, tw, CV_32F, cv::Scalar(0));
        int tiles = 0;
        const int stepX = std::max(1, tw / 2), stepY = std::max(1, th / 2);
        for (int ty = 0; ty + th <= gray.rows; ty += stepY) {
            for (int tx = 0; tx + tw <= gray.cols; tx += stepX) {
                cv::Mat t = gray(cv::Rect(tx, ty, tw, th)).clone();
                t -= cv::mean(t)[0];
                t = t.mul(window);
                cv::Mat spectrum;
                cv::dft(t, spectrum, cv::DFT_COMPLEX_OUTPUT);
                cv::Mat planes[2];
                cv::split(spectrum, planes);
                cv::Mat magnitude;
                cv::magnitude(planes[0], planes[1], magnitude);
                power += magnitude.mul(magnitude);
                ++tiles;
            }
        }
        if (tiles == 0) return dv::ok(error);
        power /= tiles;
        const double floor = std::max(1e-6, cv::mean(power)[0] * 1e-6);
        cv::Mat logPower;
        cv::max(power, floor, power);
        cv::log(power, logPower);
        cv::Mat complexLog, cepstrumComplex;
        cv::Mat planes[2] = {logPower, cv::Mat::zeros(logPower.size(), CV_32F)};
        cv::merge(planes, 2, complexLog);
        cv::dft(complexLog, cepstrumComplex, cv::DFT_INVERSE | cv::DFT_SCALE);
        cv::Mat parts[2];
        cv::split(cepstrumComplex, parts);
        const cv::Mat &c = parts[0];
        auto at = [&](int dx, int dy) { return c.at<float>((dy % th + th) % th, (dx % tw + tw) % tw); };
        // The deepest trough over the half plane of lags (the cepstrum is symmetric).
        double best = 0;
        int bx = 0, by = 0;
        for (int dy = 0; dy <= maxLag; ++dy) {
            for (int dx = -maxLag; dx <= maxLag; ++dx) {
                if (dy == 0 && dx < 0) continue;
                const double r = std::hypot(dx, dy);
                if (r < min_length || r > max_length) continue;
                const double v = at(dx, dy);
                if (v < best) {
                    best = v;
                    bx = dx;
                    by = dy;
                }
            }
        }
        if (best >= 0) return dv::ok(error);
        const double radius = std::hypot(bx, by);
        // Depth at the same lag in every direction, away from the trough itself.
        double sum = 0;
        int n = 0;
        for (int dy = -maxLag; dy <= maxLag; ++dy) {
            for (int dx = -maxLag; dx <= maxLag; ++dx) {
                const double r = std::hypot(dx, dy);
                if (std::abs(r - radius) > 1) continue;
                if (std::hypot(dx - bx, dy - by) < 3 || std::hypot(dx + bx, dy + by) < 3) continue;
                const double v = at(dx, dy);
                sum += v * v;
                ++n;
            }
        }
        const double ring = n > 0 ? std::sqrt(sum / n) : 0;
        // Sub-pixel: a parabola through the trough and its neighbours along each axis.
        auto vertex = [](double m, double z, double p) {
            const double d = m - 2 * z + p;
            return std::abs(d) > 1e-9 ? std::clamp(0.5 * (m - p) / d, -0.5, 0.5) : 0.0;
        };
        const double fx = bx + vertex(at(bx - 1, by), best, at(bx + 1, by));
        const double fy = by + vertex(at(bx, by - 1), best, at(bx, by + 1));
        double angle = std::atan2(fy, fx) * 180 / CV_PI;
        if (angle < 0) angle += 180;
        if (angle >= 180) angle -= 180;
        streak->length = std::hypot(fx, fy);
        streak->angle = angle;
        streak->clarity = ring > 0 ? -best / ring : 0;
        return dv::ok(error);
    });
}

dv_status dv_motion_deblur(const dv_image *image, int32_t x, int32_t y, int32_t w, int32_t h,
                           dv_motion_streak streak, double nsr, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && out, error, "null argument");
        DV_REQUIRE(streak.length >= 0 && streak.length < 400 && nsr > 0, error, "bad streak");
        const cv::Rect rect = clipped(image->mat, x, y, w, h);
        DV_REQUIRE(rect.width > 0 && rect.height > 0, error, "empty region");
        const cv::Mat gray = grayRegion(image->mat, rect);
        // Mirrored past the borders by twice the streak: the transform's wrap-around then joins
        // mirrored pixels, and the ringing it makes stays in the margin cut off below.
        const int pad = static_cast<int>(std::ceil(2 * streak.length)) + 8;
        const int fw = cv::getOptimalDFTSize(gray.cols + 2 * pad), fh = cv::getOptimalDFTSize(gray.rows + 2 * pad);
        cv::Mat padded;
        cv::copyMakeBorder(gray, padded, pad, fh - gray.rows - pad, pad, fw - gray.cols - pad, cv::BORDER_REFLECT);
        const cv::Mat kernel = streakKernel(streak.length, streak.angle);
        const int r = kernel.rows / 2;
        cv::Mat psf(fh, fw, CV_32F, cv::Scalar(0));
        for (int ky = 0; ky < kernel.rows; ++ky) {
            for (int kx = 0; kx < kernel.cols; ++kx) {
                psf.at<float>(((ky - r) % fh + fh) % fh, ((kx - r) % fw + fw) % fw) += kernel.at<float>(ky, kx);
            }
        }
        cv::Mat g, hf;
        cv::dft(padded, g, cv::DFT_COMPLEX_OUTPUT);
        cv::dft(psf, hf, cv::DFT_COMPLEX_OUTPUT);
        cv::Mat numerator;
        cv::mulSpectrums(g, hf, numerator, 0, true);
        cv::Mat hp[2];
        cv::split(hf, hp);
        cv::Mat denominator = hp[0].mul(hp[0]) + hp[1].mul(hp[1]) + nsr;
        cv::Mat np[2];
        cv::split(numerator, np);
        np[0] /= denominator;
        np[1] /= denominator;
        cv::Mat restoredSpectrum, restored;
        cv::merge(np, 2, restoredSpectrum);
        cv::dft(restoredSpectrum, restored, cv::DFT_INVERSE | cv::DFT_SCALE | cv::DFT_REAL_OUTPUT);
        cv::Mat result;
        restored(cv::Rect(pad, pad, gray.cols, gray.rows)).convertTo(result, CV_8U);
        return dv::emit(std::move(result), out, error);
    });
}

}  // extern "C"
