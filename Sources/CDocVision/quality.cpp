// Quality measurements of a flattened document: sharpness, washed-out share, brightness.
#include "docvision_quality.h"
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

extern "C" {

dv_status dv_measure_quality(const dv_image *flattened, dv_quality *out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(flattened && out, error, "null pointer");
        const cv::Mat &m = flattened->mat;
        DV_REQUIRE(m.cols >= 16 && m.rows >= 16, error, "image too small (%dx%d)", m.cols, m.rows);
        cv::Mat small;
        const double factor = 640.0 / std::max(m.cols, m.rows);
        cv::resize(m, small, cv::Size(), factor, factor, factor < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
        cv::Mat gray;
        if (small.channels() == 3) cv::cvtColor(small, gray, cv::COLOR_BGR2GRAY);
        else gray = small;
        // Sharpness on the textured part only: a plain card face is not blurred, just plain.
        cv::Mat lap;
        cv::Laplacian(gray, lap, CV_32F, 3);
        // The 98th percentile of |Laplacian| from a histogram (a full sort costs ~10 ms here).
        std::vector<int> histogram(1025, 0);
        for (int y = 0; y < lap.rows; ++y) {
            const float *row = lap.ptr<float>(y);
            for (int x = 0; x < lap.cols; ++x) ++histogram[std::min(1024, static_cast<int>(std::abs(row[x])))];
        }
        const long target = static_cast<long>(0.98 * static_cast<double>(lap.total()));
        long seen = 0;
        int q = 0;
        for (; q < 1024; ++q) {
            seen += histogram[q];
            if (seen >= target) break;
        }
        out->laplacian_variance = static_cast<float>(q);
        // Washed out: bright and nearly colourless.
        int washed = 0;
        if (small.channels() == 3) {
            cv::Mat hsv;
            cv::cvtColor(small, hsv, cv::COLOR_BGR2HSV);
            for (int y = 0; y < hsv.rows; ++y) {
                const cv::Vec3b *p = hsv.ptr<cv::Vec3b>(y);
                for (int x = 0; x < hsv.cols; ++x) washed += (p[x][2] >= 252 && p[x][1] <= 20) ? 1 : 0;
            }
        } else {
            washed = cv::countNonZero(gray >= 252);
        }
        out->washed_out = static_cast<float>(washed) / static_cast<float>(gray.total());
        cv::Scalar mean, sd;
        cv::meanStdDev(gray, mean, sd);
        out->mean_luminance = static_cast<float>(mean[0]);
        out->contrast = static_cast<float>(sd[0]);
        return dv::ok(error);
    });
}

}  // extern "C"
