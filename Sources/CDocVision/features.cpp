// ORB features, template training and the shared multi-table LSH index.
//
// Why our own LSH instead of cv::flann: FLANN's index is not documented as safe for concurrent
// queries, and a small hand-rolled multi-probe LSH over 256-bit ORB descriptors is reentrant,
// deterministic and fast (a query touches a few hundred candidates whatever the template count).
#include "docvision_features.h"
#include "dv_barcode.hpp"
#include "dv_internal.hpp"
#include "dv_lab.hpp"
#include "dv_ransac.hpp"

#include <opencv2/calib3d.hpp>
#include <opencv2/features2d.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

struct dv_features {
    std::vector<cv::KeyPoint> keypoints;
    cv::Mat descriptors;  // CV_8U, N x 32
    int width = 0, height = 0;
    cv::Mat thumb;  // CV_32FC3 Lab, kThumbW x kThumbH (templates and flattened queries)
    cv::Mat mask;   // CV_32F weights 0..1, same size (1 = stable design)
};

namespace {

constexpr int kThumbW = 40, kThumbH = 26;
constexpr int kTables = 6, kKeyBits = 16;

/// Grey, contrast-normalised (CLAHE) copy at the working size; returns the scale back.
double workingGray(const cv::Mat &image, int workSize, cv::Mat &gray) {
    cv::Mat g;
    if (image.channels() == 3) cv::cvtColor(image, g, cv::COLOR_BGR2GRAY);
    else g = image;
    const int longer = std::max(g.cols, g.rows);
    double factor = 1;
    if (longer > workSize) {
        factor = static_cast<double>(workSize) / longer;
        cv::resize(g, g, cv::Size(), factor, factor, cv::INTER_AREA);
    }
    static thread_local cv::Ptr<cv::CLAHE> clahe = cv::createCLAHE(2.0, cv::Size(8, 8));
    clahe->apply(g, gray);
    return 1 / factor;
}

/// ORB's pyramid: templates and queries alike are searched at `kLevels` scales `kLevelScale` apart.
constexpr int kLevels = 6;
constexpr float kLevelScale = 1.2f;

/// ORB keypoints spread over a grid (ORB alone piles them onto the densest text), strongest per
/// cell; none where `mask` (when given) is 0.
void detectSpread(const cv::Mat &gray, int maxFeatures, std::vector<cv::KeyPoint> &keypoints, cv::Mat &descriptors,
                  const cv::Mat &mask = cv::Mat(), int levels = kLevels) {
    cv::Ptr<cv::ORB> orb = cv::ORB::create(maxFeatures * 3, kLevelScale, levels, 19, 0, 2, cv::ORB::HARRIS_SCORE, 19, 10);
    std::vector<cv::KeyPoint> all;
    orb->detect(gray, all, mask);
    const int gx = 6, gy = 4;
    std::vector<std::vector<cv::KeyPoint>> cells(gx * gy);
    for (auto &k : all) {
        int cx = std::clamp(static_cast<int>(k.pt.x * gx / gray.cols), 0, gx - 1);
        int cy = std::clamp(static_cast<int>(k.pt.y * gy / gray.rows), 0, gy - 1);
        cells[cy * gx + cx].push_back(k);
    }
    keypoints.clear();
    const size_t perCell = static_cast<size_t>(std::max(1, maxFeatures / (gx * gy)));
    std::vector<cv::KeyPoint> spare;
    for (auto &cell : cells) {
        std::sort(cell.begin(), cell.end(), [](auto &a, auto &b) { return a.response > b.response; });
        for (size_t i = 0; i < cell.size(); ++i) (i < perCell ? keypoints : spare).push_back(cell[i]);
    }
    // Cells without texture leave budget: give it to the strongest leftovers anywhere.
    std::sort(spare.begin(), spare.end(), [](auto &a, auto &b) { return a.response > b.response; });
    for (size_t i = 0; i < spare.size() && keypoints.size() < static_cast<size_t>(maxFeatures); ++i) keypoints.push_back(spare[i]);
    orb->compute(gray, keypoints, descriptors);
}

void computeThumb(const cv::Mat &bgr, cv::Mat &thumb) {
    cv::Mat small, lab;
    cv::Mat colour = bgr;
    if (bgr.channels() == 1) cv::cvtColor(bgr, colour, cv::COLOR_GRAY2BGR);
    cv::resize(colour, small, cv::Size(kThumbW, kThumbH), 0, 0, cv::INTER_AREA);
    dv::labOfBGR(small, lab);  // L 0..100, a/b about -100..100
    thumb = lab;
}

int hamming(const uint8_t *a, const uint8_t *b) {
    uint64_t x[4], y[4];
    std::memcpy(x, a, 32);
    std::memcpy(y, b, 32);
    return __builtin_popcountll(x[0] ^ y[0]) + __builtin_popcountll(x[1] ^ y[1]) + __builtin_popcountll(x[2] ^ y[2]) +
           __builtin_popcountll(x[3] ^ y[3]);
}

/// A template thumbnail's own sums for thumbSimilarity (they do not depend on the query): the
/// mask's total, the thumbnail's weighted mean luminance and its weighted norm after removing it.
struct ThumbReference {
    double wsum = 0, mean = 0, norm = 0;
};

ThumbReference thumbReference(const cv::Mat &b, const cv::Mat &mask) {
    ThumbReference r;
    double lb = 0;
    for (int y = 0; y < kThumbH; ++y)
        for (int x = 0; x < kThumbW; ++x) {
            double w = mask.at<float>(y, x);
            r.wsum += w;
            lb += w * b.at<cv::Vec3f>(y, x)[0];
        }
    if (r.wsum < 0.3 * kThumbW * kThumbH) return r;
    r.mean = lb / r.wsum;
    for (int y = 0; y < kThumbH; ++y)
        for (int x = 0; x < kThumbW; ++x) {
            double w = mask.at<float>(y, x);
            const cv::Vec3f &q = b.at<cv::Vec3f>(y, x);
            double v2[3] = {q[0] - r.mean, q[1] * 1.5, q[2] * 1.5};
            for (int c = 0; c < 3; ++c) r.norm += w * v2[c] * v2[c];
        }
    return r;
}

/// Weighted cosine similarity of two Lab thumbnails, luminance mean-removed (lighting) and
/// scaled so that colour counts about as much as brightness; `r` is `b`'s thumbReference.
double thumbSimilarity(const cv::Mat &a, const cv::Mat &b, const cv::Mat &mask, const ThumbReference &r) {
    if (r.wsum < 0.3 * kThumbW * kThumbH) return 0;  // mostly blanked: no layout to compare
    double la = 0;
    for (int y = 0; y < kThumbH; ++y)
        for (int x = 0; x < kThumbW; ++x) la += mask.at<float>(y, x) * static_cast<double>(a.at<cv::Vec3f>(y, x)[0]);
    la /= r.wsum;
    double dot = 0, na = 0;
    for (int y = 0; y < kThumbH; ++y)
        for (int x = 0; x < kThumbW; ++x) {
            double w = mask.at<float>(y, x);
            const cv::Vec3f &p = a.at<cv::Vec3f>(y, x), &q = b.at<cv::Vec3f>(y, x);
            double v1[3] = {p[0] - la, p[1] * 1.5, p[2] * 1.5}, v2[3] = {q[0] - r.mean, q[1] * 1.5, q[2] * 1.5};
            for (int c = 0; c < 3; ++c) {
                dot += w * v1[c] * v2[c];
                na += w * v1[c] * v1[c];
            }
        }
    if (na <= 1e-9 || r.norm <= 1e-9) return 0;
    return dot / std::sqrt(na * r.norm);
}

/// Minimum inliers of the USAC screen for a candidate to be verified by plain RANSAC.
/// 10, not 8: a wrong template's chance consensus of 8-9 points otherwise ran RANSAC's full 2000
/// iterations (a spurious fit has a low inlier ratio, so the adaptive stop never comes). Measured
/// on every 3rd generated capture plus the negatives: labels, corners and confident-wrong
/// unchanged; bench classify p90 ~230 -> ~185 ms, median within noise. 12 dropped a label.
constexpr int kScreenInliers = 10;

/// The homography of template -> query point pairs, or empty when they do not fit one.
///
/// Plain RANSAC (2000 iterations) is what the classifier's thresholds and corner accuracy were
/// tuned on, but a template that does not fit runs every iteration, and most verified
/// candidates do not fit: that was ~50 of the 60-80 ms of matching. USAC with SPRT (USAC_FAST)
/// gives up on bad hypotheses after a few points, so it tells in about a millisecond whether a
/// candidate has a consensus at all. Only candidates with one (>= kScreenInliers) are verified by
/// the same RANSAC as before, which on a real fit stops early by itself. Measured on the
/// generated set: labels, orientation, corners and confident-wrong no worse than RANSAC alone;
/// USAC's own homography alone lost corner accuracy and let weak spurious fits through.
cv::Mat verifiedHomography(const std::vector<cv::Point2f> &src, const std::vector<cv::Point2f> &dst, float reprojection,
                           std::vector<uint8_t> &inliers) {
    cv::Mat H = cv::findHomography(src, dst, cv::USAC_FAST, reprojection, inliers, 2000, 0.995);
    if (H.empty() || cv::countNonZero(inliers) < kScreenInliers) {
        inliers.assign(src.size(), 0);
        return cv::Mat();
    }
    return dv::ransac::findHomography(src, dst, reprojection, inliers, 2000, 0.995);
}

}  // namespace

