// Text-line finding and cutting for machine-readable zones. See docvision_mrz.h.
#include "dv_internal.hpp"
#include "docvision_mrz.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

cv::Mat toGray(const cv::Mat &mat) {
    if (mat.channels() == 1) return mat;
    cv::Mat gray;
    cv::cvtColor(mat, gray, cv::COLOR_BGR2GRAY);
    return gray;
}

/// The box's surroundings turned upright and scaled by `s`, `outW` x `outH` around its centre:
/// dst (u, v) -> src: centre + R(angle) * ((u - outW/2) / s, (v - outH/2) / s).
cv::Mat uprightCut(const cv::Mat &gray, const dv_rotated_box &box, double s, int outW, int outH, int interpolation) {
    const double a = box.angle * CV_PI / 180.0, c = std::cos(a), sn = std::sin(a);
    cv::Matx23d m(c / s, -sn / s, box.cx - (c * outW / 2.0 - sn * outH / 2.0) / s,
                  sn / s, c / s, box.cy - (sn * outW / 2.0 + c * outH / 2.0) / s);
    cv::Mat cut;
    cv::warpAffine(gray, cut, cv::Mat(m), cv::Size(outW, outH), interpolation | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
    return cut;
}

int odd(double v) {
    int n = std::max(1, static_cast<int>(std::lround(v)));
    return n % 2 == 1 ? n : n + 1;
}

/// minAreaRect's angle convention varies between OpenCV versions; bring it to "width along
/// the text, |angle| <= 45".
dv_rotated_box normalized(const cv::RotatedRect &r, double scale) {
    float w = r.size.width, h = r.size.height, angle = r.angle;
    if (w < h) {
        std::swap(w, h);
        angle -= 90.0f;
    }
    while (angle > 45.0f) angle -= 180.0f;
    while (angle <= -45.0f) angle += 180.0f;
    // A band with |angle| near 90 after the swap is vertical text; keep it as is (Swift filters).
    dv_rotated_box box;
    box.cx = static_cast<float>((r.center.x + 0.5) * scale - 0.5);
    box.cy = static_cast<float>((r.center.y + 0.5) * scale - 0.5);
    box.width = static_cast<float>(w * scale);
    box.height = static_cast<float>(h * scale);
    box.angle = angle;
    return box;
}

/// `dv_text_lines_find_scaled`'s search in `work`, the source scaled down by `scale`.
void findLines(const cv::Mat &work, double scale, double ch, dv_rotated_box *boxes, int32_t capacity, int32_t *count) {
    // Black-hat: dark details smaller than the kernel (strokes, characters) stand out;
    // dark areas larger than it (photos, shadows, borders) do not.
    cv::Mat blackhat;
    cv::Mat hatKernel = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(odd(ch * 1.3), odd(ch * 1.3)));
    cv::morphologyEx(work, blackhat, cv::MORPH_BLACKHAT, hatKernel);
    cv::Mat mask;
    cv::threshold(blackhat, mask, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
    // Print covers a small part of any photo or page (under 10% on every dev capture); a
    // mask over a fifth of the image is sensor noise, which black-hat lifts as much as
    // strokes in a dark, grainy photo: Otsu then splits the noise, every line drowns in
    // it and no zone is found. Smoothed first, the noise falls under the strokes.
    if (cv::countNonZero(mask) > 0.2 * static_cast<double>(mask.total())) {
        cv::Mat smooth;
        cv::GaussianBlur(work, smooth, cv::Size(3, 3), 0);
        cv::morphologyEx(smooth, blackhat, cv::MORPH_BLACKHAT, hatKernel);
        cv::threshold(blackhat, mask, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
    }
    // Specks smaller than a stroke go; the characters of a line (and `<` runs) join.
    cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(2, 2)));
    cv::morphologyEx(mask, mask, cv::MORPH_CLOSE,
                     cv::getStructuringElement(cv::MORPH_RECT, cv::Size(odd(ch * 1.4), 1)));
    // Bridge the small vertical gaps inside characters without joining neighbouring lines.
    cv::morphologyEx(mask, mask, cv::MORPH_CLOSE,
                     cv::getStructuringElement(cv::MORPH_RECT, cv::Size(1, odd(ch * 0.3))));

    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
    std::vector<dv_rotated_box> found;
    for (const auto &contour : contours) {
        cv::Rect bounds = cv::boundingRect(contour);
        if (bounds.width < ch * 4 && bounds.height < ch * 4) continue;  // not a line
        cv::RotatedRect r = cv::minAreaRect(contour);
        dv_rotated_box box = normalized(r, scale);
        if (box.width < box.height * 4) continue;
        found.push_back(box);
    }
    std::sort(found.begin(), found.end(), [](const dv_rotated_box &a, const dv_rotated_box &b) { return a.cy < b.cy; });
    *count = static_cast<int32_t>(found.size());
    for (int32_t i = 0; i < capacity && i < static_cast<int32_t>(found.size()); ++i) boxes[i] = found[i];
}

}  // namespace

