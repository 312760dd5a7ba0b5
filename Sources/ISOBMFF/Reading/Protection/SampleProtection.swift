/// How one sample is encrypted (ISO/IEC 23001-7): whether it is, with which key and IV, and which
/// of its bytes are clear. From the sample encryption box `senc` (§7.2) or the same data as
/// sample auxiliary information (`saiz`/`saio`, §7.1; ISO/IEC 14496-12 §8.7.8–§8.7.9), with the
/// defaults of `tenc` (§8) or of the sample's `seig` group (§6).
public struct SampleProtection: Sendable, Hashable {
    /// One subsample (§7.2.2): `clearBytes` in the clear, then `protectedBytes` encrypted.
    public struct Subsample: Sendable, Hashable {
        public var clearBytes: Int
        public var protectedBytes: Int

        public init(clearBytes: Int, protectedBytes: Int) {
            self.clearBytes = clearBytes
            self.protectedBytes = protectedBytes
        }
    }

    public var isProtected: Bool
    public var keyID: [UInt8]
    /// The sample's IV, or the constant IV of its defaults.
    public var initializationVector: [UInt8]
    /// Empty: the whole sample is encrypted when ``isProtected`` (§9.5: subsamples describe the
    /// clear parts; without them the sample is encrypted as a whole).
    public var subsamples: [Subsample]

    public init(isProtected: Bool, keyID: [UInt8], initializationVector: [UInt8] = [], subsamples: [Subsample] = []) {
        self.isProtected = isProtected
        self.keyID = keyID
        self.initializationVector = initializationVector
        self.subsamples = subsamples
    }

    /// A sample that is not encrypted.
    public static let clear = SampleProtection(isProtected: false, keyID: [])

    /// The encrypted byte ranges of a sample of `size` bytes, in order. Subsamples describe the
    /// whole sample (§7.2.2); when a damaged table describes fewer bytes, the rest is taken as
    /// encrypted (nothing is read from bytes whose state is unknown), and more bytes are cut at
    /// the sample's end (``describesSize(_:)`` tells).
    public func protectedRanges(sampleSize size: Int) -> [Range<Int>] {
        guard isProtected else { return [] }
        guard !subsamples.isEmpty else { return size > 0 ? [0..<size] : [] }
        var ranges: [Range<Int>] = []
        var p = 0
        for s in subsamples {
            p = min(size, p + s.clearBytes)
            let end = min(size, p + s.protectedBytes)
            if end > p { ranges.append(p..<end) }
            p = end
        }
        if p < size {
            if let last = ranges.last, last.upperBound == p {
                ranges[ranges.count - 1] = last.lowerBound..<size
            } else {
                ranges.append(p..<size)
            }
        }
        return ranges
    }

    /// Whether the subsamples add up to `size` bytes (§7.2.2: they cover the whole sample), or
    /// there are none.
    public func describesSize(_ size: Int) -> Bool {
        subsamples.isEmpty || subsamples.reduce(0) { $0 + $1.clearBytes + $1.protectedBytes } == size
    }
}