struct dv_index {
    struct Entry {
        int tag;
        int first, count;  // descriptor rows
        int width, height;
        cv::Mat thumb, mask;
        ThumbReference thumbSums;  // of `thumb` under `mask`, for thumbSimilarity
    };
    std::vector<Entry> entries;
    cv::Mat descriptors;               // all templates, stacked
    std::vector<cv::Point2f> points;   // per descriptor, template canonical pixels
    std::vector<int> owner;            // per descriptor, entry number
    std::array<std::array<int, kKeyBits>, kTables> bits{};
    /// One LSH table as flat buckets: the occupied buckets in key order, bucket j holding slots
    /// start[j] ..< start[j + 1] (rows ascending). A probe first asks a bitmap of occupied keys
    /// (8 KB: most probes of a small index end there), then finds the bucket's number by counting
    /// the set bits before its key (it was 2^kKeyBits offsets per table, which missed the cache
    /// on nearly every probe). Each slot's descriptor is stored beside it, in slot order: a
    /// probe reads its bucket's descriptors front to back instead of gathering rows from all
    /// over `descriptors` (document descriptors crowd into few buckets, so a query descriptor
    /// visits about 1,000 slots, most of them within voting distance). Measured on the bench
    /// frames' flattened cards, voting against the 12 built-in templates: about 15-20% less CPU
    /// for the same pairs (1.5 MB more for the built-in templates).
    struct Table {
        std::vector<uint64_t> occupied;  // bit k: key k has a bucket
        std::vector<uint32_t> before;    // per bitmap word: buckets of the keys before it
        std::vector<uint32_t> start;     // occupied buckets + 1 offsets
        std::vector<int> rows;           // descriptor row per slot
        std::vector<int> owners;         // per slot: its row's entry (read in order when voting is shortlisted)
        std::vector<uint64_t> codes;     // per slot: its row's descriptor, 4 words

        /// The slots of key `k`'s bucket; false when it has none.
        bool bucket(uint32_t k, uint32_t &first, uint32_t &end) const {
            const uint64_t word = occupied[k >> 6];
            const uint32_t bit = k & 63;
            if (!((word >> bit) & 1u)) return false;
            const uint32_t j = before[k >> 6] + static_cast<uint32_t>(__builtin_popcountll(word & ((uint64_t(1) << bit) - 1)));
            first = start[j];
            end = start[j + 1];
            return true;
        }
    };
    std::array<Table, kTables> tables;
    /// The same rows laid out for the scan (see scanPairs): each template's rows in blocks of 8,
    /// block b holding the 4 descriptor words of its 8 rows word by word (words 32 b ..< 32 b + 32:
    /// word 0 of rows 0-7, then word 1, ...), and in groups of 4 blocks (32 rows) the rows' 16-bit
    /// keys table by table (keys 192 g ..< 192 g + 192: table 0's 32, then table 1's, ...). Each
    /// template starts a group and its last group is padded; `firstBlock` per entry, plus one.
    std::vector<uint64_t> blockWords;
    std::vector<uint16_t> blockKeys;
    std::vector<int> firstBlock;
    bool built = false;

    uint32_t key(const uint8_t *d, int table) const {
        uint32_t k = 0;
        for (int i = 0; i < kKeyBits; ++i) {
            int b = bits[table][i];
            k = (k << 1) | ((d[b >> 3] >> (b & 7)) & 1u);
        }
        return k;
    }
};

