/// The suite's version, shown by `captions --version`.
public enum CaptionKitVersion {
    public static let current = "0.1.0"
}
