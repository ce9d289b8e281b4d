// Glare on a recognised document judged against its template's reference (docvision_glare.h).
//
// Everything that depends on the template alone (its white, its print, its personal data) is
// computed once when the reference is prepared; a frame costs one colour conversion, a few
// passes over the flattened document (256 pixels wide) and one labelling of the glare mask.
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

struct dv_glare_reference {
    dv_glare_settings settings;
    cv::Size size;
    /// The design's white (HSV averaged over the white window), and widened by the tolerance.
    cv::Mat white, whiteWide;
    /// Where the photo's paper white is read: white well inside (eroded), off the edges, not
    /// personal data.
    cv::Mat paper;
    /// Print within the print window (the design's darkest value there under `print_value`).
    cv::Mat print;
    /// Design to judge: not personal data (widened by the tolerance), off the edge band.
    cv::Mat judged;
    double whiteShare = 0;
};

namespace {

/// Clears the band along a flattened document's edges: the outline's error puts the table (or
/// the card's own white rim) there.
void clearEdgeBand(cv::Mat &mask, float edge_band) {
    const int band = std::max(0, static_cast<int>(std::lround(edge_band * mask.cols)));
    if (band > 0 && 2 * band < mask.cols && 2 * band < mask.rows) {
        mask.rowRange(0, band).setTo(0);
        mask.rowRange(mask.rows - band, mask.rows).setTo(0);
        mask.colRange(0, band).setTo(0);
        mask.colRange(mask.cols - band, mask.cols).setTo(0);
    }
}

cv::Mat square(int side) { return cv::Mat::ones(side, side, CV_8U); }

/// The glare mask's share of the document, and its largest 8-connected patch's: a glare is one
/// patch; scattered specks (sensor noise, a white thread of the guilloche) are not.
void measurePatches(const cv::Mat &glare, dv_reference_glare *out) {
    const double area = static_cast<double>(glare.total());
    out->total = static_cast<float>(cv::countNonZero(glare) / area);
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(glare, labels, stats, centroids, 8, CV_32S);
    int largest = 0;
    for (int i = 1; i < n; ++i) largest = std::max(largest, stats.at<int>(i, cv::CC_STAT_AREA));
    out->largest_patch = static_cast<float>(largest / area);
}

/// The median of `value` where `mask` is set, or -1 when it covers fewer than `minimum` pixels.
int maskedMedian(const cv::Mat &value, const cv::Mat &mask, double minimum) {
    std::array<int, 256> histogram{};
    int count = 0;
    for (int y = 0; y < value.rows; ++y) {
        const uint8_t *v = value.ptr<uint8_t>(y), *m = mask.ptr<uint8_t>(y);
        for (int x = 0; x < value.cols; ++x)
            if (m[x]) {
                ++histogram[v[x]];
                ++count;
            }
    }
    if (count == 0 || count < minimum) return -1;
    int seen = 0, median = 0;
    while (median < 255 && 2 * (seen + histogram[median]) < count) seen += histogram[median++];
    return median;
}

}  // namespace

