// Shapes: every primitive draws its coverage into a mask over its own bounding box (antialiased,
// sub-pixel), then blends the colour through it once.
#include "render_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

/// The outline of a rectangle with rounded corners, as points (arcs of 10 segments).
std::vector<cv::Point2d> rounded_outline(double x, double y, double w, double h, double radius) {
    std::vector<cv::Point2d> pts;
    radius = std::max(0.0, std::min(radius, std::min(w, h) / 2));
    if (radius <= 0.5) return {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
    const double corners[4][3] = {{x + w - radius, y + radius, -90},
                                  {x + w - radius, y + h - radius, 0},
                                  {x + radius, y + h - radius, 90},
                                  {x + radius, y + radius, 180}};
    for (const auto &c : corners) {
        for (int i = 0; i <= 10; ++i) {
            double a = (c[2] + 9.0 * i) * CV_PI / 180.0;
            pts.emplace_back(c[0] + radius * std::cos(a), c[1] + radius * std::sin(a));
        }
    }
    return pts;
}

/// Strokes below one pixel are drawn one pixel wide at reduced opacity, so fine line work stays fine.
int stroke_width(double thickness, dr_color &color) {
    if (thickness < 1.0) {
        color.a *= std::max(0.0, thickness);
        return 1;
    }
    return std::max(1, (int)std::lround(thickness));
}

template <typename Draw>
dr_status shape(dr_canvas *canvas, double x0, double y0, double x1, double y1, double pad, dr_color color,
                dr_error *error, Draw &&draw) {
    DR_REQUIRE(canvas, error, "null canvas");
    DR_REQUIRE(dr::valid_color(color), error, "invalid colour");
    DR_REQUIRE(dr::sane(x0) && dr::sane(y0) && dr::sane(x1) && dr::sane(y1) && dr::sane(pad), error,
               "coordinates out of range");
    cv::Rect area = dr::clipped_bounds(canvas->mat, x0, y0, x1, y1, pad);
    if (area.empty()) return dr::ok(error);
    cv::Mat mask(area.size(), CV_8UC1, cv::Scalar(0));
    draw(mask, area.tl());
    dr::blend(canvas->mat, area, mask, color);
    return dr::ok(error);
}

std::vector<cv::Point> to_fixed(const std::vector<cv::Point2d> &pts, cv::Point origin) {
    std::vector<cv::Point> out;
    out.reserve(pts.size());
    for (const auto &p : pts) out.push_back(dr::fixed(p.x, p.y, origin));
    return out;
}

}  // namespace

extern "C" dr_status dr_fill_rect(dr_canvas *canvas, double x, double y, double w, double h, double radius,
                                  dr_color color, dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(dr::sane_rect(x, y, w, h) && dr::sane(radius), error, "rectangle out of range");
        auto outline = rounded_outline(x, y, w, h, radius);
        return shape(canvas, x, y, x + w, y + h, 2, color, error, [&](cv::Mat &mask, cv::Point o) {
            std::vector<std::vector<cv::Point>> polys{to_fixed(outline, o)};
            cv::fillPoly(mask, polys, cv::Scalar(255), cv::LINE_AA, dr::kShift);
        });
    });
}

extern "C" dr_status dr_stroke_rect(dr_canvas *canvas, double x, double y, double w, double h, double radius,
                                    double thickness, dr_color color, dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(dr::sane_rect(x, y, w, h) && dr::sane(radius) && thickness > 0 && thickness <= 1000, error,
                   "bad rectangle or thickness");
        int t = stroke_width(thickness, color);
        auto outline = rounded_outline(x, y, w, h, radius);
        return shape(canvas, x, y, x + w, y + h, t + 2, color, error, [&](cv::Mat &mask, cv::Point o) {
            std::vector<std::vector<cv::Point>> polys{to_fixed(outline, o)};
            cv::polylines(mask, polys, true, cv::Scalar(255), t, cv::LINE_AA, dr::kShift);
        });
    });
}

extern "C" dr_status dr_fill_polygon(dr_canvas *canvas, const double *xy, int32_t count, dr_color color,
                                     dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(xy && count >= 3, error, "a polygon needs at least 3 points");
        std::vector<cv::Point2d> pts;
        double x0 = xy[0], y0 = xy[1], x1 = xy[0], y1 = xy[1];
        for (int i = 0; i < count; ++i) {
            DR_REQUIRE(dr::sane(xy[2 * i]) && dr::sane(xy[2 * i + 1]), error, "coordinates out of range");
            pts.emplace_back(xy[2 * i], xy[2 * i + 1]);
            x0 = std::min(x0, xy[2 * i]); x1 = std::max(x1, xy[2 * i]);
            y0 = std::min(y0, xy[2 * i + 1]); y1 = std::max(y1, xy[2 * i + 1]);
        }
        return shape(canvas, x0, y0, x1, y1, 2, color, error, [&](cv::Mat &mask, cv::Point o) {
            std::vector<std::vector<cv::Point>> polys{to_fixed(pts, o)};
            cv::fillPoly(mask, polys, cv::Scalar(255), cv::LINE_AA, dr::kShift);
        });
    });
}

