/// A FIT base type (FIT Protocol, "Base Types"): the low five bits of a field definition's base
/// type byte name it (bit 7 says whether it is endian-sensitive). Each has a size and an invalid
/// value, which means "no value" (the field is absent): all bits set for unsigned and enum types,
/// the largest positive value for signed types, zero for the `z` types and strings.
enum FITBaseType: UInt8, Sendable {
    case enumeration = 0x00, sint8 = 0x01, uint8 = 0x02, sint16 = 0x03, uint16 = 0x04, sint32 = 0x05
    case uint32 = 0x06, string = 0x07, float32 = 0x08, float64 = 0x09, uint8z = 0x0A, uint16z = 0x0B
    case uint32z = 0x0C, byte = 0x0D, sint64 = 0x0E, uint64 = 0x0F, uint64z = 0x10

    /// The type a base type byte names, or nil for an unknown one (read as bytes).
    init?(byte: UInt8) { self.init(rawValue: byte & 0x1F) }

    var size: Int {
        switch self {
        case .enumeration, .sint8, .uint8, .uint8z, .byte, .string: return 1
        case .sint16, .uint16, .uint16z: return 2
        case .sint32, .uint32, .uint32z, .float32: return 4
        case .float64, .sint64, .uint64, .uint64z: return 8
        }
    }

    var isSigned: Bool { self == .sint8 || self == .sint16 || self == .sint32 || self == .sint64 }

    /// One element read from `raw` (`size` bytes, already in little-endian order), or nil when it
    /// holds the type's invalid value. Integers are exact up to 2^63; uint64 beyond it is nil.
    func value(_ raw: UInt64) -> FITValue.Element? {
        switch self {
        case .float32:
            guard raw != 0xFFFF_FFFF else { return nil }
            let f = Float(bitPattern: UInt32(truncatingIfNeeded: raw))
            return f.isFinite ? .float(Double(f)) : nil
        case .float64:
            guard raw != UInt64.max else { return nil }
            let d = Double(bitPattern: raw)
            return d.isFinite ? .float(d) : nil
        case .uint8z, .uint16z, .uint32z, .uint64z:
            return raw == 0 || raw > UInt64(Int64.max) ? nil : .integer(Int64(raw))
        case .sint8, .sint16, .sint32, .sint64:
            let bits = size * 8
            let invalid = (UInt64(1) << (bits - 1)) - 1
            guard raw != invalid else { return nil }
            // Sign-extend from the field's width.
            let shift = UInt64(64 - bits)
            return .integer(Int64(bitPattern: raw << shift) >> Int64(shift))
        default:
            let all = size == 8 ? UInt64.max : (UInt64(1) << UInt64(size * 8)) - 1
            return raw == all || raw > UInt64(Int64.max) ? nil : .integer(Int64(raw))
        }
    }
}

/// A decoded field of a FIT data message: numbers (one, or an array when the field's size is a
/// multiple of its base type's), a string, or bytes (the `byte` type, an unknown base type, or a
/// size that is no multiple of the type's). Invalid elements are nil.
enum FITValue: Sendable, Hashable {
    enum Element: Sendable, Hashable {
        case integer(Int64)
        case float(Double)

        var double: Double {
            switch self {
            case .integer(let i): return Double(i)
            case .float(let d): return d
            }
        }
    }

    case numbers([Element?])
    case string(String)
    case bytes([UInt8])

    /// The first element as a number, or nil (an invalid value, a string, bytes).
    var number: Double? {
        if case .numbers(let n) = self, let first = n.first, let e = first { return e.double }
        return nil
    }

    /// The first element as an integer (a float is truncated toward zero if it fits).
    var integer: Int64? {
        guard case .numbers(let n) = self, let first = n.first, let e = first else { return nil }
        switch e {
        case .integer(let i): return i
        case .float(let d): return d.magnitude < 9.2e18 ? Int64(d) : nil
        }
    }

    var text: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Whether every element is invalid: the field is absent (FIT Protocol, "Base Types").
    var isInvalid: Bool {
        switch self {
        case .numbers(let n): return n.allSatisfy { $0 == nil }
        case .string(let s): return s.isEmpty
        case .bytes(let b): return b.allSatisfy { $0 == 0xFF }
        }
    }
}
