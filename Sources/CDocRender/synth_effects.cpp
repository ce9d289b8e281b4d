// Photo effects: backgrounds, compositing a flat document through a homography, light,
// shadow, glare, blur, noise, compression and a finger over the card.
#include "synth_internal.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace {

constexpr double kPi = 3.14159265358979323846;

cv::Mat toFloat(const cv::Mat &bgr) {
    cv::Mat f;
    bgr.convertTo(f, CV_32FC3);
    return f;
}

// Mixes two colours by a 0...1 field into a BGR image.
cv::Mat mixColors(const cv::Mat &t, const double a[3], const double b[3]) {
    cv::Mat out(t.size(), CV_8UC3);
    for (int y = 0; y < t.rows; ++y) {
        const float *tr = t.ptr<float>(y);
        auto *o = out.ptr<cv::Vec3b>(y);
        for (int x = 0; x < t.cols; ++x) {
            const double v = std::clamp((double)tr[x], 0.0, 1.0);
            for (int c = 0; c < 3; ++c) o[x][c] = cv::saturate_cast<uchar>(a[c] * (1 - v) + b[c] * v);
        }
    }
    return out;
}

cv::Mat woodField(cv::Size size, double angle, double scale, cv::RNG &rng) {
    // Rings: a sine of the distance across the grain, its phase bent by smooth noise; fine
    // streaks along the grain from noise stretched along the grain direction.
    const double ca = std::cos(angle * kPi / 180), sa = std::sin(angle * kPi / 180);
    cv::Mat warp = ds::valueNoise(size, 220 * scale, rng);
    cv::Mat warp2 = ds::valueNoise(size, 60 * scale, rng);
    const double freq = rng.uniform(0.06, 0.14) / scale;
    // Streaks: noise on a grid that is long along the grain (built axis-aligned, then rotated).
    const int diag = (int)std::ceil(std::hypot(size.width, size.height)) + 4;
    cv::Mat streakGrid(std::max(2, (int)(diag / (2.5 * scale))), std::max(2, (int)(diag / (120 * scale))), CV_32F);
    rng.fill(streakGrid, cv::RNG::UNIFORM, 0.0, 1.0);
    cv::Mat streaks;
    cv::resize(streakGrid, streaks, cv::Size(diag, diag), 0, 0, cv::INTER_LINEAR);
    cv::Mat rot = cv::getRotationMatrix2D(cv::Point2f(diag / 2.f, diag / 2.f), -angle, 1.0);
    rot.at<double>(0, 2) -= (diag - size.width) / 2.0;
    rot.at<double>(1, 2) -= (diag - size.height) / 2.0;
    cv::Mat streaksR;
    cv::warpAffine(streaks, streaksR, rot, size, cv::INTER_LINEAR, cv::BORDER_REFLECT);
    cv::Mat t(size, CV_32F);
    for (int y = 0; y < size.height; ++y) {
        float *tr = t.ptr<float>(y);
        const float *w = warp.ptr<float>(y), *w2 = warp2.ptr<float>(y), *s = streaksR.ptr<float>(y);
        for (int x = 0; x < size.width; ++x) {
            const double across = -x * sa + y * ca;
            const double ring = 0.5 + 0.5 * std::sin(across * freq + w[x] * 4 + w2[x] * 0.8);
            tr[x] = (float)(0.45 * std::pow(ring, 4) + 0.4 * s[x] + 0.15 * w[x]);
        }
    }
    return t;
}

cv::Mat fabricField(cv::Size size, double angle, double scale, cv::RNG &rng) {
    const double period = rng.uniform(3.0, 6.0) * scale;
    const double ca = std::cos(angle * kPi / 180), sa = std::sin(angle * kPi / 180);
    cv::Mat slub = ds::valueNoise(size, 12 * scale, rng);
    cv::Mat blotch = ds::valueNoise(size, 300 * scale, rng);
    cv::Mat t(size, CV_32F);
    for (int y = 0; y < size.height; ++y) {
        float *tr = t.ptr<float>(y);
        const float *s = slub.ptr<float>(y), *b = blotch.ptr<float>(y);
        for (int x = 0; x < size.width; ++x) {
            const double u = (x * ca + y * sa) / period, v = (-x * sa + y * ca) / period;
            const double warpThread = 0.5 + 0.5 * std::sin(u * 2 * kPi);
            const double weftThread = 0.5 + 0.5 * std::sin(v * 2 * kPi);
            const bool over = ((int)std::floor(u) + (int)std::floor(v)) % 2 == 0;
            const double weave = over ? warpThread : weftThread;
            tr[x] = (float)(0.45 * weave + 0.25 * s[x] + 0.3 * b[x]);
        }
    }
    return t;
}