static dr_status ellipse(dr_canvas *canvas, double cx, double cy, double rx, double ry, double angle,
                         double thickness, bool fill, dr_color color, dr_error *error) {
    DR_REQUIRE(dr::sane(rx) && dr::sane(ry) && rx >= 0 && ry >= 0 && dr::sane(angle), error, "bad radius or angle");
    int t = fill ? -1 : stroke_width(thickness, color);
    double r = std::max(rx, ry) + (fill ? 0 : t);
    return shape(canvas, cx - r, cy - r, cx + r, cy + r, 2, color, error, [&](cv::Mat &mask, cv::Point o) {
        cv::ellipse(mask, dr::fixed(cx, cy, o), cv::Size(cvRound(rx * dr::kScale), cvRound(ry * dr::kScale)),
                    angle, 0, 360, cv::Scalar(255), t, cv::LINE_AA, dr::kShift);
    });
}

extern "C" dr_status dr_fill_ellipse(dr_canvas *canvas, double cx, double cy, double rx, double ry, double angle,
                                     dr_color color, dr_error *error) {
    return dr::guarded(error, [&] { return ellipse(canvas, cx, cy, rx, ry, angle, 0, true, color, error); });
}

extern "C" dr_status dr_stroke_ellipse(dr_canvas *canvas, double cx, double cy, double rx, double ry, double angle,
                                       double thickness, dr_color color, dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(thickness > 0 && thickness <= 1000, error, "thickness out of range");
        return ellipse(canvas, cx, cy, rx, ry, angle, thickness, false, color, error);
    });
}

extern "C" dr_status dr_stroke_polylines(dr_canvas *canvas, const double *xy, const int32_t *counts,
                                         int32_t line_count, int32_t closed, double thickness, dr_color color,
                                         dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(xy && counts && line_count >= 0 && thickness > 0 && thickness <= 1000, error, "bad polyline arguments");
        int t = stroke_width(thickness, color);
        std::vector<std::vector<cv::Point2d>> lines;
        double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
        size_t k = 0;
        for (int i = 0; i < line_count; ++i) {
            DR_REQUIRE(counts[i] >= 0, error, "negative point count");
            std::vector<cv::Point2d> line;
            for (int j = 0; j < counts[i]; ++j, ++k) {
                double px = xy[2 * k], py = xy[2 * k + 1];
                DR_REQUIRE(dr::sane(px) && dr::sane(py), error, "coordinates out of range");
                line.emplace_back(px, py);
                x0 = std::min(x0, px); x1 = std::max(x1, px);
                y0 = std::min(y0, py); y1 = std::max(y1, py);
            }
            if (line.size() >= 2) lines.push_back(std::move(line));
        }
        if (lines.empty()) return dr::ok(error);
        return shape(canvas, x0, y0, x1, y1, t + 2, color, error, [&](cv::Mat &mask, cv::Point o) {
            std::vector<std::vector<cv::Point>> polys;
            for (const auto &l : lines) polys.push_back(to_fixed(l, o));
            cv::polylines(mask, polys, closed != 0, cv::Scalar(255), t, cv::LINE_AA, dr::kShift);
        });
    });
}

extern "C" dr_status dr_fill_rects(dr_canvas *canvas, const double *rects, int32_t count, dr_color color,
                                   dr_error *error) {
    return dr::guarded(error, [&] {
        DR_REQUIRE(canvas && (rects || count == 0) && count >= 0, error, "bad rectangle list");
        DR_REQUIRE(dr::valid_color(color), error, "invalid colour");
        if (count == 0) return dr::ok(error);
        double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
        for (int i = 0; i < count; ++i) {
            const double *r = rects + 4 * i;
            DR_REQUIRE(dr::sane_rect(r[0], r[1], r[2], r[3]), error, "rectangle out of range");
            x0 = std::min(x0, r[0]); y0 = std::min(y0, r[1]);
            x1 = std::max(x1, r[0] + r[2]); y1 = std::max(y1, r[1] + r[3]);
        }
        return shape(canvas, x0, y0, x1, y1, 2, color, error, [&](cv::Mat &mask, cv::Point o) {
            for (int i = 0; i < count; ++i) {
                const double *r = rects + 4 * i;
                std::vector<std::vector<cv::Point>> polys{{dr::fixed(r[0], r[1], o), dr::fixed(r[0] + r[2], r[1], o),
                                                           dr::fixed(r[0] + r[2], r[1] + r[3], o),
                                                           dr::fixed(r[0], r[1] + r[3], o)}};
                cv::fillPoly(mask, polys, cv::Scalar(255), cv::LINE_AA, dr::kShift);
            }
        });
    });
}
