// Straight edge segments for the locator (see dv_segments.hpp).
#include "dv_segments.hpp"

#include <opencv2/core.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace dv {

namespace {

/// Kept per thread from call to call: a frame's accumulator and pixel maps are about 1 MB at the
/// working size, and allocated afresh their pages may be faulted in at every frame, as the edge
/// map's were (channel_edges.cpp). One transform at a time per thread: it calls out to nothing.
template <typename T, int Tag>
std::vector<T> &perThread() {
    thread_local std::vector<T> buffer;
    return buffer;
}

/// One progressive probabilistic Hough transform over an edge map: the accumulator (`Count` per
/// bin, angle-major), the pixels still in play and the random order they are drawn in.
template <typename Count>
class Transform {
public:
    Transform(const cv::Mat &edges, float theta) : width_(edges.cols), height_(edges.rows) {
        angles_ = angleCount(theta);
        rhos_ = cvRound((width_ + height_) * 2 + 1);
        // Padded to a multiple of 8 angles, so that distances are computed 8 at a time.
        const int padded = (angles_ + 7) / 8 * 8;
        cos_.assign(padded, 0);
        sin_.assign(padded, 0);
        for (int n = 0; n < angles_; ++n) {
            cos_[n] = static_cast<float>(std::cos(static_cast<double>(n) * theta));
            sin_[n] = static_cast<float>(std::sin(static_cast<double>(n) * theta));
        }
        votes_.assign(static_cast<size_t>(angles_) * rhos_, 0);
        live_.assign(static_cast<size_t>(width_) * height_, 0);
        points_.clear();
        distances_.assign(padded, 0);
        for (int y = 0; y < height_; ++y) {
            const uint8_t *e = edges.ptr<uint8_t>(y);
            uint8_t *m = &live_[static_cast<size_t>(y) * width_];
            for (int x = 0; x < width_; ++x)
                if (e[x]) {
                    m[x] = 1;
                    points_.emplace_back(x, y);
                }
        }
    }

    std::vector<cv::Vec4i> run(int threshold, int minLength, int maxGap) {
        std::vector<cv::Vec4i> segments;
        cv::RNG rng(~uint64_t(0));
        for (int count = static_cast<int>(points_.size()); count > 0; --count) {
            const int pick = rng.uniform(0, count);
            const cv::Point p = points_[pick];
            points_[pick] = points_[count - 1];
            if (!live_[static_cast<size_t>(p.y) * width_ + p.x]) continue;  // on a segment found since
            // Vote, keeping only the largest count: most points' lines stay below the threshold,
            // so which angle peaks is looked up afterwards, for the few that reach it.
            distances(p.x, p.y);
            int best = 0;
            Count *votes = votes_.data();
            const int *bins = distances_.data();
            int n = 0;
            // Four angles a turn (the loop's own counting was a third of its instructions); one
            // point's bins never coincide, each angle having its own row.
            for (; n + 4 <= angles_; n += 4) {
                const int v0 = ++votes[bins[n]], v1 = ++votes[bins[n + 1]], v2 = ++votes[bins[n + 2]], v3 = ++votes[bins[n + 3]];
                best = std::max(best, std::max(std::max(v0, v1), std::max(v2, v3)));
            }
            for (; n < angles_; ++n) best = std::max(best, static_cast<int>(++votes[bins[n]]));
            if (best < threshold) continue;
            // The strongest line through the point, the first angle on a tie.
            int bestAngle = 0;
            while (votes[bins[bestAngle]] != best) ++bestAngle;
            walk(p, bestAngle, minLength, maxGap, segments);
        }
        return segments;
    }

private:
    /// The number of angle bins cv::HoughLinesP uses for `theta` over 0 ..< pi.
    static int angleCount(float theta) {
        int n = cvFloor(CV_PI / theta) + 1;
        if (n > 1 && std::fabs(CV_PI - (n - 1) * theta) < theta / 2) --n;
        return n;
    }

    /// The accumulator bin of (x, y) per angle (angle-major: n * rhos_ plus its distance, offset to
    /// be non-negative): the float products and sum of the scalar formula, rounded to nearest even.
    void distances(int x, int y) {
        const int offset = (rhos_ - 1) / 2;
        const int padded = static_cast<int>(distances_.size());
#if defined(__x86_64__)
        if (hasAVX2) {
            distancesAVX2(static_cast<float>(x), static_cast<float>(y), offset, padded);
            return;
        }
#endif
        const float fx = static_cast<float>(x), fy = static_cast<float>(y);
        for (int n = 0; n < padded; ++n) {
            const float a = fx * cos_[n];
            const float b = fy * sin_[n];
            distances_[n] = cvRound(a + b) + offset + n * rhos_;
        }
    }

#if defined(__x86_64__)
    static const bool hasAVX2;

