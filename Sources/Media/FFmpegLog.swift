internal import CFFmpeg
import Synchronization

/// FFmpeg's log, kept out of the user's terminal: messages at error level and above are
/// remembered (the last one explains a failed call, e.g. "moov atom not found" behind
/// "Invalid data found when processing input") and counted; nothing else is printed.
enum FFmpegLog {
    private static let last = Mutex<(message: String?, count: Int)>((nil, 0))

    /// Installs the sink once; later calls do nothing.
    static let install: Void = {
        av_log_set_level(AV_LOG_ERROR)
        captions_av_set_log_sink { level, line in
            guard let line, level <= AV_LOG_ERROR else { return }
            let text = String(cString: line).trimmingCharactersInSetWhitespace()
            guard !text.isEmpty else { return }
            FFmpegLog.last.withLock { state in
                state.message = text
                state.count += 1
            }
        }
    }()

    /// The last error FFmpeg logged since ``clear()``.
    static var lastMessage: String? { last.withLock { $0.message } }

    static func clear() { last.withLock { $0 = (nil, 0) } }
}

extension String {
    fileprivate func trimmingCharactersInSetWhitespace() -> String {
        var s = Substring(self)
        while let c = s.last, c.isWhitespace { s.removeLast() }
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        return String(s)
    }
}
