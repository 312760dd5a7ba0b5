internal import CFFmpeg

/// Owns an `AVFormatContext` for writing and the file it opened (libavformat's muxer state).
final class OutputFormatContext {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    private var isOpen = false

    /// A muxer chosen by `formatName` (e.g. "mp4", "mov") or, when nil, by the extension of
    /// `nameForGuessing`.
    init(formatName: String?, nameForGuessing: String, operation: String) throws(MediaError) {
        var context: UnsafeMutablePointer<AVFormatContext>?
        let r = avformat_alloc_output_context2(&context, nil, formatName, nameForGuessing)
        guard r >= 0, let context else {
            throw MediaError(
                code: r < 0 ? r : captions_averror(EINVAL), operation: operation, call: "avformat_alloc_output_context2"
            )
        }
        pointer = context
    }

    /// Opens `path` for writing (the temporary file of an `OutputFile`).
    func open(_ path: String, operation: String) throws(MediaError) {
        guard (pointer.pointee.oformat.pointee.flags & AVFMT_NOFILE) == 0 else { return }
        try MediaError.check(avio_open(&pointer.pointee.pb, path, AVIO_FLAG_WRITE), call: "avio_open", operation)
        isOpen = true
    }

    /// Flushes and closes the file; the first write error the I/O layer saw is returned.
    func close(operation: String) throws(MediaError) {
        guard isOpen else { return }
        isOpen = false
        let pending = pointer.pointee.pb?.pointee.error ?? 0
        let closed = avio_closep(&pointer.pointee.pb)
        try MediaError.check(pending, call: "avio_write", operation)
        try MediaError.check(closed, call: "avio_closep", operation)
    }

    deinit {
        if isOpen { avio_closep(&pointer.pointee.pb) }
        avformat_free_context(pointer)
    }
}
