/// How the user holds the device. A change during a side means the photo of that side is sent
/// whole (DESIGN.md: the device turned mid-side), because the guide moved under the card.
public enum DeviceOrientation: String, Sendable, Codable, CaseIterable {
    case portrait
    case portraitUpsideDown
    case landscapeLeft
    case landscapeRight

    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}
