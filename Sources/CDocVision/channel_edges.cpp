// Canny per colour channel for the locator's edge map (see dv_channel_edges.hpp).
#include "dv_channel_edges.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dv {

namespace {

/// The first index from `k` on (below `end`) whose magnitude is above `low`, or `end`: four at a
/// time where SSE2 is there (x86-64 always), since most of a frame is flat.
inline int nextAbove(const int *m, int k, int end, int low) {
#if defined(__SSE2__)
    const __m128i threshold = _mm_set1_epi32(low);
    for (; k + 4 <= end; k += 4) {
        const __m128i four = _mm_loadu_si128(reinterpret_cast<const __m128i *>(m + k));
        const int mask = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpgt_epi32(four, threshold)));
        if (mask) return k + __builtin_ctz(static_cast<unsigned>(mask));
    }
#endif
    for (; k < end; ++k)
        if (m[k] > low) return k;
    return end;
}

}  // namespace

cv::Mat channelEdges(const cv::Mat &image, double low, double high) {
    CV_Assert(image.depth() == CV_8U && image.channels() >= 1 && image.channels() <= 4);
    const int rows = image.rows, cols = image.cols, cn = image.channels();
    cv::Mat out(image.size(), CV_8U);  // every pixel written below
    if (image.empty()) return out;
    // cv::Canny's thresholds on the squared (L2) magnitude.
    if (low > high) std::swap(low, high);
    low = std::min(32767.0, low);
    high = std::min(32767.0, high);
    if (low > 0) low *= low;
    if (high > 0) high *= high;
    const int lowSq = cvFloor(low), highSq = cvFloor(high);

    cv::Mat dx, dy;
    cv::Sobel(image, dx, CV_16S, 1, 0, 3, 1, 0, cv::BORDER_REPLICATE);
    cv::Sobel(image, dy, CV_16S, 0, 1, 3, 1, 0, cv::BORDER_REPLICATE);

    // All channels at once, interleaved as the image is: each channel's neighbours are `cn`
    // values apart, so no step below mixes channels. Magnitude rows (three at a time: the row
    // and its neighbours) and the map have a 1-pixel frame: magnitude 0 and "no edge" outside,
    // as cv::Canny has.
    const int width = cols * cn;
    const ptrdiff_t step = width + 2 * cn;
    // Kept per thread from call to call (under 1 MB at the locator's 640-pixel working size):
    // allocated afresh, the map's pages were faulted in again at every frame (a tenth of the time).
    thread_local std::vector<int> ring;
    thread_local std::vector<uint8_t> map;
    thread_local std::vector<uint8_t *> stack;  // used up to `top` below
    ring.assign(static_cast<size_t>(3) * step, 0);
    auto magnitudes = [&](int i) { return &ring[static_cast<size_t>((i + 3) % 3) * step + cn]; };
    auto computeRow = [&](int i) {
        int *m = magnitudes(i);
        if (i >= rows) {
            std::fill(m, m + width, 0);
            return;
        }
        const int16_t *x = dx.ptr<int16_t>(i), *y = dy.ptr<int16_t>(i);
        for (int k = 0; k < width; ++k) m[k] = int(x[k]) * x[k] + int(y[k]) * y[k];
    };
    // 0 may be an edge, 1 is none, 2 is one (above the high threshold, then tracked).
    map.assign(static_cast<size_t>(rows + 2) * step, 1);
    constexpr int kShift = 15;
    const int tg22 = static_cast<int>(0.4142135623730950488016887242097 * (1 << kShift) + 0.5);
    computeRow(0);
    // Seeds (edges above the high threshold) are stacked as they are found, into room made
    // before each row (a row adds at most its width): no call inside the loop, so its state
    // stays in registers.
    size_t top = 0;
    // Non-maximum suppression along the gradient's direction (one of four sectors).
    for (int i = 0; i < rows; ++i) {
        computeRow(i + 1);
        if (stack.size() < top + width) stack.resize(std::max(top + width, stack.size() * 3 / 2));
        uint8_t **seeds = stack.data();
        const int16_t *x = dx.ptr<int16_t>(i), *y = dy.ptr<int16_t>(i);
        const int *m = magnitudes(i), *above = magnitudes(i - 1), *below = magnitudes(i + 1);
        uint8_t *e = &map[static_cast<size_t>(i + 1) * step + cn];
        int k = 0;
        while (true) {
            k = nextAbove(m, k, width, lowSq);  // most pixels are flat
            if (k >= width) break;
            const int v = m[k];
            const int xs = x[k], ys = y[k];
            const int ax = std::abs(xs), ay = std::abs(ys) << kShift;
            const int tg22x = ax * tg22;
            bool peak;
            if (ay < tg22x) {
                peak = v > m[k - cn] && v >= m[k + cn];
            } else {
                const int tg67x = tg22x + (ax << (kShift + 1));
                if (ay > tg67x) {
                    peak = v > above[k] && v >= below[k];
                } else {
                    const int s = (xs ^ ys) < 0 ? -cn : cn;
                    peak = v > above[k - s] && v > below[k + s];
                }
            }
            if (peak) {
                if (v > highSq) {
                    e[k] = 2;
                    seeds[top++] = e + k;
                } else {
                    e[k] = 0;
                }
            }
            ++k;
        }
    }
    // Hysteresis: every possible edge 8-connected to an edge (in its channel) is one.
    const ptrdiff_t neighbours[8] = {-cn, cn, -step - cn, -step, -step + cn, step - cn, step, step + cn};
    while (top > 0) {
        if (stack.size() < top + 8) stack.resize(stack.size() * 3 / 2 + 8);
        uint8_t **seeds = stack.data();
        uint8_t *p = seeds[--top];
        for (ptrdiff_t d : neighbours) {
            uint8_t *q = p + d;
            if (*q) continue;
            *q = 2;
            seeds[top++] = q;
        }
    }
    // An edge in any channel: the map's values are 0, 1 or 2, so only a 2 sets the OR's bit 1.
    for (int i = 0; i < rows; ++i) {
        const uint8_t *e = &map[static_cast<size_t>(i + 1) * step + cn];
        uint8_t *o = out.ptr<uint8_t>(i);
        if (cn == 3) {
            for (int j = 0; j < cols; ++j) o[j] = static_cast<uint8_t>(-((e[3 * j] | e[3 * j + 1] | e[3 * j + 2]) >> 1));
        } else {
            for (int j = 0; j < cols; ++j) {
                uint8_t any = 0;
                for (int c = 0; c < cn; ++c) any |= e[j * cn + c];
                o[j] = static_cast<uint8_t>(-(any >> 1));
            }
        }
    }
    return out;
}

cv::Mat channelEdgesReference(const cv::Mat &image, double low, double high) {
    std::vector<cv::Mat> channels;
    cv::split(image, channels);
    cv::Mat out = cv::Mat::zeros(image.size(), CV_8U), e;
    for (const auto &c : channels) {
        cv::Canny(c, e, low, high, 3, true);
        out |= e;
    }
    return out;
}

}  // namespace dv
