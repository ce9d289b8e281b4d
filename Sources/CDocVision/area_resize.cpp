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
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
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

/// Four cells of a grey source row filtered along x, one a lane (`GreyTaps`), into `row` from `cell`.
void filterGreyQuad(const uint8_t *source, const GreyTaps &taps, int cell, float *row) {
    const int padded = taps.padded;
    __m128 acc = _mm_setzero_ps();
    for (int t = 0; t < taps.depth; ++t) {
        const int *s = taps.source.data() + static_cast<size_t>(t) * padded + cell;
        const __m128i pixels = _mm_setr_epi32(source[s[0]], source[s[1]], source[s[2]], source[s[3]]);
        const __m128 w = _mm_loadu_ps(taps.weight.data() + static_cast<size_t>(t) * padded + cell);
        acc = _mm_add_ps(acc, _mm_mul_ps(_mm_cvtepi32_ps(pixels), w));
    }
    _mm_storeu_ps(row + cell, acc);
}

/// One grey source row filtered along x, four cells a lane each (`GreyTaps`); `row` holds
/// `padded` floats.
void filterGreyRow(const uint8_t *source, const GreyTaps &taps, float *row) {
    for (int cell = 0; cell < taps.padded; cell += 4) filterGreyQuad(source, taps, cell, row);
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


/// The grey taps of two quads of cells (`GreyTaps`) read from two 16-byte windows of the source
/// row, one per quad: where a quad's taps all lie within 16 bytes (reductions by up to about 3.5),
/// each tap's four pixels come out of its window by one byte shuffle, zero-extended into the lanes,
/// where the gather loads them one by one. The lanes do the same float products and sums in
/// the same order, so the row is the same to the bit.
struct GreyWindows {
    int depth = 0;
    int pairs = 0;                     // pairs of quads taken this way; the quads after them are not
    std::vector<int> base;             // window start per quad, two per pair
    std::vector<char> usable;          // per pair: both windows hold their quads' taps inside the row
    std::vector<uint8_t> masks;        // per pair and tap: 32 shuffle bytes
    std::vector<float> weights;        // per pair and tap: 8 weights

    GreyWindows(const GreyTaps &taps, int cells, int cols) : depth(taps.depth), pairs(taps.padded / 8) {
        base.assign(static_cast<size_t>(pairs) * 2, 0);
        usable.assign(static_cast<size_t>(pairs), 1);
        masks.assign(static_cast<size_t>(pairs) * depth * 32, 0x80);
        weights.assign(static_cast<size_t>(pairs) * depth * 8, 0.0f);
        for (int p = 0; p < pairs; ++p) {
            for (int half = 0; half < 2; ++half) {
                const int quad = 2 * p + half;
                int lo = INT32_MAX, hi = -1;
                for (int i = 0; i < 4; ++i) {
                    const int c = 4 * quad + i;
                    if (c >= cells) continue;
                    for (int t = 0; t < depth; ++t) {
                        const int s = taps.source[static_cast<size_t>(t) * taps.padded + c];
                        lo = std::min(lo, s);
                        hi = std::max(hi, s);
                    }
                }
                if (hi < 0) lo = hi = 0;
                if (hi - lo >= 16 || lo + 16 > cols) usable[p] = 0;
                base[2 * p + half] = lo;
                for (int i = 0; i < 4; ++i) {
                    const int c = 4 * quad + i;
                    for (int t = 0; t < depth; ++t) {
                        const size_t at = (static_cast<size_t>(p) * depth + t);
                        const bool real = c < cells;
                        const int s = real ? taps.source[static_cast<size_t>(t) * taps.padded + c] : lo;
                        masks[at * 32 + half * 16 + i * 4] = static_cast<uint8_t>(std::clamp(s - lo, 0, 15));
                        weights[at * 8 + half * 4 + i] = real ? taps.weight[static_cast<size_t>(t) * taps.padded + c] : 0.0f;
                    }
                }
            }
        }
    }
};

/// `filterGreyRow` with AVX2, eight cells a step where their windows allow (`GreyWindows`).
__attribute__((target("avx2"))) void filterGreyRowAVX2(const uint8_t *source, const GreyTaps &taps, const GreyWindows &windows,
                                                       float *row) {
    const int depth = windows.depth;
    for (int p = 0; p < windows.pairs; ++p) {
        if (!windows.usable[p]) {
            filterGreyQuad(source, taps, 8 * p, row);
            filterGreyQuad(source, taps, 8 * p + 4, row);
            continue;
        }
        const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i *>(source + windows.base[2 * p]));
        const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i *>(source + windows.base[2 * p + 1]));
        const __m256i window = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        const uint8_t *mask = windows.masks.data() + static_cast<size_t>(p) * depth * 32;
        const float *weight = windows.weights.data() + static_cast<size_t>(p) * depth * 8;
        __m256 acc = _mm256_setzero_ps();
        for (int t = 0; t < depth; ++t) {
            const __m256i pixels = _mm256_shuffle_epi8(window, _mm256_loadu_si256(reinterpret_cast<const __m256i *>(mask + 32 * t)));
            acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_cvtepi32_ps(pixels), _mm256_loadu_ps(weight + 8 * t)));
        }
        _mm256_storeu_ps(row + 8 * p, acc);
    }
    for (int cell = 8 * windows.pairs; cell < taps.padded; cell += 4) filterGreyQuad(source, taps, cell, row);
}

