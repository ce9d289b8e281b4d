// CIE Lab of 8-bit BGR images without OpenCV's colour tables (see dv_lab.hpp for why).
#include "dv_lab.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace {

/// Samples of f(t) = t^(1/3) (above CIE's 0.008856, the linear toe below) over t in 0...1, the
/// range X/Xn, Y and Z/Zn take for colours in gamut; interpolated linearly between them.
constexpr int kRootSteps = 4096;

struct LabTables {
    std::array<float, 256> linear{};           // an sRGB byte -> linear light
    std::array<float, kRootSteps + 2> root{};  // one extra sample: t == 1 interpolates safely

    LabTables() {
        for (int v = 0; v < 256; ++v) {
            const double s = v / 255.0;
            linear[v] = static_cast<float>(s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4));
        }
        for (int i = 0; i < kRootSteps + 2; ++i) {
            const double t = static_cast<double>(i) / kRootSteps;
            root[i] = static_cast<float>(t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0);
        }
    }

    float f(float t) const {
        const float x = std::clamp(t, 0.0f, 1.0f) * kRootSteps;
        const int i = static_cast<int>(x);
        return root[i] + (root[i + 1] - root[i]) * (x - static_cast<float>(i));
    }
};

const LabTables &tables() {
    static const LabTables instance;
    return instance;
}

}  // namespace

namespace dv {

void labOfBGR(const cv::Mat &bgr, cv::Mat &lab) {
    if (bgr.type() != CV_8UC3) {
        cv::Mat f;
        bgr.convertTo(f, CV_32FC3, bgr.depth() == CV_8U ? 1.0 / 255 : 1.0);
        cv::cvtColor(f, lab, cv::COLOR_BGR2Lab);
        return;
    }
    const LabTables &t = tables();
    lab.create(bgr.size(), CV_32FC3);
    for (int y = 0; y < bgr.rows; ++y) {
        const uint8_t *p = bgr.ptr<uint8_t>(y);
        float *out = lab.ptr<float>(y);
        for (int x = 0; x < bgr.cols; ++x, p += 3, out += 3) {
            const float b = t.linear[p[0]], g = t.linear[p[1]], r = t.linear[p[2]];
            // sRGB primaries to XYZ, X and Z divided by D65's white.
            const float fx = t.f((0.412453f * r + 0.357580f * g + 0.180423f * b) * (1.0f / 0.950456f));
            const float fy = t.f(0.212671f * r + 0.715160f * g + 0.072169f * b);
            const float fz = t.f((0.019334f * r + 0.119193f * g + 0.950227f * b) * (1.0f / 1.088754f));
            out[0] = 116.0f * fy - 16.0f;
            out[1] = 500.0f * (fx - fy);
            out[2] = 200.0f * (fy - fz);
        }
    }
}

}  // namespace dv
