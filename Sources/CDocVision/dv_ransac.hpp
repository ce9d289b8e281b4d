// Internal to the shim: the RANSAC homography of cv::findHomography(..., cv::RANSAC, ...) as
// OpenCV 4.6 runs it, with a cheaper minimal solver.
//
// Why: verifying a candidate template is a RANSAC homography over its votes, and OpenCV solves
// every 4-point hypothesis with a 9x9 eigen decomposition (plus a few Mat allocations and
// virtual calls); that was most of the verification time. Here the same loop runs step for
// step (the same 4-point samples drawn by the same cv::RNG, the same degeneracy checks, the same
// float reprojection test, the same adaptive iteration count, the same final refinement by
// cv::findHomography over the inliers), but each hypothesis is the exact homography through its
// 4 points from an 8x8 linear solve (h33 = 1) in the same normalised coordinates. Both solvers
// give the one homography through 4 points, so masks and results agree with OpenCV's except when
// rounding moves a reprojection error across the threshold; the tests check this on random sets.
//
// Only this loop is ours: the refinement (a direct fit and 10 Levenberg-Marquardt steps) is
// OpenCV's own, called on the inliers exactly as findHomography calls it.
#ifndef DV_RANSAC_HPP
#define DV_RANSAC_HPP

#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace dv {
namespace ransac {

/// Whether the last of `n` points lies on a line through two earlier ones (OpenCV's test, which
/// with n = 4 looks only at triples that include the fourth point).
inline bool lastPointCollinear(const cv::Point2f *p, int n) {
    const int i = n - 1;
    for (int j = 0; j < i; ++j) {
        const double dx1 = p[j].x - p[i].x, dy1 = p[j].y - p[i].y;
        for (int k = 0; k < j; ++k) {
            const double dx2 = p[k].x - p[i].x, dy2 = p[k].y - p[i].y;
            if (std::fabs(dx2 * dy1 - dy2 * dx1) <= FLT_EPSILON * (std::fabs(dx1) + std::fabs(dy1) + std::fabs(dx2) + std::fabs(dy2)))
                return true;
        }
    }
    return false;
}

inline double det3(double ax, double ay, double bx, double by, double cx, double cy) {
    // det [[ax ay 1] [bx by 1] [cx cy 1]] in the cofactor order of cv::determinant(Matx33d).
    return ax * (by - cy) - ay * (bx - cx) + (bx * cy - by * cx);
}

/// OpenCV's acceptance of a minimal sample: no collinear triple through the last point in either
/// image, and every triangle keeps (or every one flips) its orientation.
inline bool plausibleSample(const cv::Point2f *s, const cv::Point2f *d) {
    if (lastPointCollinear(s, 4) || lastPointCollinear(d, 4)) return false;
    static const int tt[4][3] = {{0, 1, 2}, {1, 2, 3}, {0, 2, 3}, {0, 1, 3}};
    int negative = 0;
    for (const auto &t : tt) {
        const double a = det3(s[t[0]].x, s[t[0]].y, s[t[1]].x, s[t[1]].y, s[t[2]].x, s[t[2]].y);
        const double b = det3(d[t[0]].x, d[t[0]].y, d[t[1]].x, d[t[1]].y, d[t[2]].x, d[t[2]].y);
        negative += a * b < 0;
    }
    return negative == 0 || negative == 4;
}

/// The homography through 4 point pairs, row-major with h33 = 1; false when the points are
/// degenerate. Points are first normalised as OpenCV normalises them (centroid, mean absolute
/// deviation per axis), so that the solve is as well conditioned as OpenCV's.
inline bool fourPointHomography(const cv::Point2f *M, const cv::Point2f *m, double H[9]) {
    double cMx = 0, cMy = 0, cmx = 0, cmy = 0;
    for (int i = 0; i < 4; ++i) {
        cmx += m[i].x; cmy += m[i].y;
        cMx += M[i].x; cMy += M[i].y;
    }
    cmx /= 4; cmy /= 4; cMx /= 4; cMy /= 4;
    double smx = 0, smy = 0, sMx = 0, sMy = 0;
    for (int i = 0; i < 4; ++i) {
        smx += std::fabs(m[i].x - cmx); smy += std::fabs(m[i].y - cmy);
        sMx += std::fabs(M[i].x - cMx); sMy += std::fabs(M[i].y - cMy);
    }
    if (std::fabs(smx) < DBL_EPSILON || std::fabs(smy) < DBL_EPSILON || std::fabs(sMx) < DBL_EPSILON || std::fabs(sMy) < DBL_EPSILON)
        return false;
    smx = 4 / smx; smy = 4 / smy; sMx = 4 / sMx; sMy = 4 / sMy;
    // A h = b, h = (h11 h12 h13 h21 h22 h23 h31 h32) of the normalised homography.
    double A[8][9];
    for (int i = 0; i < 4; ++i) {
        const double X = (M[i].x - cMx) * sMx, Y = (M[i].y - cMy) * sMy;
        const double x = (m[i].x - cmx) * smx, y = (m[i].y - cmy) * smy;
        double *r = A[2 * i], *q = A[2 * i + 1];
        r[0] = X; r[1] = Y; r[2] = 1; r[3] = 0; r[4] = 0; r[5] = 0; r[6] = -x * X; r[7] = -x * Y; r[8] = x;
        q[0] = 0; q[1] = 0; q[2] = 0; q[3] = X; q[4] = Y; q[5] = 1; q[6] = -y * X; q[7] = -y * Y; q[8] = y;
    }
    // Gaussian elimination with partial pivoting on the augmented 8x9 matrix; rows are swapped
    // by their pointers (the arithmetic is the same).
    double *R[8];
    for (int r = 0; r < 8; ++r) R[r] = A[r];
    for (int c = 0; c < 8; ++c) {
        int p = c;
        for (int r = c + 1; r < 8; ++r)
            if (std::fabs(R[r][c]) > std::fabs(R[p][c])) p = r;
        if (std::fabs(R[p][c]) < 1e-12) return false;
        if (p != c) std::swap(R[p], R[c]);
        const double *pivot = R[c];
        const double inv = 1 / pivot[c];
        for (int r = c + 1; r < 8; ++r) {
            double *row = R[r];
            const double f = row[c] * inv;
            if (f == 0) continue;
            for (int k = c; k < 9; ++k) row[k] -= f * pivot[k];
        }
    }
    double h[9];
    h[8] = 1;
    for (int c = 7; c >= 0; --c) {
        const double *row = R[c];
        double s = row[8];
        for (int k = c + 1; k < 8; ++k) s -= row[k] * h[k];
        h[c] = s / row[c];
    }
    // Undo the normalisation: H = N_m^-1 * h * N_M.
    const double inv[9] = {1 / smx, 0, cmx, 0, 1 / smy, cmy, 0, 0, 1};
    const double norm[9] = {sMx, 0, -cMx * sMx, 0, sMy, -cMy * sMy, 0, 0, 1};
    double t[9], out[9];
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) t[r * 3 + c] = inv[r * 3] * h[c] + inv[r * 3 + 1] * h[3 + c] + inv[r * 3 + 2] * h[6 + c];
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) out[r * 3 + c] = t[r * 3] * norm[c] + t[r * 3 + 1] * norm[3 + c] + t[r * 3 + 2] * norm[6 + c];
    if (std::fabs(out[8]) < DBL_MIN) return false;
    const double s = 1 / out[8];
    for (int k = 0; k < 9; ++k) H[k] = out[k] * s;
    return true;
}

