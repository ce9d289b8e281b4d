// Quality measurements of a flattened document: sharpness, washed-out share, brightness.
#include "docvision_quality.h"
#include "dv_internal.hpp"
#include "dv_lab.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

extern "C" {

dv_status dv_measure_quality(const dv_image *flattened, dv_quality *out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(flattened && out, error, "null pointer");
        const cv::Mat &m = flattened->mat;
        DV_REQUIRE(m.cols >= 16 && m.rows >= 16, error, "image too small (%dx%d)", m.cols, m.rows);
        cv::Mat small;
        const double factor = 640.0 / std::max(m.cols, m.rows);
        cv::resize(m, small, cv::Size(), factor, factor, factor < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
        cv::Mat gray;
        if (small.channels() == 3) cv::cvtColor(small, gray, cv::COLOR_BGR2GRAY);
        else gray = small;
        // Sharpness on the textured part only: a plain card face is not blurred, just plain.
        cv::Mat lap;
        cv::Laplacian(gray, lap, CV_32F, 3);
        // The 98th percentile of |Laplacian| from a histogram (a full sort costs ~10 ms here).
        std::vector<int> histogram(1025, 0);
        for (int y = 0; y < lap.rows; ++y) {
            const float *row = lap.ptr<float>(y);
            for (int x = 0; x < lap.cols; ++x) ++histogram[std::min(1024, static_cast<int>(std::abs(row[x])))];
        }
        const long target = static_cast<long>(0.98 * static_cast<double>(lap.total()));
        long seen = 0;
        int q = 0;
        for (; q < 1024; ++q) {
            seen += histogram[q];
            if (seen >= target) break;
        }
        out->laplacian_variance = static_cast<float>(q);
        // Washed out: bright and nearly colourless.
        int washed = 0;
        if (small.channels() == 3) {
            cv::Mat hsv;
            cv::cvtColor(small, hsv, cv::COLOR_BGR2HSV);
            for (int y = 0; y < hsv.rows; ++y) {
                const cv::Vec3b *p = hsv.ptr<cv::Vec3b>(y);
                for (int x = 0; x < hsv.cols; ++x) washed += (p[x][2] >= 252 && p[x][1] <= 20) ? 1 : 0;
            }
        } else {
            washed = cv::countNonZero(gray >= 252);
        }
        out->washed_out = static_cast<float>(washed) / static_cast<float>(gray.total());
        cv::Scalar mean, sd;
        cv::meanStdDev(gray, mean, sd);
        out->mean_luminance = static_cast<float>(mean[0]);
        out->contrast = static_cast<float>(sd[0]);
        return dv::ok(error);
    });
}

}  // extern "C"

