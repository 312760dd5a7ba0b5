import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files this process is writing, so that SIGINT and SIGTERM can remove them
/// before the process ends: an interrupted conversion or export leaves nothing behind.
///
/// The signal handler may only make async-signal-safe calls (POSIX.1-2017, 2.4.3): it reads a
/// fixed table of C strings and calls `unlink(2)`, `write(2)` and `_exit(2)`. The table is
/// changed under a mutex by ordinary threads; a slot is cleared before its path is given up,
/// and paths are never freed (a few bytes per output file), so the handler can never read
/// freed memory whatever thread it interrupts.
enum TemporaryFileRegistry {
    static let capacity = 256
    /// The exit status after an interruption: 128 + SIGINT, as shells report Ctrl-C.
    static let interruptedStatus: Int32 = 130
    /// The signals that remove the registered files and end the process.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    private static let state = Mutex(State())

    private struct State {
        var handlersInstalled = false
        var used = Set<Int>()
        /// Paths given up, kept (not freed) for a handler that may still read them; held here
        /// so that they stay reachable, which LeakSanitizer requires of memory kept on purpose.
        var retired: [UnsafeMutablePointer<CChar>] = []
    }

    /// Adds `path`; returns its slot, or nil when the table is full (the file is then still
    /// removed by the owner's normal paths, only not on a signal).
    static func register(_ path: String) -> Int? {
        state.withLock { state -> Int? in
            installHandlersOnce(&state)
            guard let slot = (0..<capacity).first(where: { !state.used.contains($0) }) else { return nil }
            state.used.insert(slot)
            slots[slot] = strdup(path)
            return slot
        }
    }

    /// Forgets the file in `slot` (it was renamed into place or removed).
    static func unregister(_ slot: Int) {
        state.withLock { state in
            // Cleared, not freed: a handler running on another thread may hold the pointer.
            if let path = slots[slot] { state.retired.append(path) }
            slots[slot] = nil
            state.used.remove(slot)
        }
    }

    /// Installs the handlers now rather than at the first output, so that an interruption at any
    /// point of a command (reading, converting) ends it the same way: status 130 and a message.
    static func installHandlers() {
        state.withLock { installHandlersOnce(&$0) }
    }

    private static func installHandlersOnce(_ state: inout State) {
        guard !state.handlersInstalled else { return }
        state.handlersInstalled = true
        for signal in signals {
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            // A process started with the signal ignored (nohup, a background job) keeps it so.
            // SIG_IGN is the handler value 1 (<signal.h>); Swift cannot compare C function pointers.
            if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeTemporaryFilesAndExit
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// The paths a signal would remove now. For tests: unlike ``removeAll()``, it touches no
    /// file, so it is safe while other tests of the same process write outputs.
    static func registeredPaths() -> [String] {
        state.withLock { state in state.used.sorted().compactMap { slots[$0].map { String(cString: $0) } } }
    }

    /// Removes every registered file. Async-signal-safe.
    static func removeAll() {
        for slot in 0..<capacity {
            if let path = slots[slot] { unlink(path) }
        }
    }

    private static let removeTemporaryFilesAndExit: @convention(c) (Int32) -> Void = { _ in
        TemporaryFileRegistry.removeAll()
        let message: StaticString = "\ncaptions: interrupted; no unfinished output is left behind\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
        _exit(TemporaryFileRegistry.interruptedStatus)
    }
}
