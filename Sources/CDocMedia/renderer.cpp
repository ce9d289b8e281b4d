// Drawing what the user would have seen (guide in its state colour, label with its tick,
// instruction, progress, shutter) onto replayed frames, written as a video or a contact sheet.
// Text goes through FreeType (OpenCV's freetype module) with a TrueType font, because
// cv::putText's Hershey fonts have no accents and no ellipsis.
#include "docmedia.h"
#include "media_internal.hpp"

#include <opencv2/freetype.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

struct dm_renderer {
    std::string path;
    cv::Ptr<cv::freetype::FreeType2> font;
    bool sheet = false;
    int columns = 4, tileWidth = 480;
    double fps = 30;
    cv::VideoWriter writer;
    std::vector<cv::Mat> tiles;
    bool finished = false;
};

namespace {

const cv::Scalar kWhite(255, 255, 255), kPanel(24, 24, 24);

/// Text height and width at `height` pixels.
cv::Size textSize(dm_renderer &r, const std::string &text, int height, int *baseline) {
    return r.font->getTextSize(text, height, -1, baseline);
}

/// A translucent dark panel.
void panel(cv::Mat &img, cv::Rect box, double opacity) {
    box &= cv::Rect(0, 0, img.cols, img.rows);
    if (box.empty()) return;
    cv::Mat roi = img(box), shade(roi.size(), roi.type(), kPanel);
    cv::addWeighted(shade, opacity, roi, 1 - opacity, 0, roi);
}

/// Splits `text` into at most two lines that fit `width` at `height`, shrinking the height
/// down to `minimum` first.
std::vector<std::string> fit(dm_renderer &r, const std::string &text, int width, int &height, int minimum) {
    int baseline = 0;
    while (height > minimum && textSize(r, text, height, &baseline).width > width) --height;
    if (textSize(r, text, height, &baseline).width <= width) return {text};
    // Two lines, broken at the space nearest the middle.
    size_t best = std::string::npos;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != ' ') continue;
        if (best == std::string::npos || std::abs(static_cast<long>(i) - static_cast<long>(text.size() / 2)) <
                                             std::abs(static_cast<long>(best) - static_cast<long>(text.size() / 2)))
            best = i;
    }
    if (best == std::string::npos) return {text};
    return {text.substr(0, best), text.substr(best + 1)};
}

/// Draws centred lines in a panel whose top (or bottom, when `above`) edge is at `y`.
void caption(dm_renderer &r, cv::Mat &img, const std::vector<std::string> &lines, int height, int centerX, int y,
             bool above, cv::Scalar color) {
    int baseline = 0, widest = 0;
    for (auto &l : lines) widest = std::max(widest, textSize(r, l, height, &baseline).width);
    const int lineStep = height * 5 / 4, pad = height / 2;
    const int boxH = lineStep * static_cast<int>(lines.size()) + pad;
    const int top = above ? y - boxH : y;
    panel(img, cv::Rect(centerX - widest / 2 - pad, top, widest + 2 * pad, boxH), 0.6);
    int baselineY = top + pad / 2 + height;
    for (auto &l : lines) {
        int w = textSize(r, l, height, &baseline).width;
        r.font->putText(img, l, cv::Point(centerX - w / 2, baselineY), height, color, -1, cv::LINE_AA, true);
        baselineY += lineStep;
    }
}