namespace {

constexpr int kLayoutW = 64, kLayoutH = 40, kChromaW = 32, kChromaH = 20;
static_assert(kLayoutW * kLayoutH + 2 * kChromaW * kChromaH == DV_LAYOUT_SIZE, "layout size");

/// Zero mean, unit norm (an all-flat map stays zero).
void normalise(cv::Mat &m) {
    m -= cv::mean(m)[0];
    const double n = cv::norm(m);
    if (n > 1e-6) m /= n;
}

/// Best normalised correlation of `query` with `reference` over shifts of up to `shift` cells,
/// each reference cell weighted by `weights` (same size as `reference`): at every shift the
/// means and spreads are taken over the weighted cells only, so personal data the template
/// blanked neither adds to nor dilutes the design's agreement. All ones is TM_CCOEFF_NORMED.
/// `Seen`: each pair of cells also counts by the query cell's `seen` (its share in the photo,
/// query-sized), so a cut-off card's cells outside the photo count neither for nor against it.
template <bool Seen>
double shiftedCorrelationWeighted(const cv::Mat &query, const cv::Mat *seen, const cv::Mat &reference, const cv::Mat &weights,
                                  int shift) {
    const int w = query.cols - 2 * shift, h = query.rows - 2 * shift;
    double best = -1;
    for (int oy = 0; oy <= 2 * shift; ++oy)
        for (int ox = 0; ox <= 2 * shift; ++ox) {
            double sw = 0, sq = 0, sr = 0, sqq = 0, srr = 0, sqr = 0;
            for (int y = 0; y < h; ++y) {
                const float *q = query.ptr<float>(y + shift) + shift;
                const float *v = Seen ? seen->ptr<float>(y + shift) + shift : nullptr;
                const float *r = reference.ptr<float>(y + oy) + ox;
                const float *k = weights.ptr<float>(y + oy) + ox;
                for (int x = 0; x < w; ++x) {
                    const double c = Seen ? static_cast<double>(k[x]) * v[x] : static_cast<double>(k[x]);
                    const double a = q[x], b = r[x];
                    sw += c;
                    sq += c * a;
                    sr += c * b;
                    sqq += c * a * a;
                    srr += c * b * b;
                    sqr += c * a * b;
                }
            }
            if (sw < 1e-6) continue;
            const double cov = sqr - sq * sr / sw, vq = sqq - sq * sq / sw, vr = srr - sr * sr / sw;
            if (vq <= 1e-12 || vr <= 1e-12) continue;
            best = std::max(best, cov / std::sqrt(vq * vr));
        }
    return best;
}

double shiftedCorrelation(const cv::Mat &query, const cv::Mat &reference, const cv::Mat &weights, int shift) {
    return shiftedCorrelationWeighted<false>(query, nullptr, reference, weights, shift);
}

/// A reference's own weighted sums at each shift (oy, ox): they do not depend on the query, so
/// the upright and the turned query share them.
struct ReferenceSums {
    double sw, sr, srr;
};
constexpr int kShift = 2, kSpan = 2 * kShift + 1;

#if defined(__x86_64__)

// The AVX2 versions below hold the horizontal shifts 0-3 in one register's lanes and shift 4
// apart: each shift's sums are still added in the same order, from the same products (multiply
// and add apart, never fused: `fp contract(off)`), so they are the same doubles as the plain loops'.

/// referenceSums with AVX2, bit for bit.
__attribute__((target("avx2"))) void referenceSumsAVX2(const cv::Mat &reference, const cv::Mat &weights, int w, int h,
                                                       std::array<ReferenceSums, kSpan * kSpan> &sums) {
#pragma clang fp contract(off)
    static_assert(kSpan == 5, "lanes 0-3 in a register, shift 4 apart");
    for (int oy = 0; oy < kSpan; ++oy) {
        __m256d sw = _mm256_setzero_pd(), sr = _mm256_setzero_pd(), srr = _mm256_setzero_pd();
        double sw4 = 0, sr4 = 0, srr4 = 0;
        for (int y = 0; y < h; ++y) {
            const float *r = reference.ptr<float>(y + oy);
            const float *k = weights.ptr<float>(y + oy);
            for (int x = 0; x < w; ++x) {
                const __m256d c = _mm256_cvtps_pd(_mm_loadu_ps(k + x)), b = _mm256_cvtps_pd(_mm_loadu_ps(r + x));
                const __m256d t = _mm256_mul_pd(c, b);
                sw = _mm256_add_pd(sw, c);
                sr = _mm256_add_pd(sr, t);
                srr = _mm256_add_pd(srr, _mm256_mul_pd(t, b));
                const double c4 = k[x + 4], b4 = r[x + 4], t4 = c4 * b4;
                sw4 += c4;
                sr4 += t4;
                srr4 += t4 * b4;
            }
        }
        double lw[4], lr[4], lrr[4];
        _mm256_storeu_pd(lw, sw);
        _mm256_storeu_pd(lr, sr);
        _mm256_storeu_pd(lrr, srr);
        for (int ox = 0; ox < 4; ++ox) sums[oy * kSpan + ox] = {lw[ox], lr[ox], lrr[ox]};
        sums[oy * kSpan + 4] = {sw4, sr4, srr4};
    }
}
#endif

std::array<ReferenceSums, kSpan * kSpan> referenceSums(const cv::Mat &reference, const cv::Mat &weights, int w, int h) {
    std::array<ReferenceSums, kSpan * kSpan> sums{};
#if defined(__x86_64__)
    if (dv::cpuHasAVX2) {
        referenceSumsAVX2(reference, weights, w, h, sums);
        return sums;
    }
#endif
    for (int oy = 0; oy < kSpan; ++oy)
        for (int ox = 0; ox < kSpan; ++ox) {
            double sw = 0, sr = 0, srr = 0;
            for (int y = 0; y < h; ++y) {
                const float *r = reference.ptr<float>(y + oy) + ox;
                const float *k = weights.ptr<float>(y + oy) + ox;
                for (int x = 0; x < w; ++x) {
                    const double c = k[x], b = r[x];
                    sw += c;
                    sr += c * b;
                    srr += c * b * b;
                }
            }
            sums[oy * kSpan + ox] = {sw, sr, srr};
        }
    return sums;
}

/// shiftedCorrelation(query, reference, weights, kShift), bit for bit, faster: the reference's
/// sums come from `sums` (computed once for the upright and the turned query), and the five
/// horizontal shifts are summed side by side (each shift's sums still in the same order, so the
/// same doubles), five independent chains of additions where each shift alone waited on its own
/// additions' latency. Measured 0.15 against 0.22 ms per comparison (upright and turned), which
/// matters with many templates: each flattened query is compared with every reference.
/// The best correlation over the shifts from each shift's sums (query's and reference's).
double bestOfShifts(int oy, const double *sq, const double *sqq, const double *sqr,
                    const std::array<ReferenceSums, kSpan * kSpan> &sums, double best) {
    for (int ox = 0; ox < kSpan; ++ox) {
        const auto &m = sums[oy * kSpan + ox];
        if (m.sw < 1e-6) continue;
        const double cov = sqr[ox] - sq[ox] * m.sr / m.sw, vq = sqq[ox] - sq[ox] * sq[ox] / m.sw, vr = m.srr - m.sr * m.sr / m.sw;
        if (vq <= 1e-12 || vr <= 1e-12) continue;
        best = std::max(best, cov / std::sqrt(vq * vr));
    }
    return best;
}

#if defined(__x86_64__)
/// shiftedCorrelationSummed's sums with AVX2, bit for bit (see referenceSumsAVX2); about a
/// third of the instructions. With many templates this is most of the layout cue's cost:
/// every flattened query is compared with every reference, upright and turned.
__attribute__((target("avx2"))) double shiftedCorrelationSummedAVX2(const cv::Mat &query, const cv::Mat &reference,
                                                                    const cv::Mat &weights,
                                                                    const std::array<ReferenceSums, kSpan * kSpan> &sums) {
#pragma clang fp contract(off)
    const int w = query.cols - 2 * kShift, h = query.rows - 2 * kShift;
    double best = -1;
    for (int oy = 0; oy < kSpan; ++oy) {
        __m256d vq = _mm256_setzero_pd(), vqq = _mm256_setzero_pd(), vqr = _mm256_setzero_pd();
        double sq4 = 0, sqq4 = 0, sqr4 = 0;
        for (int y = 0; y < h; ++y) {
            const float *q = query.ptr<float>(y + kShift) + kShift;
            const float *r = reference.ptr<float>(y + oy);
            const float *k = weights.ptr<float>(y + oy);
            for (int x = 0; x < w; ++x) {
                const double a = q[x];
                const __m256d va = _mm256_set1_pd(a);
                const __m256d c = _mm256_cvtps_pd(_mm_loadu_ps(k + x)), b = _mm256_cvtps_pd(_mm_loadu_ps(r + x));
                const __m256d t = _mm256_mul_pd(c, va);
                vq = _mm256_add_pd(vq, t);
                vqq = _mm256_add_pd(vqq, _mm256_mul_pd(t, va));
                vqr = _mm256_add_pd(vqr, _mm256_mul_pd(t, b));
                const double c4 = k[x + 4], b4 = r[x + 4], t4 = c4 * a;
                sq4 += t4;
                sqq4 += t4 * a;
                sqr4 += t4 * b4;
            }
        }
        double sq[kSpan], sqq[kSpan], sqr[kSpan];
        _mm256_storeu_pd(sq, vq);
        _mm256_storeu_pd(sqq, vqq);
        _mm256_storeu_pd(sqr, vqr);
        sq[4] = sq4;
        sqq[4] = sqq4;
        sqr[4] = sqr4;
        best = bestOfShifts(oy, sq, sqq, sqr, sums, best);
    }
    return best;
}
#endif

#if defined(__x86_64__)
const bool hasAVX512 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f");
}();

