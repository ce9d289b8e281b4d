// Area-averaging downscale: see dv_area_resize.hpp.
//
// Why: the locator's working copy of the photo and the MRZ search's copies are INTER_AREA
// reductions by factors such as 2.25 or 1.64, and OpenCV's general area path adds every source
// pixel's weighted value into its output cell through memory, one channel at a time, and
// filters a source row again for each of the two output rows it straddles: about 10% of a
// bench-mrz capture's CPU. The same sums, accumulated in registers, each source row filtered
// once, are identical to the last bit (checked on every bench-mrz capture at the sizes the
// pipeline asks for) and several times faster.
//
// OpenCV's arithmetic (imgproc, resize): each output cell covers `scale` source pixels along an
// axis, `scale` = source size / output size. A source pixel wholly inside weighs 1 / w, one cut
// by the cell's edge weighs the part inside / w, where w is the cell's width (the last cell's
// may be short); parts under 0.001 are left out. Along a row, a cell's value is the float sum of
// its pixels' value x weight products, in order from the left; down the columns, the output is
// the float sum of its rows' values x their weights, in order from the top, rounded to 8 bits.
#include "dv_area_resize.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

#if defined(__clang__)
#pragma clang fp contract(off)
#endif

#if defined(__x86_64__)
namespace {

/// One source pixel's share of one output cell along an axis.
struct Tap {
    int source;
    int cell;
    float weight;
};

/// The taps of every output cell, left to right (top to bottom), as OpenCV weighs them.
std::vector<Tap> tapsOf(int sourceSize, int cells, double scale) {
    std::vector<Tap> taps;
    taps.reserve(static_cast<size_t>(sourceSize) * 2);
    for (int cell = 0; cell < cells; ++cell) {
        const double start = cell * scale, end = start + scale;
        const double width = std::min(scale, sourceSize - start);
        int first = static_cast<int>(std::ceil(start)), last = static_cast<int>(std::floor(end));
        last = std::min(last, sourceSize - 1);
        first = std::min(first, last);
        if (first - start > 1e-3) taps.push_back({first - 1, cell, static_cast<float>((first - start) / width)});
        for (int s = first; s < last; ++s) taps.push_back({s, cell, static_cast<float>(1.0 / width)});
        if (end - last > 1e-3)
            taps.push_back({last, cell, static_cast<float>(std::min(std::min(end - last, 1.0), width) / width)});
    }
    return taps;
}

/// One source row filtered along x into `row` (cells x channels floats): each cell's products
/// summed from the left, starting from 0 as OpenCV's buffer does.
template <int Channels>
void filterRow(const uint8_t *source, const Tap *taps, const int *cellStart, int cells, float *row);

/// A grey row's taps laid out for four cells at a time: tap `t` of cell `c` at `t * padded + c`,
/// every cell given `depth` taps. A cell with fewer has its last ones at weight 0 on a pixel it
/// already reads: adding x * 0 = +0 leaves a sum of non-negative products as it was, so each
/// lane's sum is the scalar one to the bit, in the same order.
struct GreyTaps {
    int depth = 0;
    int padded = 0;  // cells rounded up to a multiple of 4
    std::vector<int> source;
    std::vector<float> weight;

    GreyTaps(const std::vector<Tap> &taps, const std::vector<int> &cellStart, int cells) {
        for (int c = 0; c < cells; ++c) depth = std::max(depth, cellStart[c + 1] - cellStart[c]);
        padded = (cells + 3) / 4 * 4;
        source.assign(static_cast<size_t>(depth) * padded, 0);
        weight.assign(static_cast<size_t>(depth) * padded, 0.0f);
        for (int c = 0; c < cells; ++c) {
            const int first = cellStart[c], n = cellStart[c + 1] - first;
            for (int t = 0; t < n; ++t) {
                source[static_cast<size_t>(t) * padded + c] = taps[first + t].source;
                weight[static_cast<size_t>(t) * padded + c] = taps[first + t].weight;
            }
            for (int t = n; n > 0 && t < depth; ++t)
                source[static_cast<size_t>(t) * padded + c] = taps[first + n - 1].source;
        }
    }
};

/// One grey source row filtered along x, four cells a lane each (`GreyTaps`); `row` holds
/// `padded` floats.
void filterGreyRow(const uint8_t *source, const GreyTaps &taps, float *row) {
    const int padded = taps.padded;
    for (int cell = 0; cell < padded; cell += 4) {
        __m128 acc = _mm_setzero_ps();
        for (int t = 0; t < taps.depth; ++t) {
            const int *s = taps.source.data() + static_cast<size_t>(t) * padded + cell;
            const __m128i pixels = _mm_setr_epi32(source[s[0]], source[s[1]], source[s[2]], source[s[3]]);
            const __m128 w = _mm_loadu_ps(taps.weight.data() + static_cast<size_t>(t) * padded + cell);
            acc = _mm_add_ps(acc, _mm_mul_ps(_mm_cvtepi32_ps(pixels), w));
        }
        _mm_storeu_ps(row + cell, acc);
    }
}

/// The three channels side by side in one vector (the fourth lane unused): each lane does the
/// scalar float product and sum, rounded alike.
template <>
void filterRow<3>(const uint8_t *source, const Tap *taps, const int *cellStart, int cells, float *row) {
    const __m128i zero = _mm_setzero_si128();
    for (int cell = 0; cell < cells; ++cell) {
        __m128 acc = _mm_setzero_ps();
        for (int k = cellStart[cell]; k < cellStart[cell + 1]; ++k) {
            uint32_t bgr = 0;
            std::memcpy(&bgr, source + taps[k].source * 3, 3);  // never past the row's end
            const __m128i wide = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(static_cast<int>(bgr)), zero), zero);
            acc = _mm_add_ps(acc, _mm_mul_ps(_mm_cvtepi32_ps(wide), _mm_set1_ps(taps[k].weight)));
        }
        alignas(16) float lanes[4];
        _mm_store_ps(lanes, acc);
        row[cell * 3] = lanes[0];
        row[cell * 3 + 1] = lanes[1];
        row[cell * 3 + 2] = lanes[2];
    }
}

