#if canImport(Glibc)
    import Glibc
#endif

/// An output that appears whole or not at all. The bytes go to a hidden temporary file in the
/// destination's folder (same file system, so the final step is an atomic `rename(2)`); the
/// destination changes only at ``commit()``. Until then:
/// - a failure, a full disk, or the owner going away (``discard()``, `deinit`) removes the
///   temporary file and leaves any previous output untouched;
/// - SIGINT, SIGTERM and SIGHUP remove it and end the process with status 130;
/// - after SIGKILL the hidden file stays, and the next ``OutputFile`` in that folder removes it.
///
/// The destination is checked first: an existing file is replaced only with `overwrite`;
/// something that is not a regular file (a device such as `/dev/full`, a FIFO, a
/// folder) is never replaced; a symbolic link is written through to the file it points to,
/// which keeps the link.
public final class OutputFile {
    /// The path as the caller named it.
    public let path: String
    /// The file that ``commit()`` replaces or creates: `path`, or a symbolic link's target.
    public let destination: String
    /// Where the bytes are written until ``commit()``. Libraries that write by name (libavformat)
    /// may open it themselves after ``releaseDescriptor()``.
    public let temporaryPath: String

    private let overwrite: Bool
    private let replacedMode: mode_t?
    private var descriptor: Int32
    private var slot: Int?
    private var finished = false

    public init(_ path: String, overwrite: Bool) throws(FileSafetyError) {
        self.path = path
        self.overwrite = overwrite
        var destination = path
        var replacedMode: mode_t?
        var info = stat()
        if lstat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK {
                guard let resolved = realpath(path, nil) else {
                    throw FileSafetyError(
                        .notRegularFile, "is a symbolic link to a file that does not exist; remove the link or name its target",
                        path: path)
                }
                destination = String(cString: resolved)
                free(resolved)
                guard stat(destination, &info) == 0 else {
                    throw FileSafetyError(.io, "cannot read its status: \(FileKind.errorText())", path: path)
                }
            }
            guard FileKind.isRegular(info.st_mode) else {
                throw FileSafetyError(
                    .notRegularFile,
                    "is \(FileKind.name(ofMode: info.st_mode)), not a regular file; \(FileSafetyError.neverReplacedHint)",
                    path: path)
            }
            guard overwrite else {
                throw FileSafetyError(.exists, "already exists; \(FileSafetyError.replaceHint)", path: path)
            }
            replacedMode = info.st_mode & 0o7777
        } else if errno != ENOENT {
            throw FileSafetyError(.io, "cannot check the output: \(FileKind.errorText())", path: path)
        }
        self.destination = destination
        self.replacedMode = replacedMode

        let (folder, name) = Self.split(destination)
        try Self.checkFolder(folder, for: path)
        StaleTemporaryFiles.sweep(folder: folder)
        temporaryPath =
            folder + StaleTemporaryFiles.temporaryName(for: name, pid: getpid(), random: UInt32.random(in: 1...UInt32.max))
        // Registered before it exists, so that a signal arriving in between cannot orphan it.
        slot = TemporaryFileRegistry.register(temporaryPath)
        descriptor = open(temporaryPath, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, replacedMode ?? 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if let slot { TemporaryFileRegistry.unregister(slot) }
            finished = true
            let shown = folder.isEmpty ? "the current folder" : "the folder \(folder)"
            throw FileSafetyError(
                .folder, "cannot create a file in \(shown): \(FileKind.errorText(code))", path: path)
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends `bytes` to the temporary file.
    func write(_ bytes: UnsafeRawBufferPointer) throws(FileSafetyError) {
        guard descriptor >= 0, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileSafetyError(.io, "cannot write the output: \(FileKind.errorText())", path: path)
            }
            offset += n
        }
    }

    /// Appends `bytes` to the temporary file.
    public func write(_ bytes: [UInt8]) throws(FileSafetyError) {
        let outcome = bytes.withUnsafeBytes { raw in Result { () throws(FileSafetyError) in try write(raw) } }
        try outcome.get()
    }

    /// Closes this object's descriptor, for a library that opens ``temporaryPath`` by name.
    /// The file stays registered for removal and is still moved into place by ``commit()``.
    public func releaseDescriptor() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }

    /// Flushes the file to disk and moves it into place. Without `overwrite`, a destination
    /// that appeared meanwhile is not replaced.
    public func commit() throws(FileSafetyError) {
        guard !finished else {
            throw FileSafetyError(.io, "the output was already finished or discarded", path: path)
        }
        defer { finish() }
        if descriptor < 0 {
            descriptor = open(temporaryPath, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw FileSafetyError(.io, "the unfinished output disappeared: \(FileKind.errorText())", path: path)
            }
        }
        if let replacedMode { fchmod(descriptor, replacedMode) }
        if fsync(descriptor) != 0 {
            throw FileSafetyError(.io, "cannot write the output: \(FileKind.errorText())", path: path)
        }
        close(descriptor)
        descriptor = -1
        if overwrite {
            guard rename(temporaryPath, destination) == 0 else {
                throw FileSafetyError(.io, "cannot move the output into place: \(FileKind.errorText())", path: path)
            }
        } else {
            // link(2) fails with EEXIST instead of replacing a file created since the check.
            if link(temporaryPath, destination) != 0 {
                let code = errno
                if code == EEXIST {
                    throw FileSafetyError(.exists, "already exists; \(FileSafetyError.replaceHint)", path: path)
                }
                // File systems without hard links (some FUSE and FAT mounts): check, then rename.
                guard code == EPERM || code == ENOTSUP || code == EXDEV, !Self.exists(destination),
                    rename(temporaryPath, destination) == 0
                else {
                    throw FileSafetyError(
                        .io, "cannot move the output into place: \(FileKind.errorText(code))", path: path)
                }
            }
        }
        Self.syncFolder(Self.split(destination).folder)
    }

    /// Removes the temporary file; the destination stays as it was.
    public func discard() {
        guard !finished else { return }
        finish()
    }

    private func finish() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporaryPath)
        if let slot { TemporaryFileRegistry.unregister(slot) }
        slot = nil
        finished = true
    }

    // MARK: - Paths

    /// `("dir/", "name")`, or `("", "name")` for a bare name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// Whether anything (a file, a link, a device…) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func checkFolder(_ folder: String, for path: String) throws(FileSafetyError) {
        guard !folder.isEmpty else { return }
        var info = stat()
        guard stat(folder, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw FileSafetyError(.folder, "the folder \(folder) does not exist", path: path)
            }
            throw FileSafetyError(.folder, "cannot use the folder \(folder): \(FileKind.errorText(code))", path: path)
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw FileSafetyError(.folder, "\(folder) is not a folder", path: path)
        }
    }

    /// Makes the rename durable (POSIX leaves directory entries to the folder's own fsync).
    private static func syncFolder(_ folder: String) {
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