/// shiftedCorrelationSummed's sums with AVX-512, bit for bit, for a reference whose grey map
/// (`reference`) and weights (`weights`) are held as doubles (kLayoutW x kLayoutH, row by row;
/// a float's double is exact, so the products are the same): the five horizontal shifts in one
/// register's lanes (three idle) and the five vertical shifts side by side in the same pass.
/// Each shift's sums are still added in the same order from the same products, so they are the
/// same doubles. The AVX2 version takes one vertical shift at a time, each a chain of additions
/// waiting on the one before, shift 4 in scalar code, and converts every float it reads; here
/// fifteen independent chains read doubles. Measured on one core against the 12 built-in
/// references (upright and turned): see the commit.
__attribute__((target("avx512f"))) double shiftedCorrelationSummedAVX512(const cv::Mat &query, const double *reference,
                                                                         const double *weights,
                                                                         const std::array<ReferenceSums, kSpan * kSpan> &sums) {
#pragma clang fp contract(off)
    static_assert(kSpan == 5, "the horizontal shifts in lanes 0-4");
    const int w = query.cols - 2 * kShift, h = query.rows - 2 * kShift;
    constexpr __mmask8 kLanes = (1u << kSpan) - 1;
    __m512d vq[kSpan], vqq[kSpan], vqr[kSpan];
    for (int oy = 0; oy < kSpan; ++oy) vq[oy] = vqq[oy] = vqr[oy] = _mm512_setzero_pd();
    for (int y = 0; y < h; ++y) {
        const float *q = query.ptr<float>(y + kShift) + kShift;
        for (int x = 0; x < w; ++x) {
            const __m512d va = _mm512_set1_pd(q[x]);
            for (int oy = 0; oy < kSpan; ++oy) {
                // Masked loads: lanes past shift 4 read nothing (no read past the map's end).
                const size_t at = static_cast<size_t>(y + oy) * kLayoutW + x;
                const __m512d c = _mm512_maskz_loadu_pd(kLanes, weights + at);
                const __m512d b = _mm512_maskz_loadu_pd(kLanes, reference + at);
                const __m512d t = _mm512_mul_pd(c, va);
                vq[oy] = _mm512_add_pd(vq[oy], t);
                vqq[oy] = _mm512_add_pd(vqq[oy], _mm512_mul_pd(t, va));
                vqr[oy] = _mm512_add_pd(vqr[oy], _mm512_mul_pd(t, b));
            }
        }
    }
    double best = -1;
    for (int oy = 0; oy < kSpan; ++oy) {
        alignas(64) double sq[8], sqq[8], sqr[8];
        _mm512_store_pd(sq, vq[oy]);
        _mm512_store_pd(sqq, vqq[oy]);
        _mm512_store_pd(sqr, vqr[oy]);
        best = bestOfShifts(oy, sq, sqq, sqr, sums, best);
    }
    return best;
}
#endif

