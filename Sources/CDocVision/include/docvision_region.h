// docvision_region.h: a template region compared with a blurred photo (see region.cpp).
#ifndef DOCVISION_REGION_H
#define DOCVISION_REGION_H

#include "docvision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Normalised cross-correlation, -1..1, of grey levels between `reference` (the pixels of the
/// region `rect` = x, y, w, h in the template's canonical frame, exactly w x h) and the same
/// region of `query` seen through `homography` (template canonical -> query pixels), both first
/// smoothed by a Gaussian of `sigma` template pixels (> 0) and compared at a scale that sigma
/// allows, with a few pixels of misalignment searched. The blurred counterpart of
/// `dv_compare_region`: where a defocused photo has lost the print's edges, the reference
/// blurred alike still shows where print is dark and where it is not. `reference_contrast`: the
/// standard deviation of the smoothed reference's grey levels (print that the smoothing leaves
/// nearly flat correlates by chance).
dv_status dv_compare_region_smoothed(const dv_image *query, const float homography[9], const dv_image *reference,
                                     const int32_t rect[4], float sigma, float *similarity, float *reference_contrast,
                                     dv_error *error);

#ifdef __cplusplus
}
#endif

#endif