cv::Mat speckleField(cv::Size size, double scale, double density, cv::RNG &rng) {
    cv::Mat fine(size, CV_32F);
    rng.fill(fine, cv::RNG::UNIFORM, 0.0, 1.0);
    cv::GaussianBlur(fine, fine, cv::Size(), 0.6 * scale);
    cv::Mat low = ds::valueNoise(size, 350 * scale, rng);
    cv::Mat t(size, CV_32F);
    for (int y = 0; y < size.height; ++y) {
        float *tr = t.ptr<float>(y);
        const float *f = fine.ptr<float>(y), *l = low.ptr<float>(y);
        for (int x = 0; x < size.width; ++x) {
            const double speck = f[x] > 1 - density ? 1.0 : (f[x] < density ? -0.6 : 0.0);
            tr[x] = (float)(0.35 + 0.3 * l[x] + 0.25 * speck + 0.1 * (f[x] - 0.5));
        }
    }
    return t;
}

cv::Mat gradientField(cv::Size size, double angle, double scale, cv::RNG &rng) {
    const double ca = std::cos(angle * kPi / 180), sa = std::sin(angle * kPi / 180);
    const double span = std::abs(size.width * ca) + std::abs(size.height * sa);
    cv::Mat blotch = ds::valueNoise(size, 400 * scale, rng);
    cv::Mat t(size, CV_32F);
    for (int y = 0; y < size.height; ++y) {
        float *tr = t.ptr<float>(y);
        const float *b = blotch.ptr<float>(y);
        for (int x = 0; x < size.width; ++x) {
            const double g = ((x - size.width / 2.0) * ca + (y - size.height / 2.0) * sa) / span + 0.5;
            tr[x] = (float)(0.8 * g + 0.2 * b[x]);
        }
    }
    return t;
}

void roomBlobs(cv::Mat &image, const double base[3], const double accent[3], double scale, cv::RNG &rng) {
    image.setTo(ds::color(base));
    const int n = 6 + rng.uniform(0, 8);
    const double unit = std::max(image.cols, image.rows);
    for (int i = 0; i < n; ++i) {
        cv::Scalar c;
        const double mix = rng.uniform(0.0, 1.0), light = rng.uniform(0.55, 1.35);
        for (int k = 0; k < 3; ++k) c[k] = std::clamp((base[k] * (1 - mix) + accent[k] * mix) * light, 0.0, 255.0);
        cv::Point center(rng.uniform(0, image.cols), rng.uniform(0, image.rows));
        if (rng.uniform(0, 2) == 0) {
            cv::Size axes((int)(unit * rng.uniform(0.05, 0.3)), (int)(unit * rng.uniform(0.05, 0.3)));
            cv::ellipse(image, center, axes, rng.uniform(0, 180), 0, 360, c, cv::FILLED);
        } else {
            const int w = (int)(unit * rng.uniform(0.05, 0.5)), h = (int)(unit * rng.uniform(0.05, 0.5));
            cv::rectangle(image, cv::Rect(center.x - w / 2, center.y - h / 2, w, h), c, cv::FILLED);
        }
    }
    cv::GaussianBlur(image, image, cv::Size(), unit * 0.02 * scale);
}