namespace {

using Pairs = std::vector<std::vector<std::pair<cv::Point2f, cv::Point2f>>>;

/// Beyond twice this many templates, a query first screens them cheaply and votes in full for
/// a shortlist only (this many for dv_index_votes; dv_index_match votes for the templates it
/// verifies, the first of the same order). Voting visits every row that shares a key (or a
/// 1-bit neighbour) with a query descriptor, and document descriptors crowd into few buckets
/// (text corners look alike: the
/// 12 built-in templates' 7,800 rows fill about 1,950 of 65,536 keys, and 90% of the rows a
/// probe visits are within 80 bits), so full voting costs in proportion to the rows: measured
/// 15x the time for 10x the templates, nearly all of the classification time. Screening plus a
/// fixed-size shortlist keeps it about three times the 12-template voting whatever the
/// catalog's size (measured on 120 templates: 150-180 -> 45-55 ms per query, CPU, loaded machine).
/// Up to twice this count (the built-in catalog and a few trained designs) voting is unchanged:
/// there the screen would save little and could only lose a template.
constexpr int kShortlist = 12;
/// The screen: the exact key in this many tables (no 1-bit neighbours, about 1/50 of full
/// voting's probes), matches accepted as in full voting among the rows found, then ranked by
/// what sets a design's own matches apart from chance ones (screenOrder).
constexpr int kScreenTables = 2;
/// A screened match this close (bits of 256) counts as a close one.
constexpr int kCloseDistance = 24;

/// Votes: each query descriptor's accepted match per template, as (template point, query point).
///
/// A descriptor found through several tables or probes is the same row each time: its second
/// sighting may not pass for its own runner-up. Instead of marking rows seen per query descriptor
/// (a write per candidate into an array over every row), a sighting of the row that is its
/// template's best so far is skipped; any other row seen again has a distance no better than the
/// runner-up's already, so best and runner-up distances are those of distinct rows, as before.
///
/// `Screen`: only the exact key in the first kScreenTables tables, and `close` counts each
/// template's matches within kCloseDistance. `allowed` (when not null):
/// only the templates it marks vote; the others' rows are passed over by the owner stored beside
/// each slot, without reading their descriptors. Each allowed template's pairs are exactly those
/// of full voting (its best and runner-up come from its own rows, in the same order).
///
/// Inlined into the entry points below, so that the Hamming distances (most of the work)
/// are computed in the loop with the best popcount the CPU has.
template <bool Screen>
__attribute__((always_inline)) inline void collectPairsBody(const dv_index &index, const dv_features &query, const uint8_t *allowed,
                                                            Pairs &pairs, int *close = nullptr) {
    const int nEntries = static_cast<int>(index.entries.size());
    // Per template scratch, reset through `touched` (no allocation per query descriptor).
    std::vector<int> bestDist(nEntries, 257), secondDist(nEntries, 257), bestRow(nEntries, -1), touched;
    touched.reserve(nEntries);
    const int *owner = index.owner.data();
    constexpr int tables = Screen ? kScreenTables : kTables;
    constexpr int lastFlip = Screen ? 0 : kKeyBits;
    for (int q = 0; q < query.descriptors.rows; ++q) {
        const uint8_t *d = query.descriptors.ptr<uint8_t>(q);
        uint64_t x[4];
        std::memcpy(x, d, 32);
        for (int t = 0; t < tables; ++t) {
            const auto &table = index.tables[t];
            const uint32_t base = index.key(d, t);
            for (int flip = -1; flip < lastFlip; ++flip) {  // multi-probe: the key and its 1-bit neighbours
                const uint32_t k = flip < 0 ? base : base ^ (1u << flip);
                uint32_t first, end;
                if (!table.bucket(k, first, end)) continue;
                for (uint32_t slot = first; slot < end; ++slot) {
                    if (allowed && !allowed[table.owners[slot]]) continue;
                    const uint64_t *y = &table.codes[size_t(slot) * 4];
                    const int dist = __builtin_popcountll(x[0] ^ y[0]) + __builtin_popcountll(x[1] ^ y[1]) +
                                     __builtin_popcountll(x[2] ^ y[2]) + __builtin_popcountll(x[3] ^ y[3]);
                    if (dist > 80) continue;
                    const int r = table.rows[slot];
                    const int e = owner[r];
                    if (bestDist[e] == 257) touched.push_back(e);
                    else if (r == bestRow[e]) continue;
                    // Best and second best per template; a template's match counts when clearly
                    // better than its own runner-up (look-alike templates share descriptors: no
                    // cross-template test).
                    if (dist < bestDist[e]) {
                        secondDist[e] = bestDist[e];
                        bestDist[e] = dist;
                        bestRow[e] = r;
                    } else if (dist < secondDist[e]) {
                        secondDist[e] = dist;
                    }
                }
            }
        }
        for (int e : touched) {
            if (bestDist[e] <= 64 && bestDist[e] <= 0.8 * std::min(secondDist[e], 256)) {
                pairs[e].emplace_back(index.points[bestRow[e]], query.keypoints[q].pt);
                if constexpr (Screen) close[e] += bestDist[e] <= kCloseDistance;
            }
            bestDist[e] = secondDist[e] = 257;
            bestRow[e] = -1;
        }
        touched.clear();
    }
}

using CollectPairs = void (*)(const dv_index &, const dv_features &, const uint8_t *, Pairs &);
using ScreenPairs = void (*)(const dv_index &, const dv_features &, Pairs &, int *);

void collectPairsGeneric(const dv_index &index, const dv_features &query, const uint8_t *allowed, Pairs &pairs) {
    collectPairsBody<false>(index, query, allowed, pairs);
}
void screenPairsGeneric(const dv_index &index, const dv_features &query, Pairs &pairs, int *close) {
    collectPairsBody<true>(index, query, nullptr, pairs, close);
}

// x86-64 builds target the baseline CPU, which lacks the popcount instruction (the compiler
// emits a bit-twiddling sequence instead): use it when the CPU has it.
#if defined(__x86_64__)
__attribute__((target("popcnt"))) void collectPairsPopcnt(const dv_index &index, const dv_features &query, const uint8_t *allowed,
                                                          Pairs &pairs) {
    collectPairsBody<false>(index, query, allowed, pairs);
}
__attribute__((target("popcnt"))) void screenPairsPopcnt(const dv_index &index, const dv_features &query, Pairs &pairs, int *close) {
    collectPairsBody<true>(index, query, nullptr, pairs, close);
}
const bool hasPopcnt = [] {
    __builtin_cpu_init();  // static initialisers may run before the CPU model is filled in
    return __builtin_cpu_supports("popcnt");
}();
const CollectPairs collectPairsAll = hasPopcnt ? collectPairsPopcnt : collectPairsGeneric;
const ScreenPairs screenPairs = hasPopcnt ? screenPairsPopcnt : screenPairsGeneric;
#else
const CollectPairs collectPairsAll = collectPairsGeneric;
const ScreenPairs screenPairs = screenPairsGeneric;
#endif

/// Full voting by a scan of the rows instead of the buckets, with the same pairs.
///
/// A row takes part in full voting when some table's probes reach its bucket (its key differs
/// from the query descriptor's in at most one bit: the key or a 1-bit neighbour) and it is within
/// 80 bits. Document descriptors crowd into few buckets, so the buckets make a query descriptor
/// visit about a thousand slots, each a dependent load, and with a shortlist they also pass over
/// every other template's slots in them (measured: 7-8 ms per query of 1,000 descriptors against
/// the 12 built-in templates, 90 ms against 120 templates with a shortlist of 12, CPU). The scan
/// takes every row of the voting templates instead, 8 at a time: the 8 distances and, 32 rows at
/// a time, the key tests, in vector registers without a branch (with AVX-512 the best / runner-up
/// update too; with AVX2 the rows the key test passes reach a scalar one). Each template's rows
/// are scanned apart (they are contiguous), so its rows stay in the L1 cache across the query
/// descriptors and the cost depends on the voting templates only: 6.7 against 7.6 ms at 12
/// templates, 20 against 90 ms at 120 with the shortlist (screen included).
///
/// Same pairs as the buckets: every row is seen once (the buckets' several sightings of one row
/// were already reduced to one), and the only order-dependent choice, which of two rows at the
/// same best distance is the match (it matters only at distance 0, else the runner-up ties and
/// rejects it), goes to the one the probes reach first (`probeRank`). Needs AVX-512 (with
/// VPOPCNTDQ) or AVX2 (scanTemplateAVX2); other CPUs vote through the buckets.
/// Where the buckets would first reach row `r` (template `e`'s) for a query with keys `qkeys`:
/// table, probe (0 the key itself, 1 + b the neighbour with bit b flipped), then the row (slots
/// are in row order).
inline uint64_t probeRank(const dv_index &index, int e, int r, const uint16_t *qkeys) {
    const int i = r - index.entries[e].first;
    const size_t at = size_t(index.firstBlock[e] / 4 + i / 32) * 192 + i % 32;
    for (int t = 0; t < kTables; ++t) {
        const uint32_t x = uint32_t(index.blockKeys[at + t * 32] ^ qkeys[t]);
        if ((x & (x - 1)) == 0) {
            const uint64_t probe = x == 0 ? 0 : 1 + uint64_t(__builtin_ctz(x));
            return (uint64_t(t) << 40) | (probe << 32) | uint64_t(r);
        }
    }
    return ~uint64_t(0);
}

#if defined(__x86_64__)
#define DV_SCAN_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,popcnt")))

/// The scan of template `e`'s rows for every query descriptor (see above), appending its pairs.
///
/// Each row the probes reach updates the best and runner-up per lane (8 running minima of
/// distance x 2^16 + row: no branch and no store per block), and the lanes are combined per
/// query descriptor: the two smallest of all the reached rows' values are the two smallest of the
/// lanes' pairs. Their distances are the best and runner-up distances, and the best's row is the
/// first row at that distance in row order. Against the bucket voting's update this leaves out
/// the test "within 80 bits", which cannot change a pair: one is made only from a best within 64
/// bits, and a runner-up beyond 80 bits (or none) is then more than 64 / 0.8 either way. A best
/// distance met by several rows makes a pair only at distance 0 (otherwise the runner-up ties
/// and rejects it): rows equal to the query descriptor, so equal to each other, with the same
/// keys in every table; the probe that reaches one reaches all, and `probeRank` puts the first
/// row first, as taken here. (Rows are numbered in 16 bits: a larger template is scanned by the AVX2 scan.)
DV_SCAN_TARGET void scanTemplate(const dv_index &index, const dv_features &query, const std::vector<std::array<uint16_t, kTables>> &qkeys,
                                 int e, std::vector<std::pair<cv::Point2f, cv::Point2f>> &pairs) {
    const int first = index.entries[e].first, count = index.entries[e].count;
    const int b0 = index.firstBlock[e], b1 = index.firstBlock[e + 1];
    const uint64_t *words = index.blockWords.data();
    const uint16_t *keys = index.blockKeys.data();
    const __m512i one = _mm512_set1_epi16(1);
    const __m512i none = _mm512_set1_epi64(int64_t(257) << 16);
    const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i eight = _mm512_set1_epi64(8);
    // The last group's rows past the template's end (padding) take no part.
    const int lastGroup = b1 / 4 - 1, lastValid = count - (b1 - 4 - b0) * 8;
    const uint32_t lastMask = lastValid >= 32 ? ~0u : lastValid <= 0 ? 0u : (1u << lastValid) - 1;
    for (int q = 0; q < query.descriptors.rows; ++q) {
        uint64_t x[4];
        std::memcpy(x, query.descriptors.ptr<uint8_t>(q), 32);
        const __m512i x0 = _mm512_set1_epi64(int64_t(x[0])), x1 = _mm512_set1_epi64(int64_t(x[1]));
        const __m512i x2 = _mm512_set1_epi64(int64_t(x[2])), x3 = _mm512_set1_epi64(int64_t(x[3]));
        const uint16_t *qk = qkeys[q].data();
        __m512i k[kTables];
        for (int t = 0; t < kTables; ++t) k[t] = _mm512_set1_epi16(static_cast<short>(qk[t]));
        __m512i best = none, second = none, row = lane;
        for (int g = b0 / 4; g < b1 / 4; ++g) {
            // Reached by a probe: some table's key equal or one bit off (y = x & (x - 1) == 0),
            // 32 rows at once.
            const uint16_t *kg = keys + size_t(g) * 192;
            uint32_t reached = 0;
#pragma GCC unroll 6
            for (int t = 0; t < kTables; ++t) {
                const __m512i y = _mm512_xor_si512(_mm512_loadu_si512(kg + t * 32), k[t]);
                reached |= _mm512_cmpeq_epi16_mask(_mm512_and_si512(y, _mm512_sub_epi16(y, one)), _mm512_setzero_si512());
            }
            if (g == lastGroup) reached &= lastMask;
#pragma GCC unroll 4
            for (int sub = 0; sub < 4; ++sub, row = _mm512_add_epi64(row, eight)) {
                const uint64_t *w = words + size_t(4 * g + sub) * 32;
                __m512i d = _mm512_popcnt_epi64(_mm512_xor_si512(_mm512_loadu_si512(w), x0));
                d = _mm512_add_epi64(d, _mm512_popcnt_epi64(_mm512_xor_si512(_mm512_loadu_si512(w + 8), x1)));
                d = _mm512_add_epi64(d, _mm512_popcnt_epi64(_mm512_xor_si512(_mm512_loadu_si512(w + 16), x2)));
                d = _mm512_add_epi64(d, _mm512_popcnt_epi64(_mm512_xor_si512(_mm512_loadu_si512(w + 24), x3)));
                // Rows the probes do not reach stand at 257, beyond any distance.
                const __m512i v = _mm512_mask_or_epi64(none, static_cast<__mmask8>(reached >> (8 * sub)), _mm512_slli_epi64(d, 16), row);
                second = _mm512_min_epu64(second, _mm512_max_epu64(best, v));
                best = _mm512_min_epu64(best, v);
            }
        }
        alignas(64) uint64_t bests[8], seconds[8];
        _mm512_store_si512(bests, best);
        _mm512_store_si512(seconds, second);
        uint64_t b = uint64_t(257) << 16, s = b;
        for (int i = 0; i < 8; ++i) {
            for (const uint64_t v : {bests[i], seconds[i]}) {
                if (v < b) {
                    s = b;
                    b = v;
                } else if (v < s) {
                    s = v;
                }
            }
        }
        const int bestDistance = static_cast<int>(b >> 16), secondDistance = static_cast<int>(s >> 16);
        if (bestDistance > 64 || bestDistance > 0.8 * std::min(secondDistance, 256)) continue;
        pairs.emplace_back(index.points[first + static_cast<int>(b & 0xffff)], query.keypoints[q].pt);
    }
}

/// The scan of template `e`'s rows with AVX2 (CPUs without AVX-512, such as AMD's before Zen 4):
/// the same rows reach the same update in the same order, so the pairs are the AVX-512 scan's.
///
/// Without a vector popcount, 8 distances at a time cost more than the key test; the key test
/// of 32 rows (6 tables, 16 rows per register) comes first, and only the rows it passes (about
/// one in eight) have their distance taken, by the scalar popcount, in row order. The buckets
/// this replaces spent most of a classification on this machine (an AMD EPYC without AVX-512)
/// waiting for memory: each probe a dependent load, each slot another template's row.
__attribute__((target("avx2,popcnt"))) void scanTemplateAVX2(const dv_index &index, const dv_features &query,
                                                            const std::vector<std::array<uint16_t, kTables>> &qkeys, int e,
                                                            std::vector<std::pair<cv::Point2f, cv::Point2f>> &pairs) {
    const int first = index.entries[e].first, count = index.entries[e].count;
    const int b0 = index.firstBlock[e], b1 = index.firstBlock[e + 1];
    const uint64_t *words = index.blockWords.data();
    const uint16_t *keys = index.blockKeys.data();
    const __m256i one = _mm256_set1_epi16(1), zero = _mm256_setzero_si256();
    for (int q = 0; q < query.descriptors.rows; ++q) {
        uint64_t x[4];
        std::memcpy(x, query.descriptors.ptr<uint8_t>(q), 32);
        const uint16_t *qk = qkeys[q].data();
        __m256i k[kTables];
        for (int t = 0; t < kTables; ++t) k[t] = _mm256_set1_epi16(static_cast<short>(qk[t]));
        int best = 257, second = 257, bestRow = -1;
        for (int g = b0 / 4; g < b1 / 4; ++g) {
            // Reached by a probe: some table's key equal or one bit off (y & (y - 1) == 0).
            const uint16_t *kg = keys + size_t(g) * 192;
            __m256i lo = zero, hi = zero;  // rows 0-15, 16-31 of the group
#pragma GCC unroll 6
            for (int t = 0; t < kTables; ++t) {
                const __m256i y0 = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(kg + t * 32)), k[t]);
                const __m256i y1 = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(kg + t * 32 + 16)), k[t]);
                lo = _mm256_or_si256(lo, _mm256_cmpeq_epi16(_mm256_and_si256(y0, _mm256_sub_epi16(y0, one)), zero));
                hi = _mm256_or_si256(hi, _mm256_cmpeq_epi16(_mm256_and_si256(y1, _mm256_sub_epi16(y1, one)), zero));
            }
            // 16-bit lanes to bytes (packs interleaves the 128-bit halves; the permute restores row order).
            const __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi16(lo, hi), 0xD8);
            uint32_t reached = static_cast<uint32_t>(_mm256_movemask_epi8(packed));
            const int offset = (g - b0 / 4) * 32;  // of the group's row 0 among the template's rows
            const int left = count - offset;
            if (left < 32) reached &= left <= 0 ? 0u : (1u << left) - 1;
            while (reached) {
                const int lane = __builtin_ctz(reached);
                reached &= reached - 1;
                const uint64_t *w = words + size_t(4 * g + lane / 8) * 32 + lane % 8;
                const int dj = __builtin_popcountll(x[0] ^ w[0]) + __builtin_popcountll(x[1] ^ w[8]) +
                               __builtin_popcountll(x[2] ^ w[16]) + __builtin_popcountll(x[3] ^ w[24]);
                if (dj > 80) continue;
                const int r = first + offset + lane;
                if (dj < best) {
                    second = best;
                    best = dj;
                    bestRow = r;
                } else if (dj == best) {
                    second = dj;
                    if (probeRank(index, e, r, qk) < probeRank(index, e, bestRow, qk)) bestRow = r;
                } else if (dj < second) {
                    second = dj;
                }
            }
        }
        if (bestRow >= 0 && best <= 64 && best <= 0.8 * std::min(second, 256))
            pairs.emplace_back(index.points[bestRow], query.keypoints[q].pt);
    }
}

