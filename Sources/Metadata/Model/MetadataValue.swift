/// A metadata item's typed value.
public enum MetadataValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case integer(Int64)
    case float(Double)
    /// A UTC instant as exact seconds since 1970-01-01 (``UTCTime``).
    case date(UTCTime)
    case location(ISO6709Location)

    public var description: String {
        switch self {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .float(let d): return String(d)
        case .date(let t): return t.iso8601
        case .location(let l): return l.iso6709
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .float(let d): return d
        default: return nil
        }
    }
}
