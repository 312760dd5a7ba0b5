/// How a value is stored: the QuickTime well-known data types (QuickTime File Format, "Well-known
/// types"), named as AVFoundation's `AVMetadataDataType` does for the ones used here.
public enum MetadataDataType: UInt32, Sendable, Hashable, CaseIterable {
    /// UTF-8 text, no terminator (type 1); also ISO 6709 locations and ISO 8601 dates as text.
    case utf8 = 1
    /// Big-endian IEEE 754 binary32 (type 23).
    case float32 = 23
    /// Big-endian IEEE 754 binary64 (type 24).
    case float64 = 24
    /// Big-endian two's-complement 32-bit integer (type 67).
    case int32 = 67
    /// Big-endian two's-complement 64-bit integer (type 74).
    case int64 = 74

    /// AVFoundation's name, `com.apple.metadata.datatype.…`.
    public var name: String {
        switch self {
        case .utf8: return "com.apple.metadata.datatype.UTF-8"
        case .float32: return "com.apple.metadata.datatype.float32"
        case .float64: return "com.apple.metadata.datatype.float64"
        case .int32: return "com.apple.metadata.datatype.int32"
        case .int64: return "com.apple.metadata.datatype.int64"
        }
    }
}
