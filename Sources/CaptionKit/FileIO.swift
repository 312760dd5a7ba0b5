import CaptionCore

#if canImport(Glibc)
    import Glibc
#endif

/// File access that never loses data: reads whole files, writes through a temporary file and a
/// rename, and refuses to replace an existing file unless asked. Plain POSIX calls: this is on
/// every command's path and must stay cheap.
public enum FileIO {
    /// The whole file's bytes.
    public static func readAll(_ path: String) throws(CaptionFormatError) -> [UInt8] {
        let loc = DiagnosticLocation(file: path)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw CaptionFormatError(
                .io, errno == ENOENT ? "the file does not exist" : "cannot open: \(errorText())", at: loc)
        }
        defer { close(fd) }
        var info = stat()
        var bytes: [UInt8] = []
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw CaptionFormatError(.io, "is a folder, not a file", at: loc) }
            bytes.reserveCapacity(Int(info.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CaptionFormatError(.io, "cannot read: \(errorText())", at: loc)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Writes `bytes` to a temporary file beside `path`, flushes it, then moves it into place:
    /// `rename(2)` when replacing is allowed, `link(2)` (which fails if `path` exists) otherwise.
    /// A failure or an interruption never leaves a half-written `path`.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(CaptionFormatError) {
        let loc = DiagnosticLocation(file: path)
        if !overwrite && exists(path) {
            throw CaptionFormatError(.io, "already exists; use --force to replace it", at: loc)
        }
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temp = "\(dir).\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CaptionFormatError(
                .io, "cannot create a temporary file in the output folder: \(errorText())", at: loc)
        }
        var ok = bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        var failure = ok ? "" : errorText()
        if ok && fsync(fd) != 0 {
            ok = false
            failure = errorText()
        }
        close(fd)
        guard ok else {
            unlink(temp)
            throw CaptionFormatError(.io, "cannot write the output: \(failure)", at: loc)
        }
        let moved = overwrite ? rename(temp, path) == 0 : link(temp, path) == 0
        let moveErrno = errno
        unlink(temp)
        if !moved {
            if moveErrno == EEXIST {
                throw CaptionFormatError(.io, "already exists; use --force to replace it", at: loc)
            }
            throw CaptionFormatError(
                .io, "cannot move the output into place: \(String(cString: strerror(moveErrno)))", at: loc)
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
