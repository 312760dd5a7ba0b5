/// One CEA-608 byte pair as a frame carries it for one field, parity bits included (47 CFR
/// 15.119(b), now 47 CFR 79.101: two bytes a field a frame).
public struct CEA608BytePair: Sendable, Hashable {
    public var first: UInt8
    public var second: UInt8

    public init(_ first: UInt8, _ second: UInt8) {
        self.first = first
        self.second = second
    }

    public init(word: UInt16) {
        first = UInt8(word >> 8)
        second = UInt8(word & 0xFF)
    }

    /// Both bytes, first high: the form SCC files write.
    public var word: UInt16 { UInt16(first) << 8 | UInt16(second) }

    /// Null data: 0x80 0x80 (two NULs with odd parity, the line-21 filler) or 0x00 0x00 (what
    /// QuickTime says a frame without data stands for).
    public var isPadding: Bool { (first & 0x7F) == 0 && (second & 0x7F) == 0 }

    /// The filler pair, 0x80 0x80.
    public static let padding = CEA608BytePair(0x80, 0x80)
}
