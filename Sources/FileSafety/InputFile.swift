#if canImport(Glibc)
    import Glibc
#endif

/// Reads inputs without surprises: only regular files (or standard input when the path is `-`),
/// never more than a stated limit, and never blocking on a FIFO. A device such as `/dev/zero`
/// or `/dev/urandom` is refused at once instead of being read until memory runs out.
public enum InputFile {
    /// The path that means standard input.
    public static let standardInput = "-"

    /// The whole content of `path`, at most `limit` bytes; `what` names the kind of input in the
    /// limit's message ("SCC file", "iTT document"…).
    public static func read(_ path: String, limit: Int, what: String = "input") throws(FileSafetyError) -> [UInt8] {
        if path == standardInput { return try readStream(0, path: "standard input", limit: limit, what: what) }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw FileSafetyError(.missing, "the file does not exist", path: path) }
            throw FileSafetyError(.io, "cannot open: \(FileKind.errorText(code))", path: path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw FileSafetyError(.io, "cannot read its status: \(FileKind.errorText())", path: path)
        }
        guard FileKind.isRegular(info.st_mode) else {
            throw FileSafetyError(
                .notRegularFile,
                "is \(FileKind.name(ofMode: info.st_mode)), not a regular file; give a file, or - for standard input",
                path: path)
        }
        let size = Int(info.st_size)
        if size > limit { throw tooLarge(path: path, size: size, limit: limit, what: what) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return try readStream(fd, path: path, limit: limit, what: what, expected: size)
    }

    /// The first `count` bytes of the regular file `path` (fewer when it is shorter), for a
    /// reader that needs only a file's head (a transport stream's program tables).
    public static func head(_ path: String, count: Int) throws(FileSafetyError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw FileSafetyError(.io, "cannot open: \(FileKind.errorText())", path: path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, FileKind.isRegular(info.st_mode) else {
            throw FileSafetyError(.notRegularFile, "is not a regular file", path: path)
        }
        var bytes = [UInt8](repeating: 0, count: max(0, min(count, Int(info.st_size))))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(fd, base + filled, buffer.count - filled)
            }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw FileSafetyError(.io, "cannot read: \(FileKind.errorText())", path: path) }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes.prefix(filled))
    }

    /// The size in bytes, for a regular file; nil otherwise.
    public static func size(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, FileKind.isRegular(info.st_mode) else { return nil }
        return Int(info.st_size)
    }

    /// Checks that `path` is a readable regular file without reading it (for inputs that a
    /// library opens by name, such as movies handed to libavformat).
    public static func checkReadable(_ path: String) throws(FileSafetyError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { throw FileSafetyError(.missing, "the file does not exist", path: path) }
            throw FileSafetyError(.io, "cannot open: \(FileKind.errorText(code))", path: path)
        }
        guard FileKind.isRegular(info.st_mode) else {
            throw FileSafetyError(
                .notRegularFile, "is \(FileKind.name(ofMode: info.st_mode)), not a regular file", path: path)
        }
        guard access(path, R_OK) == 0 else {
            throw FileSafetyError(.io, "cannot open: \(FileKind.errorText())", path: path)
        }
    }

    static func tooLarge(path: String, size: Int?, limit: Int, what: String) -> FileSafetyError {
        let measured = size.map { "is \(ByteCount.text($0)); " } ?? "is larger than the limit; "
        return FileSafetyError(
            .tooLarge, "\(measured)the limit for an \(what) is \(ByteCount.text(limit)) (Specs/limits.md)", path: path)
    }

    private static func readStream(
        _ fd: Int32, path: String, limit: Int, what: String, expected: Int = 0
    ) throws(FileSafetyError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(expected, limit))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileSafetyError(.io, "cannot read: \(FileKind.errorText())", path: path)
            }
            if n == 0 { return bytes }
            // The file may grow while it is read; the limit holds for what is read, not the size.
            if bytes.count + n > limit { throw tooLarge(path: path, size: nil, limit: limit, what: what) }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }
}
