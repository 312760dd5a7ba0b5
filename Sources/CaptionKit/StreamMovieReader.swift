import CaptionCore
import CaptionTracks
import ISOBMFF
import Synchronization

/// Reads the captions of movies that need libavformat's demuxer: MPEG transport and program
/// streams, Matroska, and MPEG-2 video in any container (A/53 data in its picture user data).
/// CaptionKit is pure Swift; a program that links the Media module installs one
/// (`captions-media` does, at start) and ``CaptionFile`` then reads such movies like any other.
/// Without one they are a clear error that says so.
public struct StreamMovieReader: Sendable {
    /// The captions of the movie at the path, chosen by the options (`--channel`, `--source`).
    public var read: @Sendable (String, CaptionFormatOptions) throws -> CaptionReadResult
    /// Its CEA-608 words as an SCC file exactly as transmitted, and what was noticed.
    public var transmittedSCC:
        @Sendable (String, CaptionFormatOptions) throws -> (bytes: [UInt8], diagnostics: [Diagnostic])

    public init(
        read: @escaping @Sendable (String, CaptionFormatOptions) throws -> CaptionReadResult,
        transmittedSCC:
            @escaping @Sendable (String, CaptionFormatOptions) throws -> (
                bytes: [UInt8], diagnostics: [Diagnostic]
            )
    ) {
        self.read = read
        self.transmittedSCC = transmittedSCC
    }

    private static let installed = Mutex<StreamMovieReader?>(nil)

    /// The reader in use; nil until a program installs one.
    public static var current: StreamMovieReader? {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }

    /// Whether the file at `path` is a movie whose captions only libavformat's demuxer finds: by
    /// its first bytes (`MovieContainer.needsDemuxer`), or an MP4/MOV whose video is MPEG-2 (whose A/53
    /// data is in picture user data) and which has no `c608` or subtitle track to read instead.
    /// Only `moov` is read for that (its tracks' handlers and sample entries), never the
    /// movie fragments: the check runs before every `convert` of a movie.
    public static func needsDemuxer(path: String) -> Bool {
        guard path != "-", let file = try? FileByteSource(path: path),
            let head = try? file.bytes(in: 0..<min(MovieContainer.headLength, file.count))
        else { return false }
        let container = MovieContainer(head: head)
        if container?.needsDemuxer == true { return true }
        guard container == .isoBMFF, let movie = try? Movie.read(file, readingFragments: false),
            MovieCaptions(movie: movie, source: file, fileName: path).hasVideoOnlyADemuxerReads
        else { return false }
        return !movie.tracks.contains { ["clcp", "sbtl", "text", "subt"].contains($0.handlerType) }
    }
}