// A rounded-rectangle mask (255 inside) of the given size.
cv::Mat roundedMask(cv::Size size, double radius) {
    cv::Mat mask(size, CV_8U, cv::Scalar(0));
    const int r = (int)std::lround(std::clamp(radius, 0.0, std::min(size.width, size.height) / 2.0 - 1));
    if (r <= 0) {
        mask.setTo(255);
        return mask;
    }
    cv::rectangle(mask, cv::Rect(r, 0, size.width - 2 * r, size.height), cv::Scalar(255), cv::FILLED);
    cv::rectangle(mask, cv::Rect(0, r, size.width, size.height - 2 * r), cv::Scalar(255), cv::FILLED);
    for (cv::Point c : {cv::Point(r, r), cv::Point(size.width - 1 - r, r), cv::Point(r, size.height - 1 - r),
                        cv::Point(size.width - 1 - r, size.height - 1 - r)})
        cv::circle(mask, c, r, cv::Scalar(255), cv::FILLED, cv::LINE_AA);
    return mask;
}

cv::Mat polygonMask(cv::Size size, const double *xy, int count, double feather) {
    cv::Mat mask(size, CV_8U, cv::Scalar(0));
    auto points = ds::fixedPoints(xy, count);
    cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{points}, cv::Scalar(255), cv::LINE_AA, 4);
    cv::Mat m;
    mask.convertTo(m, CV_32F, 1.0 / 255);
    if (feather > 0.05) cv::GaussianBlur(m, m, cv::Size(), feather);
    return m;
}

}  // namespace

extern "C" {

ds_status ds_background(ds_canvas *canvas, int kind, uint64_t seed, const double base_bgr[3], const double accent_bgr[3],
                        double angle_deg, double scale, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && base_bgr && accent_bgr, error, "null argument");
        DS_REQUIRE(scale > 0.05 && scale < 20, error, "texture scale %g out of range", scale);
        cv::RNG rng(seed);
        const cv::Size size = canvas->mat.size();
        switch (kind) {
        case DS_BG_GRADIENT: canvas->mat = mixColors(gradientField(size, angle_deg, scale, rng), base_bgr, accent_bgr); break;
        case DS_BG_WOOD: canvas->mat = mixColors(woodField(size, angle_deg, scale, rng), base_bgr, accent_bgr); break;
        case DS_BG_FABRIC: canvas->mat = mixColors(fabricField(size, angle_deg, scale, rng), base_bgr, accent_bgr); break;
        case DS_BG_DESK: canvas->mat = mixColors(speckleField(size, scale, 0.004, rng), base_bgr, accent_bgr); break;
        case DS_BG_STONE: canvas->mat = mixColors(speckleField(size, scale * 1.6, 0.08, rng), base_bgr, accent_bgr); break;
        case DS_BG_ROOM: roomBlobs(canvas->mat, base_bgr, accent_bgr, scale, rng); break;
        default: return ds::fail(error, DS_ERR_INVALID_ARGUMENT, "unknown background kind %d", kind);
        }
        return ds::ok(error);
    });
}

