// Canvas lifetime, pixel transfer and drawing primitives.
#include "synth_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <cstring>

namespace ds {

void blendColor(cv::Mat &image, const cv::Mat &mask, const cv::Scalar &color, double alpha) {
    for (int y = 0; y < image.rows; ++y) {
        auto *row = image.ptr<cv::Vec3b>(y);
        const float *m = mask.ptr<float>(y);
        for (int x = 0; x < image.cols; ++x) {
            const double a = m[x] * alpha;
            if (a <= 0) continue;
            for (int c = 0; c < 3; ++c) row[x][c] = cv::saturate_cast<uchar>(row[x][c] * (1 - a) + color[c] * a);
        }
    }
}

cv::Mat valueNoise(cv::Size size, double cell, cv::RNG &rng) {
    const int gw = std::max(2, (int)std::ceil(size.width / std::max(1.0, cell)) + 2);
    const int gh = std::max(2, (int)std::ceil(size.height / std::max(1.0, cell)) + 2);
    cv::Mat grid(gh, gw, CV_32F);
    rng.fill(grid, cv::RNG::UNIFORM, 0.0, 1.0);
    cv::Mat big;
    cv::resize(grid, big, cv::Size((int)std::lround(gw * cell), (int)std::lround(gh * cell)), 0, 0, cv::INTER_CUBIC);
    return big(cv::Rect(0, 0, std::min(size.width, big.cols), std::min(size.height, big.rows))).clone();
}

}  // namespace ds

namespace {

// Draws a filled shape into a float mask the size of the canvas, blurs it, and blends.
template <typename Draw>
ds_status paintShape(ds_canvas *canvas, const double bgr[3], double alpha, double feather, ds_error *error, Draw draw) {
    DS_REQUIRE(canvas && bgr, error, "null argument");
    cv::Mat mask(canvas->mat.size(), CV_8U, cv::Scalar(0));
    draw(mask);
    cv::Mat m;
    mask.convertTo(m, CV_32F, 1.0 / 255);
    if (feather > 0.05) cv::GaussianBlur(m, m, cv::Size(), feather);
    ds::blendColor(canvas->mat, m, ds::color(bgr), std::clamp(alpha, 0.0, 1.0));
    return ds::ok(error);
}

}  // namespace

extern "C" {

ds_status ds_canvas_new(int width, int height, const double bgr[3], ds_canvas **out, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(out && bgr, error, "null argument");
        DS_REQUIRE(width > 0 && height > 0 && width <= 20000 && height <= 20000, error, "bad canvas size %dx%d", width, height);
        *out = new ds_canvas{cv::Mat(height, width, CV_8UC3, ds::color(bgr))};
        return ds::ok(error);
    });
}

ds_status ds_canvas_from_bgr(const uint8_t *pixels, int width, int height, size_t bytes_per_row, ds_canvas **out,
                             ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(out && pixels, error, "null argument");
        DS_REQUIRE(width > 0 && height > 0 && width <= 20000 && height <= 20000, error, "bad canvas size %dx%d", width, height);
        DS_REQUIRE(bytes_per_row >= (size_t)width * 3, error, "row stride %zu is under a row", bytes_per_row);
        cv::Mat view(height, width, CV_8UC3, const_cast<uint8_t *>(pixels), bytes_per_row);
        *out = new ds_canvas{view.clone()};
        return ds::ok(error);
    });
}

ds_status ds_canvas_clone(const ds_canvas *canvas, ds_canvas **out, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && out, error, "null argument");
        *out = new ds_canvas{canvas->mat.clone()};
        return ds::ok(error);
    });
}

void ds_canvas_free(ds_canvas *canvas) { delete canvas; }

int ds_canvas_width(const ds_canvas *canvas) { return canvas ? canvas->mat.cols : 0; }
int ds_canvas_height(const ds_canvas *canvas) { return canvas ? canvas->mat.rows : 0; }

ds_status ds_canvas_copy_bgr(const ds_canvas *canvas, uint8_t *out, size_t capacity, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && out, error, "null argument");
        const cv::Mat &m = canvas->mat;
        const size_t row = (size_t)m.cols * 3;
        DS_REQUIRE(capacity >= row * m.rows, error, "buffer of %zu bytes is under %zu", capacity, row * m.rows);
        for (int y = 0; y < m.rows; ++y) std::memcpy(out + row * y, m.ptr(y), row);
        return ds::ok(error);
    });
}

ds_status ds_canvas_resize(ds_canvas *canvas, int width, int height, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas, error, "null argument");
        DS_REQUIRE(width > 0 && height > 0 && width <= 20000 && height <= 20000, error, "bad size %dx%d", width, height);
        const bool shrink = width < canvas->mat.cols || height < canvas->mat.rows;
        cv::Mat out;
        cv::resize(canvas->mat, out, cv::Size(width, height), 0, 0, shrink ? cv::INTER_AREA : cv::INTER_LINEAR);
        canvas->mat = out;
        return ds::ok(error);
    });
}

ds_status ds_fill_polygon(ds_canvas *canvas, const double *xy, int count, const double bgr[3], double alpha,
                          double feather, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(xy && count >= 3, error, "a polygon needs three points");
        auto points = ds::fixedPoints(xy, count);
        return paintShape(canvas, bgr, alpha, feather, error, [&](cv::Mat &mask) {
            cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{points}, cv::Scalar(255), cv::LINE_AA, 4);
        });
    });
}

ds_status ds_fill_ellipse(ds_canvas *canvas, double cx, double cy, double rx, double ry, double angle_deg,
                          const double bgr[3], double alpha, double feather, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(rx > 0 && ry > 0, error, "ellipse radii must be positive");
        return paintShape(canvas, bgr, alpha, feather, error, [&](cv::Mat &mask) {
            cv::ellipse(mask, cv::RotatedRect(cv::Point2f((float)cx, (float)cy), cv::Size2f((float)(2 * rx), (float)(2 * ry)),
                                              (float)angle_deg),
                        cv::Scalar(255), cv::FILLED, cv::LINE_AA);
        });
    });
}

ds_status ds_stroke_polyline(ds_canvas *canvas, const double *xy, int count, int closed, const double bgr[3],
                             double thickness, double alpha, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(xy && count >= 2, error, "a polyline needs two points");
        auto points = ds::fixedPoints(xy, count);
        const int t = std::max(1, (int)std::lround(thickness));
        return paintShape(canvas, bgr, alpha, 0, error, [&](cv::Mat &mask) {
            cv::polylines(mask, std::vector<std::vector<cv::Point>>{points}, closed != 0, cv::Scalar(255), t, cv::LINE_AA, 4);
        });
    });
}

ds_status ds_draw_text(ds_canvas *canvas, const char *text, double x, double y, double scale, const double bgr[3],
                       int thickness, int font, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && text && bgr, error, "null argument");
        DS_REQUIRE(font >= 0 && font <= 7 && scale > 0, error, "bad font");
        cv::putText(canvas->mat, text, cv::Point((int)std::lround(x), (int)std::lround(y)), font, scale, ds::color(bgr),
                    std::max(1, thickness), cv::LINE_AA);
        return ds::ok(error);
    });
}

ds_status ds_text_size(const char *text, double scale, int thickness, int font, double *width, double *height,
                       ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(text && width && height, error, "null argument");
        DS_REQUIRE(font >= 0 && font <= 7 && scale > 0, error, "bad font");
        int baseline = 0;
        cv::Size size = cv::getTextSize(text, font, scale, std::max(1, thickness), &baseline);
        *width = size.width;
        *height = size.height;
        return ds::ok(error);
    });
}

}  // extern "C"
