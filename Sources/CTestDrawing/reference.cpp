// OpenCV's own decode and area reduction, called directly: CDocVision routes both through faster
// code of its own that promises the same pixels, and only OpenCV itself can check that promise.
#include "testreference.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstring>
#include <vector>

namespace {

int copyPacked(const cv::Mat &mat, uint8_t *out, size_t length) {
    const size_t row = static_cast<size_t>(mat.cols) * mat.elemSize();
    if (row * static_cast<size_t>(mat.rows) != length) return 1;
    for (int y = 0; y < mat.rows; ++y) std::memcpy(out + row * static_cast<size_t>(y), mat.ptr(y), row);
    return 0;
}

}  // namespace

extern "C" {

int td_reference_resize_area(const uint8_t *pixels, int32_t width, int32_t height, int32_t channels,
                             int32_t out_width, int32_t out_height, uint8_t *out, size_t out_length) {
    if (!pixels || !out || width <= 0 || height <= 0 || out_width <= 0 || out_height <= 0) return 1;
    if (channels != 1 && channels != 3) return 1;
    try {
        const cv::Mat source(height, width, CV_8UC(channels), const_cast<uint8_t *>(pixels));
        cv::Mat reduced;
        cv::resize(source, reduced, cv::Size(out_width, out_height), 0, 0, cv::INTER_AREA);
        return copyPacked(reduced, out, out_length);
    } catch (...) {
        return 1;
    }
}

int td_reference_decode(const uint8_t *bytes, size_t length, int32_t reduction, int32_t *width,
                        int32_t *height, int32_t *channels, uint8_t *out, size_t out_length) {
    if (!bytes || !width || !height || !channels) return 1;
    int flags;
    switch (reduction) {
        case 1: flags = cv::IMREAD_COLOR; break;
        case 2: flags = cv::IMREAD_REDUCED_COLOR_2; break;
        case 4: flags = cv::IMREAD_REDUCED_COLOR_4; break;
        case 8: flags = cv::IMREAD_REDUCED_COLOR_8; break;
        default: return 1;
    }
    try {
        const std::vector<uint8_t> raw(bytes, bytes + length);
        const cv::Mat mat = cv::imdecode(raw, flags);
        if (mat.empty()) return 1;
        *width = mat.cols;
        *height = mat.rows;
        *channels = mat.channels();
        return out ? copyPacked(mat, out, out_length) : 0;
    } catch (...) {
        return 1;
    }
}

}  // extern "C"
