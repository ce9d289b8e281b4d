#include "docrender.h"
extern "C" int dr_version(void) { return 1; }
