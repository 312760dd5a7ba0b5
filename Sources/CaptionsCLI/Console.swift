#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and standard error, unbuffered so their order is kept.
public enum Console {
    public static func out(_ text: String) { write(1, text + "\n") }

    public static func error(_ text: String) { write(2, text + "\n") }

    private static func write(_ fd: Int32, _ text: String) {
        write(fd, bytes: Array(text.utf8))
    }

    static func write(_ fd: Int32, bytes: [UInt8]) {
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

/// Lines for standard output, written in blocks of about 64 KiB (one system call each) instead
/// of one per line: for outputs of millions of lines (`captions scc dump`). Call ``flush()``
/// at the end.
public struct OutputBuffer {
    private var bytes: [UInt8] = []

    public init() {
        bytes.reserveCapacity(Self.block + 4096)
    }

    static let block = 1 << 16

    /// Adds `text` and a line feed, writing the block out when it is full.
    public mutating func line(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x0A)
        if bytes.count >= Self.block { flush() }
    }

    /// Writes out what is pending.
    public mutating func flush() {
        guard !bytes.isEmpty else { return }
        Console.write(1, bytes: bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