const bool hasScan512 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("popcnt");
}();
const bool hasScanAVX2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
}();
const bool hasScan = hasScan512 || hasScanAVX2;
#else
const bool hasScan = false;
#endif

/// Full voting by the scan for the templates `allowed` marks (all when null); false when this
/// CPU has no scan (the buckets vote instead).
bool scanPairs(const dv_index &index, const dv_features &query, const uint8_t *allowed, Pairs &pairs) {
#if defined(__x86_64__)
    if (!hasScan) return false;
    std::vector<std::array<uint16_t, kTables>> qkeys(query.descriptors.rows);
    for (int q = 0; q < query.descriptors.rows; ++q)
        for (int t = 0; t < kTables; ++t) qkeys[q][t] = static_cast<uint16_t>(index.key(query.descriptors.ptr<uint8_t>(q), t));
    for (int e = 0; e < static_cast<int>(index.entries.size()); ++e)
        if (!allowed || allowed[e])
            (hasScan512 && index.entries[e].count <= 0xffff ? scanTemplate : scanTemplateAVX2)(index, query, qkeys, e, pairs[e]);
    return true;
#else
    (void)index, (void)query, (void)allowed, (void)pairs;
    return false;
#endif
}

/// The order in which the screen ranks the templates, best first, from its matches (`pairs`,
/// template point and query point) and their close ones (`close`, per template).
///
/// The number of matches ranks poorly: text corners look alike across designs, so a dense front
/// collects 100-150 chance matches from any card in full voting, and a sparse back's own template
/// (bar code and photo blanked) ranked below a dozen other designs. Measured on 240 generated
/// captures (seeds 8631-8633, synthesis seed 8632) against the 120 templates of the bench's
/// "10x distinct designs" catalog: the built-in template was among the 8 a flattened card
/// verified for 111 of 215 by the screen's match count, 150 by full voting's; two marks of a
/// design's own matches do far better, and the order takes the two leaders in turn:
/// - close matches (within kCloseDistance bits): chance ones are rarely that close;
///   alone, 186 of 215 among the first 8;
/// - where the query has the template's proportions (a flattened document: the classifier warps
///   the located outline to the format's shape), matches that land where the template puts them,
///   upright or turned half round, within 8% of the width; alone, 184 of 215.
/// In turn, 194 of 215 within the first 8. A query of other proportions (a whole frame) is
/// ranked by its close matches only.
std::vector<int> screenOrder(const dv_index &index, const dv_features &query, const Pairs &pairs, const std::vector<int> &close) {
    const int nEntries = static_cast<int>(index.entries.size());
    const float qw = static_cast<float>(query.width), qh = static_cast<float>(query.height);
    std::vector<int> placed(nEntries, 0);
    bool anyShaped = false;
    for (int e = 0; e < nEntries; ++e) {
        const auto &en = index.entries[e];
        if (en.width <= 0 || en.height <= 0 || qh <= 0) continue;
        const double aspect = static_cast<double>(en.width) / en.height, queryAspect = qw / qh;
        if (std::abs(queryAspect / aspect - 1) > 0.02) continue;
        anyShaped = true;
        const float sx = qw / en.width, sy = qh / en.height, tolerance = 0.08f * qw;
        int upright = 0, turned = 0;
        for (const auto &[t, p] : pairs[e]) {
            const float x = t.x * sx, y = t.y * sy;
            upright += std::abs(p.x - x) < tolerance && std::abs(p.y - y) < tolerance;
            turned += std::abs(p.x - (qw - x)) < tolerance && std::abs(p.y - (qh - y)) < tolerance;
        }
        placed[e] = std::max(upright, turned);
    }
    // Each ranking best first, ties to the earlier template.
    auto ranked = [&](const std::vector<int> &score) {
        std::vector<int> order(nEntries);
        std::iota(order.begin(), order.end(), 0);
        // std::sort with the index as tie-break rather than std::stable_sort: libstdc++ 12's
        // stable_sort uses the deprecated get_temporary_buffer, a warning in every build.
        std::sort(order.begin(), order.end(), [&](int a, int b) { return score[a] != score[b] ? score[a] > score[b] : a < b; });
        return order;
    };
    const std::vector<int> byClose = ranked(close);
    if (!anyShaped) return byClose;
    const std::vector<int> byPlace = ranked(placed);
    std::vector<int> order;
    std::vector<uint8_t> taken(nEntries, 0);
    order.reserve(nEntries);
    for (int i = 0; i < nEntries; ++i) {
        for (int e : {byPlace[i], byClose[i]}) {
            if (taken[e]) continue;
            taken[e] = 1;
            order.push_back(e);
        }
    }
    return order;
}

