import CFFmpeg
import FileSafety

/// Owns an `AVFormatContext` opened for reading (libavformat's demuxer state).
final class InputFormatContext {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    let path: String

    /// Opens `path` after checking that it is a readable regular file (never a device or FIFO),
    /// then reads enough packets to know every stream (`avformat_find_stream_info`).
    init(path: String) throws {
        do {
            try InputFile.checkReadable(path)
        } catch {
            throw MediaFileError.unreadable(path: path, reason: error.message)
        }
        self.path = path
        FFmpegLog.install
        FFmpegLog.clear()
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, path, nil, nil)
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

    /// The streams, in file order.
    var streams: [UnsafeMutablePointer<AVStream>] {
        (0..<Int(pointer.pointee.nb_streams)).compactMap { pointer.pointee.streams[$0] }
    }
}
