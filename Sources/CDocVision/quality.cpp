// Quality measurements of a flattened document: sharpness, washed-out share, brightness.
#include "docvision_quality.h"
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

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
        cv::Mat absLap = cv::abs(lap);
        cv::Mat sorted = absLap.reshape(1, 1).clone();
        cv::sort(sorted, sorted, cv::SORT_EVERY_ROW | cv::SORT_ASCENDING);
        const float q = sorted.at<float>(0, static_cast<int>(sorted.cols * 0.98));
        out->laplacian_variance = q;
        // Washed out: bright and nearly colourless.
        int washed = 0;
        if (small.channels() == 3) {
            cv::Mat hsv;
            cv::cvtColor(small, hsv, cv::COLOR_BGR2HSV);
            for (int y = 0; y < hsv.rows; ++y) {
                const cv::Vec3b *p = hsv.ptr<cv::Vec3b>(y);
                for (int x = 0; x < hsv.cols; ++x) washed += (p[x][2] >= 245 && p[x][1] <= 30) ? 1 : 0;
            }
        } else {
            washed = cv::countNonZero(gray >= 245);
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