ds_status ds_composite(ds_canvas *canvas, const ds_canvas *source, const double h[9], double corner_radius,
                       double shadow_strength, double shadow_dx, double shadow_dy, double shadow_blur, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && source && h, error, "null argument");
        cv::Mat H(3, 3, CV_64F);
        for (int i = 0; i < 9; ++i) H.at<double>(i / 3, i % 3) = h[i];
        DS_REQUIRE(std::abs(cv::determinant(H)) > 1e-12, error, "the homography is singular");
        const cv::Mat &src = source->mat;
        // Shrink the source first (area averaging) to about the size it will have in the
        // canvas, so the warp does not alias fine print into moire.
        std::vector<cv::Point2f> corners{{0, 0}, {(float)src.cols, 0}, {(float)src.cols, (float)src.rows}, {0, (float)src.rows}};
        std::vector<cv::Point2f> mapped;
        cv::perspectiveTransform(corners, mapped, H);
        double ratio = 0;
        for (int i = 0; i < 4; ++i) {
            const double srcEdge = cv::norm(corners[(i + 1) % 4] - corners[i]);
            ratio = std::max(ratio, cv::norm(mapped[(i + 1) % 4] - mapped[i]) / srcEdge);
        }
        cv::Mat small = src;
        double factor = 1;
        if (ratio < 0.8) {
            factor = std::max(ratio * 1.25, 4.0 / std::min(src.cols, src.rows));
            cv::resize(src, small, cv::Size(std::max(2, (int)std::lround(src.cols * factor)),
                                            std::max(2, (int)std::lround(src.rows * factor))), 0, 0, cv::INTER_AREA);
        }
        cv::Mat S = cv::Mat::eye(3, 3, CV_64F);
        S.at<double>(0, 0) = (double)src.cols / small.cols;
        S.at<double>(1, 1) = (double)src.rows / small.rows;
        cv::Mat Hs = H * S;
        // Warp only the bounding box of the destination quad (plus a margin), clipped to the canvas.
        cv::Rect box = cv::boundingRect(mapped);
        const int margin = (int)std::ceil(std::abs(shadow_dx) + std::abs(shadow_dy) + 3 * shadow_blur + 4);
        box.x -= margin; box.y -= margin; box.width += 2 * margin; box.height += 2 * margin;
        box &= cv::Rect(0, 0, canvas->mat.cols, canvas->mat.rows);
        if (box.width <= 0 || box.height <= 0) return ds::ok(error);  // entirely outside
        cv::Mat T = cv::Mat::eye(3, 3, CV_64F);
        T.at<double>(0, 2) = -box.x;
        T.at<double>(1, 2) = -box.y;
        cv::Mat Hb = T * Hs;
        cv::Mat mask = roundedMask(small.size(), corner_radius * small.cols / (double)src.cols), maskF, warpedMask;
        // Pad so that bilinear sampling fades the edge over one pixel rather than cutting it.
        mask.convertTo(maskF, CV_32F, 1.0 / 255);
        cv::warpPerspective(maskF, warpedMask, Hb, box.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0));
        cv::Mat warped;
        cv::warpPerspective(small, warped, Hb, box.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        cv::Mat roi = canvas->mat(box);
        if (shadow_strength > 0) {
            cv::Mat shifted, M = (cv::Mat_<double>(2, 3) << 1, 0, shadow_dx, 0, 1, shadow_dy);
            cv::warpAffine(warpedMask, shifted, M, warpedMask.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0));
            if (shadow_blur > 0.05) cv::GaussianBlur(shifted, shifted, cv::Size(), shadow_blur);
            for (int y = 0; y < roi.rows; ++y) {
                auto *r = roi.ptr<cv::Vec3b>(y);
                const float *s = shifted.ptr<float>(y);
                for (int x = 0; x < roi.cols; ++x) {
                    const double k = 1 - shadow_strength * s[x];
                    for (int c = 0; c < 3; ++c) r[x][c] = cv::saturate_cast<uchar>(r[x][c] * k);
                }
            }
        }
        for (int y = 0; y < roi.rows; ++y) {
            auto *r = roi.ptr<cv::Vec3b>(y);
            const auto *w = warped.ptr<cv::Vec3b>(y);
            const float *m = warpedMask.ptr<float>(y);
            for (int x = 0; x < roi.cols; ++x) {
                const double a = m[x];
                if (a <= 0) continue;
                for (int c = 0; c < 3; ++c) r[x][c] = cv::saturate_cast<uchar>(r[x][c] * (1 - a) + w[x][c] * a);
            }
        }
        return ds::ok(error);
    });
}

ds_status ds_lighting(ds_canvas *canvas, double x0, double y0, double gain0, double x1, double y1, double gain1,
                      double vignette, const double tint_bgr[3], ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && tint_bgr, error, "null argument");
        cv::Mat &m = canvas->mat;
        const double dx = x1 - x0, dy = y1 - y0, len2 = std::max(1e-9, dx * dx + dy * dy);
        const double cx = m.cols / 2.0, cy = m.rows / 2.0, rmax2 = cx * cx + cy * cy;
        for (int y = 0; y < m.rows; ++y) {
            auto *r = m.ptr<cv::Vec3b>(y);
            for (int x = 0; x < m.cols; ++x) {
                const double t = std::clamp(((x - x0) * dx + (y - y0) * dy) / len2, 0.0, 1.0);
                const double rr = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) / rmax2;
                const double g = (gain0 + (gain1 - gain0) * t) * (1 - vignette * rr * rr);
                for (int c = 0; c < 3; ++c) r[x][c] = cv::saturate_cast<uchar>(r[x][c] * g * tint_bgr[c]);
            }
        }
        return ds::ok(error);
    });
}

