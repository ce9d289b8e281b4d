// Internal to the shim: the line and quadrilateral geometry that both finding an outline
// (locate.cpp) and following it from frame to frame (track.cpp) need.
#ifndef DV_QUAD_HPP
#define DV_QUAD_HPP

#include <opencv2/core.hpp>

#include <array>
#include <cmath>

namespace dv {

/// A quadrilateral's corners in order around it.
using Corners = std::array<cv::Point2f, 4>;

/// Where two lines in cv::fitLine's form (vx, vy, x0, y0) cross; false when (nearly) parallel.
inline bool intersect(const cv::Vec4f &l1, const cv::Vec4f &l2, cv::Point2f &out) {
    double det = l1[0] * (-l2[1]) - l1[1] * (-l2[0]);
    if (std::abs(det) < 1e-6) return false;
    double dx = l2[2] - l1[2], dy = l2[3] - l1[3];
    double t = (dx * (-l2[1]) - dy * (-l2[0])) / det;
    out = cv::Point2f(static_cast<float>(l1[2] + t * l1[0]), static_cast<float>(l1[3] + t * l1[1]));
    return true;
}

/// Convex, every side at least `minSide` long and every interior angle's |cosine| at most
/// `maxCosine` (0.643: within 50-130 degrees; 0.707: within 45-135): a card seen in perspective.
inline bool plausibleQuad(const Corners &p, double maxCosine, double minSide) {
    double sign = 0;
    for (int i = 0; i < 4; ++i) {
        cv::Point2f a = p[(i + 3) % 4] - p[i], b = p[(i + 1) % 4] - p[i];
        double na = std::hypot(a.x, a.y), nb = std::hypot(b.x, b.y);
        if (na < minSide || nb < minSide) return false;
        if (std::abs((a.x * b.x + a.y * b.y) / (na * nb)) > maxCosine) return false;
        double cross = a.x * b.y - a.y * b.x;
        if (sign == 0) sign = cross;
        else if ((cross > 0) != (sign > 0)) return false;
    }
    return true;
}

}  // namespace dv

#endif
