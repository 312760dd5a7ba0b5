#if canImport(Glibc)
    import Glibc
#endif

/// What an `lstat`/`fstat` mode names, in words for messages.
enum FileKind {
    static func name(ofMode mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    static func isRegular(_ mode: mode_t) -> Bool { (mode & S_IFMT) == S_IFREG }

    /// `strerror(errno)` as text.
    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}
