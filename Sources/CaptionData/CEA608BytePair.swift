import CEA608

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

extension CEA608BytePair {
    /// This pair as `field` sends it: a miscellaneous control code (RCL, EOC, EDM… second byte
    /// 0x20–0x2F) takes first byte 0x14/0x1C in field 1 (CC1/CC2) and 0x15/0x1D in field 2
    /// (CC3/CC4), CTA-608-E Table 4 (47 CFR 15.119(j)); every other pair — characters, PACs,
    /// mid-row codes, tab offsets — is the same in both fields and is returned unchanged. An SCC
    /// file of CC1 captions so becomes CC3 when its words go in field 2.
    public func miscellaneousControl(for field: CaptionField) -> CEA608BytePair {
        guard let a = Parity.strippingParity(first), let b = Parity.strippingParity(second),
            a & 0x76 == 0x14, (0x20...0x2F).contains(b)
        else { return self }
        let moved = field == .one ? a & ~0x01 : a | 0x01
        return CEA608BytePair(Parity.addingOddParity(to: moved), second)
    }
}