double shiftedCorrelationSummed(const cv::Mat &query, const cv::Mat &reference, const cv::Mat &weights,
                                const std::array<ReferenceSums, kSpan * kSpan> &sums) {
#if defined(__x86_64__)
    if (dv::cpuHasAVX2) return shiftedCorrelationSummedAVX2(query, reference, weights, sums);
#endif
    const int w = query.cols - 2 * kShift, h = query.rows - 2 * kShift;
    double best = -1;
    for (int oy = 0; oy < kSpan; ++oy) {
        double sq[kSpan] = {}, sqq[kSpan] = {}, sqr[kSpan] = {};
        for (int y = 0; y < h; ++y) {
            const float *q = query.ptr<float>(y + kShift) + kShift;
            const float *r = reference.ptr<float>(y + oy);
            const float *k = weights.ptr<float>(y + oy);
            for (int x = 0; x < w; ++x) {
                const double a = q[x];
#pragma GCC unroll 5
                for (int ox = 0; ox < kSpan; ++ox) {
                    const double c = k[x + ox], b = r[x + ox];
                    sq[ox] += c * a;
                    sqq[ox] += c * a * a;
                    sqr[ox] += c * a * b;
                }
            }
        }
        best = bestOfShifts(oy, sq, sqq, sqr, sums, best);
    }
    return best;
}

