internal import CFFmpeg
import FileSafety

/// Owns an `AVFormatContext` opened for reading (libavformat's demuxer state).
final class InputFormatContext {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    let path: String

    /// Opens `path` after checking that it is a readable regular file (never a device or FIFO),
    /// then reads enough packets to know every stream (`avformat_find_stream_info`).
    convenience init(path: String) throws {
        do {
            try InputFile.checkReadable(path)
        } catch {
            throw MediaFileError.unreadable(path: path, reason: error.message)
        }
        try self.init(url: path, name: path, options: [:])
    }

    /// Opens an initialization segment and its media segments (HLS, DASH, CMAF) as one movie:
    /// the files read one after another through libavformat's `concat` protocol, as their bytes
    /// joined would be (ISO/IEC 23000-19 §7.3: a CMAF track file is its header followed by its
    /// fragments). Each must be a readable regular file; only the `concat` and `file` protocols
    /// may open them.
    convenience init(segments: [String]) throws {
        guard let first = segments.first else { throw MediaFileError.invalidSetting("no segment to read") }
        for path in segments {
            do {
                try InputFile.checkReadable(path)
            } catch {
                throw MediaFileError.unreadable(path: path, reason: error.message)
            }
            // The concat protocol separates files with "|" and takes no escape for it.
            guard !path.contains("|") else {
                throw MediaFileError.unreadable(
                    path: path, reason: "a segment's name may not hold \"|\" (libavformat's concat protocol)")
            }
        }
        let name = "\(first) + \(segments.count - 1) segment\(segments.count == 2 ? "" : "s")"
        try self.init(
            url: "concat:" + segments.joined(separator: "|"), name: name,
            options: ["protocol_whitelist": "concat,file"])
    }

    /// Opens `url` (a checked file's path, or a `concat:` list of them) with libavformat
    /// `options`; `name` is what messages call it.
    private init(url: String, name: String, options: [String: String]) throws {
        self.path = name
        FFmpegLog.install
        FFmpegLog.clear()
        var context: UnsafeMutablePointer<AVFormatContext>?
        var dictionary: OpaquePointer?
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        defer { av_dict_free(&dictionary) }
        let opened = avformat_open_input(&context, url, nil, &dictionary)
        let path = name
        guard opened >= 0, let context else {
            throw MediaFileError.ffmpeg(
                path: path,
                MediaError(
                    code: opened, operation: "opening the file as a movie", call: "avformat_open_input",
                    detail: FFmpegLog.lastMessage))
        }
        pointer = context
        let found = avformat_find_stream_info(context, nil)
        if found < 0 {
            throw MediaFileError.ffmpeg(
                path: path,
                MediaError(
                    code: found, operation: "reading the stream information", call: "avformat_find_stream_info",
                    detail: FFmpegLog.lastMessage))
        }
    }

    deinit {
        var p: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&p)
    }

    /// FFmpeg's format name and long name with its probe score, when the score is so low that
    /// the format was only guessed (at most `AVPROBE_SCORE_RETRY`, 25 of 100: avformat.h
    /// advises a retry then, and libavformat warns "misdetection possible"); nil for a format
    /// FFmpeg is sure of. Random or damaged bytes land here: a file that begins with "[" opens
    /// as LRC lyrics with a score of 5 (2 of 300 files of 40,000 random bytes did).
    var weakFormatGuess: String? {
        let score = pointer.pointee.probe_score
        guard score <= AssetDescription.highestGuessScore, let format = pointer.pointee.iformat else { return nil }
        let name = FFmpegNames.string(format.pointee.name) ?? "unknown"
        let long = FFmpegNames.string(format.pointee.long_name).map { " (\($0))" } ?? ""
        return "\(name)\(long) with a probe score of \(score) of 100"
    }

    /// The error for a file with no video track in it: ``MediaFileError/notAMovie(path:guess:found:)``
    /// when FFmpeg only guessed its format (see ``weakFormatGuess``), else
    /// ``MediaFileError/noVideoTrack(path:found:)``, listing the `tracks` the file does hold.
    func noVideoTrackError(tracks: [AssetTrack]) -> MediaFileError {
        let found = tracks.isEmpty ? "no tracks at all" : tracks.map(\.label).joined(separator: ", ")
        if let guess = weakFormatGuess { return .notAMovie(path: path, guess: guess, found: found) }
        return .noVideoTrack(path: path, found: found)
    }

    /// Reads the next packet of any stream into `packet` (the one `av_read_frame` loop of the
    /// module); false at the end of the file. A read error is thrown, naming the file, what was
    /// being read (`operation`) and FFmpeg's last message. The caller unreferences the packet.
    func readPacket(into packet: Packet, operation: @autoclosure () -> String) throws -> Bool {
        FFmpegLog.clear()
        let r = av_read_frame(pointer, packet.pointer)
        if r == captions_averror_eof() { return false }
        guard r >= 0 else {
            throw MediaFileError.ffmpeg(
                path: path,
                MediaError(code: r, operation: operation(), call: "av_read_frame", detail: FFmpegLog.lastMessage))
        }
        return true
    }

    /// The streams, in file order.
    var streams: [UnsafeMutablePointer<AVStream>] {
        (0..<Int(pointer.pointee.nb_streams)).compactMap { pointer.pointee.streams[$0] }
    }
}