/// Full voting for every template (`shortlist` 0, or an index of at most twice kShortlist
/// templates), else full voting for the first `shortlist` templates of the screen's order
/// (screenOrder); the others get no pairs.
void collectPairs(const dv_index &index, const dv_features &query, Pairs &pairs, int shortlist, bool buckets = false) {
    const int nEntries = static_cast<int>(index.entries.size());
    auto vote = [&](const uint8_t *allowed) {
        if (buckets || !scanPairs(index, query, allowed, pairs)) collectPairsAll(index, query, allowed, pairs);
    };
    if (shortlist <= 0 || nEntries <= 2 * kShortlist) {
        vote(nullptr);
        return;
    }
    std::vector<int> close(nEntries, 0);
    screenPairs(index, query, pairs, close.data());
    const std::vector<int> order = screenOrder(index, query, pairs, close);
    std::vector<uint8_t> allowed(nEntries, 0);
    for (int i = 0; i < std::min(shortlist, nEntries); ++i) allowed[order[i]] = 1;
    for (auto &p : pairs) p.clear();
    vote(allowed.data());
}

/// The same votes written plainly, for tests of collectPairs: each query descriptor's distinct
/// candidate rows (every probe of every table, first sightings in probe order), then per
/// template the best and second best distance among them.
void collectPairsPlainly(const dv_index &index, const dv_features &query, std::vector<std::vector<std::pair<cv::Point2f, cv::Point2f>>> &pairs) {
    const int nEntries = static_cast<int>(index.entries.size());
    std::vector<char> seen(index.descriptors.rows);
    for (int q = 0; q < query.descriptors.rows; ++q) {
        const uint8_t *d = query.descriptors.ptr<uint8_t>(q);
        std::vector<int> rows;
        for (int t = 0; t < kTables; ++t) {
            const uint32_t base = index.key(d, t);
            for (int flip = -1; flip < kKeyBits; ++flip) {
                const uint32_t k = flip < 0 ? base : base ^ (1u << flip);
                uint32_t first = 0, end = 0;
                index.tables[t].bucket(k, first, end);
                for (uint32_t slot = first; slot < end; ++slot) {
                    const int r = index.tables[t].rows[slot];
                    if (!seen[r]) rows.push_back(r);
                    seen[r] = 1;
                }
            }
        }
        std::vector<int> best(nEntries, 257), second(nEntries, 257), bestRow(nEntries, -1);
        for (int r : rows) {
            seen[r] = 0;
            const int e = index.owner[r];
            const int dist = hamming(d, index.descriptors.ptr<uint8_t>(r));
            if (dist > 80) continue;
            if (dist < best[e]) {
                second[e] = best[e];
                best[e] = dist;
                bestRow[e] = r;
            } else if (dist < second[e]) {
                second[e] = dist;
            }
        }
        for (int e = 0; e < nEntries; ++e)
            if (bestRow[e] >= 0 && best[e] <= 64 && best[e] <= 0.8 * std::min(second[e], 256))
                pairs[e].emplace_back(index.points[bestRow[e]], query.keypoints[q].pt);
    }
}

}  // namespace

extern "C" {

dv_status dv_features_detect(const dv_image *image, int32_t max_features, int32_t work_size, int32_t with_thumbnail,
                             dv_features **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && out, error, "null pointer");
        DV_REQUIRE(max_features > 0 && max_features <= 20000, error, "max_features %d out of range", max_features);
        auto f = std::make_unique<dv_features>();
        cv::Mat gray;
        double back = workingGray(image->mat, work_size > 0 ? work_size : 640, gray);
        // A query's bar code is personal data the templates do not keep, and its dense modules
        // would take the keypoint budget from the design (`dv_barcode.hpp`).
        detectSpread(gray, max_features, f->keypoints, f->descriptors, dv::barcodeExclusion(gray));
        for (auto &k : f->keypoints) {
            k.pt *= static_cast<float>(back);
            k.size *= static_cast<float>(back);
        }
        f->width = image->mat.cols;
        f->height = image->mat.rows;
        if (with_thumbnail) {
            computeThumb(image->mat, f->thumb);
            f->mask = cv::Mat::ones(kThumbH, kThumbW, CV_32F);
        }
        *out = f.release();
        return dv::ok(error);
    });
}

dv_status dv_features_detect_coarse(const dv_image *image, int32_t max_features, int32_t work_size, int32_t skip_levels,
                                    dv_features **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && out, error, "null pointer");
        DV_REQUIRE(max_features > 0 && max_features <= 20000, error, "max_features %d out of range", max_features);
        DV_REQUIRE(skip_levels >= 0 && skip_levels < kLevels, error, "skip_levels %d out of range", skip_levels);
        auto f = std::make_unique<dv_features>();
        cv::Mat gray;
        double back = workingGray(image->mat, work_size > 0 ? work_size : 640, gray);
        // The finer levels are left out by searching a copy shrunk to the first level kept, with
        // that many fewer levels: its level 0 is the template's level `skip_levels`.
        const double shrink = std::pow(static_cast<double>(kLevelScale), skip_levels);
        cv::Mat small;
        if (skip_levels > 0) cv::resize(gray, small, cv::Size(), 1 / shrink, 1 / shrink, cv::INTER_AREA);
        else small = gray;
        cv::Mat exclusion = dv::barcodeExclusion(small);
        detectSpread(small, max_features, f->keypoints, f->descriptors, exclusion, kLevels - skip_levels);
        const double toImage = back * static_cast<double>(gray.cols) / std::max(1, small.cols);
        for (auto &k : f->keypoints) {
            k.pt *= static_cast<float>(toImage);
            k.size *= static_cast<float>(toImage);
        }
        f->width = image->mat.cols;
        f->height = image->mat.rows;
        *out = f.release();
        return dv::ok(error);
    });
}

dv_status dv_features_save(const dv_features *features, const char *path, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(features && path, error, "null pointer");
        cv::FileStorage fs(path, cv::FileStorage::WRITE | cv::FileStorage::BASE64);
        if (!fs.isOpened()) return dv::fail(error, DV_ERR_INVALID_ARGUMENT, "cannot write %s", path);
        fs << "format" << "docframe-orb-1";
        fs << "width" << features->width << "height" << features->height;
        cv::Mat kp(static_cast<int>(features->keypoints.size()), 5, CV_32F);
        for (int i = 0; i < kp.rows; ++i) {
            const auto &k = features->keypoints[i];
            float *r = kp.ptr<float>(i);
            r[0] = k.pt.x; r[1] = k.pt.y; r[2] = k.size; r[3] = k.angle; r[4] = k.response;
        }
        fs << "keypoints" << kp << "descriptors" << features->descriptors;
        if (!features->thumb.empty()) fs << "thumb" << features->thumb << "mask" << features->mask;
        fs.release();
        return dv::ok(error);
    });
}