/// OpenCV's inlier test for points [begin, n): squared reprojection error in single precision
/// against thresh^2.
inline int countInliersFrom(const cv::Point2f *M, const cv::Point2f *m, int begin, int n, const double H[9], float threshold2,
                            uint8_t *mask) {
    const float h0 = static_cast<float>(H[0]), h1 = static_cast<float>(H[1]), h2 = static_cast<float>(H[2]),
                h3 = static_cast<float>(H[3]), h4 = static_cast<float>(H[4]), h5 = static_cast<float>(H[5]),
                h6 = static_cast<float>(H[6]), h7 = static_cast<float>(H[7]);
    int good = 0;
    for (int i = begin; i < n; ++i) {
        const float ww = 1.f / (h6 * M[i].x + h7 * M[i].y + 1.f);
        const float dx = (h0 * M[i].x + h1 * M[i].y + h2) * ww - m[i].x;
        const float dy = (h3 * M[i].x + h4 * M[i].y + h5) * ww - m[i].y;
        const int f = static_cast<float>(dx * dx + dy * dy) <= threshold2;
        mask[i] = static_cast<uint8_t>(f);
        good += f;
    }
    return good;
}

#if defined(__x86_64__)
/// Points p[0..7] as their x0..x7 and y0..y7: (x0 y0 x1 y1 | x2 y2 x3 y3), (x4 y4 ... | ...)
/// shuffled within the halves, then the halves' 64-bit pairs put back in order.
__attribute__((target("avx2"))) inline void splitPoints(const cv::Point2f *p, __m256 &x, __m256 &y) {
    const __m256 a = _mm256_loadu_ps(&p[0].x), b = _mm256_loadu_ps(&p[4].x);
    x = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(a, b, 0x88)), 0xD8));
    y = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(a, b, 0xDD)), 0xD8));
}

