// docvision_locate.h: finding card-shaped documents (ID-1, TD3) in a photo or camera frame.
//
// Measures only: returns scored quad candidates; Swift decides which one counts as a document.
// Every entry point catches every C++ exception (see docvision.h).
#ifndef DOCVISION_LOCATE_H
#define DOCVISION_LOCATE_H

#include "docvision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One quad candidate, in full-resolution image pixels.
typedef struct {
    /// x0,y0 ... x3,y3: image-clockwise, starting at the corner nearest the image's top-left.
    float corners[8];
    /// 0..1: how much this looks like a card's outline (shape, edge support, size).
    float score;
    /// Share of the quad's perimeter backed by an image edge, 0..1.
    float edge_support;
    /// The physical long/short aspect estimated from the quad (perspective roughly removed).
    float aspect;
    /// Non-zero when part of the quad lies outside the image.
    int32_t cut_off;
    /// Non-zero when the quad is a cut-off card's part in view completed past the image's
    /// border to a card's shape: the side beyond the border is inferred, not seen.
    int32_t completed;
} dv_quad_candidate;

/// Finds up to `capacity` card-shaped quads, best first. `work_size` is the long side of the
/// downscaled copy searched (0 for the default, 640); corners are refined at full resolution
/// by fitting lines to the strongest gradient across each side.
dv_status dv_locate_quads(const dv_image *image, int32_t work_size, dv_quad_candidate *out, int32_t capacity,
                          int32_t *count, dv_error *error);

/// Refines four corners (any order convention; kept) against the image's edges at full
/// resolution: each side is re-fitted to the strongest gradient within `search` pixels.
dv_status dv_refine_quad(const dv_image *image, float corners[8], float search, dv_error *error);

/// How well the image's edges back each of `count` quads (`corners`: 8 floats per quad, any
/// corner order around the quad, full-resolution pixels), measured on a copy downscaled to
/// `work_size` (0 for 640) as the locator measures its candidates: `support[i]` the share of
/// points along the outline with an edge running along the side within 2 pixels, `weakest[i]`
/// the weakest side's share. Points outside the image are not counted (a cut-off card); points
/// on its outermost pixels count as unsupported (an outline that borrowed the image frame).
dv_status dv_quads_edge_support(const dv_image *image, const float *corners, int32_t count, int32_t work_size,
                                float *support, float *weakest, dv_error *error);

/// `dv_quads_edge_support` with `exposed` non-zero: the edges found with the thresholds scaled to
/// an underexposed photo's exposure (`dv_exposure_scale`), as the locator's last search on such
/// a photo finds them (the same as `dv_quads_edge_support` on an exposed photo).
dv_status dv_quads_edge_support_at(const dv_image *image, const float *corners, int32_t count, int32_t work_size,
                                   int32_t exposed, float *support, float *weakest, dv_error *error);

/// How well the image's edges back each of `count` line segments (`segments`: x0,y0,x1,y1 per
/// segment, full-resolution pixels), measured as `dv_quads_edge_support` measures one side:
/// `support[i]` the share of points along the segment with an edge running along it within 2
/// pixels. Points outside the image count as unsupported (a side the image does not show is
/// not evidence for it).
dv_status dv_segments_edge_support(const dv_image *image, const float *segments, int32_t count, int32_t work_size,
                                   float *support, dv_error *error);

/// The share of the locator's fixed edge thresholds an underexposed `image` still shows its edges
/// over (1 on an exposed photo, down to 0.4 on the darkest), measured as the locator measures it
/// on the copy downscaled to `work_size` (0 for 640): the brightest print's level over an exposed
/// photo's. Edge support (`dv_quads_edge_support`) is measured with the fixed thresholds, so on
/// a dark photo it says less of where a card's edges are.
dv_status dv_exposure_scale(const dv_image *image, int32_t work_size, float *scale, dv_error *error);

/// The locator's edge map of `image` at its own size (one channel, 255 on an edge): Canny per
/// colour channel (3x3 aperture, L2 gradient, thresholds `low` and 3 x `low`) on a 5x5
/// Gaussian-smoothed copy, OR-ed over the channels. With `reference` non-zero it is made with
/// cv::Canny per channel instead, which the locator's own must equal pixel for pixel (its tests
/// compare the two).
dv_status dv_locator_edge_map(const dv_image *image, float low, int32_t reference, dv_image **out, dv_error *error);

#ifdef __cplusplus
}
#endif

#endif
