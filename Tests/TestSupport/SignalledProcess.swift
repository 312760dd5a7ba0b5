import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started as a terminal would start it: SIGINT and SIGTERM at their default
/// dispositions and unblocked, whatever this test process inherited (a background job starts
/// with SIGINT ignored, and a program keeps an ignored SIGINT ignored).
public final class SignalledProcess {
    public let pid: pid_t

    public init(_ program: URL, _ args: [String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program.path] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let r = posix_spawn(&child, program.path, &actions, &attributes, argv, environ)
        guard r == 0 else {
            throw MediaTools.Failure.failed("posix_spawn \(program.path): \(String(cString: strerror(r)))")
        }
        pid = child
    }

    public func signal(_ number: Int32) { kill(pid, number) }

    /// The status once reaped (by ``wait()`` or ``statusIfEnded()``).
    private var reaped: Int32?

    /// Waits for the process; its exit status, or 128 + the signal that ended it.
    public func wait() -> Int32 {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let decoded = Self.decode(status)
        reaped = decoded
        return decoded
    }

    /// The status if the process has ended (reaping it), nil while it runs: unlike
    /// ``isRunning``, an ended but unreaped process counts as ended.
    public func statusIfEnded() -> Int32? {
        if let reaped { return reaped }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let decoded = Self.decode(status)
        reaped = decoded
        return decoded
    }

    private static func decode(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Whether it is still running (not yet reaped).
    public var isRunning: Bool { kill(pid, 0) == 0 }
}
