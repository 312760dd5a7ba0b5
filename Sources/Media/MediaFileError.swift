/// Why a movie could not be read or exported, in words a user can act on: the file, what was
/// wrong and, where it helps, what was expected. FFmpeg's own failures arrive as ``MediaError``
/// inside ``ffmpeg(path:_:)``.
public enum MediaFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input is not a readable regular file (missing, a device, no permission).
    case unreadable(path: String, reason: String)
    /// FFmpeg refused the file or failed on it.
    case ffmpeg(path: String, MediaError)
    /// The input has no video track (an audio-only file, a data file…).
    case noVideoTrack(path: String, found: String)
    /// FFmpeg could only guess the input's format, with a low score, and found no video track in
    /// it: random or damaged bytes, or a file that is not media at all. `guess` names the format
    /// and its score; `found` lists what the guess holds.
    case notAMovie(path: String, guess: String, found: String)
    /// A track's codec has no decoder (or the asked-for encoder does not exist) in this build.
    case unsupportedCodec(path: String, track: String, codec: String)
    /// The file ended before the data its index promises (a truncated download or copy).
    case truncated(path: String, detail: String)
    /// The output could not be written (full disk, read-only folder, existing file…).
    case output(path: String, reason: String)
    /// An option or setting that cannot be used as given.
    case invalidSetting(String)
    /// Something the suite does not do yet, said plainly rather than skipped.
    case notSupported(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .ffmpeg(let path, let error): return "\(path): \(error.description)"
        case .noVideoTrack(let path, let found):
            return "\(path): has no video track (found \(found)); export and burn need a video track"
        case .notAMovie(let path, let guess, let found):
            return "\(path): not a movie: FFmpeg could only guess its format, \(guess), and found no video"
                + " track (found \(found)); the file may be damaged, or not media at all"
        case .unsupportedCodec(let path, let track, let codec):
            return "\(path): \(track) uses the codec \(codec), which this build of FFmpeg cannot handle"
        case .truncated(let path, let detail): return "\(path): the file is truncated: \(detail)"
        case .output(let path, let reason): return "\(path): \(reason)"
        case .invalidSetting(let message): return message
        case .notSupported(let message): return message
        }
    }
}

extension MediaFileError {
    /// Throws ``ffmpeg(path:_:)`` when `code` is negative, naming the FFmpeg function.
    static func check(_ code: Int32, path: String, call: StaticString, _ operation: @autoclosure () -> String) throws {
        if code < 0 {
            throw MediaFileError.ffmpeg(
                path: path,
                MediaError(code: code, operation: operation(), call: "\(call)", detail: FFmpegLog.lastMessage))
        }
    }
}
