import CaptionKit

#if canImport(Glibc)
    import Glibc
#endif

/// Hands the media commands (those that need FFmpeg) to the `captions-media` executable that
/// is installed beside `captions`, so the common commands never load FFmpeg.
public enum MediaCommandForwarder {
    /// The subcommands that live in `captions-media`.
    public static let commands = Set(MediaCommand.allCases.map(\.rawValue))

    /// Extensions of movie files: `captions inspect` of one of these describes the movie.
    static let movieExtensions: Set<String> = [
        "mp4", "m4v", "mov", "qt", "mkv", "webm", "avi", "ts", "m2ts", "mts", "mxf", "3gp", "mpg", "mpeg", "m4a",
        "m4s", "cmfv", "cmfa", "cmft",
    ]

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
        if arguments[1] == "help" && arguments.count > 2 && commands.contains(arguments[2]) { return true }
        return inspectsMovie(arguments) || convertsDemuxedMovie(arguments)
    }

    /// Whether the command line is `convert …` of a movie whose captions only libavformat's
    /// demuxer finds (an MPEG transport or program stream, Matroska, MPEG-2 video in MP4/MOV:
    /// `StreamMovieReader.needsDemuxer(path:)`), which `captions-media convert` reads. Any
    /// argument naming such a regular file counts: the input is the only file that exists
    /// before the conversion.
    static func convertsDemuxedMovie(_ arguments: [String]) -> Bool {
        guard arguments.count > 3, arguments[1] == "convert" else { return false }
        return arguments.dropFirst(2).contains {
            !$0.hasPrefix("-") && !firstBytes(of: $0, count: 8).isEmpty && StreamMovieReader.needsDemuxer(path: $0)
        }
    }

    /// Whether the command line is `inspect FILE …` with a movie: by extension, else by the
    /// first bytes (`MovieContainer`). Caption files (SCC, iTT, JSON…) are never movies by either test. A
    /// composition file (``CompositionFileDetection``, by content) is described there too.
    static func inspectsMovie(_ arguments: [String]) -> Bool {
        guard arguments.count > 2, arguments[1] == "inspect" else { return false }
        guard let file = arguments.dropFirst(2).first(where: { !$0.hasPrefix("-") }) else { return false }
        if let dot = file.lastIndex(of: "."), !file[dot...].contains("/"),
            movieExtensions.contains(file[file.index(after: dot)...].lowercased())
        {
            return true
        }
        let header = firstBytes(of: file, count: MovieContainer.headLength)
        if header.first(where: { ![9, 10, 13, 32].contains($0) }) == UInt8(ascii: "{") {
            // The composition reader's own limit (16 MiB).
            return CompositionFileDetection.isCompositionFile(firstBytes(of: file, count: 16 << 20))
        }
        return MovieContainer(head: header) != nil
    }

    private static func firstBytes(of path: String, count: Int) -> [UInt8] {
        // O_NONBLOCK: a FIFO must not block the check; the command itself reports such inputs.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return [] }
        let wanted = min(count, max(0, Int(info.st_size)))
        var buffer = [UInt8](repeating: 0, count: wanted)
        var n = 0
        while n < wanted {
            let r = buffer.withUnsafeMutableBytes { b -> Int in
                guard let base = b.baseAddress else { return -1 }
                return read(fd, base + n, wanted - n)
            }
            guard r > 0 else { break }
            n += r
        }
        return Array(buffer[0..<n])
    }

    /// `name` in the folder of the running executable (`captions batch` runs its jobs with the
    /// `captions` found there).
    package static func siblingPath(named name: String, of argv0: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let me = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : argv0
        guard let slash = me.lastIndex(of: "/") else { return name }
        return String(me[...slash]) + name
    }
}
