import CFFmpeg

/// A failed FFmpeg call, keeping FFmpeg's own code and message.
public struct MediaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The negative `AVERROR` code FFmpeg returned.
    public let code: Int32
    /// What we were doing, e.g. "opening input.mp4".
    public let operation: String
    /// FFmpeg's text for ``code``.
    public let message: String

    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
        self.message = Self.text(for: code)
    }

    public var description: String { "\(operation): \(message) (FFmpeg error \(code))" }

    /// Whether the code is `AVERROR(EAGAIN)`: more input needed or output pending.
    public var isAgain: Bool { code == captions_averror_eagain() }
    /// Whether the code is `AVERROR_EOF`.
    public var isEndOfFile: Bool { code == captions_averror_eof() }

    /// FFmpeg's message for `code` (`av_err2str`).
    static func text(for code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { p -> String in
            guard let base = p.baseAddress else { return "error \(code)" }
            _ = captions_av_err2str(code, base, p.count)
            return String(cString: base)
        }
    }

    /// Throws when `code` is negative.
    static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(MediaError) {
        if code < 0 { throw MediaError(code: code, operation: operation()) }
    }
}

extension MediaError {
    /// `AVERROR_EOF` as a ``MediaError``; lets tests see FFmpeg's own message.
    public static var endOfFileForTesting: MediaError {
        MediaError(code: captions_averror_eof(), operation: "reading")
    }
}