extern "C" {

dv_status dv_glare_reference_create(const dv_image *reference, const float *stability, int32_t mask_width,
                                    int32_t mask_height, const dv_glare_settings *settings, dv_glare_reference **out,
                                    dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(reference && settings && out, error, "null pointer");
        const cv::Mat &r = reference->mat;
        DV_REQUIRE(r.cols >= 16 && r.rows >= 16 && r.channels() == 3, error, "reference must be colour, 16 pixels or more");
        const dv_glare_settings &s = *settings;
        DV_REQUIRE(s.white_window >= 1 && s.tolerance >= 0 && s.print_window >= 1 && s.print_tolerance >= 0, error,
                   "bad windows (%d, %d, %d, %d)", s.white_window, s.tolerance, s.print_window, s.print_tolerance);
        DV_REQUIRE(!stability || (mask_width > 0 && mask_height > 0), error, "bad stability size %dx%d", mask_width, mask_height);
        auto g = std::make_unique<dv_glare_reference>();
        g->settings = s;
        g->size = r.size();
        cv::Mat rh;
        cv::cvtColor(r, rh, cv::COLOR_BGR2HSV);
        cv::Mat channels[3];
        cv::split(rh, channels);
        // Print where the design is dark within the window, judged on its own pixels.
        cv::Mat darkest;
        cv::erode(channels[2], darkest, square(s.print_window));
        g->print = darkest < s.print_value;
        // White judged on the reference averaged over the window: a pale tinted background
        // (Ontario's) has single pixels that pass for white, which the widening below would
        // spread over most of it; a white field stays white.
        cv::Mat averaged = rh;
        if (s.white_window > 1) cv::blur(rh, averaged, cv::Size(s.white_window, s.white_window));
        g->white.create(r.size(), CV_8U);
        for (int y = 0; y < r.rows; ++y) {
            const cv::Vec3b *q = averaged.ptr<cv::Vec3b>(y);
            uint8_t *w = g->white.ptr<uint8_t>(y);
            for (int x = 0; x < r.cols; ++x) w[x] = (q[x][2] >= s.white_value && q[x][1] <= s.white_saturation) ? 255 : 0;
        }
        g->whiteShare = cv::countNonZero(g->white) / static_cast<double>(r.total());
        const cv::Mat widen = square(2 * s.tolerance + 1);
        cv::dilate(g->white, g->whiteWide, widen);
        // Personal data varies from card to card and the reference is blurred there. A photo
        // (portrait, ghost image) has clipped highlights of its own (a pale cheek read as much
        // as a small glare spot), so it is left out. Typed fields and a signature are dark print
        // on the card's background, which the blur keeps: clipped light there is glare, and
        // leaving them out hid spots over the Ontario licence's name and address. Photos are
        // told from fields by their bulk: a patch of personal data that fills a `photo_cells`
        // square of mask cells somewhere; a field is a cell or two tall. The mask is coarse (a few pixels a cell here),
        // so a cell counts once it is partly so, widened by the tolerance.
        g->judged = cv::Mat(r.size(), CV_8U, cv::Scalar(255));
        g->paper = g->judged.clone();
        if (stability) {
            cv::Mat mask(mask_height, mask_width, CV_32F, const_cast<float *>(stability));
            cv::Mat resized;
            cv::resize(mask, resized, r.size(), 0, 0, cv::INTER_LINEAR);
            cv::Mat personal = resized < s.min_stability;
            if (s.tolerance > 0) cv::dilate(personal, personal, widen);
            // The photo's paper white is read on design alone, never on personal data.
            g->paper.setTo(0, personal);
            if (s.photo_cells > 0) {
                cv::Mat cells = mask < s.min_stability, cores;
                cv::morphologyEx(cells, cores, cv::MORPH_OPEN, square(s.photo_cells));
                // A photo's whole patch of personal data, not only its bulk: a portrait's ragged
                // lower edge (shoulders, a pale backdrop) is cut off by the opening and its
                // clipped light read 0.0026 with the outline 2% off.
                cv::Mat labels;
                const int n = cv::connectedComponents(cells, labels, 8, CV_32S);
                std::vector<uint8_t> isPhoto(static_cast<size_t>(std::max(n, 1)), 0);
                for (int y = 0; y < cells.rows; ++y)
                    for (int x = 0; x < cells.cols; ++x)
                        if (cores.at<uint8_t>(y, x)) isPhoto[static_cast<size_t>(labels.at<int>(y, x))] = 1;
                cv::Mat photos(cells.size(), CV_8U, cv::Scalar(0));
                for (int y = 0; y < cells.rows; ++y)
                    for (int x = 0; x < cells.cols; ++x)
                        if (cells.at<uint8_t>(y, x) && isPhoto[static_cast<size_t>(labels.at<int>(y, x))]) photos.at<uint8_t>(y, x) = 255;
                // One cell around: the blur of the reference and the coarse grid spread a
                // photo's light a little past its cells.
                cv::dilate(photos, photos, square(3));
                cv::Mat photosFull;
                cv::resize(photos, photosFull, r.size(), 0, 0, cv::INTER_LINEAR);
                personal = photosFull > 0;
                if (s.tolerance > 0) cv::dilate(personal, personal, widen);
            }
            g->judged.setTo(0, personal);
        }
        clearEdgeBand(g->judged, s.edge_band);
        clearEdgeBand(g->paper, s.edge_band);
        cv::Mat whiteInside;
        cv::erode(g->white, whiteInside, widen);
        g->paper &= whiteInside;
        *out = g.release();
        return dv::ok(error);
    });
}

