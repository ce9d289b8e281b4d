// Gradients, text and images.
#include "render_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace {

/// Blends a per-pixel colour `at(x, y)` (with its own opacity) over the clipped rectangle.
template <typename ColorAt>
dr_status paint(dr_canvas *canvas, double x, double y, double w, double h, dr_error *error, ColorAt &&at) {
    DR_REQUIRE(canvas, error, "null canvas");
    DR_REQUIRE(dr::sane_rect(x, y, w, h), error, "rectangle out of range");
    cv::Rect area = cv::Rect(cvRound(x), cvRound(y), cvRound(w), cvRound(h)) &
                    cv::Rect(0, 0, canvas->mat.cols, canvas->mat.rows);
    for (int yy = area.y; yy < area.y + area.height; ++yy) {
        uint8_t *p = canvas->mat.ptr<uint8_t>(yy) + 3 * area.x;
        for (int xx = area.x; xx < area.x + area.width; ++xx, p += 3) {
            dr_color c = at(xx + 0.5, yy + 0.5);
            p[0] = (uint8_t)(p[0] + (c.b - p[0]) * c.a + 0.5);
            p[1] = (uint8_t)(p[1] + (c.g - p[1]) * c.a + 0.5);
            p[2] = (uint8_t)(p[2] + (c.r - p[2]) * c.a + 0.5);
        }
    }
    return dr::ok(error);
}

dr_color mix(const dr_color &a, const dr_color &b, double t) {
    t = std::clamp(t, 0.0, 1.0);
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t};
}

}  // namespace

extern "C" dr_status dr_linear_gradient(dr_canvas *canvas, double x, double y, double w, double h, double x0,
                                        double y0, double x1, double y1, dr_color from, dr_color to,
                                        dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(dr::valid_color(from) && dr::valid_color(to), error, "invalid colour");
        const double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
        DR_REQUIRE(dr::sane(x0) && dr::sane(y0) && dr::sane(x1) && dr::sane(y1), error, "gradient axis out of range");
        DR_REQUIRE(len2 > 0, error, "gradient axis has no length");
        return paint(canvas, x, y, w, h, error, [&](double px, double py) {
            return mix(from, to, ((px - x0) * dx + (py - y0) * dy) / len2);
        });
    });
}

extern "C" dr_status dr_radial_gradient(dr_canvas *canvas, double x, double y, double w, double h, double cx,
                                        double cy, double radius, dr_color inner, dr_color outer,
                                        dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(dr::valid_color(inner) && dr::valid_color(outer), error, "invalid colour");
        DR_REQUIRE(dr::sane(cx) && dr::sane(cy) && dr::sane(radius) && radius > 0, error, "bad centre or radius");
        return paint(canvas, x, y, w, h, error, [&](double px, double py) {
            return mix(inner, outer, std::hypot(px - cx, py - cy) / radius);
        });
    });
}

extern "C" dr_status dr_font_create(const char *path, dr_font **out, dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(path && out, error, "null pointer");
        FILE *probe = std::fopen(path, "rb");
        if (!probe) return dr::fail(error, DR_ERR_IO, "cannot open font file");
        std::fclose(probe);
        auto face = cv::freetype::createFreeType2();
        face->loadFontData(path, 0);
        *out = new dr_font{face};
        return dr::ok(error);
    });
}

extern "C" void dr_font_destroy(dr_font *font) { delete font; }

extern "C" dr_status dr_text_size(dr_font *font, const char *text, double height, double *width, double *ascent,
                                  double *descent, dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(font && text && width && ascent && descent, error, "null pointer");
        DR_REQUIRE(height >= 1 && height <= 1000, error, "text height out of range");
        if (!*text) {
            *width = 0; *ascent = 0; *descent = 0;
            return dr::ok(error);
        }
        int baseline = 0;
        cv::Size size = font->face->getTextSize(text, cvRound(height), -1, &baseline);
        *width = size.width;
        *ascent = size.height;
        *descent = baseline;
        return dr::ok(error);
    });
}