/// A reference's chroma planes' own constants: the weights' total, the planes' weighted means
/// and their weighted norm (none depends on the query).
struct ReferenceChroma {
    double sw = 0, ma = 0, mb = 0, nb = 0;
};

ReferenceChroma referenceChroma(const cv::Mat &ra, const cv::Mat &rb, const cv::Mat &wc) {
    ReferenceChroma c;
    c.sw = cv::sum(wc)[0];
    if (c.sw < 1e-6) return c;
    c.ma = ra.dot(wc) / c.sw;
    c.mb = rb.dot(wc) / c.sw;
    for (int y = 0; y < kChromaH; ++y)
        for (int x = 0; x < kChromaW; ++x) {
            const double k = wc.at<float>(y, x);
            const double u = ra.at<float>(y, x) - c.ma, v = rb.at<float>(y, x) - c.mb;
            c.nb += k * (u * u + v * v);
        }
    return c;
}

/// The layout similarity from the grey maps' correlation `grey` and the chroma planes (query
/// `a`, `b`; reference `ra`, `rb` with weights `wc` and constants `r`).
double layoutScore(double grey, const cv::Mat &a, const cv::Mat &b, const cv::Mat &ra, const cv::Mat &rb, const cv::Mat &wc,
                   const ReferenceChroma &r) {
    // Chroma: weighted cosine of the two planes together, each centred on its weighted
    // mean (white balance); a shift matters little at 32 x 20.
    if (r.sw < 1e-6) return grey;
    const double qa = a.dot(wc) / r.sw, qb = b.dot(wc) / r.sw;
    double dot = 0, na = 0;
    for (int y = 0; y < kChromaH; ++y)
        for (int x = 0; x < kChromaW; ++x) {
            const double k = wc.at<float>(y, x);
            const double p = a.at<float>(y, x) - qa, q = b.at<float>(y, x) - qb;
            const double u = ra.at<float>(y, x) - r.ma, v = rb.at<float>(y, x) - r.mb;
            dot += k * (p * u + q * v);
            na += k * (p * p + q * q);
        }
    // A colourless card (or reference: under 1.5 Lab units per weighted cell) has no
    // chroma to compare: luminance alone decides.
    const double floor = 1.5 * 1.5 * 2.0 * r.sw;
    if (na < floor || r.nb < floor) return grey;
    return 0.6 * grey + 0.4 * dot / std::sqrt(na * r.nb);
}

/// shiftedCorrelation over kShift with the query's visibility `seen` (shiftedCorrelationWeighted).
double shiftedCorrelationSeen(const cv::Mat &query, const cv::Mat &seen, const cv::Mat &reference, const cv::Mat &weights) {
    return shiftedCorrelationWeighted<true>(query, &seen, reference, weights, kShift);
}

/// Views of a layout signature's maps (grey 64 x 40, chroma a and b 32 x 20) and, with
/// `weights`, of the weights' grey and chroma maps.
struct LayoutMaps {
    cv::Mat grey, a, b, greyWeights, chromaWeights;
};

