internal import CFFmpeg
import CaptionCore
import FileSafety

/// The output side shared by every export: the muxer (``OutputFormatContext``) writing into a
/// FileSafety ``OutputFile`` (hidden temporary file beside the target, renamed at ``finish()``,
/// removed by ``discard()`` and on SIGINT/SIGTERM), the header written before the first
/// packet, disk-full errors said plainly.
final class MovieWriter {
    let outputPath: String
    let output: OutputFormatContext
    private let file: OutputFile
    private var headerWritten = false

    init(outputPath: String, containerFormat: String?, overwrite: Bool) throws {
        self.outputPath = outputPath
        do {
            output = try OutputFormatContext(
                formatName: containerFormat, nameForGuessing: outputPath,
                operation: "choosing the container for \(outputPath)")
        } catch {
            throw MediaFileError.invalidSetting(
                "\(outputPath): cannot tell the container from the file name; use .mp4, .mov, .m4v or .mkv")
        }
        do {
            file = try OutputFile(outputPath, overwrite: overwrite)
        } catch {
            throw MediaFileError.output(path: outputPath, reason: error.message)
        }
        file.releaseDescriptor()
    }

    /// Whether the container wants codec headers out of band (MP4, MOV, Matroska).
    var wantsGlobalHeader: Bool { (output.pointer.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 }

    /// A new output stream.
    func newStream() throws -> UnsafeMutablePointer<AVStream> {
        guard let out = avformat_new_stream(output.pointer, nil) else {
            throw MediaFileError.ffmpeg(
                path: outputPath,
                MediaError(code: captions_averror(ENOMEM), operation: "adding a track to \(outputPath)"))
        }
        return out
    }

    /// A new output stream described by an opened encoder.
    func newStream(encodedBy context: CodecContext) throws -> UnsafeMutablePointer<AVStream> {
        let out = try newStream()
        try MediaFileError.check(
            avcodec_parameters_from_context(out.pointee.codecpar, context.pointer), path: outputPath,
            call: "avcodec_parameters_from_context", "adding a track to \(outputPath)")
        out.pointee.time_base = context.pointer.pointee.time_base
        return out
    }

    /// Opens the temporary file and writes the header, once, before the first packet.
    func ensureHeader() throws {
        guard !headerWritten else { return }
        headerWritten = true
        let op = "starting \(outputPath)"
        do {
            try output.open(file.temporaryPath, operation: op)
        } catch {
            throw writeFailure(error)
        }
        FFmpegLog.clear()
        let r = avformat_write_header(output.pointer, nil)
        try checkWrite(r, call: "avformat_write_header", op)
    }

    /// Writes `packet` (timestamps in `timeBase`) to output stream `index`, interleaved.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, stream index: Int32, from timeBase: AVRational, label: String)
        throws
    {
        try ensureHeader()
        let ost = try output.stream(index, path: outputPath)
        av_packet_rescale_ts(packet, timeBase, ost.pointee.time_base)
        packet.pointee.stream_index = index
        let r = av_interleaved_write_frame(output.pointer, packet)
        try checkWrite(r, call: "av_interleaved_write_frame", "writing \(label) to \(outputPath)")
    }

    /// Every packet `encoder` has ready, written to output stream `index`.
    func drain(_ encoder: any PacketSource, stream index: Int32, label: String) throws {
        let packet = try Packet(operation: "encoding")
        while try encoder.receive(into: packet) {
            try write(packet.pointer, stream: index, from: encoder.timeBase, label: label)
        }
    }

    /// Writes the trailer, closes the file and renames it into place.
    func finish() throws {
        try ensureHeader()
        let op = "finishing \(outputPath)"
        let trailer = av_write_trailer(output.pointer)
        try checkWrite(trailer, call: "av_write_trailer", op)
        do {
            try output.close(operation: op)
        } catch {
            throw writeFailure(error)
        }
        do {
            try file.commit()
        } catch {
            throw MediaFileError.output(path: outputPath, reason: error.message)
        }
    }

    /// Removes the unfinished output.
    func discard() { file.discard() }

    func checkWrite(_ code: Int32, call: StaticString, _ operation: String) throws {
        guard code < 0 else { return }
        throw writeFailure(MediaError(code: code, operation: operation, call: "\(call)", detail: FFmpegLog.lastMessage))
    }

    func writeFailure(_ error: MediaError) -> MediaFileError {
        if error.isDiskFull {
            return .output(
                path: outputPath, reason: "the disk is full (\(error.message)); the unfinished output was removed")
        }
        return .ffmpeg(path: outputPath, error)
    }
}

/// An encoder whose packets a ``MovieWriter`` drains.
protocol PacketSource: AnyObject {
    /// The time base of the packets' timestamps.
    var timeBase: AVRational { get }
    /// The next packet into `packet`; false when none is ready.
    func receive(into packet: Packet) throws -> Bool
}

extension VideoEncoder: PacketSource {
    var timeBase: AVRational { context.pointer.pointee.time_base }
}
