/// The GPMF value types (GoPro's GPMF format, "Type" table): the size of one value of each.
public enum GPMFType {
    /// Bytes per value of type `c`, or nil for types that need `TYPE` (`?`) or are unknown.
    public static func size(of type: UInt8) -> Int? {
        switch type {
        case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "c"): return 1
        case UInt8(ascii: "s"), UInt8(ascii: "S"): return 2
        case UInt8(ascii: "l"), UInt8(ascii: "L"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "q"): return 4
        case UInt8(ascii: "d"), UInt8(ascii: "j"), UInt8(ascii: "J"), UInt8(ascii: "Q"): return 8
        case UInt8(ascii: "G"), UInt8(ascii: "U"): return 16
        default: return nil
        }
    }

    /// Reads value `index` (0-based, within the whole data) of `type` as a Double; nil when the
    /// data is too short or the type is not numeric.
    public static func number(_ data: [UInt8], type: UInt8, at byteOffset: Int) -> Double? {
        guard let size = size(of: type), byteOffset >= 0, byteOffset + size <= data.count else { return nil }
        var u: UInt64 = 0
        for i in 0..<size { u = u << 8 | UInt64(data[byteOffset + i]) }
        switch type {
        case UInt8(ascii: "b"): return Double(Int8(truncatingIfNeeded: u))
        case UInt8(ascii: "B"): return Double(UInt8(truncatingIfNeeded: u))
        case UInt8(ascii: "s"): return Double(Int16(truncatingIfNeeded: u))
        case UInt8(ascii: "S"): return Double(UInt16(truncatingIfNeeded: u))
        case UInt8(ascii: "l"): return Double(Int32(truncatingIfNeeded: u))
        case UInt8(ascii: "L"): return Double(UInt32(truncatingIfNeeded: u))
        case UInt8(ascii: "f"): return Double(Float(bitPattern: UInt32(truncatingIfNeeded: u)))
        case UInt8(ascii: "d"): return Double(bitPattern: u)
        case UInt8(ascii: "j"): return Double(Int64(bitPattern: u))
        case UInt8(ascii: "J"): return Double(u)
        case UInt8(ascii: "q"): return Double(Int32(truncatingIfNeeded: u)) / 65536
        case UInt8(ascii: "Q"): return Double(Int64(bitPattern: u)) / 4_294_967_296
        default: return nil
        }
    }
}