LayoutMaps layoutMaps(const float *values, const float *weights) {
    auto view = [](const float *s, int offset, int w, int h) { return cv::Mat(h, w, CV_32F, const_cast<float *>(s + offset)); };
    const int chroma = kLayoutW * kLayoutH, plane = kChromaW * kChromaH;
    LayoutMaps m;
    m.grey = view(values, 0, kLayoutW, kLayoutH);
    m.a = view(values, chroma, kChromaW, kChromaH);
    m.b = view(values, chroma + plane, kChromaW, kChromaH);
    if (weights) {
        m.greyWeights = view(weights, 0, kLayoutW, kLayoutH);
        m.chromaWeights = view(weights, chroma, kChromaW, kChromaH);
    }
    return m;
}

}  // namespace

/// Reference layouts prepared for comparison (dv_layout_set_create).
struct dv_layout_set {
    struct Reference {
        bool present = false;
        std::vector<float> values, weights;  // DV_LAYOUT_SIZE each; all ones when given none
        std::array<ReferenceSums, kSpan * kSpan> sums{};
        ReferenceChroma chroma;
        /// The grey map and its weights as doubles, for shiftedCorrelationSummedAVX512.
        std::vector<double> greyD, greyWeightsD;
    };
    std::vector<Reference> references;
};

extern "C" {

dv_status dv_layout_signature(const dv_image *flattened, float *signature, int32_t capacity, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(flattened && signature, error, "null pointer");
        DV_REQUIRE(capacity >= DV_LAYOUT_SIZE, error, "capacity %d is below %d", capacity, DV_LAYOUT_SIZE);
        const cv::Mat &m = flattened->mat;
        DV_REQUIRE(m.cols >= 16 && m.rows >= 16, error, "image too small (%dx%d)", m.cols, m.rows);
        cv::Mat bgr = m;
        if (m.channels() == 1) cv::cvtColor(m, bgr, cv::COLOR_GRAY2BGR);
        cv::Mat small, lab;
        cv::resize(bgr, small, cv::Size(2 * kLayoutW, 2 * kLayoutH), 0, 0, cv::INTER_AREA);
        dv::labOfBGR(small, lab);
        std::vector<cv::Mat> ch;
        cv::split(lab, ch);
        // Local contrast: luminance minus its surroundings, divided by the surroundings' spread,
        // so a shadow, a dark room or a glare's falloff changes the map little.
        cv::Mat light, detail, energy;
        cv::GaussianBlur(ch[0], light, cv::Size(0, 0), 6);
        detail = ch[0] - light;
        cv::GaussianBlur(detail.mul(detail), energy, cv::Size(0, 0), 6);
        cv::sqrt(energy, energy);
        detail /= energy + 2.0;
        cv::Mat grey;
        cv::resize(detail, grey, cv::Size(kLayoutW, kLayoutH), 0, 0, cv::INTER_AREA);
        normalise(grey);
        // Chroma relative to the card's own mean (white balance); compared by direction, so
        // dim light (weaker colour) matters little.
        cv::Mat a, b;
        cv::resize(ch[1], a, cv::Size(kChromaW, kChromaH), 0, 0, cv::INTER_AREA);
        cv::resize(ch[2], b, cv::Size(kChromaW, kChromaH), 0, 0, cv::INTER_AREA);
        a -= cv::mean(a)[0];
        b -= cv::mean(b)[0];
        float *out = signature;
        for (const cv::Mat *map : {&grey, &a, &b})
            for (int y = 0; y < map->rows; ++y)
                for (int x = 0; x < map->cols; ++x) *out++ = map->at<float>(y, x);
        return dv::ok(error);
    });
}

dv_status dv_layout_weights(const float *mask, int32_t width, int32_t height, float *weights, int32_t capacity, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(mask && weights, error, "null pointer");
        DV_REQUIRE(width > 0 && height > 0, error, "empty mask (%dx%d)", width, height);
        DV_REQUIRE(capacity >= DV_LAYOUT_SIZE, error, "capacity %d is below %d", capacity, DV_LAYOUT_SIZE);
        cv::Mat m(height, width, CV_32F, const_cast<float *>(mask)), grey, chroma;
        cv::resize(m, grey, cv::Size(kLayoutW, kLayoutH), 0, 0, cv::INTER_LINEAR);
        cv::resize(m, chroma, cv::Size(kChromaW, kChromaH), 0, 0, cv::INTER_AREA);
        float *out = weights;
        for (const cv::Mat *map : {&grey, &chroma, &chroma})
            for (int y = 0; y < map->rows; ++y)
                for (int x = 0; x < map->cols; ++x) *out++ = std::clamp(map->at<float>(y, x), 0.0f, 1.0f);
        return dv::ok(error);
    });
}

