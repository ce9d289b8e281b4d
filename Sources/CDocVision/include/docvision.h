// docvision.h: DocFrame's C API over OpenCV.
//
// Why this exists: OpenCV is C++ and throws; Swift imports C. This header is plain C so that no
// OpenCV type reaches Swift's importer, and every entry point catches every C++ exception and
// returns a status code with a message instead. It measures and transforms pixels; it never
// decides anything (policy lives in Swift).
//
// Ownership: every `dv_*_create`/producing call returns a handle that the caller frees with the
// matching `dv_*_destroy`. Output pointers are untouched on failure.
//
// Thread-safety: functions are reentrant. A handle may be read from several threads at once
// (images are immutable once made); no handle may be destroyed while another thread uses it.
#ifndef DOCVISION_H
#define DOCVISION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes. DV_OK is 0; everything else comes with a message in dv_error.
typedef enum {
    DV_OK = 0,
    DV_ERR_INVALID_ARGUMENT = 1,  ///< a null pointer, a bad size or stride, an unknown enum value
    DV_ERR_NOT_AN_IMAGE = 2,      ///< the bytes are in no image format we know
    DV_ERR_UNSUPPORTED = 3,       ///< a known format this build cannot decode
    DV_ERR_TRUNCATED = 4,         ///< the header is fine but the data ends early
    DV_ERR_TOO_LARGE = 5,         ///< over the caller's pixel budget
    DV_ERR_OUT_OF_MEMORY = 6,
    DV_ERR_INTERNAL = 7           ///< an OpenCV failure we did not expect; see the message
} dv_status;

/// A status with a human-readable message (never personal data, only sizes and formats).
typedef struct {
    dv_status code;
    char message[256];
} dv_error;

/// An 8-bit image, 1 channel (gray) or 3 channels (BGR), owned by the shim. Immutable once made.
typedef struct dv_image dv_image;

/// Pixel layouts of caller-owned buffers (camera frames).
typedef enum {
    DV_PIXEL_BGRA = 0,
    DV_PIXEL_RGBA = 1,
    DV_PIXEL_GRAY8 = 2,
    DV_PIXEL_NV12 = 3,  ///< Y plane, then interleaved Cb/Cr at half resolution
    DV_PIXEL_BGR = 4,
    DV_PIXEL_RGB = 5
} dv_pixel_format;

typedef enum {
    DV_ENCODE_JPEG = 0,  ///< quality 1..100
    DV_ENCODE_PNG = 1,
    DV_ENCODE_WEBP = 2,  ///< quality 1..100 (lossy)
    DV_ENCODE_TIFF = 3,
    DV_ENCODE_BMP = 4
} dv_encoding;

typedef enum {
    DV_INTERP_LINEAR = 0,
    DV_INTERP_AREA = 1,    ///< best for shrinking
    DV_INTERP_NEAREST = 2,
    DV_INTERP_CUBIC = 3
} dv_interpolation;

// MARK: - Images

/// Decodes an encoded image (JPEG, PNG, WebP, TIFF, BMP) to BGR, applying EXIF orientation
/// when `apply_orientation` is non-zero. The caller has already checked the header against its
/// pixel budget; `max_pixels` is checked again after decoding as a second line of defence.
/// `reduction` (1, 2, 4 or 8) decodes at that fraction of the size; JPEG does this inside the
/// decoder (DCT scaling), several times faster than decoding in full and shrinking.
dv_status dv_image_decode(const uint8_t *bytes, size_t length, int apply_orientation, int reduction,
                          int64_t max_pixels, dv_image **out, dv_error *error);

/// Copies a caller-owned camera buffer into a new BGR (or gray, for GRAY8) image.
/// `plane0` is the first plane (the only one except for NV12) with its row stride in bytes;
/// for NV12 `plane1` is the interleaved chroma plane with its own stride (may be `plane0`'s
/// buffer offset by height x stride). `plane0_length`/`plane1_length` guard against short buffers.
dv_status dv_image_from_pixels(dv_pixel_format format, int32_t width, int32_t height,
                               const uint8_t *plane0, size_t plane0_stride, size_t plane0_length,
                               const uint8_t *plane1, size_t plane1_stride, size_t plane1_length,
                               dv_image **out, dv_error *error);

void dv_image_destroy(dv_image *image);

int32_t dv_image_width(const dv_image *image);
int32_t dv_image_height(const dv_image *image);
/// 1 (gray) or 3 (BGR).
int32_t dv_image_channels(const dv_image *image);

/// Copies the pixels row by row, tightly packed (width x channels bytes a row), into `buffer`.
dv_status dv_image_copy_pixels(const dv_image *image, uint8_t *buffer, size_t length, dv_error *error);

/// Encodes in `encoding` (`quality` is used by JPEG and WebP). The returned buffer is freed with dv_buffer_free.
dv_status dv_image_encode(const dv_image *image, dv_encoding encoding, int32_t quality,
                          uint8_t **out_bytes, size_t *out_length, dv_error *error);
void dv_buffer_free(uint8_t *bytes);

// MARK: - Threads

/// How many threads OpenCV's own parallel loops (warps, resizes, colour conversions) may use in
/// this process, the calling thread included: 1 runs them on the calling thread only; 0 or less
/// restores OpenCV's default (every core). Process-wide; for callers that already run one image
/// per core and want each image on one thread.
void dv_set_parallel_threads(int32_t threads);
/// The threads OpenCV's parallel loops use now (`dv_set_parallel_threads`).
int32_t dv_parallel_threads(void);

// MARK: - Geometry and pixels

dv_status dv_image_to_gray(const dv_image *image, dv_image **out, dv_error *error);
dv_status dv_image_to_bgr(const dv_image *image, dv_image **out, dv_error *error);
dv_status dv_image_resize(const dv_image *image, int32_t width, int32_t height,
                          dv_interpolation interpolation, dv_image **out, dv_error *error);
/// Crops `[x, y, w, h]`; the rectangle is clipped to the image and must not end up empty.
dv_status dv_image_crop(const dv_image *image, int32_t x, int32_t y, int32_t w, int32_t h,
                        dv_image **out, dv_error *error);
/// Rotates clockwise by `quarter_turns` x 90 degrees (any integer; taken modulo 4).
dv_status dv_image_rotate90(const dv_image *image, int32_t quarter_turns, dv_image **out, dv_error *error);
/// Maps the quad `corners` (x0,y0, x1,y1, x2,y2, x3,y3: top-left, top-right, bottom-right,
/// bottom-left in source pixels; may lie outside the image) onto a `width` x `height` image.
/// Pixels from outside the source are filled with the border colour (replicated edge).
dv_status dv_image_warp_quad(const dv_image *image, const float corners[8], int32_t width, int32_t height,
                             dv_image **out, dv_error *error);
/// Unsharp mask in grey: 1.8 x the image - 0.8 x its 5x5 box blur (the window clipped to the
/// image), rounded and clamped; same size, one channel.
dv_status dv_image_sharpen(const dv_image *image, dv_image **out, dv_error *error);

#ifdef __cplusplus
}
#endif

// The areas of the API, one header each. This header is the module's umbrella (see
// module.modulemap): an area's header is part of the module only once it is included here, and
// SwiftPM rebuilds the module when this file changes, which it does not do for an umbrella folder.
#include "docvision_align.h"
#include "docvision_deblur.h"
#include "docvision_features.h"
#include "docvision_glare.h"
#include "docvision_locate.h"
#include "docvision_mrz.h"
#include "docvision_quality.h"
#include "docvision_region.h"
#include "docvision_track.h"

#endif  // DOCVISION_H
