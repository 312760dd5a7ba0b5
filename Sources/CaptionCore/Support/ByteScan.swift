#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding bytes in a buffer with the C library's `memchr`: the text readers (SRT, WebVTT) scan
/// inputs of up to hundreds of megabytes for line feeds and tag openers, and must stay linear
/// and quick whatever the build (a byte-by-byte Swift loop is slow in debug builds).
public enum ByteScan {
    /// The first index of `byte` in `bytes[from..<to]`, if any.
    public static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>, from: Int, to: Int? = nil) -> Int? {
        let end = min(to ?? bytes.endIndex, bytes.endIndex)
        let start = max(from, bytes.startIndex)
        guard start < end else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let offset = start - bytes.startIndex
            guard let hit = memchr(base + offset, Int32(byte), end - start) else { return nil }
            return start + (UnsafeRawPointer(hit) - UnsafeRawPointer(base + offset))
        }
    }

    public static func firstIndex(of byte: UInt8, in bytes: [UInt8], from: Int = 0, to: Int? = nil) -> Int? {
        firstIndex(of: byte, in: bytes[...], from: from, to: to)
    }

    /// Whether `bytes` holds `byte`.
    public static func contains(_ byte: UInt8, in bytes: ArraySlice<UInt8>) -> Bool {
        firstIndex(of: byte, in: bytes, from: bytes.startIndex) != nil
    }

    /// Finds the next occurrence of one byte as a scan moves forward, remembering the last hit
    /// so that the whole scan stays linear however often it asks.
    public struct Finder: Sendable {
        public let byte: UInt8
        private var cached = -1
        private var none = false

        public init(_ byte: UInt8) { self.byte = byte }

        /// The first index of the byte at or after `from`, if any.
        public mutating func next(in bytes: ArraySlice<UInt8>, from: Int) -> Int? {
            if none { return nil }
            if cached < from {
                guard let hit = ByteScan.firstIndex(of: byte, in: bytes, from: from) else {
                    none = true
                    return nil
                }
                cached = hit
            }
            return cached
        }
    }

    /// The lines of `bytes` split at line feeds, as index ranges.
    public static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        while let lf = firstIndex(of: 0x0A, in: bytes, from: start) {
            ranges.append(start..<lf)
            start = lf + 1
        }
        ranges.append(start..<bytes.count)
        return ranges
    }

    /// `bytes` with each CR LF and each lone CR made one LF, copied between the CRs found with
    /// `memchr` (most texts have none): how SRT and WebVTT readers take line ends (WebVTT §6.1),
    /// used by the SRT reader and by the WebVTT writer, which cannot carry a CR.
    public static func lineFeedsOnly(_ bytes: [UInt8]) -> [UInt8] {
        guard var cr = firstIndex(of: 0x0D, in: bytes) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var start = 0
        while true {
            out.append(contentsOf: bytes[start..<cr])
            out.append(0x0A)
            start = cr + 1 < bytes.count && bytes[cr + 1] == 0x0A ? cr + 2 : cr + 1
            guard let next = firstIndex(of: 0x0D, in: bytes, from: start) else { break }
            cr = next
        }
        out.append(contentsOf: bytes[start...])
        return out
    }
}