dv_status dv_layout_compare(const float *query, const float *reference, const float *weights, float *upright, float *turned,
                            dv_error *error) {
    return dv_layout_compare_as(query, reference, weights, 0, upright, turned, error);
}

dv_status dv_layout_compare_as(const float *query, const float *reference, const float *weights, int32_t plainly, float *upright,
                               float *turned, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(query && reference && upright && turned, error, "null pointer");
        auto view = [](const float *s, int offset, int w, int h) {
            return cv::Mat(h, w, CV_32F, const_cast<float *>(s + offset));
        };
        const int chroma = kLayoutW * kLayoutH, plane = kChromaW * kChromaH;
        std::vector<float> ones;
        if (!weights) {
            ones.assign(DV_LAYOUT_SIZE, 1.0f);
            weights = ones.data();
        }
        const cv::Mat rg = view(reference, 0, kLayoutW, kLayoutH), wg = view(weights, 0, kLayoutW, kLayoutH);
        const cv::Mat ra = view(reference, chroma, kChromaW, kChromaH), rb = view(reference, chroma + plane, kChromaW, kChromaH);
        const cv::Mat wc = view(weights, chroma, kChromaW, kChromaH);
        const auto sums = referenceSums(rg, wg, kLayoutW - 2 * kShift, kLayoutH - 2 * kShift);
        const ReferenceChroma constants = referenceChroma(ra, rb, wc);
        auto score = [&](const cv::Mat &g, const cv::Mat &a, const cv::Mat &b) {
            const double grey = plainly ? shiftedCorrelation(g, rg, wg, kShift) : shiftedCorrelationSummed(g, rg, wg, sums);
            return layoutScore(grey, a, b, ra, rb, wc, constants);
        };
        const cv::Mat qg = view(query, 0, kLayoutW, kLayoutH);
        const cv::Mat qa = view(query, chroma, kChromaW, kChromaH), qb = view(query, chroma + plane, kChromaW, kChromaH);
        *upright = static_cast<float>(score(qg, qa, qb));
        cv::Mat tg, ta, tb;
        cv::rotate(qg, tg, cv::ROTATE_180);
        cv::rotate(qa, ta, cv::ROTATE_180);
        cv::rotate(qb, tb, cv::ROTATE_180);
        *turned = static_cast<float>(score(tg, ta, tb));
        return dv::ok(error);
    });
}

dv_status dv_layout_set_create(const float *const *references, const float *const *weights, int32_t count, dv_layout_set **out,
                               dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(out && (count == 0 || (references && weights)), error, "null pointer");
        DV_REQUIRE(count >= 0, error, "negative count %d", count);
        auto set = std::make_unique<dv_layout_set>();
        set->references.resize(count);
        for (int32_t i = 0; i < count; ++i) {
            if (!references[i]) continue;
            auto &r = set->references[i];
            r.present = true;
            r.values.assign(references[i], references[i] + DV_LAYOUT_SIZE);
            if (weights[i]) r.weights.assign(weights[i], weights[i] + DV_LAYOUT_SIZE);
            else r.weights.assign(DV_LAYOUT_SIZE, 1.0f);
            const LayoutMaps m = layoutMaps(r.values.data(), r.weights.data());
            r.sums = referenceSums(m.grey, m.greyWeights, kLayoutW - 2 * kShift, kLayoutH - 2 * kShift);
            r.chroma = referenceChroma(m.a, m.b, m.chromaWeights);
            r.greyD.assign(r.values.begin(), r.values.begin() + kLayoutW * kLayoutH);
            r.greyWeightsD.assign(r.weights.begin(), r.weights.begin() + kLayoutW * kLayoutH);
        }
        *out = set.release();
        return dv::ok(error);
    });
}