void drawOverlay(dm_renderer &r, cv::Mat &img, const dm_overlay &o) {
    const double H = img.rows, W = img.cols;
    cv::Rect guide(cvRound(o.guide[0]), cvRound(o.guide[1]), cvRound(o.guide[2]), cvRound(o.guide[3]));
    const cv::Scalar color(o.color[2], o.color[1], o.color[0]);
    // Outside the guide dimmed, as a camera screen does, so the guide reads at a glance.
    cv::Mat dimmed;
    img.copyTo(dimmed);
    panel(dimmed, cv::Rect(0, 0, img.cols, img.rows), 0.45);
    cv::Rect inside = guide & cv::Rect(0, 0, img.cols, img.rows);
    if (!inside.empty()) img(inside).copyTo(dimmed(inside));
    img = dimmed;
    const int thickness = std::max(2, cvRound(std::min(W, H) / 110));
    cv::rectangle(img, guide, color, thickness, cv::LINE_AA);

    const int textH = std::max(12, cvRound(std::min(W, H) / 26));
    // The label above the guide, with its tick.
    if (o.label && *o.label) {
        std::string label = o.label;
        if (o.tick) label += " \u2713";
        int h = textH;
        auto lines = fit(r, label, cvRound(W * 0.9), h, std::max(10, textH * 2 / 3));
        caption(r, img, {lines.front()}, h, guide.x + guide.width / 2, std::max(cvRound(h * 1.8), guide.y - thickness - 4), true,
                o.tick ? cv::Scalar(120, 230, 140) : kWhite);
    }
    // The progress bar along the guide's bottom edge.
    if (o.progress > 0) {
        const int barH = std::max(3, thickness * 2);
        cv::Rect bar(guide.x, guide.y + guide.height + thickness + 2, cvRound(guide.width * std::min(1.0, o.progress)), barH);
        cv::rectangle(img, bar, color, cv::FILLED);
    }
    // The instruction below the guide (one or two lines).
    if (o.instruction && *o.instruction) {
        int h = textH;
        auto lines = fit(r, o.instruction, cvRound(W * 0.92), h, std::max(10, textH * 2 / 3));
        int y = guide.y + guide.height + thickness * 4 + 4;
        const int needed = (h * 5 / 4) * static_cast<int>(lines.size()) + h / 2;
        y = std::min(y, img.rows - needed - 2);
        caption(r, img, lines, h, cvRound(W / 2), y, false, kWhite);
    }
    // The manual shutter: a white ring at the right edge.
    if (o.shutter) {
        const int radius = std::max(8, cvRound(std::min(W, H) / 18));
        cv::Point c(cvRound(W - radius * 1.6), cvRound(H / 2));
        cv::circle(img, c, radius, kWhite, std::max(2, radius / 6), cv::LINE_AA);
        cv::circle(img, c, radius * 3 / 4, kWhite, cv::FILLED, cv::LINE_AA);
    }
    if (o.caption && *o.caption) {
        const int h = std::max(10, textH * 2 / 3);
        int baseline = 0;
        cv::Size s = textSize(r, o.caption, h, &baseline);
        panel(img, cv::Rect(0, 0, s.width + h, h * 3 / 2 + baseline), 0.6);
        r.font->putText(img, o.caption, cv::Point(h / 2, h * 5 / 4), h, kWhite, -1, cv::LINE_AA, true);
    }
}

int fourccFor(const std::string &path) {
    std::string ext = path.size() >= 4 ? path.substr(path.size() - 4) : "";
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (ext == ".avi") return cv::VideoWriter::fourcc('M', 'J', 'P', 'G');
    return cv::VideoWriter::fourcc('m', 'p', '4', 'v');
}

}  // namespace