    // Multiply and add apart (no fused multiply-add): the same rounding as the scalar formula.
    __attribute__((target("avx2"))) void distancesAVX2(float x, float y, int offset, int padded) {
        const __m256 vx = _mm256_set1_ps(x), vy = _mm256_set1_ps(y);
        const __m256i off = _mm256_set1_epi32(offset);
        const __m256i step = _mm256_set1_epi32(8 * rhos_);
        __m256i row = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(rhos_));
        for (int n = 0; n < padded; n += 8, row = _mm256_add_epi32(row, step)) {
            const __m256 a = _mm256_mul_ps(vx, _mm256_loadu_ps(&cos_[n]));
            const __m256 b = _mm256_mul_ps(vy, _mm256_loadu_ps(&sin_[n]));
            const __m256i r = _mm256_add_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(_mm256_add_ps(a, b)), off), row);
            _mm256_storeu_si256(reinterpret_cast<__m256i *>(&distances_[n]), r);
        }
    }
#endif

    /// From `p` both ways along the line at `angle`, over live pixels with gaps of at most
    /// `maxGap`; a segment long enough has its pixels' votes withdrawn and is kept. Either way
    /// the pixels walked over are out of play.
    void walk(cv::Point p, int angle, int minLength, int maxGap, std::vector<cv::Vec4i> &segments) {
        constexpr int shift = 16;
        const float ax = -sin_[angle], ay = cos_[angle];  // along the line
        const bool alongX = std::fabs(ax) > std::fabs(ay);
        int sx, sy, x0 = p.x, y0 = p.y;
        if (alongX) {
            sx = ax > 0 ? 1 : -1;
            sy = cvRound(ay * (1 << shift) / std::fabs(ax));
            y0 = (y0 << shift) + (1 << (shift - 1));
        } else {
            sy = ay > 0 ? 1 : -1;
            sx = cvRound(ax * (1 << shift) / std::fabs(ay));
            x0 = (x0 << shift) + (1 << (shift - 1));
        }
        auto pixel = [&](int x, int y) { return alongX ? cv::Point(x, y >> shift) : cv::Point(x >> shift, y); };
        cv::Point ends[2];
        for (int k = 0; k < 2; ++k) {
            const int dx = k ? -sx : sx, dy = k ? -sy : sy;
            int gap = 0;
            for (int x = x0, y = y0;; x += dx, y += dy) {
                const cv::Point q = pixel(x, y);
                if (q.x < 0 || q.x >= width_ || q.y < 0 || q.y >= height_) break;
                if (live_[static_cast<size_t>(q.y) * width_ + q.x]) {
                    gap = 0;
                    ends[k] = q;
                } else if (++gap > maxGap) {
                    break;
                }
            }
        }
        const bool kept = std::abs(ends[1].x - ends[0].x) >= minLength || std::abs(ends[1].y - ends[0].y) >= minLength;
        for (int k = 0; k < 2; ++k) {
            const int dx = k ? -sx : sx, dy = k ? -sy : sy;
            for (int x = x0, y = y0;; x += dx, y += dy) {
                const cv::Point q = pixel(x, y);
                uint8_t &live = live_[static_cast<size_t>(q.y) * width_ + q.x];
                if (live) {
                    if (kept) {
                        distances(q.x, q.y);
                        for (int n = 0; n < angles_; ++n) --votes_[distances_[n]];
                    }
                    live = 0;
                }
                if (q == ends[k]) break;
            }
        }
        if (kept) segments.emplace_back(ends[0].x, ends[0].y, ends[1].x, ends[1].y);
    }

    const int width_, height_;
    int angles_ = 0, rhos_ = 0;
    std::vector<float> cos_, sin_;
    std::vector<Count> &votes_ = perThread<Count, 0>();
    std::vector<uint8_t> &live_ = perThread<uint8_t, 1>();  // per pixel: an edge pixel still in play
    std::vector<cv::Point> &points_ = perThread<cv::Point, 2>();
    std::vector<int> distances_;
};

#if defined(__x86_64__)
template <typename Count>
const bool Transform<Count>::hasAVX2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}();
#endif

}  // namespace

std::vector<cv::Vec4i> probabilisticSegments(const cv::Mat &edges, double theta, int threshold, int minLength, int maxGap) {
    CV_Assert(edges.type() == CV_8UC1 && theta > 0);
    if (edges.empty()) return {};
    // A bin counts the pixels of one digital line (and, below zero, at most as many withdrawn):
    // 16 bits hold that below 32,767 pixels of width plus height, and halve the accumulator.
    const float step = static_cast<float>(theta);  // cv::HoughLinesP takes it as a float too
    if (edges.cols + edges.rows < 32000) return Transform<int16_t>(edges, step).run(threshold, minLength, maxGap);
    return Transform<int32_t>(edges, step).run(threshold, minLength, maxGap);
}

}  // namespace dv
