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

#ifdef __cplusplus
}
#endif

#endif