extern "C" dr_status dr_draw_text(dr_canvas *canvas, dr_font *font, const char *text, double x, double y,
                                  double height, dr_color color, dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(canvas && font && text, error, "null pointer");
        DR_REQUIRE(height >= 1 && height <= 1000, error, "text height out of range");
        DR_REQUIRE(dr::valid_color(color), error, "invalid colour");
        DR_REQUIRE(dr::sane(x) && dr::sane(y), error, "text position out of range");
        if (!*text) return dr::ok(error);
        const int h = cvRound(height);
        int baseline = 0;
        cv::Size size = font->face->getTextSize(text, h, -1, &baseline);
        // The glyphs are rendered white on black into a scratch box around the text (generous
        // padding: ascent and advance under-report accents and italics), which becomes the mask.
        const int pad = h / 2 + 2;
        cv::Rect box(cvRound(x) - pad, cvRound(y) - h - pad, size.width + 2 * pad, h + baseline + 2 * pad + h / 3);
        cv::Rect area = box & cv::Rect(0, 0, canvas->mat.cols, canvas->mat.rows);
        if (area.empty()) return dr::ok(error);
        cv::Mat scratch(box.size(), CV_8UC3, cv::Scalar(0, 0, 0));
        font->face->putText(scratch, text, cv::Point(cvRound(x) - box.x, cvRound(y) - box.y), h,
                            cv::Scalar(255, 255, 255), -1, cv::LINE_AA, true);
        cv::Mat mask;
        cv::extractChannel(scratch(cv::Rect(area.x - box.x, area.y - box.y, area.width, area.height)), mask, 0);
        dr::blend(canvas->mat, area, mask, color);
        return dr::ok(error);
    });
}

extern "C" dr_status dr_paste(dr_canvas *canvas, const dr_canvas *source, double x, double y, double w, double h,
                              double opacity, int32_t grayscale, dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(canvas && source, error, "null pointer");
        DR_REQUIRE(dr::sane_rect(x, y, w, h) && w >= 1 && h >= 1 && w <= 16384 && h <= 16384 && opacity >= 0 && opacity <= 1,
                   error, "bad paste rectangle or opacity");
        cv::Rect box(cvRound(x), cvRound(y), cvRound(w), cvRound(h));
        cv::Rect area = box & cv::Rect(0, 0, canvas->mat.cols, canvas->mat.rows);
        if (area.empty()) return dr::ok(error);
        cv::Mat scaled;
        const bool shrinking = box.width < source->mat.cols;
        cv::resize(source->mat, scaled, box.size(), 0, 0, shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
        if (grayscale) {
            cv::Mat gray;
            cv::cvtColor(scaled, gray, cv::COLOR_BGR2GRAY);
            cv::cvtColor(gray, scaled, cv::COLOR_GRAY2BGR);
        }
        cv::Mat src = scaled(cv::Rect(area.x - box.x, area.y - box.y, area.width, area.height));
        cv::Mat dst = canvas->mat(area);
        cv::addWeighted(src, opacity, dst, 1.0 - opacity, 0.0, dst);
        return dr::ok(error);
    });
}

extern "C" dr_status dr_blur(dr_canvas *canvas, double x, double y, double w, double h, double sigma,
                             dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(canvas, error, "null canvas");
        DR_REQUIRE(sigma > 0 && sigma < 100, error, "sigma out of range");
        DR_REQUIRE(dr::sane_rect(x, y, w, h), error, "rectangle out of range");
        cv::Rect area = cv::Rect(cvRound(x), cvRound(y), cvRound(w), cvRound(h)) &
                        cv::Rect(0, 0, canvas->mat.cols, canvas->mat.rows);
        if (area.empty()) return dr::ok(error);
        cv::Mat roi = canvas->mat(area);
        cv::GaussianBlur(roi, roi, cv::Size(0, 0), sigma);
        return dr::ok(error);
    });
}
