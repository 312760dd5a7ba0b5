#if canImport(Glibc)
    import Glibc
#endif

/// How a command ends when it is interrupted.
public enum Interruption {
    /// From now on SIGINT, SIGTERM and SIGHUP remove every unfinished output of this process
    /// (each ``OutputFile`` not yet committed) and end it with status 130 and the message
    /// "captions: interrupted; no unfinished output is left behind". Commands call it before
    /// their work, so the outcome is the same whether the signal comes while reading, converting
    /// or writing. A signal the process was started with ignored (nohup) stays ignored.
    ///
    /// The signals are also unblocked for the calling thread (the main thread, whose mask later
    /// threads inherit): a process inherits its parent's signal mask across exec (POSIX.1-2017,
    /// exec), and a parent that spawns from a thread with signals blocked (Foundation's
    /// `Process`, called from a Dispatch or Swift concurrency thread) would otherwise leave the
    /// command deaf to Ctrl-C and `kill`.
    public static func removeOutputsAndExitOnSignal() {
        TemporaryFileRegistry.installHandlers()
        var set = sigset_t()
        sigemptyset(&set)
        for signal in TemporaryFileRegistry.signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
