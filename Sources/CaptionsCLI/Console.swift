import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and standard error, unbuffered so their order is kept.
///
/// A write to standard output that fails (a full disk behind `> file`, `/dev/full`, a closed
/// descriptor) is remembered, not ignored: ``Exit`` turns it into an error with status 2, since
/// the user did not get what the command printed.
public enum Console {
    /// Writes `text` and a line feed to standard output, from the string's own UTF-8 storage:
    /// a report of tens of megabytes (`validate` of a hostile file) is not copied again.
    public static func out(_ text: String) {
        if let failure = write(1, text) ?? write(1, newline) { record(failure) }
    }

    public static func error(_ text: String) { _ = write(2, text) ?? write(2, newline) }

    private static let newline: [UInt8] = [0x0A]

    /// Writes `bytes` as they are to standard output (an image for `-o -`).
    public static func out(bytes: [UInt8]) {
        if let failure = write(1, bytes) { record(failure) }
    }

    /// Why a write to standard output failed (the system's words), if one has.
    public static var standardOutputFailure: String? { failure.withLock { $0 } }

    private static let failure = Mutex<String?>(nil)

    private static func record(_ reason: String) {
        failure.withLock { if $0 == nil { $0 = reason } }
    }

    private static func write(_ fd: Int32, _ text: String) -> String? {
        var text = text
        return text.withUTF8 { write(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Writes all of `bytes`; returns the reason when the system refuses.
    private static func write(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { write(fd, $0) }
    }

    private static func write(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> String? {
        guard let base = raw.baseAddress else { return nil }
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(fd, base + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if n == 0 { return "nothing could be written" }
            offset += n
        }
        return nil
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
        Console.out(bytes: bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