/// The taps of two colour cells read from one 16-byte window each (a cell's taps within five
/// pixels: reductions by up to about 4), each tap's three channels shuffled out of it into the
/// lanes `filterRow<3>` uses for one cell, two cells a register. A cell with fewer taps than
/// its pair's deepest gets the rest at weight 0 on its last pixel: adding x * 0 = +0 leaves its
/// sum of non-negative products as it was. The same products and sums in the same order.
struct ColourWindows {
    int pairs = 0;
    std::vector<int> depth;            // per pair
    std::vector<size_t> offset;        // per pair: its first tap's index in masks / weights
    std::vector<int> base;             // window start (bytes) per cell
    std::vector<char> usable;          // per pair
    std::vector<uint8_t> masks;        // 32 bytes a tap
    std::vector<float> weights;        // 8 a tap

    ColourWindows(const std::vector<Tap> &taps, const std::vector<int> &cellStart, int cells, int cols) : pairs(cells / 2) {
        depth.assign(static_cast<size_t>(pairs), 0);
        offset.assign(static_cast<size_t>(pairs), 0);
        base.assign(static_cast<size_t>(pairs) * 2, 0);
        usable.assign(static_cast<size_t>(pairs), 1);
        size_t total = 0;
        for (int p = 0; p < pairs; ++p) {
            int d = 0;
            for (int half = 0; half < 2; ++half) {
                const int c = 2 * p + half, n = cellStart[c + 1] - cellStart[c];
                d = std::max(d, n);
                if (n == 0) { usable[p] = 0; continue; }
                const int first = taps[cellStart[c]].source, last = taps[cellStart[c + 1] - 1].source;
                base[2 * p + half] = first * 3;
                if ((last - first) * 3 + 3 > 16 || first * 3 + 16 > cols * 3) usable[p] = 0;
            }
            depth[p] = d;
            offset[p] = total;
            total += static_cast<size_t>(d);
        }
        masks.assign(total * 32, 0x80);
        weights.assign(total * 8, 0.0f);
        for (int p = 0; p < pairs; ++p) {
            if (!usable[p]) continue;
            for (int half = 0; half < 2; ++half) {
                const int c = 2 * p + half, first = cellStart[c], n = cellStart[c + 1] - first;
                for (int t = 0; t < depth[p]; ++t) {
                    const Tap &tap = taps[first + std::min(t, n - 1)];
                    const float w = t < n ? tap.weight : 0.0f;
                    const size_t at = offset[p] + t;
                    for (int ch = 0; ch < 3; ++ch) {
                        masks[at * 32 + half * 16 + ch * 4] = static_cast<uint8_t>(tap.source * 3 + ch - base[2 * p + half]);
                        weights[at * 8 + half * 4 + ch] = w;
                    }
                }
            }
        }
    }
};

