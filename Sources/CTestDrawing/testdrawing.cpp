// Test-only drawing helpers (see testdrawing.h).
#include "testdrawing.h"

#include <opencv2/core.hpp>
#include <opencv2/freetype.hpp>
#include <opencv2/imgproc.hpp>

#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

struct td_canvas {
    cv::Mat mat;  // CV_8UC3 (freetype draws on 3 channels only); grey levels in all three
};

namespace {

// Loading a face is slow; tests draw many lines with one or two fonts.
std::mutex fontLock;
std::map<std::string, cv::Ptr<cv::freetype::FreeType2>> fonts;

cv::Ptr<cv::freetype::FreeType2> font(const char *path) {
    std::string key(path);
    auto found = fonts.find(key);
    if (found != fonts.end()) return found->second;
    auto face = cv::freetype::createFreeType2();
    face->loadFontData(key, 0);
    fonts[key] = face;
    return face;
}

template <typename Body>
int guarded(Body &&body) noexcept {
    try {
        return body();
    } catch (...) {
        return 1;
    }
}

}  // namespace

extern "C" {

td_canvas *td_canvas_create(int32_t width, int32_t height, int32_t gray) {
    if (width <= 0 || height <= 0) return nullptr;
    try {
        return new td_canvas{cv::Mat(height, width, CV_8UC3, cv::Scalar(gray, gray, gray))};
    } catch (...) {
        return nullptr;
    }
}

void td_canvas_destroy(td_canvas *canvas) { delete canvas; }
int32_t td_canvas_width(const td_canvas *canvas) { return canvas->mat.cols; }
int32_t td_canvas_height(const td_canvas *canvas) { return canvas->mat.rows; }

int td_text_width(const char *font_path, const char *text, int32_t height, int32_t *out_width) {
    return guarded([&] {
        std::lock_guard<std::mutex> hold(fontLock);
        int baseline = 0;
        cv::Size size = font(font_path)->getTextSize(text, height, -1, &baseline);
        *out_width = size.width;
        return 0;
    });
}

int td_canvas_text(td_canvas *canvas, const char *font_path, const char *text, int32_t x, int32_t y,
                   int32_t height, int32_t gray, int32_t *out_width) {
    return guarded([&] {
        std::lock_guard<std::mutex> hold(fontLock);
        auto face = font(font_path);
        int baseline = 0;
        cv::Size size = face->getTextSize(text, height, -1, &baseline);
        // putText takes the baseline-left origin when bottomLeftOrigin is true.
        face->putText(canvas->mat, text, cv::Point(x, y + size.height), height, cv::Scalar(gray, gray, gray), -1,
                      cv::LINE_AA, true);
        if (out_width) *out_width = size.width;
        return 0;
    });
}

int td_canvas_rect(td_canvas *canvas, int32_t x, int32_t y, int32_t w, int32_t h, int32_t gray) {
    return guarded([&] {
        cv::rectangle(canvas->mat, cv::Rect(x, y, w, h), cv::Scalar(gray, gray, gray), cv::FILLED);
        return 0;
    });
}

int td_canvas_degrade(td_canvas *canvas, double degrees, double blur_sigma, double light_ramp,
                      double noise_sigma, uint32_t seed) {
    return guarded([&] {
        cv::Mat &m = canvas->mat;
        if (degrees != 0) {
            cv::Mat rot = cv::getRotationMatrix2D(cv::Point2f(m.cols / 2.0f, m.rows / 2.0f), degrees, 1.0);
            cv::Mat out;
            cv::warpAffine(m, out, rot, m.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
            m = out;
        }
        if (blur_sigma > 0) cv::GaussianBlur(m, m, cv::Size(0, 0), blur_sigma);
        cv::Mat f;
        m.convertTo(f, CV_32FC3);
        if (light_ramp > 0) {
            for (int x = 0; x < f.cols; ++x) {
                float gain = 1.0f - float(light_ramp) * float(x) / float(f.cols);
                f.col(x) *= gain;
            }
        }
        if (noise_sigma > 0) {
            cv::Mat noise(f.size(), CV_32F), noise3;
            cv::RNG rng(seed);
            rng.fill(noise, cv::RNG::NORMAL, 0, noise_sigma);
            cv::merge(std::vector<cv::Mat>{noise, noise, noise}, noise3);
            f += noise3;
        }
        f.convertTo(m, CV_8U);
        return 0;
    });
}

int td_canvas_place(td_canvas *canvas, const float corners[8], int32_t width, int32_t height,
                    int32_t background) {
    return guarded([&] {
        cv::Mat &m = canvas->mat;
        cv::Point2f src[4] = {{0, 0}, {float(m.cols), 0}, {float(m.cols), float(m.rows)}, {0, float(m.rows)}};
        cv::Point2f dst[4];
        for (int i = 0; i < 4; ++i) dst[i] = cv::Point2f(corners[2 * i], corners[2 * i + 1]);
        cv::Mat h = cv::getPerspectiveTransform(src, dst);
        cv::Mat out(height, width, CV_8UC3, cv::Scalar(background, background, background));
        cv::warpPerspective(m, out, h, out.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
        m = out;
        return 0;
    });
}

int td_canvas_copy(const td_canvas *canvas, uint8_t *buffer, size_t length) {
    return guarded([&] {
        cv::Mat m;
        cv::cvtColor(canvas->mat, m, cv::COLOR_BGR2GRAY);
        if (length < size_t(m.cols) * size_t(m.rows)) return 1;
        for (int y = 0; y < m.rows; ++y) std::memcpy(buffer + size_t(y) * m.cols, m.ptr(y), m.cols);
        return 0;
    });
}

}  // extern "C"
