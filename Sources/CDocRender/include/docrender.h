// docrender.h: drawing primitives for the specimen renderer (issue 3). Placeholder.
#ifndef DOCRENDER_H
#define DOCRENDER_H
#ifdef __cplusplus
extern "C" {
#endif
int dr_version(void);
#ifdef __cplusplus
}
#endif
#endif
