import FileSafety

#if canImport(Glibc)
    import Glibc
#endif

/// A regular file opened for reading with `pread(2)`, so that a multi-gigabyte movie is never
/// read whole. Owns its descriptor and closes it when released.
public final class FileByteSource: ByteSource, @unchecked Sendable {
    // Sendable: the descriptor and size never change after init, and pread keeps no file
    // position, so concurrent reads are safe.
    public let path: String
    public let count: Int
    private let descriptor: Int32

    /// Opens `path`, which must be a regular file (FileSafety refuses devices and FIFOs).
    public init(path: String) throws(ISOBMFFError) {
        do throws(FileSafetyError) {
            try InputFile.checkReadable(path)
        } catch {
            throw ISOBMFFError(.io, error.message, path: "")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ISOBMFFError(.io, "cannot open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ISOBMFFError(.io, "\(path) is not a regular file")
        }
        self.path = path
        self.descriptor = fd
        self.count = Int(info.st_size)
    }

    public func bytes(in range: Range<Int>) throws(ISOBMFFError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw ISOBMFFError(
                .truncated, "the file ends at byte \(count), before byte \(range.upperBound)", offset: range.lowerBound)
        }
        if range.isEmpty { return [] }
        var out = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let n = out.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + done, range.count - done, off_t(range.lowerBound + done))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw ISOBMFFError(
                    .io, n == 0 ? "the file shrank while being read" : String(cString: strerror(errno)),
                    offset: range.lowerBound + done)
            }
            done += n
        }
        return out
    }

    deinit { close(descriptor) }
}
