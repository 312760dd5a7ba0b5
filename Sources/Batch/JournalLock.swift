#if canImport(Glibc)
    import Glibc
#endif

/// One batch at a time per journal: an exclusive `flock(2)` on `JOURNAL.lock`, released when the
/// batch ends or its process dies (the kernel drops the lock), so a crash never leaves it held.
struct JournalLock {
    private let descriptor: Int32

    init(_ journalPath: String) throws(BatchError) {
        let path = journalPath + ".lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BatchError("cannot open \(path): \(String(cString: strerror(errno)))", file: journalPath)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw BatchError(
                "another batch is running on this journal; wait for it or use another --journal", file: journalPath)
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
