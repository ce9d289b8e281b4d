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

/// The two references of one region `rect` (twins' tiles, each exactly w x h) prepared for
/// `dv_compare_region_smoothed` at each of `count` blurs `sigmas`: smoothed once, for any number
/// of queries. Immutable once made (safe to share across threads); free with
/// `dv_region_pair_destroy`.
typedef struct dv_region_pair dv_region_pair;
dv_status dv_region_pair_create(const dv_image *first, const dv_image *second, const int32_t rect[4], const float *sigmas,
                               int32_t count, dv_region_pair **out, dv_error *error);
void dv_region_pair_destroy(dv_region_pair *pair);
/// The number of blurs `pair` was made for (0 for null).
int32_t dv_region_pair_blurs(const dv_region_pair *pair);

/// `dv_compare_region_smoothed` of `query` with both references at every blur of `pair`, the
/// same values: `reference_contrasts[2 i + k]` and `similarities[2 i + k]` are reference k's (0
/// first, 1 second) at blur i (both arrays hold 2 x blurs). The query's region is cut once and
/// smoothed once per blur for both. Where either reference's contrast is below `min_contrast`
/// the query is not compared at that blur and both similarities are -1 (print the smoothing
/// flattens tells nothing: the caller passes such tiles over).
dv_status dv_region_pair_compare_smoothed(const dv_region_pair *pair, const dv_image *query, const float homography[9],
                                          float min_contrast, float *similarities, float *reference_contrasts,
                                          dv_error *error);

#ifdef __cplusplus
}
#endif

#endif
