/// Vector products on homogeneous image points and camera rays: the pinhole-camera geometry of
/// `PassportPage.perspectiveAspect` and `CutOffCompletion` (lines through two points, the
/// meeting point of two lines, directions in space) without a linear-algebra dependency.
extension SIMD3 where Scalar == Double {
    func cross(_ other: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    func dot(_ other: SIMD3<Double>) -> Double { (self * other).sum() }

    var length: Double { dot(self).squareRoot() }
}
