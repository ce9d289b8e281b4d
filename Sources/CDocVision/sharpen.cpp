// Unsharp masking of header crops before OCR. Why C: the per-pixel loop ran in Swift over
// arrays of pixels and window sums copied out of the image; here OpenCV's box filter makes the
// window sums in place, and the arithmetic per pixel is the Swift loop's, so every pixel is as
// it was (header OCR reads the same crops).
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

extern "C" {

dv_status dv_image_sharpen(const dv_image *image, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image, error, "null image");
        cv::Mat gray;
        if (image->mat.channels() == 1) gray = image->mat;
        else cv::cvtColor(image->mat, gray, cv::COLOR_BGR2GRAY);
        // Window sums with zero padding, divided by the pixels the window holds inside the
        // image: near the border the blur averages what is there instead of inventing pixels.
        cv::Mat sums;
        cv::boxFilter(gray, sums, CV_32S, cv::Size(5, 5), cv::Point(-1, -1), false, cv::BORDER_CONSTANT);
        const int w = gray.cols, h = gray.rows;
        cv::Mat sharp(h, w, CV_8U);
        for (int y = 0; y < h; ++y) {
            const int rows = std::min(h, y + 3) - std::max(0, y - 2);
            const uint8_t *p = gray.ptr<uint8_t>(y);
            const int32_t *s = sums.ptr<int32_t>(y);
            uint8_t *o = sharp.ptr<uint8_t>(y);
            for (int x = 0; x < w; ++x) {
                const double blur = static_cast<double>(s[x]) / (rows * (std::min(w, x + 3) - std::max(0, x - 2)));
                // Rounded half away from zero, as the Swift loop this replaces did: the same pixels.
                o[x] = static_cast<uint8_t>(std::clamp(std::round(1.8 * p[x] - 0.8 * blur), 0.0, 255.0));
            }
        }
        return dv::emit(std::move(sharp), out, error);
    });
}

}  // extern "C"
