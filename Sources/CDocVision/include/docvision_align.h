// docvision_align.h: photometric refinement of a template -> image homography against the
// template's reference image (see align.cpp).
#ifndef DOCVISION_ALIGN_H
#define DOCVISION_ALIGN_H

#include "docvision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A template's reference prepared for alignment: its stable design (where `stability`, a
/// `stability_width` x `stability_height` grid of 0..1 weights over the canonical image, is at
/// least 0.5; NULL: everywhere) at a few pyramid levels. Immutable once made.
typedef struct dv_alignment dv_alignment;

dv_status dv_alignment_create(const dv_image *reference, const float *stability, int32_t stability_width,
                              int32_t stability_height, dv_alignment **out, dv_error *error);
void dv_alignment_destroy(dv_alignment *alignment);

/// Refines `homography` (row-major, template canonical pixels -> `image` pixels) by aligning the
/// image with the reference, coarse to fine. `correlation`: the normalised correlation of the
/// stable design seen through the refined homography (-1..1), `initial_correlation` through the
/// given one; both -1 and `homography` unchanged when too little of the document is in view or
/// the fit breaks down.
dv_status dv_alignment_refine(const dv_alignment *alignment, const dv_image *image, double homography[9], float *correlation,
                              float *initial_correlation, dv_error *error);

#ifdef __cplusplus
}
#endif

#endif
