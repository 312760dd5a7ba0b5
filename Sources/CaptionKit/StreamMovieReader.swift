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
    /// its first bytes (``needsDemuxer(head:)``), or an MP4/MOV whose video is MPEG-2 (whose A/53
    /// data is in picture user data) and which has no `c608` or subtitle track to read instead.
    /// Only `moov` is read for that (its tracks' handlers and sample entries), never the
    /// movie fragments: the check runs before every `convert` of a movie.
    public static func needsDemuxer(path: String) -> Bool {
        guard path != "-", let file = try? FileByteSource(path: path),
            let head = try? file.bytes(in: 0..<min(189, file.count))
        else { return false }
        if needsDemuxer(head: head) { return true }
        guard MovieCaptions.looksLikeMovie(head), let movie = try? Movie.read(file, readingFragments: false),
            MovieCaptions(movie: movie, source: file, fileName: path).hasVideoOnlyADemuxerReads
        else { return false }
        return !movie.tracks.contains { ["clcp", "sbtl", "text", "subt"].contains($0.handlerType) }
    }

    /// Whether the first bytes of a file are a movie only libavformat reads here: an MPEG
    /// transport stream (188-byte packets from sync byte 0x47, ISO/IEC 13818-1 §2.4.3.2), an
    /// MPEG program stream (pack start code 0x000001BA, §2.5.3.3) or Matroska/WebM (the EBML
    /// magic 0x1A45DFA3).
    public static func needsDemuxer(head: [UInt8]) -> Bool {
        if head.count >= 189, head[0] == 0x47, head[188] == 0x47 { return true }
        if head.count >= 4, head[0] == 0, head[1] == 0, head[2] == 1, head[3] == 0xBA { return true }
        return head.count >= 4 && head[0] == 0x1A && head[1] == 0x45 && head[2] == 0xDF && head[3] == 0xA3
    }
}
