// docvision_glare.h: glare on a recognised document, judged against its template's reference.
// Raw measurements only; Swift decides what is acceptable (CapturePolicy.maxReferenceGlare).
#ifndef DOCVISION_GLARE_H
#define DOCVISION_GLARE_H

#include "docvision.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    /// The largest 8-connected patch of glare pixels, as a share of the document's area.
    float largest_patch;
    /// All glare pixels, as a share of the document's area.
    float total;
    /// Share of the reference that is white (near white and colourless): where glare cannot be
    /// told by colour.
    float reference_white;
    /// The photo's paper white (median HSV value where the design is white), or -1 when it was
    /// not measured (too little white design, or a mostly white design).
    float paper_value;
} dv_reference_glare;

/// How glare is told from the design (HSV 0..255, pixels at the reference's size).
typedef struct {
    /// A glare pixel is at least this bright (value), or the photo's paper white plus
    /// `paper_margin` where that is lower (a dim photo's glare is dimmer too).
    int32_t glare_value;
    int32_t paper_margin;
    /// Paper white is measured only where the design's white covers this share of the document
    /// and reads at least `min_paper_value`; otherwise `glare_value` alone.
    float min_paper_share;
    int32_t min_paper_value;
    /// Saturation of a glare pixel over coloured design: clipped light.
    int32_t clipped_saturation;
    /// Saturation of a washed-out pixel where print was lost (white designs, white areas).
    int32_t washed_saturation;
    /// The reference is white where its HSV averaged over a `white_window` square is at least
    /// `white_value` with saturation at most `white_saturation`.
    int32_t white_value;
    int32_t white_saturation;
    int32_t white_window;
    /// Pixels the reference's white (and personal data) is widened by: the outline's error.
    int32_t tolerance;
    /// Side of the square the glare mask is opened with (thin white structures are not glare).
    int32_t opening;
    /// Share of the width along each edge left out.
    float edge_band;
    /// A design whiter than this share is judged by the print it loses alone.
    float max_white_share;
    /// Print lost: the reference has print (value under `print_value`) within a `print_window`
    /// square, the photo has none (darkest value at least `lost_value`) in that square widened
    /// by `print_tolerance`.
    int32_t print_value;
    int32_t lost_value;
    int32_t print_window;
    int32_t print_tolerance;
    /// Stability (0..1) under which the template's mask marks personal data.
    float min_stability;
    /// A patch of personal data that fills a square of this many mask cells somewhere is a
    /// photo (portrait, ghost image): left out, since its clipped highlights look like glare.
    /// Thinner personal data (typed fields, a signature) is judged like the design around it.
    /// 0 leaves out all personal data.
    int32_t photo_cells;
} dv_glare_settings;

/// A template's reference prepared once for glare measures (its white, print and personal-data
/// masks), so a frame costs one pass over the flattened document.
typedef struct dv_glare_reference dv_glare_reference;

/// Prepares `reference` (colour, the work size the frames are flattened to). `stability`:
/// the template's stability mask (`mask_width` x `mask_height` floats, 1 = design, 0 = personal
/// data, any size over the whole document), or NULL for none.
dv_status dv_glare_reference_create(const dv_image *reference, const float *stability, int32_t mask_width,
                                    int32_t mask_height, const dv_glare_settings *settings, dv_glare_reference **out,
                                    dv_error *error);
void dv_glare_reference_destroy(dv_glare_reference *reference);
/// Share of the reference that is white.
float dv_glare_reference_white_share(const dv_glare_reference *reference);

/// Glare in `flattened` (colour, the reference's size, the document's own orientation), outside
/// a band along the edges and outside personal data:
/// - over coloured design (the reference not white, widened by `tolerance`): clipped light, at
///   least the glare value (relative to the photo's paper white, see dv_glare_settings);
/// - over the reference's white: washed-out pixels where the design's print was lost, or clipped
///   light at least the photo's paper white plus `paper_margin` (brighter than the paper);
/// - everywhere on a design whiter than `max_white_share`: washed-out pixels (at least
///   `glare_value`) where the design's print was lost.
/// The mask is opened; `largest_patch` and `total` count it. `mask`, when not NULL, receives
/// the glare mask (8-bit, 255 = glare).
dv_status dv_glare_reference_measure(const dv_glare_reference *reference, const dv_image *flattened,
                                     dv_reference_glare *out, dv_image **mask, dv_error *error);

#ifdef __cplusplus
}
#endif

#endif