/// One colour cell filtered as `filterRow<3>` does it (its fourth lane stored too: `row` has room).
void filterColourCell(const uint8_t *source, const Tap *taps, const int *cellStart, int cell, float *row) {
    const __m128i zero = _mm_setzero_si128();
    __m128 acc = _mm_setzero_ps();
    for (int k = cellStart[cell]; k < cellStart[cell + 1]; ++k) {
        uint32_t bgr = 0;
        std::memcpy(&bgr, source + taps[k].source * 3, 3);
        const __m128i wide = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(static_cast<int>(bgr)), zero), zero);
        acc = _mm_add_ps(acc, _mm_mul_ps(_mm_cvtepi32_ps(wide), _mm_set1_ps(taps[k].weight)));
    }
    _mm_storeu_ps(row + cell * 3, acc);
}

/// `filterRow<3>` with AVX2, two cells a register where their windows allow (`ColourWindows`).
/// `row` holds one float more than the cells' (each cell's fourth lane is stored, then
/// overwritten by the next cell's first).
__attribute__((target("avx2"))) void filterColourRowAVX2(const uint8_t *source, const Tap *taps, const int *cellStart, int cells,
                                                         const ColourWindows &windows, float *row) {
    for (int p = 0; p < windows.pairs; ++p) {
        if (!windows.usable[p]) {
            filterColourCell(source, taps, cellStart, 2 * p, row);
            filterColourCell(source, taps, cellStart, 2 * p + 1, row);
            continue;
        }
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i *>(source + windows.base[2 * p]));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(source + windows.base[2 * p + 1]));
        const __m256i window = _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
        const uint8_t *mask = windows.masks.data() + windows.offset[p] * 32;
        const float *weight = windows.weights.data() + windows.offset[p] * 8;
        __m256 acc = _mm256_setzero_ps();
        for (int t = 0; t < windows.depth[p]; ++t) {
            const __m256i pixels = _mm256_shuffle_epi8(window, _mm256_loadu_si256(reinterpret_cast<const __m256i *>(mask + 32 * t)));
            acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_cvtepi32_ps(pixels), _mm256_loadu_ps(weight + 8 * t)));
        }
        _mm_storeu_ps(row + 6 * p, _mm256_castps256_ps128(acc));
        _mm_storeu_ps(row + 6 * p + 3, _mm256_extractf128_ps(acc, 1));
    }
    for (int cell = 2 * windows.pairs; cell < cells; ++cell) filterColourCell(source, taps, cellStart, cell, row);
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
    // With AVX2, rows are filtered eight grey or two colour cells a step (`GreyWindows`, `ColourWindows`).
    const bool wide = dv::cpuHasAVX2;
    const GreyWindows greyWindows = wide && Channels == 1 ? GreyWindows(grey, outW, src.cols) : GreyWindows(GreyTaps({}, {0}, 0), 0, 0);
    const ColourWindows colourWindows = wide && Channels == 3 ? ColourWindows(xTaps, cellStart, outW, src.cols)
                                                              : ColourWindows({}, {0}, 0, 0);
    std::vector<float> row(static_cast<size_t>(std::max(width, grey.padded)) + 1), sum(static_cast<size_t>(width), 0.0f);
    int filtered = -1;
    int cell = yTaps.empty() ? 0 : yTaps.front().cell;
    for (size_t j = 0; j < yTaps.size(); ++j) {
        const Tap &t = yTaps[j];
        // A source row straddling two output rows is filtered once (OpenCV filters it twice,
        // to the same values).
        if (t.source != filtered) {
            if constexpr (Channels == 1) {
                if (wide) filterGreyRowAVX2(src.ptr<uint8_t>(t.source), grey, greyWindows, row.data());
                else filterGreyRow(src.ptr<uint8_t>(t.source), grey, row.data());
            } else if (wide) {
                filterColourRowAVX2(src.ptr<uint8_t>(t.source), xTaps.data(), cellStart.data(), outW, colourWindows, row.data());
            } else {
                filterRow<Channels>(src.ptr<uint8_t>(t.source), xTaps.data(), cellStart.data(), outW, row.data());
            }
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
