// The locator's edge field: its edge map with the gradients beside it, at one working size.
// Kept with the image it was computed from (`dv_image::edges`), because the classifier asks how
// well the edges back an outline on the same image the locator just searched (the post-match
// outline check, the reference alignment): computing it again cost about 5% of a classification.
#ifndef DV_EDGE_FIELD_HPP
#define DV_EDGE_FIELD_HPP

#include <opencv2/core.hpp>

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

namespace dv {

/// One pixel's gradient: the Sobel derivatives of the smoothed grey copy and their length.
/// Side by side, so that a probe that lands on an edge reads one place.
/// No default values: setGradients writes every field of every pixel (a zero-fill first cost
/// as much again as the writes).
struct EdgeGradient {
    int16_t dx, dy;
    float length;  // hypotf's value (exact squares in double, rounded once); 0 off the edge map
};

/// Edge pixels with their gradient direction, so that support can demand edges running along a
/// side (wood grain, fabric and text give edges everywhere, but in every direction).
struct EdgeField {
    cv::Mat edges;  // CV_8U, Canny
    /// Per pixel, row-major (edges.cols a row): the gradient, its length taken once per edge pixel
    /// here rather than at every probe of every candidate side (the locator probes each edge
    /// pixel near a long edge dozens of times: the square root was a third of edge support).
    std::unique_ptr<EdgeGradient[]> gradients;
    int workSize = 0;  // the long side the image was downscaled to (at most), as asked

    /// Fills `gradients` from the Sobel derivatives (CV_16S, the size of `edges`).
    void setGradients(const cv::Mat &dx, const cv::Mat &dy) {
        gradients.reset(new EdgeGradient[static_cast<size_t>(edges.rows) * edges.cols]);
        for (int y = 0; y < edges.rows; ++y) {
            const uint8_t *e = edges.ptr<uint8_t>(y);
            const int16_t *gx = dx.ptr<int16_t>(y), *gy = dy.ptr<int16_t>(y);
            EdgeGradient *out = &gradients[static_cast<size_t>(y) * edges.cols];
            for (int x = 0; x < edges.cols; ++x) {
                out[x].dx = gx[x];
                out[x].dy = gy[x];
                out[x].length = 0;
                if (!e[x]) continue;
                const double fx = gx[x], fy = gy[x];
                out[x].length = static_cast<float>(std::sqrt(fx * fx + fy * fy));
            }
        }
    }

    /// Whether (x, y), inside the image, is an edge pixel whose gradient lies within about 32
    /// degrees of `normal` (a unit vector): an edge running along a side with that normal.
    bool backs(int x, int y, cv::Point2f normal) const {
        if (!edges.ptr<uint8_t>(y)[x]) return false;
        const EdgeGradient &g = gradients[static_cast<size_t>(y) * edges.cols + x];
        const float gx = g.dx, gy = g.dy;
        return g.length > 0 && std::abs(gx * normal.x + gy * normal.y) > 0.85f * g.length;
    }
};

}  // namespace dv

#endif