/// countInliersFrom for 8 points at a time with AVX, bit for bit: the same single-precision
/// operations in the same order on each lane (IEEE multiply, add, divide are the same in a
/// vector lane; multiply and add are never fused: `fp contract(off)`, no FMA target). Every
/// RANSAC hypothesis tests every vote, so this loop is most of the RANSAC's own time.
__attribute__((target("avx2"))) inline int countInliersAVX2(const cv::Point2f *M, const cv::Point2f *m, int n, const double H[9],
                                                            float threshold2, uint8_t *mask) {
#pragma clang fp contract(off)
    const __m256 h0 = _mm256_set1_ps(static_cast<float>(H[0])), h1 = _mm256_set1_ps(static_cast<float>(H[1])),
                 h2 = _mm256_set1_ps(static_cast<float>(H[2])), h3 = _mm256_set1_ps(static_cast<float>(H[3])),
                 h4 = _mm256_set1_ps(static_cast<float>(H[4])), h5 = _mm256_set1_ps(static_cast<float>(H[5])),
                 h6 = _mm256_set1_ps(static_cast<float>(H[6])), h7 = _mm256_set1_ps(static_cast<float>(H[7]));
    const __m256 one = _mm256_set1_ps(1.f), limit = _mm256_set1_ps(threshold2);
    int good = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 X, Y, x, y;
        splitPoints(M + i, X, Y);
        splitPoints(m + i, x, y);
        const __m256 ww = _mm256_div_ps(one, _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(h6, X), _mm256_mul_ps(h7, Y)), one));
        const __m256 dx = _mm256_sub_ps(
            _mm256_mul_ps(_mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(h0, X), _mm256_mul_ps(h1, Y)), h2), ww), x);
        const __m256 dy = _mm256_sub_ps(
            _mm256_mul_ps(_mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(h3, X), _mm256_mul_ps(h4, Y)), h5), ww), y);
        const __m256 e = _mm256_add_ps(_mm256_mul_ps(dx, dx), _mm256_mul_ps(dy, dy));
        const unsigned bits = static_cast<unsigned>(_mm256_movemask_ps(_mm256_cmp_ps(e, limit, _CMP_LE_OQ)));
        for (int k = 0; k < 8; ++k) mask[i + k] = static_cast<uint8_t>((bits >> k) & 1u);
        good += __builtin_popcount(bits);
    }
    return good + countInliersFrom(M, m, i, n, H, threshold2, mask);
}

/// countInliersFrom for 16 points at a time with AVX-512, bit for bit as countInliersAVX2 (the
/// same operations per lane, never fused), then the rest by countInliersAVX2.
__attribute__((target("avx512f,avx512bw,avx512vl,avx2"))) inline int countInliersAVX512(const cv::Point2f *M, const cv::Point2f *m, int n,
                                                                                  const double H[9], float threshold2, uint8_t *mask) {
#pragma clang fp contract(off)
    const __m512 h0 = _mm512_set1_ps(static_cast<float>(H[0])), h1 = _mm512_set1_ps(static_cast<float>(H[1])),
                 h2 = _mm512_set1_ps(static_cast<float>(H[2])), h3 = _mm512_set1_ps(static_cast<float>(H[3])),
                 h4 = _mm512_set1_ps(static_cast<float>(H[4])), h5 = _mm512_set1_ps(static_cast<float>(H[5])),
                 h6 = _mm512_set1_ps(static_cast<float>(H[6])), h7 = _mm512_set1_ps(static_cast<float>(H[7]));
    const __m512 one = _mm512_set1_ps(1.f), limit = _mm512_set1_ps(threshold2);
    // Points p[0..15] as x0..x15 and y0..y15 (even and odd floats of the 32 loaded).
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    const __m128i ones = _mm_set1_epi8(1);
    int good = 0, i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 Ma = _mm512_loadu_ps(&M[i].x), Mb = _mm512_loadu_ps(&M[i + 8].x);
        const __m512 ma = _mm512_loadu_ps(&m[i].x), mb = _mm512_loadu_ps(&m[i + 8].x);
        const __m512 X = _mm512_permutex2var_ps(Ma, even, Mb), Y = _mm512_permutex2var_ps(Ma, odd, Mb);
        const __m512 x = _mm512_permutex2var_ps(ma, even, mb), y = _mm512_permutex2var_ps(ma, odd, mb);
        const __m512 ww = _mm512_div_ps(one, _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(h6, X), _mm512_mul_ps(h7, Y)), one));
        const __m512 dx = _mm512_sub_ps(
            _mm512_mul_ps(_mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(h0, X), _mm512_mul_ps(h1, Y)), h2), ww), x);
        const __m512 dy = _mm512_sub_ps(
            _mm512_mul_ps(_mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(h3, X), _mm512_mul_ps(h4, Y)), h5), ww), y);
        const __m512 e = _mm512_add_ps(_mm512_mul_ps(dx, dx), _mm512_mul_ps(dy, dy));
        const __mmask16 bits = _mm512_cmp_ps_mask(e, limit, _CMP_LE_OQ);
        _mm_storeu_si128(reinterpret_cast<__m128i *>(mask + i), _mm_maskz_mov_epi8(bits, ones));
        good += __builtin_popcount(bits);
    }
    return good + countInliersAVX2(M + i, m + i, n - i, H, threshold2, mask + i);
}