dv_status dv_features_load(const char *path, dv_features **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(path && out, error, "null pointer");
        cv::FileStorage fs;
        try {
            fs.open(path, cv::FileStorage::READ);
        } catch (const cv::Exception &) {
            return dv::fail(error, DV_ERR_INVALID_ARGUMENT, "%s is not a features file", path);
        }
        if (!fs.isOpened()) return dv::fail(error, DV_ERR_INVALID_ARGUMENT, "cannot read %s", path);
        std::string format;
        fs["format"] >> format;
        if (format != "docframe-orb-1") return dv::fail(error, DV_ERR_INVALID_ARGUMENT, "%s: unknown features format", path);
        auto f = std::make_unique<dv_features>();
        fs["width"] >> f->width;
        fs["height"] >> f->height;
        cv::Mat kp;
        fs["keypoints"] >> kp;
        fs["descriptors"] >> f->descriptors;
        if (!fs["thumb"].empty()) {
            fs["thumb"] >> f->thumb;
            fs["mask"] >> f->mask;
        }
        bool sane = f->width > 0 && f->height > 0 && kp.type() == CV_32F && kp.cols == 5 &&
                    (f->descriptors.empty() ? kp.rows == 0
                                            : (f->descriptors.type() == CV_8U && f->descriptors.cols == 32 && f->descriptors.rows == kp.rows)) &&
                    (f->thumb.empty() || (f->thumb.type() == CV_32FC3 && f->thumb.size() == cv::Size(kThumbW, kThumbH) &&
                                          f->mask.type() == CV_32F && f->mask.size() == f->thumb.size()));
        if (!sane) return dv::fail(error, DV_ERR_INVALID_ARGUMENT, "%s: inconsistent features data", path);
        for (int i = 0; i < kp.rows; ++i) {
            const float *r = kp.ptr<float>(i);
            f->keypoints.emplace_back(cv::Point2f(r[0], r[1]), r[2], r[3], r[4]);
        }
        *out = f.release();
        return dv::ok(error);
    });
}

void dv_features_destroy(dv_features *features) { delete features; }
int32_t dv_features_count(const dv_features *f) { return f ? static_cast<int32_t>(f->keypoints.size()) : 0; }
int32_t dv_features_width(const dv_features *f) { return f ? f->width : 0; }
int32_t dv_features_height(const dv_features *f) { return f ? f->height : 0; }

dv_status dv_features_stability(const dv_features *features, float *mask, int32_t capacity, int32_t *width, int32_t *height,
                                dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(features && width && height, error, "null pointer");
        *width = *height = 0;
        if (features->mask.empty()) return dv::ok(error);
        const cv::Mat &m = features->mask;
        if (!mask) {  // only the size asked
            *width = m.cols;
            *height = m.rows;
            return dv::ok(error);
        }
        DV_REQUIRE(capacity >= static_cast<int32_t>(m.total()), error, "capacity %d is below %d", capacity,
                   static_cast<int>(m.total()));
        for (int y = 0; y < m.rows; ++y)
            for (int x = 0; x < m.cols; ++x) mask[y * m.cols + x] = m.at<float>(y, x);
        *width = m.cols;
        *height = m.rows;
        return dv::ok(error);
    });
}

// MARK: - Training

dv_status dv_train_template(const dv_image *const *samples, int32_t count, int32_t width, int32_t height,
                            float min_share, int32_t max_features, const int32_t *keep, int32_t keep_count,
                            dv_features **features, dv_image **reference, float *varying_share, int32_t *aligned,
                            dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(samples && count > 0 && features && reference, error, "null pointer or no samples");
        DV_REQUIRE(width > 0 && height > 0 && width <= 8192 && height <= 8192, error, "bad size %dx%d", width, height);
        const int work = 640;
        std::vector<cv::Mat> images;
        for (int i = 0; i < count; ++i) {
            DV_REQUIRE(samples[i], error, "null sample %d", i);
            cv::Mat m = samples[i]->mat, bgr;
            if (m.channels() == 1) cv::cvtColor(m, bgr, cv::COLOR_GRAY2BGR);
            else bgr = m;
            if (bgr.cols != width || bgr.rows != height) cv::resize(bgr, bgr, cv::Size(width, height), 0, 0, cv::INTER_AREA);
            images.push_back(bgr);
        }
        // Align every sample to the first (flat scans are rarely cut identically; photos less so).
        int alignedCount = 1;
        std::vector<std::vector<cv::KeyPoint>> kps(count);
        std::vector<cv::Mat> descs(count);
        std::vector<double> backs(count);
        auto detect = [&](int i) {
            cv::Mat gray;
            backs[i] = workingGray(images[i], work, gray);
            detectSpread(gray, 1500, kps[i], descs[i]);
        };
        detect(0);
        for (int i = 1; i < count; ++i) {
            detect(i);
            if (descs[i].empty() || descs[0].empty()) continue;
            cv::BFMatcher matcher(cv::NORM_HAMMING, true);
            std::vector<cv::DMatch> matches;
            matcher.match(descs[i], descs[0], matches);
            std::vector<cv::Point2f> src, dst;
            for (auto &m : matches) {
                if (m.distance > 64) continue;
                src.push_back(kps[i][m.queryIdx].pt);
                dst.push_back(kps[0][m.trainIdx].pt);
            }
            if (src.size() < 12) continue;
            std::vector<uint8_t> inl;
            cv::Mat H = cv::findHomography(src, dst, cv::RANSAC, 3.0, inl, 3000, 0.999);
            if (H.empty() || cv::countNonZero(inl) < 20) continue;
            // H is in working pixels; lift to canonical pixels: S * H * S^-1.
            double s = backs[0];
            cv::Mat S = (cv::Mat_<double>(3, 3) << s, 0, 0, 0, s, 0, 0, 0, 1), Si = S.inv();
            cv::Mat Hc = S * H * Si;
            // Refuse wild warps: every corner must move by less than 10% of the width.
            std::vector<cv::Point2f> c = {{0, 0}, {float(width), 0}, {float(width), float(height)}, {0, float(height)}}, m;
            cv::perspectiveTransform(c, m, Hc);
            bool tame = true;
            double moved = 0;
            for (int k = 0; k < 4; ++k) {
                tame &= cv::norm(m[k] - c[k]) < 0.1 * width;
                moved = std::max(moved, cv::norm(m[k] - c[k]));
            }
            if (!tame) continue;
            // Already aligned (flat renders, careful scans): a re-estimated warp would only blur
            // the design's edges by a fraction of a pixel and make them look like personal data.
            if (moved < 2.5) {
                ++alignedCount;
                continue;
            }
            cv::warpPerspective(images[i], images[i], Hc, cv::Size(width, height), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
            detect(i);
            ++alignedCount;
        }
        // Stable keypoints: those found again (near the same place, similar descriptor) in enough samples.
        const int needed = count == 1 ? 1 : std::max(2, static_cast<int>(std::ceil(min_share * count)));
        struct Stable { cv::KeyPoint k; int row; int sample; int support; };
        std::vector<Stable> stable;
        const float radius = 3.0f;
        for (int i = 0; i < count; ++i) {
            for (int a = 0; a < static_cast<int>(kps[i].size()); ++a) {
                int support = 1;
                for (int j = 0; j < count; ++j) {
                    if (j == i) continue;
                    for (int b = 0; b < static_cast<int>(kps[j].size()); ++b) {
                        cv::Point2f d = kps[j][b].pt - kps[i][a].pt;
                        if (d.x * d.x + d.y * d.y > radius * radius) continue;
                        if (hamming(descs[i].ptr<uint8_t>(a), descs[j].ptr<uint8_t>(b)) < 60) { ++support; break; }
                    }
                }
                if (support >= needed) stable.push_back({kps[i][a], a, i, support});
            }
        }
        std::sort(stable.begin(), stable.end(), [](const Stable &x, const Stable &y) {
            return x.support != y.support ? x.support > y.support : x.k.response > y.k.response;
        });
        auto f = std::make_unique<dv_features>();
        std::vector<cv::Mat> rows;
        for (auto &s : stable) {
            if (static_cast<int>(f->keypoints.size()) >= max_features) break;
            bool duplicate = false;
            for (size_t q = 0; q < f->keypoints.size() && !duplicate; ++q) {
                cv::Point2f d = f->keypoints[q].pt - s.k.pt;
                duplicate = d.x * d.x + d.y * d.y <= radius * radius &&
                            hamming(rows[q].ptr<uint8_t>(0), descs[s.sample].ptr<uint8_t>(s.row)) < 60;
            }
            if (duplicate) continue;
            f->keypoints.push_back(s.k);
            rows.push_back(descs[s.sample].row(s.row));
        }
        if (!rows.empty()) cv::vconcat(rows, f->descriptors);
        for (size_t q = 0; q < f->keypoints.size(); ++q) {
            double back = backs[0];
            f->keypoints[q].pt *= static_cast<float>(back);
            f->keypoints[q].size *= static_cast<float>(back);
        }
        f->width = width;
        f->height = height;

        // Reference: mean of the aligned samples; pixels that vary across samples are personal data.
        // Variance of each sample's detail (grey minus its own smooth illumination), so that the
        // light falling differently on photographed samples does not pass for personal data.
        cv::Mat sum = cv::Mat::zeros(height, width, CV_32FC3), sumD = cv::Mat::zeros(height, width, CV_32F),
                sumSq = cv::Mat::zeros(height, width, CV_32F);
        for (auto &m : images) {
            cv::Mat fm, g, gf, light;
            m.convertTo(fm, CV_32FC3);
            sum += fm;
            cv::cvtColor(m, g, cv::COLOR_BGR2GRAY);
            g.convertTo(gf, CV_32F);
            cv::GaussianBlur(gf, gf, cv::Size(5, 5), 0);
            cv::GaussianBlur(gf, light, cv::Size(0, 0), 25);
            cv::Scalar mu, sd;
            cv::meanStdDev(gf - light, mu, sd);
            cv::Mat detail = (gf - light) * (24.0 / std::max(4.0, sd[0]));  // same contrast for every sample
            sumD += detail;
            sumSq += detail.mul(detail);
        }
        cv::Mat mean = sum / static_cast<double>(count);
        cv::Mat meanD = sumD / static_cast<double>(count);
        cv::Mat variance = sumSq / static_cast<double>(count) - meanD.mul(meanD);
        cv::Mat varying = cv::Mat::zeros(height, width, CV_8U);
        if (count >= 2) {
            cv::Mat sd;
            cv::sqrt(cv::max(variance, 0), sd);
            varying = sd > 16;
            // Grow into whole fields: text varies only on its strokes.
            cv::dilate(varying, varying, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(11, 11)));
            for (int r = 0; keep && r < keep_count; ++r) {
                cv::Rect k(keep[4 * r], keep[4 * r + 1], keep[4 * r + 2], keep[4 * r + 3]);
                k &= cv::Rect(0, 0, width, height);
                if (k.area() > 0) varying(k).setTo(0);
            }
        }
        cv::Mat stableMask;
        cv::bitwise_not(varying, stableMask);
        cv::Mat blanked = mean.clone();
        if (cv::countNonZero(varying) > 0) {
            // Normalised convolution: fill varying pixels with the surrounding stable colour.
            cv::Mat w, num;
            stableMask.convertTo(w, CV_32F, 1.0 / 255);
            std::vector<cv::Mat> ch;
            cv::split(mean, ch);
            // Coarser and coarser neighbourhoods until every blanked pixel has stable neighbours.
            cv::Mat todo = varying.clone();
            for (int k = std::max(31, (width / 12) | 1); cv::countNonZero(todo) > 0; k = k * 2 + 1) {
                const bool last = k > 2 * std::max(width, height);
                cv::Mat den;
                cv::blur(w, den, cv::Size(k, k));
                cv::Mat reached = last ? todo.clone() : ((den > 0.05) & todo);
                std::vector<cv::Mat> filled(3);
                for (int c = 0; c < 3; ++c) {
                    cv::blur(ch[c].mul(w), num, cv::Size(k, k));
                    filled[c] = num / cv::max(den, 1e-3);
                }
                cv::Mat fill;
                cv::merge(filled, fill);
                fill.copyTo(blanked, reached);
                todo.setTo(0, reached);
                if (last) break;
            }
        }
        cv::Mat ref8;
        blanked.convertTo(ref8, CV_8UC3);
        computeThumb(ref8, f->thumb);
        cv::Mat stableF;
        stableMask.convertTo(stableF, CV_32F, 1.0 / 255);
        cv::resize(stableF, f->mask, cv::Size(kThumbW, kThumbH), 0, 0, cv::INTER_AREA);
        if (varying_share) *varying_share = static_cast<float>(cv::countNonZero(varying)) / (width * height);
        if (aligned) *aligned = alignedCount;
        dv_image *refOut = nullptr;
        dv_status st = dv::emit(ref8, &refOut, error);
        if (st != DV_OK) return st;
        *reference = refOut;
        *features = f.release();
        return dv::ok(error);
    });
}

