// Tracking a document's outline between camera frames: each side of the previous quad is
// re-fitted to the strongest edge in a band across it (coarse, then fine), at full resolution.
// A few thousand bilinear samples per frame instead of the locator's whole-frame edge search.
#include "docvision_track.h"
#include "dv_internal.hpp"
#include "dv_quad.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace {

using dv::Corners;
using dv::intersect;

double len(cv::Point2f a, cv::Point2f b) { return std::hypot(a.x - b.x, a.y - b.y); }

/// Bilinear sample of every channel (up to 3) at q; false outside the image.
bool sample(const cv::Mat &img, cv::Point2f q, float out[3]) {
    int x = static_cast<int>(std::floor(q.x)), y = static_cast<int>(std::floor(q.y));
    if (x < 0 || y < 0 || x + 1 >= img.cols || y + 1 >= img.rows) return false;
    const int channels = img.channels();
    float fx = q.x - x, fy = q.y - y;
    const uint8_t *r0 = img.ptr<uint8_t>(y) + x * channels, *r1 = img.ptr<uint8_t>(y + 1) + x * channels;
    for (int c = 0; c < channels; ++c) {
        out[c] = (1 - fy) * ((1 - fx) * r0[c] + fx * r0[c + channels]) + fy * ((1 - fx) * r1[c] + fx * r1[c + channels]);
    }
    return true;
}

struct Peak {
    float offset = 0;    // along the normal, pixels
    float strength = 0;  // largest channel difference across the peak
};

/// Of edges within this share of the strongest (after the nearness prior), the outermost is
/// taken when the side's outward direction is given: see `strongestEdge`. The Quebec front's
/// edge, dark blue band on a dark table, scored about half its inner white edge (0.5 missed it).
constexpr float outerShare = 0.4f;

/// The strongest edge across the line through `base` along `n`, within ±search at `step`,
/// with nearer edges slightly preferred (the card moves little between frames).
/// With `outward` (+1 when `n` points out of the card, -1 when in), the outermost edge nearly as
/// strong is taken instead: the card's own edge is the outermost line of its design, while a
/// printed frame inside it can outscore a low-contrast border (the Quebec front's inner frame
/// took its left side 0.07 card widths in, and the narrow band of a held card kept it there).
bool strongestEdge(const cv::Mat &img, cv::Point2f base, cv::Point2f n, float search, float step, float prior, Peak &peak,
                   int outward = 0) {
    const int steps = std::max(2, static_cast<int>(std::ceil(search / step)));
    const int channels = img.channels();
    float profile[2 * 64 + 3][3];
    bool valid[2 * 64 + 3];
    const int m = std::min(steps, 64);
    for (int k = -m - 1; k <= m + 1; ++k) valid[k + m + 1] = sample(img, base + n * (k * step), profile[k + m + 1]);
    float best = 0, bestScore = 0;
    int bestK = 0;
    float strength[2 * 64 + 3] = {0};
    for (int k = -m; k <= m; ++k) {
        const int i = k + m + 1;
        if (!valid[i - 1] || !valid[i + 1]) continue;
        float g = 0;
        for (int c = 0; c < channels; ++c) g = std::max(g, std::abs(profile[i + 1][c] - profile[i - 1][c]));
        strength[i] = g;
        float r = static_cast<float>(k) / m;
        float score = g * (1 - prior * r * r);
        if (score > bestScore) { bestScore = score; best = g; bestK = k; }
    }
    if (best <= 0) return false;
    if (outward != 0) {
        for (int j = m; j >= -m; --j) {
            const int k = outward > 0 ? j : -j;
            const int i = k + m + 1;
            const float r = static_cast<float>(k) / m;
            const float score = strength[i] * (1 - prior * r * r);
            if (k == bestK) break;
            if (score >= outerShare * bestScore && strength[i] >= strength[i - 1] && strength[i] >= strength[i + 1]) {
                best = strength[i];
                bestK = k;
                break;
            }
        }
    }
    float offset = static_cast<float>(bestK);
    if (bestK > -m && bestK < m) {  // parabolic sub-step peak
        const int i = bestK + m + 1;
        float l = strength[i - 1], c = strength[i], r = strength[i + 1];
        float denom = l - 2 * c + r;
        if (std::abs(denom) > 1e-3f) offset += std::clamp(0.5f * (l - r) / denom, -0.5f, 0.5f);
    }
    peak.offset = offset * step;
    peak.strength = best;
    return true;
}

/// One pass over one side: edge points across [a, b], fitted with a robust line.
struct SidePass {
    cv::Vec4f line;
    int inside = 0, total = 0;
    bool fitted = false;
};