namespace {

/// `dv_text_line_cut`'s first step: the box cut out upright and scaled, not binarised.
cv::Mat uprightLine(const cv::Mat &source, const dv_rotated_box &box, float pad_x, float pad_y, int32_t out_height,
                    dv_error *error, dv_status *status) {
    cv::Mat gray = toGray(source);
    const double srcW = box.width + 2.0 * pad_x * box.height;
    const double srcH = box.height + 2.0 * pad_y * box.height;
    const double s = out_height / static_cast<double>(box.height);
    const int outW = std::max(8, static_cast<int>(std::lround(srcW * s)));
    const int outH = std::max(8, static_cast<int>(std::lround(srcH * s)));
    if (static_cast<int64_t>(outW) * outH > 64LL * 1024 * 1024) {
        *status = dv::fail(error, DV_ERR_INVALID_ARGUMENT, "cut of %dx%d is too large", outW, outH);
        return cv::Mat();
    }
    *status = DV_OK;
    return uprightCut(gray, box, s, outW, outH, s > 1.2 ? cv::INTER_CUBIC : cv::INTER_LINEAR);
}

/// `dv_text_line_cut`'s second step: `cut` (8-bit grey, left as it is) binarised into a new image.
cv::Mat binarizedLine(const cv::Mat &cut, int32_t out_height, dv_binarization binarization) {
    cv::Mat out;
    switch (binarization) {
    case DV_BINARIZE_NONE:
        cv::normalize(cut, out, 0, 255, cv::NORM_MINMAX);
        break;
    case DV_BINARIZE_OTSU:
        cv::threshold(cut, out, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        break;
    case DV_BINARIZE_ADAPTIVE: {
        cv::Mat smooth;
        cv::GaussianBlur(cut, smooth, cv::Size(3, 3), 0);
        cv::adaptiveThreshold(smooth, out, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY, odd(out_height * 1.5), 12);
        break;
    }
    case DV_BINARIZE_LOCAL: {
        // The mean threshold above fattens blurred strokes (their halo falls below the mean)
        // until letters merge into blobs. On the stretched cut, a Gaussian-weighted mean and a
        // margin of 20 grey levels keep only the cores of the strokes; measured on line cuts
        // of small, soft and dim captures the adaptive variant misread, it read 20 of 35
        // exactly against 7.
        cv::Mat stretched;
        cv::normalize(cut, stretched, 0, 255, cv::NORM_MINMAX);
        cv::Mat smooth;
        cv::GaussianBlur(stretched, smooth, cv::Size(3, 3), 0);
        cv::adaptiveThreshold(smooth, out, 255, cv::ADAPTIVE_THRESH_GAUSSIAN_C, cv::THRESH_BINARY, odd(out_height * 1.5), 20);
        break;
    }
    case DV_BINARIZE_SMOOTH: {
        // A dark photo's sensor noise, stretched with its faint print and scaled up with the
        // cut, breaks every local threshold into specks and ragged strokes that the OCR
        // splits into extra glyphs (81 symbols on a 44-character line). Smoothed over about
        // a stroke's width (sigma 1.6 px at the model's 36 px line) the grain averages out
        // while the strokes stay, and one threshold for the line then keeps them whole.
        cv::Mat smooth;
        cv::GaussianBlur(cut, smooth, cv::Size(0, 0), 0.045 * out_height);
        cv::threshold(smooth, out, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        break;
    }
    }
    return out;
}

bool validBox(const dv_rotated_box &box) {
    return box.width > 1 && box.height > 1 && std::isfinite(box.cx) && std::isfinite(box.cy) && std::isfinite(box.angle);
}

}  // namespace

extern "C" {

dv_status dv_text_lines_find_scaled(const dv_image *work, double scale, int32_t char_height,
                                    dv_rotated_box *boxes, int32_t capacity, int32_t *count, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(work && count, error, "null pointer");
        DV_REQUIRE(capacity >= 0 && (boxes || capacity == 0), error, "no room for boxes");
        DV_REQUIRE(std::isfinite(scale) && scale >= 1.0, error, "scale %f is no reduction", scale);
        DV_REQUIRE(work->mat.cols >= 64 && char_height >= 3, error, "work width %d or character height %d too small",
                   work->mat.cols, char_height);
        findLines(toGray(work->mat), scale, char_height, boxes, capacity, count);
        return dv::ok(error);
    });
}

dv_status dv_text_line_cut(const dv_image *image, dv_rotated_box box, float pad_x, float pad_y,
                           int32_t out_height, dv_binarization binarization, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && out, error, "null pointer");
        DV_REQUIRE(validBox(box), error, "degenerate box");
        DV_REQUIRE(out_height >= 8 && out_height <= 1024, error, "output height %d out of range", out_height);
        DV_REQUIRE(pad_x >= 0 && pad_y >= 0 && pad_x <= 10 && pad_y <= 10, error, "padding out of range");
        DV_REQUIRE(binarization >= DV_BINARIZE_NONE && binarization <= DV_BINARIZE_SMOOTH, error,
                   "unknown binarisation %d", static_cast<int>(binarization));
        dv_status status = DV_OK;
        cv::Mat cut = uprightLine(image->mat, box, pad_x, pad_y, out_height, error, &status);
        if (status != DV_OK) return status;
        return dv::emit(binarizedLine(cut, out_height, binarization), out, error);
    });
}