// MARK: - Index

dv_status dv_index_create(dv_index **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(out, error, "null pointer");
        auto index = std::make_unique<dv_index>();
        // Fixed bit choice: deterministic results run to run.
        cv::RNG rng(0x5eed);
        for (auto &table : index->bits)
            for (auto &b : table) b = rng.uniform(0, 256);
        *out = index.release();
        return dv::ok(error);
    });
}

void dv_index_destroy(dv_index *index) { delete index; }

dv_status dv_index_add(dv_index *index, const dv_features *features, int32_t tag, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(index && features, error, "null pointer");
        DV_REQUIRE(!index->built, error, "the index is already built");
        dv_index::Entry e;
        e.tag = tag;
        e.first = index->descriptors.rows;
        e.count = features->descriptors.rows;
        e.width = features->width;
        e.height = features->height;
        e.thumb = features->thumb.clone();
        e.mask = features->mask.clone();
        if (!e.thumb.empty()) e.thumbSums = thumbReference(e.thumb, e.mask);
        const int entry = static_cast<int>(index->entries.size());
        if (!features->descriptors.empty()) index->descriptors.push_back(features->descriptors);
        for (auto &k : features->keypoints) {
            index->points.push_back(k.pt);
            index->owner.push_back(entry);
        }
        index->entries.push_back(std::move(e));
        return dv::ok(error);
    });
}

dv_status dv_index_build(dv_index *index, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(index, error, "null pointer");
        // Voting reads descriptor r at byte 32 r.
        DV_REQUIRE(index->descriptors.empty() || (index->descriptors.isContinuous() && index->descriptors.cols == 32 &&
                                                   index->descriptors.type() == CV_8U),
                   error, "descriptors are not one continuous N x 32 byte block");
        for (int t = 0; t < kTables; ++t) {
            auto &table = index->tables[t];
            const int rows = index->descriptors.rows;
            std::vector<uint32_t> keys(rows), count(size_t(1) << kKeyBits, 0);
            for (int r = 0; r < rows; ++r) {
                keys[r] = index->key(index->descriptors.ptr<uint8_t>(r), t);
                ++count[keys[r]];
            }
            table.occupied.assign((size_t(1) << kKeyBits) / 64, 0);
            table.before.assign(table.occupied.size(), 0);
            table.start.assign(1, 0);
            std::vector<uint32_t> fill(count.size(), 0);  // per key: its next slot
            for (uint32_t k = 0; k < count.size(); ++k) {
                if (k % 64 == 0) table.before[k / 64] = static_cast<uint32_t>(table.start.size() - 1);
                if (count[k] == 0) continue;
                table.occupied[k / 64] |= uint64_t(1) << (k % 64);
                fill[k] = table.start.back();
                table.start.push_back(table.start.back() + count[k]);
            }
            table.rows.assign(rows, 0);
            for (int r = 0; r < rows; ++r) table.rows[fill[keys[r]]++] = r;
            table.owners.resize(rows);
            for (int slot = 0; slot < rows; ++slot) table.owners[slot] = index->owner[table.rows[slot]];
            table.codes.resize(size_t(rows) * 4);
            for (int slot = 0; slot < rows; ++slot)
                std::memcpy(&table.codes[size_t(slot) * 4], index->descriptors.ptr<uint8_t>(table.rows[slot]), 32);
        }
        // The scan's layout: each template's rows in blocks of 8, words and keys lane by lane.
        const int nEntries = static_cast<int>(index->entries.size());
        index->firstBlock.assign(nEntries + 1, 0);
        for (int e = 0; e < nEntries; ++e) index->firstBlock[e + 1] = index->firstBlock[e] + (index->entries[e].count + 31) / 32 * 4;
        const size_t blocks = static_cast<size_t>(index->firstBlock[nEntries]);
        index->blockWords.assign(blocks * 32, 0);
        index->blockKeys.assign(blocks / 4 * 192, 0);
        for (int e = 0; e < nEntries; ++e) {
            const auto &en = index->entries[e];
            for (int i = 0; i < en.count; ++i) {
                const size_t b = static_cast<size_t>(index->firstBlock[e] + i / 8);
                const int lane = i % 8;
                const uint8_t *d = index->descriptors.ptr<uint8_t>(en.first + i);
                for (int w = 0; w < 4; ++w) std::memcpy(&index->blockWords[b * 32 + w * 8 + lane], d + 8 * w, 8);
                for (int t = 0; t < kTables; ++t)
                    index->blockKeys[b / 4 * 192 + t * 32 + b % 4 * 8 + lane] = static_cast<uint16_t>(index->key(d, t));
            }
        }
        index->built = true;
        return dv::ok(error);
    });
}

int32_t dv_index_descriptor_count(const dv_index *index) { return index ? index->descriptors.rows : 0; }