/// `out[x] = cv::saturate_cast<uint8_t>(sum[x])` for `width` values, four at a time: both round
/// to the nearest, ties to even (the SSE conversion under the default rounding mode, as cvRound),
/// and saturate to 0-255 (through 16 bits: any value past them saturates the same way).
void storeRounded(const float *sum, int width, uint8_t *out) {
    int x = 0;
    for (; x + 4 <= width; x += 4) {
        const __m128i whole = _mm_cvtps_epi32(_mm_loadu_ps(sum + x));
        const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(whole, whole), _mm_setzero_si128());
        const int four = _mm_cvtsi128_si32(bytes);
        std::memcpy(out + x, &four, 4);
    }
    for (; x < width; ++x) out[x] = cv::saturate_cast<uint8_t>(sum[x]);
}

template <int Channels>
void areaReduce(const cv::Mat &src, cv::Mat &dst, double scaleX, double scaleY) {
    const int outW = dst.cols, outH = dst.rows, width = outW * Channels;
    const std::vector<Tap> xTaps = tapsOf(src.cols, outW, scaleX);
    const std::vector<Tap> yTaps = tapsOf(src.rows, outH, scaleY);
    std::vector<int> cellStart(static_cast<size_t>(outW) + 1, 0);
    for (const Tap &t : xTaps) ++cellStart[static_cast<size_t>(t.cell) + 1];
    for (int i = 0; i < outW; ++i) cellStart[i + 1] += cellStart[i];
    // Grey rows are filtered four cells at a time (`GreyTaps`), into a row padded to them.
    const GreyTaps grey = Channels == 1 ? GreyTaps(xTaps, cellStart, outW) : GreyTaps({}, {0}, 0);
    std::vector<float> row(static_cast<size_t>(std::max(width, grey.padded))), sum(static_cast<size_t>(width), 0.0f);
    int filtered = -1;
    int cell = yTaps.empty() ? 0 : yTaps.front().cell;
    for (size_t j = 0; j < yTaps.size(); ++j) {
        const Tap &t = yTaps[j];
        // A source row straddling two output rows is filtered once (OpenCV filters it twice,
        // to the same values).
        if (t.source != filtered) {
            if constexpr (Channels == 1) filterGreyRow(src.ptr<uint8_t>(t.source), grey, row.data());
            else filterRow<Channels>(src.ptr<uint8_t>(t.source), xTaps.data(), cellStart.data(), outW, row.data());
            filtered = t.source;
        }
        const float beta = t.weight;
        if (t.cell != cell) {
            storeRounded(sum.data(), width, dst.ptr<uint8_t>(cell));
            for (int x = 0; x < width; ++x) sum[x] = beta * row[x];
            cell = t.cell;
        } else {
            for (int x = 0; x < width; ++x) sum[x] = sum[x] + beta * row[x];
        }
    }
    storeRounded(sum.data(), width, dst.ptr<uint8_t>(cell));
}

}  // namespace
#endif

namespace dv {

void resizeArea(const cv::Mat &src, cv::Mat &dst, cv::Size dsize, double fx, double fy) {
    // cv::resize's sizes and scales: an explicit size sets the factors, factors set the size.
    double invX = fx, invY = fy;
    cv::Size out = dsize;
    if (out.empty()) {
        out = cv::Size(cv::saturate_cast<int>(src.cols * invX), cv::saturate_cast<int>(src.rows * invY));
    } else {
        invX = static_cast<double>(out.width) / src.cols;
        invY = static_cast<double>(out.height) / src.rows;
    }
    const double scaleX = 1.0 / invX, scaleY = 1.0 / invY;
    bool ours = false;
#if defined(__x86_64__)
    // Whole factors take OpenCV's own quick path (resizeAreaFast).
    const int wholeX = cv::saturate_cast<int>(scaleX), wholeY = cv::saturate_cast<int>(scaleY);
    const bool wholeFactors = std::abs(scaleX - wholeX) < DBL_EPSILON && std::abs(scaleY - wholeY) < DBL_EPSILON;
    ours = src.depth() == CV_8U && (src.channels() == 1 || src.channels() == 3) && !out.empty() && out != src.size() &&
           scaleX >= 1 && scaleY >= 1 && !wholeFactors && src.data != dst.data;
#endif
    if (!ours) {
        cv::resize(src, dst, dsize, fx, fy, cv::INTER_AREA);
        return;
    }
#if defined(__x86_64__)
    cv::Mat result(out, src.type());
    if (src.channels() == 1) areaReduce<1>(src, result, scaleX, scaleY);
    else areaReduce<3>(src, result, scaleX, scaleY);
    dst = result;
#endif
}

}  // namespace dv
