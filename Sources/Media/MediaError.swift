internal import CFFmpeg

/// A failed FFmpeg call, keeping FFmpeg's own code and message and the name of the call.
public struct MediaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The negative `AVERROR` code FFmpeg returned.
    public let code: Int32
    /// What we were doing, e.g. "opening input.mp4".
    public let operation: String
    /// The FFmpeg function that failed, e.g. `avformat_open_input`; empty when not one call.
    public let call: String
    /// FFmpeg's text for ``code``.
    public let message: String
    /// What FFmpeg logged just before failing ("moov atom not found"), when it said anything.
    public let detail: String

    public init(code: Int32, operation: String, call: String = "", detail: String? = nil) {
        self.code = code
        self.operation = operation
        self.call = call
        self.message = Self.text(for: code)
        self.detail = detail ?? ""
    }

    public var description: String {
        let name = call.isEmpty ? "" : " (\(call))"
        let said = detail.isEmpty || detail == message ? "" : "; FFmpeg said: \(detail)"
        return "\(operation)\(name): \(message)\(said) (FFmpeg error \(code))"
    }

    /// Whether the code is `AVERROR(EAGAIN)`: more input needed or output pending.
    public var isAgain: Bool { code == captions_averror_eagain() }
    /// Whether the code is `AVERROR_EOF`.
    public var isEndOfFile: Bool { code == captions_averror_eof() }
    /// Whether the code is `AVERROR(ENOSPC)`: the disk is full.
    public var isDiskFull: Bool { code == captions_averror_enospc() }

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

    /// Throws when `code` is negative, naming the FFmpeg function that returned it.
    static func check(_ code: Int32, call: StaticString, _ operation: @autoclosure () -> String) throws(MediaError) {
        if code < 0 { throw MediaError(code: code, operation: operation(), call: "\(call)") }
    }
}

extension MediaError {
    /// `AVERROR_EOF` as a ``MediaError``; lets tests see FFmpeg's own message.
    public static var endOfFileForTesting: MediaError {
        MediaError(code: captions_averror_eof(), operation: "reading")
    }
}
