// Canvas lifetime, pixel access, PNG encoding and the shared blending routine.
#include "render_internal.hpp"

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace dr {

cv::Rect clipped_bounds(const cv::Mat &canvas, double x0, double y0, double x1, double y1, double pad) {
    int left = std::max(0, (int)std::floor(std::min(x0, x1) - pad));
    int top = std::max(0, (int)std::floor(std::min(y0, y1) - pad));
    int right = std::min(canvas.cols, (int)std::ceil(std::max(x0, x1) + pad) + 1);
    int bottom = std::min(canvas.rows, (int)std::ceil(std::max(y0, y1) + pad) + 1);
    if (right <= left || bottom <= top) return cv::Rect();
    return cv::Rect(left, top, right - left, bottom - top);
}

bool valid_color(const dr_color &c) {
    auto in = [](double v, double hi) { return std::isfinite(v) && v >= 0 && v <= hi; };
    return in(c.r, 255) && in(c.g, 255) && in(c.b, 255) && in(c.a, 1);
}

void blend(cv::Mat &canvas, const cv::Rect &area, const cv::Mat &mask, const dr_color &color) {
    if (area.empty() || color.a <= 0) return;
    const float alpha = (float)color.a / 255.0f;
    const float b = (float)color.b, g = (float)color.g, r = (float)color.r;
    for (int y = 0; y < area.height; ++y) {
        const uint8_t *m = mask.ptr<uint8_t>(y);
        uint8_t *p = canvas.ptr<uint8_t>(area.y + y) + 3 * area.x;
        for (int x = 0; x < area.width; ++x, p += 3) {
            if (!m[x]) continue;
            // Values stay within 0...255, so adding one half and truncating rounds (and is far
            // cheaper than lround per channel).
            const float w = m[x] * alpha;
            p[0] = (uint8_t)(p[0] + (b - p[0]) * w + 0.5f);
            p[1] = (uint8_t)(p[1] + (g - p[1]) * w + 0.5f);
            p[2] = (uint8_t)(p[2] + (r - p[2]) * w + 0.5f);
        }
    }
}

}  // namespace dr

extern "C" dr_status dr_canvas_create(int32_t width, int32_t height, dr_color background, dr_canvas **out,
                                      dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(out, error, "null output pointer");
        DR_REQUIRE(width > 0 && height > 0 && width <= 16384 && height <= 16384, error,
                   "canvas size %dx%d out of range", width, height);
        DR_REQUIRE(dr::valid_color(background), error, "invalid colour");
        cv::Mat mat(height, width, CV_8UC3, cv::Scalar(background.b, background.g, background.r));
        *out = new dr_canvas{std::move(mat)};
        return dr::ok(error);
    });
}

extern "C" void dr_canvas_destroy(dr_canvas *canvas) { delete canvas; }

extern "C" dr_status dr_canvas_pixels(const dr_canvas *canvas, uint8_t *out, size_t capacity, dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(canvas && out, error, "null pointer");
        const size_t row = (size_t)canvas->mat.cols * 3;
        DR_REQUIRE(capacity >= row * (size_t)canvas->mat.rows, error, "buffer too small");
        for (int y = 0; y < canvas->mat.rows; ++y) std::memcpy(out + row * y, canvas->mat.ptr(y), row);
        return dr::ok(error);
    });
}

extern "C" dr_status dr_canvas_encode_png(const dr_canvas *canvas, uint8_t **out, size_t *length, dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(canvas && out && length, error, "null pointer");
        std::vector<uint8_t> bytes;
        // Level 3: zlib was half of a render at the default 6; level 3 saves ~30% of the time for
        // ~6% larger files (measured on 100 specimens).
        if (!cv::imencode(".png", canvas->mat, bytes, {cv::IMWRITE_PNG_COMPRESSION, 3}))
            return dr::fail(error, DR_ERR_INTERNAL, "PNG encoding failed");
        auto *buffer = static_cast<uint8_t *>(std::malloc(bytes.size()));
        if (!buffer) return dr::fail(error, DR_ERR_OUT_OF_MEMORY, "out of memory");
        std::memcpy(buffer, bytes.data(), bytes.size());
        *out = buffer;
        *length = bytes.size();
        return dr::ok(error);
    });
}

extern "C" void dr_buffer_free(uint8_t *buffer) { std::free(buffer); }