dv_status dv_text_line_upright(const dv_image *image, dv_rotated_box box, float pad_x, float pad_y,
                               int32_t out_height, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && out, error, "null pointer");
        DV_REQUIRE(validBox(box), error, "degenerate box");
        DV_REQUIRE(out_height >= 8 && out_height <= 1024, error, "output height %d out of range", out_height);
        DV_REQUIRE(pad_x >= 0 && pad_y >= 0 && pad_x <= 10 && pad_y <= 10, error, "padding out of range");
        dv_status status = DV_OK;
        cv::Mat cut = uprightLine(image->mat, box, pad_x, pad_y, out_height, error, &status);
        if (status != DV_OK) return status;
        return dv::emit(std::move(cut), out, error);
    });
}

dv_status dv_text_line_binarize(const dv_image *cut, int32_t out_height, dv_binarization binarization, dv_image **out,
                                dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(cut && out, error, "null pointer");
        DV_REQUIRE(cut->mat.type() == CV_8UC1 && !cut->mat.empty(), error, "the cut is not 8-bit grey");
        DV_REQUIRE(out_height >= 8 && out_height <= 1024, error, "output height %d out of range", out_height);
        DV_REQUIRE(binarization >= DV_BINARIZE_NONE && binarization <= DV_BINARIZE_SMOOTH, error,
                   "unknown binarisation %d", static_cast<int>(binarization));
        return dv::emit(binarizedLine(cut->mat, out_height, binarization), out, error);
    });
}

dv_status dv_text_line_band(const dv_image *image, dv_rotated_box box, float *band_offset, float *band_height,
                            dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && band_offset && band_height, error, "null pointer");
        DV_REQUIRE(box.width > 1 && box.height > 1 && std::isfinite(box.cx) && std::isfinite(box.cy) &&
                       std::isfinite(box.angle),
                   error, "degenerate box");
        *band_offset = 0;
        *band_height = 0;
        cv::Mat gray = toGray(image->mat);
        // The box scaled to 32 px high, one box height of margin above and below.
        const double s = 32.0 / box.height;
        const int outW = std::max(8, static_cast<int>(std::lround(0.8 * box.width * s)));
        const int outH = 96;
        DV_REQUIRE(static_cast<int64_t>(outW) * outH <= 64LL * 1024 * 1024, error, "cut of %dx%d is too large", outW, outH);
        cv::Mat cut = uprightCut(gray, box, s, outW, outH, cv::INTER_LINEAR);
        cv::GaussianBlur(cut, cut, cv::Size(3, 3), 0);
        cv::Mat ink;
        cv::threshold(cut, ink, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
        std::vector<int> rows(outH, 0);
        int peak = 0;
        for (int y = 0; y < outH; ++y) {
            rows[y] = cv::countNonZero(ink.row(y));
            peak = std::max(peak, rows[y]);
        }
        if (peak == 0) return dv::ok(error);
        // Runs of inky rows, a gap of up to 2 rows bridged; the one with the most ink inside
        // the box's own rows (32..63) is the line's.
        const int floor = peak / 3;
        int bestStart = -1, bestEnd = -1;
        long bestInk = 0;
        int y = 0;
        while (y < outH) {
            if (rows[y] < floor) { ++y; continue; }
            int start = y, end = y, gap = 0;
            for (int k = y + 1; k < outH; ++k) {
                if (rows[k] >= floor) { end = k; gap = 0; }
                else if (++gap > 2) break;
            }
            long inside = 0;
            for (int k = std::max(start, 32); k <= std::min(end, 63); ++k) inside += rows[k];
            if (inside > bestInk) { bestInk = inside; bestStart = start; bestEnd = end; }
            y = end + 1;
        }
        if (bestStart < 0) return dv::ok(error);
        *band_offset = static_cast<float>(((bestStart + bestEnd + 1) / 2.0 - outH / 2.0) / s);
        *band_height = static_cast<float>((bestEnd - bestStart + 1) / s);
        return dv::ok(error);
    });
}

}  // extern "C"
