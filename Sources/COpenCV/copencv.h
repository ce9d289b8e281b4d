// Intentionally empty: COpenCV exists so that SwiftPM links the narrow set of OpenCV
// libraries named in docframe-opencv.pc. CDocVision is the only code that includes OpenCV.
#ifndef COPENCV_H
#define COPENCV_H
#endif
