#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and standard error, unbuffered so their order is kept.
public enum Console {
    public static func out(_ text: String) { write(1, text + "\n") }

    public static func error(_ text: String) { write(2, text + "\n") }

    /// Writes `bytes` as they are to standard output (an image for `-o -`).
    public static func out(bytes: [UInt8]) { write(1, bytes) }

    private static func write(_ fd: Int32, _ text: String) { write(fd, Array(text.utf8)) }

    private static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var bytes = bytes
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
