// testreference.h: OpenCV's own answers, for tests that hold CDocVision's faster paths (its JPEG
// decode and its area reduction) to the exact pixels OpenCV gives. Test-only.
// Every function returns 0 on success and non-zero on failure (no exception escapes).
#ifndef TESTREFERENCE_H
#define TESTREFERENCE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// `cv::resize(..., INTER_AREA)` of packed 8-bit pixels (`channels` 1 or 3, no row padding) to
/// `out_width` x `out_height`, written packed into `out` (`out_length` bytes, exactly the size).
int td_reference_resize_area(const uint8_t *pixels, int32_t width, int32_t height, int32_t channels,
                             int32_t out_width, int32_t out_height, uint8_t *out, size_t out_length);

/// `cv::imdecode` as DocFrame asked it before its own JPEG path: colour, EXIF orientation
/// applied, reduced by `reduction` (1, 2, 4 or 8). With `out` NULL only the size is written;
/// then call again with `out` of width x height x channels bytes.
int td_reference_decode(const uint8_t *bytes, size_t length, int32_t reduction, int32_t *width,
                        int32_t *height, int32_t *channels, uint8_t *out, size_t out_length);

#ifdef __cplusplus
}
#endif

#endif
