// docvision_features.h: keypoint features of documents, template training, and the one shared
// index over every template's features that classification votes in.
//
// Measures only: counts votes and RANSAC inliers and returns homographies; Swift decides what a
// match means. Every entry point catches every C++ exception (see docvision.h).
#ifndef DOCVISION_FEATURES_H
#define DOCVISION_FEATURES_H

#include "docvision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Keypoints with ORB descriptors in the pixel frame of the image they came from (a template's:
/// its canonical size), plus, for templates, a small colour thumbnail and its stability mask.
typedef struct dv_features dv_features;

/// Detects up to `max_features` ORB keypoints spread over the image. Images larger than
/// `work_size` on their long side (0: 640) are searched downscaled; keypoints are reported in
/// the input image's pixels. `with_thumbnail` also stores the colour thumbnail.
dv_status dv_features_detect(const dv_image *image, int32_t max_features, int32_t work_size, int32_t with_thumbnail,
                             dv_features **out, dv_error *error);
/// `dv_features_detect` without the `skip_levels` finest levels of ORB's pyramid: the budget of
/// keypoints goes to the coarser scales, where a blurred image's blur spans fewer pixels (a
/// blur of k pixels is k / 1.2^skip_levels there). Keypoints are in the input image's pixels.
dv_status dv_features_detect_coarse(const dv_image *image, int32_t max_features, int32_t work_size, int32_t skip_levels,
                                    dv_features **out, dv_error *error);
dv_status dv_features_load(const char *path, dv_features **out, dv_error *error);
dv_status dv_features_save(const dv_features *features, const char *path, dv_error *error);
void dv_features_destroy(dv_features *features);
int32_t dv_features_count(const dv_features *features);
int32_t dv_features_width(const dv_features *features);
int32_t dv_features_height(const dv_features *features);
/// The template's stability mask (weights 0..1 over the canonical image, 1 = design that every
/// training sample shared, 0 = personal data): `*width` x `*height` floats row by row into
/// `mask` (capacity at least that many; NULL: only the size is reported). No mask (a query's features): `*width` = `*height` = 0.
dv_status dv_features_stability(const dv_features *features, float *mask, int32_t capacity, int32_t *width, int32_t *height,
                                dv_error *error);

// MARK: - Training

/// Builds a template from samples already flattened to the canonical size (`width` x `height`).
/// Every sample is aligned to the first by a feature homography; keypoints that recur in at
/// least `min_share` of the samples are kept (the design), the rest dropped (personal data).
/// `reference` receives the mean of the aligned samples with the varying pixels blanked (filled
/// from the stable surroundings); `varying_share` the share of pixels blanked; `aligned` the
/// number of samples that could be aligned to the first.
/// `keep` lists `keep_count` rectangles (x, y, w, h each) that are design by definition (the
/// header) and never blanked.
dv_status dv_train_template(const dv_image *const *samples, int32_t count, int32_t width, int32_t height,
                            float min_share, int32_t max_features, const int32_t *keep, int32_t keep_count,
                            dv_features **features, dv_image **reference, float *varying_share, int32_t *aligned,
                            dv_error *error);

// MARK: - Index

/// One shared index over many templates' features (multi-table LSH over the binary
/// descriptors), so that a query costs far less than a loop over templates.
typedef struct dv_index dv_index;

dv_status dv_index_create(dv_index **out, dv_error *error);
void dv_index_destroy(dv_index *index);
/// Adds a template's features under `tag` (the caller's template number). Not thread-safe;
/// call before dv_index_build. The features are copied.
dv_status dv_index_add(dv_index *index, const dv_features *features, int32_t tag, dv_error *error);
/// Freezes the index; afterwards it is read-only and may be queried from many threads.
dv_status dv_index_build(dv_index *index, dv_error *error);
int32_t dv_index_descriptor_count(const dv_index *index);