void dv_layout_set_destroy(dv_layout_set *set) { delete set; }

dv_status dv_layout_set_compare(const dv_layout_set *set, const float *query, float *scores, int32_t capacity, int32_t *count,
                                dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(set && query && scores && count, error, "null pointer");
        const int n = static_cast<int>(set->references.size());
        DV_REQUIRE(capacity >= 2 * n, error, "capacity %d is below 2 x %d references", capacity, n);
        // The query as it is and turned 180 degrees, once for every reference.
        const LayoutMaps upright = layoutMaps(query, nullptr);
        cv::Mat tg, ta, tb;
        cv::rotate(upright.grey, tg, cv::ROTATE_180);
        cv::rotate(upright.a, ta, cv::ROTATE_180);
        cv::rotate(upright.b, tb, cv::ROTATE_180);
        for (int i = 0; i < n; ++i) {
            const auto &r = set->references[i];
            if (!r.present) {
                scores[2 * i] = scores[2 * i + 1] = -1;
                continue;
            }
            const LayoutMaps m = layoutMaps(r.values.data(), r.weights.data());
            auto score = [&](const cv::Mat &g, const cv::Mat &a, const cv::Mat &b) {
#if defined(__x86_64__)
                const double grey = hasAVX512 ? shiftedCorrelationSummedAVX512(g, r.greyD.data(), r.greyWeightsD.data(), r.sums)
                                              : shiftedCorrelationSummed(g, m.grey, m.greyWeights, r.sums);
#else
                const double grey = shiftedCorrelationSummed(g, m.grey, m.greyWeights, r.sums);
#endif
                return layoutScore(grey, a, b, m.a, m.b, m.chromaWeights, r.chroma);
            };
            scores[2 * i] = static_cast<float>(score(upright.grey, upright.a, upright.b));
            scores[2 * i + 1] = static_cast<float>(score(tg, ta, tb));
        }
        *count = 2 * n;
        return dv::ok(error);
    });
}

dv_status dv_layout_set_compare_visible(const dv_layout_set *set, const float *query, const float *visibility, float *scores,
                                        int32_t capacity, int32_t *count, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(set && query && visibility && scores && count, error, "null pointer");
        const int n = static_cast<int>(set->references.size());
        DV_REQUIRE(capacity >= 2 * n, error, "capacity %d is below 2 x %d references", capacity, n);
        // The query and its visibility as they are and turned 180 degrees (the seen part turns with it).
        const LayoutMaps upright = layoutMaps(query, visibility);
        LayoutMaps turned;
        cv::rotate(upright.grey, turned.grey, cv::ROTATE_180);
        cv::rotate(upright.a, turned.a, cv::ROTATE_180);
        cv::rotate(upright.b, turned.b, cv::ROTATE_180);
        cv::rotate(upright.greyWeights, turned.greyWeights, cv::ROTATE_180);
        cv::rotate(upright.chromaWeights, turned.chromaWeights, cv::ROTATE_180);
        for (int i = 0; i < n; ++i) {
            const auto &r = set->references[i];
            if (!r.present) {
                scores[2 * i] = scores[2 * i + 1] = -1;
                continue;
            }
            const LayoutMaps m = layoutMaps(r.values.data(), r.weights.data());
            auto score = [&](const LayoutMaps &q) {
                const double grey = shiftedCorrelationSeen(q.grey, q.greyWeights, m.grey, m.greyWeights);
                const cv::Mat wc = m.chromaWeights.mul(q.chromaWeights);
                return layoutScore(grey, q.a, q.b, m.a, m.b, wc, referenceChroma(m.a, m.b, wc));
            };
            scores[2 * i] = static_cast<float>(score(upright));
            scores[2 * i + 1] = static_cast<float>(score(turned));
        }
        *count = 2 * n;
        return dv::ok(error);
    });
}

}  // extern "C"