ds_status ds_shadow(ds_canvas *canvas, const double *xy, int count, double strength, double blur, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && xy && count >= 3, error, "a shadow needs a polygon");
        cv::Mat mask = polygonMask(canvas->mat.size(), xy, count, blur);
        cv::Mat &m = canvas->mat;
        for (int y = 0; y < m.rows; ++y) {
            auto *r = m.ptr<cv::Vec3b>(y);
            const float *s = mask.ptr<float>(y);
            for (int x = 0; x < m.cols; ++x) {
                // Shadows are a little bluer than the light they take away (sky fill).
                const double k = 1 - strength * s[x];
                r[x][0] = cv::saturate_cast<uchar>(r[x][0] * std::min(1.0, k * 1.06));
                r[x][1] = cv::saturate_cast<uchar>(r[x][1] * k);
                r[x][2] = cv::saturate_cast<uchar>(r[x][2] * k * 0.97);
            }
        }
        return ds::ok(error);
    });
}

ds_status ds_glare(ds_canvas *canvas, double cx, double cy, double rx, double ry, double angle_deg, double intensity,
                   const double *clip_xy, int clip_count, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && rx > 0 && ry > 0, error, "bad glare");
        cv::Mat &m = canvas->mat;
        cv::Mat clip;
        if (clip_xy && clip_count >= 3) clip = polygonMask(m.size(), clip_xy, clip_count, 1.0);
        const double ca = std::cos(angle_deg * kPi / 180), sa = std::sin(angle_deg * kPi / 180);
        const int reach = (int)std::ceil(3.2 * std::max(rx, ry));
        const int x0 = std::max(0, (int)cx - reach), x1 = std::min(m.cols, (int)cx + reach);
        const int y0 = std::max(0, (int)cy - reach), y1 = std::min(m.rows, (int)cy + reach);
        for (int y = y0; y < y1; ++y) {
            auto *r = m.ptr<cv::Vec3b>(y);
            const float *c = clip.empty() ? nullptr : clip.ptr<float>(y);
            for (int x = x0; x < x1; ++x) {
                const double u = ((x - cx) * ca + (y - cy) * sa) / rx, v = (-(x - cx) * sa + (y - cy) * ca) / ry;
                const double d2 = u * u + v * v;
                if (d2 > 10) continue;
                // A wide halo plus a tight core that washes the print out completely.
                double g = 0.6 * std::exp(-d2 / 2) + 1.2 * std::exp(-d2 * 1.3);
                g *= intensity * (c ? c[x] : 1.0);
                if (g <= 0.002) continue;
                for (int k = 0; k < 3; ++k) {
                    const double base = r[x][k];
                    // Screen-like: approaches white without overshooting into flat banding too early.
                    r[x][k] = cv::saturate_cast<uchar>(base + (255 - base) * std::min(1.0, g) + 40 * std::max(0.0, g - 1));
                }
            }
        }
        return ds::ok(error);
    });
}

ds_status ds_exposure(ds_canvas *canvas, double gain, double gamma, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && gain > 0 && gamma > 0, error, "bad exposure");
        cv::Mat lut(1, 256, CV_8U);
        for (int i = 0; i < 256; ++i)
            lut.at<uchar>(i) = cv::saturate_cast<uchar>(255 * std::pow(std::min(1.0, gain * i / 255.0), gamma));
        cv::LUT(canvas->mat, lut, canvas->mat);
        return ds::ok(error);
    });
}

