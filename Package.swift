// swift-tools-version:6.0
//
// DocFrame: identity-document capture and classification over OpenCV and Tesseract.
//
// Layers (see ../shared/DESIGN.md and README.md):
//   COpenCV, CTesseract   system libraries, found through pkg-config
//   CDocVision            our C++17 shim with a plain-C header: geometry and pixels, no policy
//   DocFrame              the Swift library (policy lives here)
//   docframe              the command-line tool
import PackageDescription

let package = Package(
    name: "DocFrame",
    products: [
        .library(name: "DocFrame", targets: ["DocFrame"]),
        .executable(name: "docframe", targets: ["docframe"]),
        .executable(name: "render-specimen", targets: ["render-specimen"]),
        .executable(name: "synthesize-captures", targets: ["synthesize-captures"]),
    ],
    targets: [
        // Only the OpenCV modules the shim uses are linked: `docframe-opencv.pc` is installed by
        // scripts/setup because opencv4.pc links all 55 OpenCV libraries (see README, "Linking").
        .systemLibrary(
            name: "COpenCV",
            pkgConfig: "docframe-opencv",
            providers: [.apt(["libopencv-dev"])]
        ),
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        // The exception guard every C++ shim below shares (header-only).
        .target(
            name: "CShimGuard",
            dependencies: ["COpenCV"]
        ),
        .target(
            name: "CDocVision",
            dependencies: ["COpenCV", "CShimGuard"],
            cxxSettings: [.define("CV_IGNORE_DEBUG_BUILD_GUARD")],
            // libjpeg (libjpeg-turbo, what OpenCV's decoder uses) decodes JPEG files straight
            // into BGR (image.cpp).
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .target(
            name: "DocFrame",
            dependencies: ["CDocVision", "CTesseract"]
        ),
        .executableTarget(
            name: "docframe",
            dependencies: ["DocFrame", "CDocMedia"]
        ),
        // Video files and the drawn overlay of `docframe capture` (issue 6): OpenCV's videoio
        // (about 240 shared objects: FFmpeg, GStreamer) and freetype, linked by the command
        // only, never by the library (see README, "Linking").
        .target(
            name: "CDocMedia",
            dependencies: ["COpenCV", "CShimGuard"],
            cxxSettings: [.define("CV_IGNORE_DEBUG_BUILD_GUARD")],
            linkerSettings: [.linkedLibrary("opencv_videoio"), .linkedLibrary("opencv_freetype")]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["docframe", "DocFrame"]
        ),
        .testTarget(
            name: "DocFrameTests",
            dependencies: ["DocFrame", "CTestDrawing", "Specimens"]
        ),
        // Test-only canvas (TrueType text through OpenCV's freetype module, photo degradations)
        // for the OCR and MRZ tests; the library itself never links freetype.
        .target(
            name: "CTestDrawing",
            dependencies: ["COpenCV"],
            linkerSettings: [.linkedLibrary("opencv_freetype")]
        ),

        // Synthetic training data (issue 3): drawing and photo-effect primitives over OpenCV
        // (including its freetype module, which the library itself never links), the specimen
        // designs, and the two command-line tools behind scripts/render-specimen and
        // scripts/synthesize-captures.
        .target(
            name: "CDocRender",
            dependencies: ["COpenCV", "CShimGuard"],
            linkerSettings: [.linkedLibrary("opencv_freetype")]
        ),
        .target(
            name: "Specimens",
            dependencies: ["DocFrame", "CDocRender"]
        ),
        .executableTarget(
            name: "render-specimen",
            dependencies: ["Specimens"]
        ),
        .executableTarget(
            name: "synthesize-captures",
            dependencies: ["DocFrame", "CDocRender"]
        ),
        .testTarget(
            name: "SpecimenTests",
            dependencies: ["Specimens", "DocFrame"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
