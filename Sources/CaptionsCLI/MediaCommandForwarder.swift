#if canImport(Glibc)
    import Glibc
#endif

/// Hands the media commands (those that need FFmpeg) to the `captions-media` executable that
/// is installed beside `captions`, so the common commands never load FFmpeg.
public enum MediaCommandForwarder {
    /// The subcommands that live in `captions-media`.
    public static let commands: Set<String> = ["preview", "media-info"]

    /// If `arguments[1]` is a media command, or `help` followed by one, replaces this process
    /// with `captions-media` (same arguments), whose help knows the command's options; returns
    /// only when it is neither.
    public static func forwardIfNeeded(_ arguments: [String] = CommandLine.arguments) throws(Exit.Failure) {
        guard isForwarded(arguments) else { return }
        let program = siblingPath(named: "captions-media", of: arguments[0])
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments.dropFirst()).map { strdup($0) }
        argv.append(nil)
        execv(program, &argv)
        let reason = String(cString: strerror(errno))
        throw Exit.Failure(
            "cannot run \(program) for `\(arguments[1])`: \(reason); it is built beside captions (`swift build --product captions-media`)"
        )
    }

    /// Whether `arguments` (argv) name a media command, or ask for its help.
    static func isForwarded(_ arguments: [String]) -> Bool {
        guard arguments.count > 1 else { return false }
        if commands.contains(arguments[1]) { return true }
        return arguments[1] == "help" && arguments.count > 2 && commands.contains(arguments[2])
    }

    /// `name` in the folder of the running executable.
    static func siblingPath(named name: String, of argv0: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let me = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : argv0
        guard let slash = me.lastIndex(of: "/") else { return name }
        return String(me[...slash]) + name
    }
}