inline const bool hasCountAVX2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}();
inline const bool hasCountAVX512 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
}();
#endif

/// OpenCV's inlier test: squared reprojection error in single precision against thresh^2.
inline int countInliers(const cv::Point2f *M, const cv::Point2f *m, int n, const double H[9], float threshold2, uint8_t *mask) {
#if defined(__x86_64__)
    if (hasCountAVX512) return countInliersAVX512(M, m, n, H, threshold2, mask);
    if (hasCountAVX2) return countInliersAVX2(M, m, n, H, threshold2, mask);
#endif
    return countInliersFrom(M, m, 0, n, H, threshold2, mask);
}

/// OpenCV's adaptive iteration count (RANSACUpdateNumIters).
inline int updateIterations(double confidence, double outlierShare, int modelPoints, int maxIters) {
    confidence = std::clamp(confidence, 0.0, 1.0);
    outlierShare = std::clamp(outlierShare, 0.0, 1.0);
    double num = std::max(1 - confidence, DBL_MIN);
    double denom = 1 - std::pow(1 - outlierShare, modelPoints);
    if (denom < DBL_MIN) return 0;
    num = std::log(num);
    denom = std::log(denom);
    return denom >= 0 || -num >= maxIters * (-denom) ? maxIters : cvRound(num / denom);
}

/// cv::findHomography(src, dst, cv::RANSAC, threshold, mask, maxIters, confidence), same
/// samples, same mask and same homography. `mask` receives one 0/1 per point.
inline cv::Mat findHomography(const std::vector<cv::Point2f> &src, const std::vector<cv::Point2f> &dst, double threshold,
                              std::vector<uint8_t> &mask, int maxIters = 2000, double confidence = 0.995) {
    const int count = static_cast<int>(src.size());
    // Cases where OpenCV takes another path (a direct fit of 4 points, too few points): its own.
    if (count <= 4 || dst.size() != src.size()) return cv::findHomography(src, dst, cv::RANSAC, threshold, mask, maxIters, confidence);
    if (threshold <= 0) threshold = 3;
    const float threshold2 = static_cast<float>(threshold * threshold);
    cv::RNG rng(static_cast<uint64_t>(-1));
    std::vector<uint8_t> trial(count), best(count, 0);
    double bestModel[9] = {0}, model[9];
    int maxGood = 0;
    int iterations = std::max(maxIters, 1);
    int idx[4];
    cv::Point2f ms[4], md[4];
    for (int iter = 0; iter < iterations; ++iter) {
        // A sample of 4 distinct points that passes the plausibility test, in at most 10000 draws.
        int attempts = 0;
        for (; attempts < 10000; ++attempts) {
            for (int i = 0; i < 4; ++i) {
                int k;
                for (;;) {
                    k = idx[i] = rng.uniform(0, count);
                    int j = 0;
                    while (j < i && idx[j] != k) ++j;
                    if (j == i) break;
                }
                ms[i] = src[k];
                md[i] = dst[k];
            }
            if (plausibleSample(ms, md)) break;
        }
        if (attempts >= 10000) {
            if (iter == 0) {
                mask.assign(count, 0);
                return cv::Mat();
            }
            break;
        }
        if (!fourPointHomography(ms, md, model)) continue;
        const int good = countInliers(src.data(), dst.data(), count, model, threshold2, trial.data());
        if (good > std::max(maxGood, 3)) {
            std::swap(trial, best);
            std::copy(model, model + 9, bestModel);
            maxGood = good;
            iterations = updateIterations(confidence, static_cast<double>(count - good) / count, 4, iterations);
        }
    }
    if (maxGood <= 0) {
        mask.assign(count, 0);
        return cv::Mat();
    }
    // OpenCV refines with a direct fit and Levenberg-Marquardt over the inliers in their order,
    // which is exactly findHomography's method-0 path on them; with 4 inliers that path skips the
    // refinement, so such (rare, weak) fits go to OpenCV whole.
    if (maxGood <= 4) return cv::findHomography(src, dst, cv::RANSAC, threshold, mask, maxIters, confidence);
    std::vector<cv::Point2f> s, d;
    s.reserve(maxGood);
    d.reserve(maxGood);
    for (int i = 0; i < count; ++i)
        if (best[i]) {
            s.push_back(src[i]);
            d.push_back(dst[i]);
        }
    cv::Mat H = cv::findHomography(s, d, 0);
    mask = std::move(best);
    if (H.empty()) mask.assign(count, 0);
    return H;
}

}  // namespace ransac
}  // namespace dv

#endif
