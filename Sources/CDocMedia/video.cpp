// Reading video files through OpenCV's videoio (FFmpeg or GStreamer, whichever Debian built in).
#include "docmedia.h"
#include "media_internal.hpp"

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <cstdio>

struct dm_video_reader {
    cv::VideoCapture capture;
    cv::Mat frame;
};

extern "C" {

dm_status dm_video_open(const char *path, dm_video_reader **out, double *fps, dm_error *error) {
    return dm::guarded(error, [&]() -> dm_status {
        DM_REQUIRE(path && out && fps, error, "null pointer");
        FILE *probe = std::fopen(path, "rb");
        if (!probe) return dm::fail(error, DM_ERR_IO, "cannot open the video file");
        std::fclose(probe);
        auto reader = new dm_video_reader();
        if (!reader->capture.open(path, cv::CAP_ANY) || !reader->capture.isOpened()) {
            delete reader;
            return dm::fail(error, DM_ERR_UNSUPPORTED, "no video backend can read this file");
        }
        *fps = reader->capture.get(cv::CAP_PROP_FPS);
        *out = reader;
        return dm::ok(error);
    });
}

dm_status dm_video_next(dm_video_reader *reader, const uint8_t **pixels, int32_t *width, int32_t *height,
                        size_t *bytes_per_row, double *t, int32_t *has_frame, dm_error *error) {
    return dm::guarded(error, [&]() -> dm_status {
        DM_REQUIRE(reader && pixels && width && height && bytes_per_row && t && has_frame, error, "null pointer");
        *has_frame = 0;
        if (!reader->capture.read(reader->frame) || reader->frame.empty()) return dm::ok(error);
        if (reader->frame.type() != CV_8UC3) {
            cv::Mat converted;
            if (reader->frame.channels() == 1) cv::cvtColor(reader->frame, converted, cv::COLOR_GRAY2BGR);
            else if (reader->frame.channels() == 4) cv::cvtColor(reader->frame, converted, cv::COLOR_BGRA2BGR);
            else return dm::fail(error, DM_ERR_UNSUPPORTED, "video frames of type %d are not supported", reader->frame.type());
            reader->frame = converted;
        }
        *pixels = reader->frame.data;
        *width = reader->frame.cols;
        *height = reader->frame.rows;
        *bytes_per_row = reader->frame.step[0];
        *t = reader->capture.get(cv::CAP_PROP_POS_MSEC) / 1000.0;
        *has_frame = 1;
        return dm::ok(error);
    });
}

void dm_video_close(dm_video_reader *reader) { delete reader; }

}  // extern "C"