extern "C" {

dm_status dm_renderer_create(const char *out_path, const char *font_path, int32_t sheet, int32_t columns,
                             int32_t tile_width, double fps, dm_renderer **out, dm_error *error) {
    return dm::guarded(error, [&]() -> dm_status {
        DM_REQUIRE(out_path && font_path && out, error, "null pointer");
        DM_REQUIRE(!sheet || (columns >= 1 && columns <= 64 && tile_width >= 32 && tile_width <= 4096), error,
                   "a contact sheet needs 1-64 columns and tiles 32-4096 pixels wide");
        DM_REQUIRE(std::isfinite(fps) && fps > 0 && fps <= 1000, error, "fps must be in (0, 1000]");
        FILE *probe = std::fopen(font_path, "rb");
        if (!probe) return dm::fail(error, DM_ERR_IO, "cannot open the font file");
        std::fclose(probe);
        auto r = new dm_renderer();
        r->path = out_path;
        r->sheet = sheet != 0;
        r->columns = columns;
        r->tileWidth = tile_width;
        r->fps = fps;
        try {
            r->font = cv::freetype::createFreeType2();
            r->font->loadFontData(font_path, 0);
        } catch (...) {
            delete r;
            throw;
        }
        *out = r;
        return dm::ok(error);
    });
}

dm_status dm_renderer_add(dm_renderer *renderer, const uint8_t *bgr, int32_t width, int32_t height,
                          size_t bytes_per_row, const dm_overlay *overlay, dm_error *error) {
    return dm::guarded(error, [&]() -> dm_status {
        DM_REQUIRE(renderer && bgr && overlay, error, "null pointer");
        DM_REQUIRE(!renderer->finished, error, "the renderer has finished");
        DM_REQUIRE(width >= 16 && height >= 16 && width <= 16384 && height <= 16384, error, "bad frame size %dx%d", width, height);
        DM_REQUIRE(bytes_per_row >= static_cast<size_t>(width) * 3, error, "row stride shorter than the row");
        for (double v : overlay->guide) DM_REQUIRE(std::isfinite(v) && std::abs(v) < 1e6, error, "guide out of range");
        cv::Mat img = cv::Mat(height, width, CV_8UC3, const_cast<uint8_t *>(bgr), bytes_per_row).clone();
        drawOverlay(*renderer, img, *overlay);
        if (renderer->sheet) {
            cv::Mat tile;
            const int tileH = std::max(1, cvRound(static_cast<double>(renderer->tileWidth) * height / width));
            cv::resize(img, tile, cv::Size(renderer->tileWidth, tileH), 0, 0, cv::INTER_AREA);
            renderer->tiles.push_back(tile);
            return dm::ok(error);
        }
        if (!renderer->writer.isOpened()) {
            if (!renderer->writer.open(renderer->path, fourccFor(renderer->path), renderer->fps, img.size(), true) ||
                !renderer->writer.isOpened())
                return dm::fail(error, DM_ERR_UNSUPPORTED, "no video backend can write this file (try .mp4 or .avi, or a .png contact sheet)");
        }
        renderer->writer.write(img);
        return dm::ok(error);
    });
}

dm_status dm_renderer_finish(dm_renderer *renderer, dm_error *error) {
    return dm::guarded(error, [&]() -> dm_status {
        DM_REQUIRE(renderer, error, "null pointer");
        if (renderer->finished) return dm::ok(error);
        renderer->finished = true;
        if (!renderer->sheet) {
            if (renderer->writer.isOpened()) renderer->writer.release();
            return dm::ok(error);
        }
        DM_REQUIRE(!renderer->tiles.empty(), error, "no frames to put on the contact sheet");
        const int gap = 4, cols = std::min<int>(renderer->columns, static_cast<int>(renderer->tiles.size()));
        const int rows = (static_cast<int>(renderer->tiles.size()) + cols - 1) / cols;
        int tileH = 0;
        for (auto &t : renderer->tiles) tileH = std::max(tileH, t.rows);
        cv::Mat sheet(rows * (tileH + gap) + gap, cols * (renderer->tileWidth + gap) + gap, CV_8UC3, cv::Scalar(40, 40, 40));
        for (size_t i = 0; i < renderer->tiles.size(); ++i) {
            const int c = static_cast<int>(i) % cols, r = static_cast<int>(i) / cols;
            auto &t = renderer->tiles[i];
            t.copyTo(sheet(cv::Rect(gap + c * (renderer->tileWidth + gap), gap + r * (tileH + gap), t.cols, t.rows)));
        }
        if (!cv::imwrite(renderer->path, sheet)) return dm::fail(error, DM_ERR_IO, "cannot write the contact sheet");
        return dm::ok(error);
    });
}

void dm_renderer_destroy(dm_renderer *renderer) {
    if (!renderer) return;
    try {
        delete renderer;
    } catch (...) {
    }
}

}  // extern "C"
