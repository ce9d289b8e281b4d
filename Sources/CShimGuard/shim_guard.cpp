// CShimGuard is header-only (include/shim_guard.hpp); SwiftPM needs one source file per C target.
#include "shim_guard.hpp"