SidePass fitSide(const cv::Mat &img, cv::Point2f a, cv::Point2f b, float search, float step, float minStrength,
                 cv::Point2f centre = cv::Point2f(), bool outermost = false) {
    SidePass pass;
    cv::Point2f d = b - a;
    double L = std::hypot(d.x, d.y);
    if (L < 8) return pass;
    cv::Point2f n(static_cast<float>(-d.y / L), static_cast<float>(d.x / L));
    int outward = 0;
    if (outermost) outward = n.dot(a + d * 0.5f - centre) > 0 ? 1 : -1;
    const int samples = std::clamp(static_cast<int>(L / 10), 12, 48);
    std::vector<cv::Point2f> points;
    points.reserve(samples);
    float dummy[3];
    for (int i = 0; i < samples; ++i) {
        float t = 0.08f + 0.84f * (i + 0.5f) / samples;
        cv::Point2f base = a + d * t;
        ++pass.total;
        if (!sample(img, base, dummy)) continue;
        ++pass.inside;
        Peak peak;
        if (strongestEdge(img, base, n, search, step, 0.35f, peak, outward) && peak.strength >= minStrength) {
            points.push_back(base + n * peak.offset);
        }
    }
    if (static_cast<int>(points.size()) < std::max(6, samples / 3)) return pass;
    cv::fitLine(points, pass.line, cv::DIST_HUBER, 0, 0.01, 0.01);
    pass.fitted = true;
    return pass;
}

/// Convex, every interior angle within [45, 135] degrees.
bool plausible(const Corners &p) { return dv::plausibleQuad(p, 0.7071, 4); }

/// The corners where consecutive fitted lines meet (corner i between side i-1 and side i).
bool cornersOf(const cv::Vec4f lines[4], Corners &out) {
    for (int i = 0; i < 4; ++i) {
        if (!intersect(lines[(i + 3) % 4], lines[i], out[i])) return false;
    }
    return true;
}

/// Share of the side's samples whose strongest edge nearby lies within 2 px of the fitted side.
float support(const cv::Mat &img, cv::Point2f a, cv::Point2f b, float minStrength) {
    cv::Point2f d = b - a;
    double L = std::hypot(d.x, d.y);
    if (L < 8) return 0;
    cv::Point2f n(static_cast<float>(-d.y / L), static_cast<float>(d.x / L));
    const int samples = std::clamp(static_cast<int>(L / 10), 12, 48);
    int inside = 0, hit = 0;
    float dummy[3];
    for (int i = 0; i < samples; ++i) {
        float t = 0.05f + 0.9f * (i + 0.5f) / samples;
        cv::Point2f base = a + d * t;
        if (!sample(img, base, dummy)) continue;
        ++inside;
        Peak peak;
        // Steps of a pixel (differences across two): a card blurred by motion still has its
        // edge here, only softer.
        if (strongestEdge(img, base, n, 5.0f, 1.0f, 0.0f, peak) && peak.strength >= minStrength && std::abs(peak.offset) <= 2.0f) ++hit;
    }
    return inside ? static_cast<float>(hit) / inside : 0;
}

}  // namespace

extern "C" {

dv_status dv_track_quad(const dv_image *image, const float previous[8], float search, dv_track_result *out,
                        dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && previous && out, error, "null pointer");
        DV_REQUIRE(std::isfinite(search) && search > 0 && search < 4096, error, "search must be in (0, 4096), not %g", search);
        const cv::Mat &img = image->mat;
        Corners p;
        for (int i = 0; i < 4; ++i) {
            DV_REQUIRE(std::isfinite(previous[2 * i]) && std::isfinite(previous[2 * i + 1]), error, "corner %d is not finite", i);
            p[i] = cv::Point2f(previous[2 * i], previous[2 * i + 1]);
        }
        *out = dv_track_result{};
        for (int i = 0; i < 8; ++i) out->corners[i] = previous[i];

        // Coarse: the whole band, sampled at about 16 steps a side; strong edges only, the
        // outermost of those nearly as strong as the strongest.
        const float coarseStep = std::max(1.0f, search / 16.0f);
        const cv::Point2f centre = (p[0] + p[1] + p[2] + p[3]) * 0.25f;
        cv::Vec4f lines[4];
        for (int s = 0; s < 4; ++s) {
            SidePass pass = fitSide(img, p[s], p[(s + 1) % 4], search, coarseStep, 12.0f, centre, true);
            out->inside[s] = pass.total ? static_cast<float>(pass.inside) / pass.total : 0;
            if (!pass.fitted) return dv::ok(error);
            lines[s] = pass.line;
        }
        Corners q;
        if (!cornersOf(lines, q) || !plausible(q)) return dv::ok(error);
        // Fine: within a couple of pixels of the coarse fit, at half-pixel steps.
        const float fineSearch = std::max(2.0f, 1.5f * coarseStep);
        for (int s = 0; s < 4; ++s) {
            SidePass pass = fitSide(img, q[s], q[(s + 1) % 4], fineSearch, 0.5f, 6.0f);
            if (pass.fitted) lines[s] = pass.line;
        }
        Corners r;
        if (!cornersOf(lines, r) || !plausible(r)) return dv::ok(error);
        const double reach = 1.5 * search + 4;
        for (int i = 0; i < 4; ++i) {
            if (len(r[i], p[i]) > reach) return dv::ok(error);
        }
        for (int s = 0; s < 4; ++s) out->support[s] = support(img, r[s], r[(s + 1) % 4], 8.0f);
        for (int i = 0; i < 4; ++i) {
            out->corners[2 * i] = r[i].x;
            out->corners[2 * i + 1] = r[i].y;
        }
        out->fitted = 1;
        return dv::ok(error);
    });
}

}  // extern "C"
