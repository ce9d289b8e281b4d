// docvision_quality.h: image-quality measurements of a flattened document (blur, glare).
// Raw measurements only; Swift maps them to 0..1 scores and decides what is acceptable.
#ifndef DOCVISION_QUALITY_H
#define DOCVISION_QUALITY_H

#include "docvision.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    /// Sharpness: the 0.9 quantile of the gradient magnitude's local variance proxy (variance
    /// of the Laplacian at a fixed working size); higher is sharper.
    float laplacian_variance;
    /// Share of pixels washed out (bright and colourless), 0..1.
    float washed_out;
    /// Mean luminance, 0..255.
    float mean_luminance;
    /// Luminance contrast: standard deviation, 0..128.
    float contrast;
} dv_quality;

/// Measures a flattened document (any size; measured at 640 pixels wide).
dv_status dv_measure_quality(const dv_image *flattened, dv_quality *out, dv_error *error);

// MARK: - Layout

/// Floats in a layout signature: a 64 x 40 map of local contrast (lighting divided out) and a
/// 32 x 20 map of the two chroma channels.
#define DV_LAYOUT_SIZE 3840  /* 64 * 40 + 2 * 32 * 20 */

/// The low-resolution layout of a flattened document (or a template's reference): what a person
/// sees at a glance, which survives blur, darkness and a shadow that keypoints do not.
/// `signature` receives DV_LAYOUT_SIZE floats.
dv_status dv_layout_signature(const dv_image *flattened, float *signature, int32_t capacity, dv_error *error);

/// Per-value weights (DV_LAYOUT_SIZE floats, 0..1) of a reference's layout signature from its
/// template's stability mask (`width` x `height` floats, 1 = design, 0 = personal data, any size
/// over the whole document): where a card carries personal data (a barcode, a photo, a name),
/// the query's layout says nothing about the design.
dv_status dv_layout_weights(const float *mask, int32_t width, int32_t height, float *weights, int32_t capacity, dv_error *error);

/// Similarity, -1..1, of a query's layout to a reference's, as it is (`upright`) and turned 180
/// degrees (`turned`), allowing a shift of a few per cent (an outline found slightly off).
/// `weights` (DV_LAYOUT_SIZE floats from dv_layout_weights, in the reference's frame, or NULL
/// for all ones) says how much each of the reference's cells counts.
dv_status dv_layout_compare(const float *query, const float *reference, const float *weights, float *upright, float *turned,
                            dv_error *error);
/// dv_layout_compare (`plainly` 0) or the same by the plain reference computation (1), for tests:
/// both must agree exactly.
dv_status dv_layout_compare_as(const float *query, const float *reference, const float *weights, int32_t plainly, float *upright,
                               float *turned, dv_error *error);

/// A catalog's reference layouts prepared for comparison: what each reference contributes that
/// does not depend on the query (its sums at every shift, its chroma means and norm) is computed
/// once here instead of at every comparison. Immutable once made; may be shared across threads.
typedef struct dv_layout_set dv_layout_set;

/// Prepares `count` references (`references[i]` DV_LAYOUT_SIZE floats, or NULL for a template
/// without a layout; `weights[i]` as for dv_layout_compare, NULL for all ones).
dv_status dv_layout_set_create(const float *const *references, const float *const *weights, int32_t count, dv_layout_set **out,
                               dv_error *error);
void dv_layout_set_destroy(dv_layout_set *set);

/// dv_layout_compare of `query` with every reference of `set`, exactly: `scores[2 i]` upright and
/// `scores[2 i + 1]` turned for reference i (both -1 where it has no layout); `count` = 2 x references.
dv_status dv_layout_set_compare(const dv_layout_set *set, const float *query, float *scores, int32_t capacity, int32_t *count,
                                dv_error *error);

/// dv_layout_set_compare counting only what the query shows of the document: `visibility`
/// (DV_LAYOUT_SIZE floats, 0..1, laid out as a signature, in the query's frame) multiplies every
/// reference's weights cell by cell (at each shift, the query cell's visibility), so a part of a
/// cut-off card that lies outside the photo (its flattening holds the border's smeared pixels
/// there) neither counts for nor against any design. All ones gives dv_layout_set_compare's scores.
dv_status dv_layout_set_compare_visible(const dv_layout_set *set, const float *query, const float *visibility, float *scores,
                                        int32_t capacity, int32_t *count, dv_error *error);

#ifdef __cplusplus
}
#endif

#endif
