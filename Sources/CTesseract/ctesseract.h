// Tesseract's own C API (plain C, safe for Swift's importer) plus the Leptonica pixel type it takes.
#ifndef CTESSERACT_H
#define CTESSERACT_H
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
#endif
