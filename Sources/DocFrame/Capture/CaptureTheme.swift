/// The colours of the guide frame per state, as `#RRGGBB`. Front ends apply their branding by
/// passing their own theme; the defaults are DESIGN.md's.
public struct CaptureTheme: Sendable, Hashable, Codable {
    public var searching: String
    public var adjusting: String
    public var needsUser: String
    public var unusable: String
    public var ready: String

    public init(searching: String = "#FFFFFF", adjusting: String = "#1E6FFF", needsUser: String = "#F5A524",
                unusable: String = "#E5484D", ready: String = "#30A46C") {
        self.searching = searching
        self.adjusting = adjusting
        self.needsUser = needsUser
        self.unusable = unusable
        self.ready = ready
    }

    /// DESIGN.md's colours: white, blue #1E6FFF, amber #F5A524, red #E5484D, green #30A46C.
    public static let `default` = CaptureTheme()

    public func color(for state: CaptureState) -> String {
        switch state {
        case .searching: searching
        case .adjusting: adjusting
        case .needsUser: needsUser
        case .unusable: unusable
        case .ready: ready
        }
    }
}