void dv_glare_reference_destroy(dv_glare_reference *reference) { delete reference; }

float dv_glare_reference_white_share(const dv_glare_reference *reference) {
    return reference ? static_cast<float>(reference->whiteShare) : 0;
}

dv_status dv_glare_reference_measure(const dv_glare_reference *reference, const dv_image *flattened,
                                     dv_reference_glare *out, dv_image **mask, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(reference && flattened && out, error, "null pointer");
        const cv::Mat &f = flattened->mat;
        const dv_glare_reference &g = *reference;
        const dv_glare_settings &s = g.settings;
        DV_REQUIRE(f.size() == g.size, error, "sizes differ (%dx%d, %dx%d)", f.cols, f.rows, g.size.width, g.size.height);
        DV_REQUIRE(f.channels() == 3, error, "colour image required");
        cv::Mat fh;
        cv::cvtColor(f, fh, cv::COLOR_BGR2HSV);
        cv::Mat channels[3];
        cv::split(fh, channels);
        const cv::Mat &saturation = channels[1], &value = channels[2];
        const bool whiteDesign = g.whiteShare > s.max_white_share;
        out->reference_white = static_cast<float>(g.whiteShare);
        out->paper_value = -1;
        // The photo's own paper white: glare is light the card reflects whole, so it is at least
        // that bright wherever the exposure put paper white; a fixed value misses a glare in a
        // dim photo (a clipped core the exposure brought down to 213).
        int effective = s.glare_value;
        if (!whiteDesign && s.paper_margin > 0) {
            const int median = maskedMedian(value, g.paper, s.min_paper_share * static_cast<double>(f.total()));
            if (median >= 0) {
                out->paper_value = static_cast<float>(median);
                // Under `min_paper_value` the "white" is mostly something else: personal data
                // the reference blanks to white (the Ontario back's barcode read 80).
                if (median >= s.min_paper_value) effective = std::min(s.glare_value, median + s.paper_margin);
            }
        }
        // Print lost: washed out where the design has print and the photo none nearby.
        cv::Mat photoDark;
        cv::erode(value, photoDark, square(s.print_window + 2 * s.print_tolerance));
        const int lostValue = whiteDesign ? s.glare_value : effective;
        // Over the design's white: clipped light brighter than the photo's own paper (a photo
        // whose paper is clipped already shows no glare there).
        const int whiteGlare = (!whiteDesign && s.paper_margin > 0 && out->paper_value >= s.min_paper_value)
                                   ? static_cast<int>(out->paper_value) + s.paper_margin : 256;
        cv::Mat glare(f.size(), CV_8U);
        for (int y = 0; y < f.rows; ++y) {
            const uint8_t *v = value.ptr<uint8_t>(y), *sat = saturation.ptr<uint8_t>(y), *d = photoDark.ptr<uint8_t>(y);
            const uint8_t *p = g.print.ptr<uint8_t>(y), *w = g.whiteWide.ptr<uint8_t>(y), *j = g.judged.ptr<uint8_t>(y);
            uint8_t *o = glare.ptr<uint8_t>(y);
            for (int x = 0; x < f.cols; ++x) {
                const bool lost = v[x] >= lostValue && sat[x] <= s.washed_saturation && p[x] && d[x] >= s.lost_value;
                if (whiteDesign) {
                    o[x] = lost ? 255 : 0;
                } else if (!j[x]) {
                    o[x] = 0;
                } else if (w[x]) {
                    o[x] = (lost || (v[x] >= whiteGlare && sat[x] <= s.clipped_saturation)) ? 255 : 0;
                } else {
                    o[x] = (v[x] >= effective && sat[x] <= s.clipped_saturation) ? 255 : 0;
                }
            }
        }
        clearEdgeBand(glare, s.edge_band);
        // A glare is a solid blob; a barcode's white modules or a thin white frame of the
        // artwork shifted by the outline's error are not.
        if (!whiteDesign && s.opening > 1) cv::morphologyEx(glare, glare, cv::MORPH_OPEN, square(s.opening));
        measurePatches(glare, out);
        if (mask) {
            dv_status st = dv::emit(glare, mask, error);
            if (st != DV_OK) return st;
        }
        return dv::ok(error);
    });
}

}  // extern "C"