/// One verified candidate.
typedef struct {
    int32_t tag;
    int32_t votes;        ///< descriptor matches that voted for this template
    int32_t inliers;      ///< RANSAC homography inliers (0 when verification failed)
    float inlier_ratio;   ///< inliers / votes
    float spread;         ///< share of the template's area spanned by the inliers' hull, 0..1
    float homography[9];  ///< row-major, template canonical pixels -> query pixels
} dv_match;

/// Matches `query` against the index: votes per template, the `verify` best verified by RANSAC
/// (`reprojection` pixels in the query). Writes up to `capacity` results, best (most inliers) first.
dv_status dv_index_match(const dv_index *index, const dv_features *query, int32_t verify, float reprojection,
                         dv_match *out, int32_t capacity, int32_t *count, dv_error *error);

/// Matches `query` against the one template added under `tag`: its votes and its RANSAC
/// verification as dv_index_match computes them, without voting for the others. Exists for the
/// classifier's second match on a named document's own flattening, where only that template's
/// homography is wanted: voting for every template there cost more than the rest of the
/// classification. `found` is 0 when no template has `tag` or the query has no features.
dv_status dv_index_match_tag(const dv_index *index, const dv_features *query, int32_t tag, float reprojection, dv_match *out,
                             int32_t *found, dv_error *error);

/// The votes of `query` per template, in the order templates were added: `votes` their counts,
/// `fingerprints` an order-sensitive sum of each template's (template point, query point)
/// pairs. `mode` 0: every template's, fast; 1: the same computed by a plain reference
/// implementation (for tests: both must agree exactly); 2: on an index of more than 24
/// templates, full voting for the first 12 of the order the query's screen ranks them in (the
/// others get 0; dv_index_match votes for and verifies the first `verify` of that order); 3: the same as 0 through the LSH buckets (what CPUs without
/// AVX-512 run; 0 scans the rows where the CPU can).
dv_status dv_index_votes(const dv_index *index, const dv_features *query, int32_t mode, int32_t *votes, double *fingerprints,
                         int32_t capacity, int32_t *count, dv_error *error);

/// The RANSAC homography (`dst` ~ H * `src`, `count` pairs of x, y) that verification uses:
/// `implementation` 0 is cv::findHomography(..., cv::RANSAC, reprojection, mask, 2000, 0.995),
/// 1 the shim's re-implementation of that same loop with a cheaper minimal solver (what
/// dv_index_match runs). `mask` receives `count` 0/1 inlier flags, `homography` the row-major
/// result, `found` whether there is one.
dv_status dv_find_homography(const float *src, const float *dst, int32_t count, float reprojection, int32_t implementation,
                             uint8_t *mask, double homography[9], int32_t *found, dv_error *error);

/// Compares a flattened document's colour layout with every template's thumbnail (stable parts
/// only), as it is and turned 180 degrees. `scores` receives 2 x template-count values in the
/// order templates were added: [t0 upright, t0 turned, t1 upright, ...], each -1..1.
dv_status dv_index_appearance(const dv_index *index, const dv_image *flattened, float *scores, int32_t capacity,
                              int32_t *count, dv_error *error);

/// Normalised cross-correlation, -1..1, of gradient magnitudes between `reference` (the pixels
/// of the region `rect` = x, y, w, h in the template's canonical frame, exactly w x h) and the
/// same region of `query` seen through `homography` (template canonical -> query pixels),
/// allowing a few pixels of misalignment.
dv_status dv_compare_region(const dv_image *query, const float homography[9], const dv_image *reference,
                            const int32_t rect[4], float *similarity, dv_error *error);

/// `dv_compare_region` for two references of the same region (twins' tiles), the same two
/// similarities: the query's region is cut and its gradients taken once for both.
dv_status dv_compare_region_pair(const dv_image *query, const float homography[9], const dv_image *first,
                                 const dv_image *second, const int32_t rect[4], float similarities[2], dv_error *error);

#ifdef __cplusplus
}
#endif

#endif
