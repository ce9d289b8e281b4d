// docvision_mrz.h: measuring machine-readable zones (issue 5). Geometry and pixels only: the
// shim finds text-line boxes and cuts lines out; Swift decides which lines form an MRZ.
#ifndef DOCVISION_MRZ_H
#define DOCVISION_MRZ_H

#include "docvision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A rotated rectangle in image pixels: centre, size (`width` along the text, `height` across
/// it) and the text's angle in degrees (positive: clockwise in image coordinates), |angle| <= 45.
typedef struct {
    float cx, cy;
    float width, height;
    float angle;
} dv_rotated_box;

/// Finds lines of dark text on a lighter background in `work`, a copy of the source image
/// already scaled down by `scale` (source width over `work`'s; 1 for the source itself): a
/// black-hat transform, Otsu, a horizontal closing of about one character to join each line's
/// characters (and `<` runs) into one band, then one rotated box per band. The caller scales
/// (Swift's `TextLineBox.scaledCopy`) so that one copy serves several character heights.
/// `char_height` is the expected character height in `work` (it sizes the morphology). Writes
/// up to `capacity` boxes, in source pixels, sorted top to bottom; `count` gets the number found
/// (which may exceed `capacity`: the rest are dropped).
dv_status dv_text_lines_find_scaled(const dv_image *work, double scale, int32_t char_height,
                                    dv_rotated_box *boxes, int32_t capacity, int32_t *count, dv_error *error);

typedef enum {
    DV_BINARIZE_NONE = 0,      ///< grey, contrast stretched
    DV_BINARIZE_OTSU = 1,      ///< one global threshold
    DV_BINARIZE_ADAPTIVE = 2,  ///< local mean threshold (uneven light)
    DV_BINARIZE_LOCAL = 3,     ///< contrast stretched, then a Gaussian-weighted local threshold well
                               ///< below the mean: thin strokes for soft, small or dim text
    DV_BINARIZE_SMOOTH = 4     ///< smoothed over a stroke's width, then one global threshold:
                               ///< sensor noise of dark, grainy photos
} dv_binarization;

/// Cuts `box` out upright (its rotation undone), widened by `pad_x` and `pad_y` times the box
/// height on each side, scaled so the box height becomes `out_height` pixels, as 8-bit grey,
/// binarised as asked (dark text on white).
dv_status dv_text_line_cut(const dv_image *image, dv_rotated_box box, float pad_x, float pad_y,
                           int32_t out_height, dv_binarization binarization, dv_image **out, dv_error *error);

/// `dv_text_line_cut` in its two steps, for a caller that binarises one cut several ways: the
/// cut upright and scaled (8-bit grey, not binarised), then that cut binarised into a new image
/// (`cut` is left as it is). `dv_text_line_binarize(dv_text_line_upright(...))` is pixel for
/// pixel `dv_text_line_cut(...)` with the same arguments; the MRZ reader tries up to four
/// binarisations of a line at one scale, and the upright cut (a cubic warp) was most of each.
dv_status dv_text_line_upright(const dv_image *image, dv_rotated_box box, float pad_x, float pad_y,
                               int32_t out_height, dv_image **out, dv_error *error);
dv_status dv_text_line_binarize(const dv_image *cut, int32_t out_height, dv_binarization binarization, dv_image **out,
                                dv_error *error);

/// Where the ink of the line in `box` lies across it: the box's middle 80% cut out upright with
/// a box height of margin on either side, Otsu-thresholded, and the rows holding at least a
/// third of the inkiest row's ink; `band_offset` gets the centre of the run of such rows that
/// holds the most ink within the box (in source pixels across the line, positive towards the
/// box's lower side) and `band_height` that run's height (source pixels). Both 0 when no run
/// is found.
dv_status dv_text_line_band(const dv_image *image, dv_rotated_box box, float *band_offset, float *band_height,
                            dv_error *error);

#ifdef __cplusplus
}
#endif

#endif  // DOCVISION_MRZ_H
