import Foundation

/// ISO/IEC 7810 and ICAO 9303 sizes, with the canonical pixel size (about 300 dpi) that
/// templates and flattened crops use.
public enum DocumentFormat: String, Sendable, Codable, CaseIterable {
    case id1 = "ID-1"
    case td2 = "TD2"
    case td3 = "TD3"

    public var canonicalWidth: Int {
        switch self {
        case .id1: 1012
        case .td2: 1240
        case .td3: 1476
        }
    }

    public var canonicalHeight: Int {
        switch self {
        case .id1: 638
        case .td2: 874
        case .td3: 1039
        }
    }

    /// Width over height of the physical document.
    public var aspectRatio: Double { Double(canonicalWidth) / Double(canonicalHeight) }

    /// A card (ID-1) or a passport page (TD3), whichever shape is nearer to a long/short side
    /// `ratio` (either way up): what a document without a template is flattened as.
    public static func nearest(toAspectRatio ratio: Double) -> DocumentFormat {
        let r = ratio >= 1 ? ratio : 1 / ratio
        return abs(log(r / id1.aspectRatio)) <= abs(log(r / td3.aspectRatio)) ? .id1 : .td3
    }
}