namespace {

/// Template entry `e` with its votes (the accepted pairs), not verified.
dv_match votedMatch(const dv_index &index, int e, const std::vector<std::pair<cv::Point2f, cv::Point2f>> &ps) {
    dv_match m{};
    m.tag = index.entries[e].tag;
    m.votes = static_cast<int32_t>(ps.size());
    return m;
}

/// Template entry `e` verified against its accepted pairs: a RANSAC homography (template
/// canonical -> query pixels), its inliers and their spread; 0 inliers when none verifies or
/// the homography mirrors or collapses the template.
dv_match verifiedMatch(const dv_index &index, int e, const std::vector<std::pair<cv::Point2f, cv::Point2f>> &ps, float reprojection) {
    dv_match m = votedMatch(index, e, ps);
    if (ps.size() < 8) return m;
    std::vector<cv::Point2f> src, dst;
    for (auto &p : ps) {
        src.push_back(p.first);
        dst.push_back(p.second);
    }
    std::vector<uint8_t> inl;
    cv::Mat H = verifiedHomography(src, dst, reprojection, inl);
    if (H.empty()) return m;
    // A mirror image or a collapse is no document.
    double det = H.at<double>(0, 0) * H.at<double>(1, 1) - H.at<double>(0, 1) * H.at<double>(1, 0);
    const auto &en = index.entries[e];
    std::vector<cv::Point2f> c = {{0, 0}, {float(en.width), 0}, {float(en.width), float(en.height)}, {0, float(en.height)}}, mc;
    cv::perspectiveTransform(c, mc, H);
    if (det <= 0 || !cv::isContourConvex(mc)) return m;
    std::vector<cv::Point2f> inPts;
    for (size_t k = 0; k < inl.size(); ++k)
        if (inl[k]) inPts.push_back(src[k]);
    m.inliers = static_cast<int32_t>(inPts.size());
    m.inlier_ratio = static_cast<float>(m.inliers) / std::max(1, m.votes);
    if (inPts.size() >= 3) {
        std::vector<cv::Point2f> hull;
        cv::convexHull(inPts, hull);
        m.spread = static_cast<float>(cv::contourArea(hull) / (double(en.width) * en.height));
    }
    for (int k = 0; k < 9; ++k) m.homography[k] = static_cast<float>(H.at<double>(k / 3, k % 3));
    return m;
}

}  // namespace

dv_status dv_index_match(const dv_index *index, const dv_features *query, int32_t verify, float reprojection,
                         dv_match *out, int32_t capacity, int32_t *count, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(index && query && out && count, error, "null pointer");
        DV_REQUIRE(index->built, error, "the index is not built");
        *count = 0;
        const int nEntries = static_cast<int>(index->entries.size());
        if (nEntries == 0 || query->descriptors.empty() || index->descriptors.empty()) return dv::ok(error);
        // Per template: the query points and template points of accepted matches.
        std::vector<std::vector<std::pair<cv::Point2f, cv::Point2f>>> pairs(nEntries);
        collectPairs(*index, *query, pairs, std::max(1, static_cast<int>(verify)));
        std::vector<int> order(nEntries);
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](int a, int b) { return pairs[a].size() > pairs[b].size(); });
        std::vector<dv_match> results;
        int bestInliers = 0;
        for (int i = 0; i < std::min(nEntries, std::max(1, static_cast<int>(verify))); ++i) {
            const int e = order[i];
            const auto &ps = pairs[e];
            // Fewer pairs than 0.6 x the best inlier count so far can neither win nor be a
            // look-alike contender (the classifier's cut), so its RANSAC is skipped.
            const bool contender = static_cast<double>(ps.size()) >= 0.6 * bestInliers;
            const dv_match m = contender ? verifiedMatch(*index, e, ps, reprojection) : votedMatch(*index, e, ps);
            bestInliers = std::max(bestInliers, static_cast<int>(m.inliers));
            results.push_back(m);
        }
        std::sort(results.begin(), results.end(), [](const dv_match &a, const dv_match &b) {
            if (a.inliers != b.inliers) return a.inliers > b.inliers;
            return a.votes != b.votes ? a.votes > b.votes : a.tag < b.tag;
        });
        int n = 0;
        for (auto &m : results) {
            if (n >= capacity) break;
            out[n++] = m;
        }
        *count = n;
        return dv::ok(error);
    });
}

dv_status dv_index_match_tag(const dv_index *index, const dv_features *query, int32_t tag, float reprojection, dv_match *out,
                             int32_t *found, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(index && query && out && found, error, "null pointer");
        DV_REQUIRE(index->built, error, "the index is not built");
        *found = 0;
        const int nEntries = static_cast<int>(index->entries.size());
        int e = 0;
        while (e < nEntries && index->entries[e].tag != tag) ++e;
        if (e == nEntries || query->descriptors.empty()) return dv::ok(error);
        // Votes are counted per template (each template's best and second-best row for a query
        // descriptor), so voting for this one alone gives it the pairs full voting gives it.
        std::vector<std::vector<std::pair<cv::Point2f, cv::Point2f>>> pairs(nEntries);
        std::vector<uint8_t> allowed(nEntries, 0);
        allowed[e] = 1;
        if (!scanPairs(*index, *query, allowed.data(), pairs)) collectPairsAll(*index, *query, allowed.data(), pairs);
        *out = verifiedMatch(*index, e, pairs[e], reprojection);
        *found = 1;
        return dv::ok(error);
    });
}

dv_status dv_index_votes(const dv_index *index, const dv_features *query, int32_t mode, int32_t *votes, double *fingerprints,
                         int32_t capacity, int32_t *count, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(index && query && votes && fingerprints && count, error, "null pointer");
        DV_REQUIRE(index->built, error, "the index is not built");
        const int n = static_cast<int>(index->entries.size());
        DV_REQUIRE(capacity >= n, error, "capacity %d is below %d templates", capacity, n);
        std::vector<std::vector<std::pair<cv::Point2f, cv::Point2f>>> pairs(n);
        if (!query->descriptors.empty() && !index->descriptors.empty()) {
            DV_REQUIRE(mode >= 0 && mode <= 3, error, "unknown voting mode %d", mode);
            if (mode == 1) collectPairsPlainly(*index, *query, pairs);
            else collectPairs(*index, *query, pairs, mode == 2 ? kShortlist : 0, mode == 3);
        }
        for (int e = 0; e < n; ++e) {
            votes[e] = static_cast<int32_t>(pairs[e].size());
            double f = 0;  // order-sensitive: the k-th pair weighs k + 1
            for (size_t k = 0; k < pairs[e].size(); ++k) {
                const auto &[a, b] = pairs[e][k];
                f += (k + 1) * (a.x + 2.0 * a.y + 3.0 * b.x + 5.0 * b.y);
            }
            fingerprints[e] = f;
        }
        *count = n;
        return dv::ok(error);
    });
}

dv_status dv_index_appearance(const dv_index *index, const dv_image *flattened, float *scores, int32_t capacity,
                              int32_t *count, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(index && flattened && scores && count, error, "null pointer");
        const int n = static_cast<int>(index->entries.size());
        DV_REQUIRE(capacity >= 2 * n, error, "capacity %d is below 2 x %d templates", capacity, n);
        cv::Mat thumb, turned;
        computeThumb(flattened->mat, thumb);
        cv::rotate(thumb, turned, cv::ROTATE_180);
        for (int i = 0; i < n; ++i) {
            const auto &e = index->entries[i];
            if (e.thumb.empty()) {
                scores[2 * i] = scores[2 * i + 1] = 0;
                continue;
            }
            scores[2 * i] = static_cast<float>(thumbSimilarity(thumb, e.thumb, e.mask, e.thumbSums));
            scores[2 * i + 1] = static_cast<float>(thumbSimilarity(turned, e.thumb, e.mask, e.thumbSums));
        }
        *count = 2 * n;
        return dv::ok(error);
    });
}

dv_status dv_find_homography(const float *src, const float *dst, int32_t count, float reprojection, int32_t implementation,
                             uint8_t *mask, double homography[9], int32_t *found, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(src && dst && mask && homography && found, error, "null pointer");
        DV_REQUIRE(count >= 4, error, "%d point pairs, a homography needs 4", count);
        DV_REQUIRE(implementation == 0 || implementation == 1, error, "unknown implementation %d", implementation);
        std::vector<cv::Point2f> s(count), d(count);
        for (int i = 0; i < count; ++i) {
            s[i] = {src[2 * i], src[2 * i + 1]};
            d[i] = {dst[2 * i], dst[2 * i + 1]};
        }
        std::vector<uint8_t> inliers;
        cv::Mat H = implementation == 0 ? cv::findHomography(s, d, cv::RANSAC, reprojection, inliers, 2000, 0.995)
                                        : dv::ransac::findHomography(s, d, reprojection, inliers, 2000, 0.995);
        *found = H.empty() ? 0 : 1;
        for (int i = 0; i < count; ++i) mask[i] = i < static_cast<int>(inliers.size()) ? inliers[i] : 0;
        for (int k = 0; k < 9; ++k) homography[k] = H.empty() ? 0 : H.at<double>(k / 3, k % 3);
        return dv::ok(error);
    });
}

}  // extern "C"
