// docvision_deblur.h: undoing a camera's motion streak over a machine-readable zone (issue 5).
// Why C: both steps are Fourier transforms of a few hundred thousand pixels (OpenCV's DFT),
// which Swift has no library for.
#ifndef DOCVISION_DEBLUR_H
#define DOCVISION_DEBLUR_H

#include "docvision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A straight motion streak: its length in pixels and its direction in degrees (0 along the
/// image's rows, 90 down its columns; a streak has no sense, so 0 <= angle < 180).
/// `clarity` says how far the streak stands out of the image's cepstrum (see
/// `dv_motion_streak_estimate`); 0 when nothing was measured.
typedef struct {
    double length;
    double angle;
    double clarity;
} dv_motion_streak;

/// Estimates the motion streak that blurred `[x, y, w, h]` of `image` (clipped to it) from the
/// region's cepstrum: the log power spectrum (averaged over overlapping windowed tiles) of an
/// image smeared along a line of length L has a comb of zeros L apart across the streak, which
/// the cepstrum shows as its deepest trough at lag L along it. Troughs at lags from
/// `min_length` to `max_length` pixels are looked for. `clarity` is the trough's depth over the
/// mean depth at the same lag in every direction (a defocus disk's trough is a ring, as deep in
/// every direction: clarity near 1; a streak's stands alone).
dv_status dv_motion_streak_estimate(const dv_image *image, int32_t x, int32_t y, int32_t w, int32_t h,
                                    double min_length, double max_length, dv_motion_streak *streak,
                                    dv_error *error);

/// `[x, y, w, h]` of `image` (clipped to it) in grey, Wiener-deconvolved by `streak` (a line of
/// its length and angle, antialiased) with noise-to-signal ratio `nsr`; the region's borders are
/// mirrored outwards first so the transform sees no edge. Same size as the region, 8-bit grey.
dv_status dv_motion_deblur(const dv_image *image, int32_t x, int32_t y, int32_t w, int32_t h,
                           dv_motion_streak streak, double nsr, dv_image **out, dv_error *error);

#ifdef __cplusplus
}
#endif

#endif  // DOCVISION_DEBLUR_H
