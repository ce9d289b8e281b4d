// docvision_track.h: following a document's outline from one camera frame to the next.
//
// The locator searches the whole frame (edges, contours, line pairs: tens of milliseconds on a
// 1280x720 frame); a capture session mostly needs the same card a few pixels from where it was.
// Tracking re-fits each side of the last quad to the strongest edge in a narrow band around it,
// at full resolution, and reports how well each side is backed by an edge, so the caller (Swift)
// decides whether the track still holds or the locator must search again.
// Every entry point catches every C++ exception (see docvision.h).
#ifndef DOCVISION_TRACK_H
#define DOCVISION_TRACK_H

#include "docvision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The outline re-fitted near a previous one.
typedef struct {
    /// x0,y0 ... x3,y3 in the order the previous corners were given.
    float corners[8];
    /// Per side (side i runs from corner i to corner i+1): the share of the samples inside the
    /// image whose strongest edge nearby lies within 2 pixels of the fitted side, 0..1.
    float support[4];
    /// Per side: the share of its samples that lie inside the image, 0..1.
    float inside[4];
    /// Non-zero when all four sides were fitted and the corners make a plausible convex quad
    /// within reach of the previous one; otherwise `corners` repeats the previous corners.
    int32_t fitted;
} dv_track_result;

/// Re-fits the four sides of `previous` (x0,y0 ... x3,y3, any consistent winding) to the
/// strongest edges within `search` pixels across each side: a coarse pass over the whole band,
/// then a fine pass within two pixels of the coarse line.
dv_status dv_track_quad(const dv_image *image, const float previous[8], float search, dv_track_result *out,
                        dv_error *error);

#ifdef __cplusplus
}
#endif

#endif
