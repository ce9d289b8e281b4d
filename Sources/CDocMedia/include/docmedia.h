// docmedia.h: video files and the drawn capture overlay, for `docframe capture` only.
//
// Why a target of its own: OpenCV's videoio loads about 240 shared objects (GStreamer, FFmpeg)
// and freetype brings FreeType and HarfBuzz; the library and every other binary stay without
// them (see README, "Linking"). Only the docframe command links this.
//
// Plain C over C++: every entry point catches every C++ exception and returns a status with a
// message (never personal data). Every handle made here is freed with its matching destroy.
#ifndef DOCMEDIA_H
#define DOCMEDIA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    DM_OK = 0,
    DM_ERR_INVALID_ARGUMENT = 1,
    DM_ERR_IO = 2,           ///< a file cannot be opened, read or written
    DM_ERR_UNSUPPORTED = 3,  ///< no video backend can read or write this file
    DM_ERR_INTERNAL = 4
} dm_status;

typedef struct {
    dm_status code;
    char message[256];
} dm_error;

// MARK: - Reading video

typedef struct dm_video_reader dm_video_reader;

/// Opens a video file. `fps` is the container's frame rate (0 when unknown).
dm_status dm_video_open(const char *path, dm_video_reader **out, double *fps, dm_error *error);

/// Decodes the next frame as packed BGR. `*has_frame` is 0 at the end of the video. The pixels
/// stay valid until the next call on this reader. `*t` is the frame's timestamp in seconds (from
/// the container; the caller falls back on index / fps when it is not increasing).
dm_status dm_video_next(dm_video_reader *reader, const uint8_t **pixels, int32_t *width, int32_t *height,
                        size_t *bytes_per_row, double *t, int32_t *has_frame, dm_error *error);

void dm_video_close(dm_video_reader *reader);

// MARK: - Drawing what the user sees

/// One frame's overlay (the capture session's frame state), in frame pixels.
typedef struct {
    double guide[4];          ///< x, y, w, h
    uint8_t color[3];         ///< R, G, B of the guide (the state colour)
    const char *label;        ///< UTF-8, or NULL for none
    int32_t tick;             ///< draw a tick after the label
    const char *instruction;  ///< UTF-8
    double progress;          ///< 0..1; a bar under the guide when > 0
    int32_t shutter;          ///< the manual shutter button is shown
    const char *caption;      ///< UTF-8 small text at the top left (frame and time), or NULL
} dm_overlay;

/// Writes drawn frames: a video (any extension OpenCV's writers know: .mp4, .avi, .mkv), or a
/// contact sheet (a .png of tiles; frames are added as tiles as they come).
typedef struct dm_renderer dm_renderer;

/// `font_path`: a TrueType font with the Latin accents, the ellipsis and the tick (DejaVu Sans).
/// `sheet`: non-zero for a contact sheet with `columns` tiles a row, each `tile_width` wide.
dm_status dm_renderer_create(const char *out_path, const char *font_path, int32_t sheet, int32_t columns,
                             int32_t tile_width, double fps, dm_renderer **out, dm_error *error);

/// Draws `overlay` onto a copy of the BGR frame and writes it (video) or keeps it as a tile (sheet).
dm_status dm_renderer_add(dm_renderer *renderer, const uint8_t *bgr, int32_t width, int32_t height,
                          size_t bytes_per_row, const dm_overlay *overlay, dm_error *error);

/// Finishes the file (the sheet is written here). Call once before destroy.
dm_status dm_renderer_finish(dm_renderer *renderer, dm_error *error);

void dm_renderer_destroy(dm_renderer *renderer);

#ifdef __cplusplus
}
#endif

#endif