ds_status ds_noise(ds_canvas *canvas, double sigma, double chroma_sigma, uint64_t seed, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && sigma >= 0 && chroma_sigma >= 0, error, "bad noise");
        cv::RNG rng(seed);
        cv::Mat &m = canvas->mat;
        cv::Mat luma(m.size(), CV_32F), chroma(m.size(), CV_32FC3);
        rng.fill(luma, cv::RNG::NORMAL, 0.0, sigma);
        rng.fill(chroma, cv::RNG::NORMAL, 0.0, chroma_sigma);
        // Real sensor noise is a little blotchy after demosaicing.
        cv::GaussianBlur(chroma, chroma, cv::Size(), 0.8);
        for (int y = 0; y < m.rows; ++y) {
            auto *r = m.ptr<cv::Vec3b>(y);
            const float *l = luma.ptr<float>(y);
            const auto *c = chroma.ptr<cv::Vec3f>(y);
            for (int x = 0; x < m.cols; ++x) {
                // Shot noise: stronger in mid-tones than in the deepest shadows.
                const double level = (r[x][0] + r[x][1] + r[x][2]) / 765.0;
                const double k = 0.55 + 0.9 * std::sqrt(level) * (1.2 - level);
                for (int ch = 0; ch < 3; ++ch) r[x][ch] = cv::saturate_cast<uchar>(r[x][ch] + k * (l[x] + c[x][ch]));
            }
        }
        return ds::ok(error);
    });
}

ds_status ds_defocus(ds_canvas *canvas, double radius, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && radius >= 0 && radius < 200, error, "bad defocus radius");
        if (radius < 0.5) return ds::ok(error);
        const int r = (int)std::ceil(radius);
        cv::Mat kernel(2 * r + 1, 2 * r + 1, CV_32F, cv::Scalar(0));
        cv::circle(kernel, cv::Point(r * 16, r * 16), (int)std::lround(radius * 16), cv::Scalar(1), cv::FILLED, cv::LINE_AA, 4);
        kernel /= cv::sum(kernel)[0];
        cv::filter2D(canvas->mat, canvas->mat, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_REFLECT);
        return ds::ok(error);
    });
}

ds_status ds_motion_blur(ds_canvas *canvas, double length, double angle_deg, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && length >= 0 && length < 400, error, "bad motion length");
        if (length < 1) return ds::ok(error);
        const int r = (int)std::ceil(length / 2) + 1;
        cv::Mat kernel(2 * r + 1, 2 * r + 1, CV_32F, cv::Scalar(0));
        const double ca = std::cos(angle_deg * kPi / 180), sa = std::sin(angle_deg * kPi / 180);
        cv::line(kernel, cv::Point((int)std::lround((r - ca * length / 2) * 16), (int)std::lround((r - sa * length / 2) * 16)),
                 cv::Point((int)std::lround((r + ca * length / 2) * 16), (int)std::lround((r + sa * length / 2) * 16)),
                 cv::Scalar(1), 1, cv::LINE_AA, 4);
        const double total = cv::sum(kernel)[0];
        if (total <= 0) return ds::ok(error);
        kernel /= total;
        cv::filter2D(canvas->mat, canvas->mat, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_REFLECT);
        return ds::ok(error);
    });
}

ds_status ds_gaussian(ds_canvas *canvas, double sigma, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && sigma >= 0 && sigma < 200, error, "bad sigma");
        if (sigma > 0.05) cv::GaussianBlur(canvas->mat, canvas->mat, cv::Size(), sigma);
        return ds::ok(error);
    });
}

ds_status ds_jpeg_roundtrip(ds_canvas *canvas, int quality, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && quality >= 1 && quality <= 100, error, "bad JPEG quality");
        std::vector<uchar> bytes;
        cv::imencode(".jpg", canvas->mat, bytes, {cv::IMWRITE_JPEG_QUALITY, quality});
        cv::Mat decoded = cv::imdecode(bytes, cv::IMREAD_COLOR);
        if (decoded.empty()) return ds::fail(error, DS_ERR_INTERNAL, "JPEG round trip failed");
        canvas->mat = decoded;
        return ds::ok(error);
    });
}

