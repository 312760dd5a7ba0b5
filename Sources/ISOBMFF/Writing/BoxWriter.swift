/// Builds boxes into a byte array, big-endian (ISO/IEC 14496-12 §4.2), filling each box's size
/// in when its body is done.
public struct BoxWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func u8(_ v: UInt8) { bytes.append(v) }
    public mutating func u16(_ v: UInt16) { bytes += [UInt8(v >> 8), UInt8(v & 0xFF)] }
    public mutating func u24(_ v: UInt32) {
        bytes += [UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    public mutating func u32(_ v: UInt32) {
        bytes += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    public mutating func u64(_ v: UInt64) {
        u32(UInt32(truncatingIfNeeded: v >> 32))
        u32(UInt32(truncatingIfNeeded: v))
    }
    public mutating func i16(_ v: Int16) { u16(UInt16(bitPattern: v)) }
    public mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }
    public mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }
    public mutating func fourCC(_ code: FourCC) { u32(code.rawValue) }
    public mutating func append(_ data: some Sequence<UInt8>) { bytes.append(contentsOf: data) }
    public mutating func zeros(_ count: Int) { bytes.append(contentsOf: repeatElement(0, count: count)) }

    /// A box of `type` whose body `body` writes. Boxes built here stay far below 4 GiB (a
    /// `moov` is bounded by ``ISOBMFFLimits/maximumMovieHeaderBytes``); `mdat` headers are written
    /// by ``MovieTrackAdder`` itself.
    public mutating func box(_ type: FourCC, _ body: (inout BoxWriter) throws(ISOBMFFError) -> Void)
        throws(ISOBMFFError)
    {
        let start = bytes.count
        u32(0)
        fourCC(type)
        try body(&self)
        let size = bytes.count - start
        guard size <= Int(UInt32.max) else {
            throw ISOBMFFError(.limit, "a \(type) box of \(size) bytes is too large to write", path: type.description)
        }
        let s = UInt32(size)
        bytes[start] = UInt8(s >> 24)
        bytes[start + 1] = UInt8((s >> 16) & 0xFF)
        bytes[start + 2] = UInt8((s >> 8) & 0xFF)
        bytes[start + 3] = UInt8(s & 0xFF)
    }

    /// A full box (§4.2: version and 24-bit flags before the body).
    public mutating func fullBox(
        _ type: FourCC, version: UInt8 = 0, flags: UInt32 = 0, _ body: (inout BoxWriter) throws(ISOBMFFError) -> Void
    ) throws(ISOBMFFError) {
        try box(type) { (w: inout BoxWriter) throws(ISOBMFFError) in
            w.u8(version)
            w.u24(flags)
            try body(&w)
        }
    }
}
