// OpenCV's thread count for the process. See docvision.h for the contract.
#include "docvision.h"

#include <opencv2/core.hpp>

extern "C" {

void dv_set_parallel_threads(int32_t threads) {
    // cv::setNumThreads takes any int (negative: the default) and throws nothing here; the
    // guard only keeps C++ exceptions out of Swift whatever a future OpenCV does.
    try {
        cv::setNumThreads(threads > 0 ? static_cast<int>(threads) : -1);
    } catch (...) {
    }
}

int32_t dv_parallel_threads(void) {
    try {
        return static_cast<int32_t>(cv::getNumThreads());
    } catch (...) {
        return 1;
    }
}

}  // extern "C"