ds_status ds_finger(ds_canvas *canvas, double tip_x, double tip_y, double angle_deg, double width, double length,
                    const double skin_bgr[3], int nail, uint64_t seed, ds_error *error) {
    return ds::guarded(error, [&] {
        DS_REQUIRE(canvas && skin_bgr && width > 2 && length > width, error, "bad finger");
        cv::Mat &m = canvas->mat;
        cv::RNG rng(seed);
        const double ca = std::cos(angle_deg * kPi / 180), sa = std::sin(angle_deg * kPi / 180);
        const double half = width / 2;
        // Bounding box of the capsule plus the shadow's reach.
        const double ex = tip_x + ca * length, ey = tip_y + sa * length;
        const int pad = (int)std::ceil(width * 0.6);
        cv::Rect box((int)std::floor(std::min(tip_x, ex)) - pad, (int)std::floor(std::min(tip_y, ey)) - pad,
                     (int)std::ceil(std::abs(ex - tip_x)) + 2 * pad, (int)std::ceil(std::abs(ey - tip_y)) + 2 * pad);
        box &= cv::Rect(0, 0, m.cols, m.rows);
        if (box.width <= 0 || box.height <= 0) return ds::ok(error);
        cv::Mat roi = m(box);
        // Coverage (anti-aliased) and a soft shadow cast down-right of the finger.
        cv::Mat cover(box.size(), CV_32F, cv::Scalar(0)), shade(box.size(), CV_32F, cv::Scalar(0));
        cv::Mat texture = ds::valueNoise(box.size(), std::max(3.0, width / 6), rng);
        for (int y = 0; y < box.height; ++y) {
            float *cv_ = cover.ptr<float>(y), *sh = shade.ptr<float>(y);
            for (int x = 0; x < box.width; ++x) {
                const double px = x + box.x - tip_x, py = y + box.y - tip_y;
                const double u = px * ca + py * sa, v = -px * sa + py * ca;  // u along the finger from the tip
                double dist;  // signed distance to the capsule outline (negative inside)
                if (u < half) dist = std::hypot(u - half, v) - half;
                else if (u > length) dist = std::hypot(u - length, v) - half;
                else dist = std::abs(v) - half;
                cv_[x] = (float)std::clamp(0.5 - dist, 0.0, 1.0);
                sh[x] = (float)std::clamp(1.0 - (dist - width * 0.05) / (width * 0.35), 0.0, 1.0);
            }
        }
        cv::GaussianBlur(shade, shade, cv::Size(), std::max(1.0, width * 0.12));
        for (int y = 0; y < box.height; ++y) {
            auto *r = roi.ptr<cv::Vec3b>(y);
            const float *cvr = cover.ptr<float>(y), *sh = shade.ptr<float>(y), *tx = texture.ptr<float>(y);
            for (int x = 0; x < box.width; ++x) {
                const double px = x + box.x - tip_x, py = y + box.y - tip_y;
                const double u = px * ca + py * sa, v = -px * sa + py * ca;
                // Shadow first, then the finger over it.
                const double s = 1 - 0.45 * sh[x] * (1 - cvr[x]);
                for (int c = 0; c < 3; ++c) r[x][c] = cv::saturate_cast<uchar>(r[x][c] * s);
                if (cvr[x] <= 0) continue;
                const double across = std::clamp(std::abs(v) / half, 0.0, 1.0);
                double light = 0.62 + 0.45 * std::sqrt(1 - across * across) + 0.08 * (tx[x] - 0.5);
                cv::Vec3d col(skin_bgr[0], skin_bgr[1], skin_bgr[2]);
                // The nail: a paler, pinker, glossier patch near the tip.
                const double nu = (u - width * 0.15) / (width * 0.75), nv = v / (half * 0.62);
                if (nail && nu > 0 && nu < 1 && nv * nv + std::pow(std::max(0.0, 1 - 2 * nu), 2) < 1) {
                    col = cv::Vec3d(std::min(255.0, col[0] * 1.12 + 18), std::min(255.0, col[1] * 1.06 + 12), std::min(255.0, col[2] * 1.02 + 10));
                    light += 0.06;
                }
                // A crease across the knuckle.
                if (nail && std::abs(u - width * 1.9) < width * 0.04) light *= 0.86;
                const double a = cvr[x];
                for (int c = 0; c < 3; ++c) r[x][c] = cv::saturate_cast<uchar>(r[x][c] * (1 - a) + std::min(255.0, col[c] * light) * a);
            }
        }
        return ds::ok(error);
    });
}

}  // extern "C"
