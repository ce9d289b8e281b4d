/// The library and command-line version (semantic versioning).
public enum DocFrameVersion {
    public static let string = "0.1.0"
}
