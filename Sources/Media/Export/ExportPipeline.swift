internal import CFFmpeg
import CaptionCore
import FileSafety

#if canImport(Glibc)
    import Glibc
#endif

/// One run of an export: demux → decode → compositors → encode → mux, with the other tracks
/// copied beside the video. It owns every FFmpeg object of the run; ``ExportSession`` is its
/// public face.
///
/// Memory stays flat whatever the length: packets and frames are handled one at a time, and
/// the only queues are the muxer's interleaving buffer and, while the start of a trim is being
/// found, the copied packets of less than one GOP.
final class ExportPipeline {
    let path: String
    let outputPath: String
    let settings: ExportSettings
    let compositors: [any FrameCompositor]
    let progress: ((ExportProgress) -> Void)?
    let isCancelled: () -> Bool
    let closedCaptionData: ((MediaTime) -> [UInt8]?)?
    private(set) var diagnostics: [Diagnostic] = []

    private let input: InputFormatContext
    private let description: AssetDescription
    private let writer: MovieWriter
    private var output: OutputFormatContext { writer.output }
    private var trim: TrimWindow
    private var copied: [Int32: CopiedStream] = [:]
    private var pending: [Packet] = []

    // Video
    private let videoIndex: Int32
    private var videoOutputIndex: Int32 = -1
    private var decoder: VideoDecoder?
    private var encoder: VideoEncoder?
    private var scaler: FrameScaler?
    private var frameFormat: VideoFrameFormat?
    private var videoCopy: CopiedStream?
    private var lastEncodedPTS = Int64.min
    private var framesEncoded = 0
    private var videoEnded = false
    private let started = MonotonicClock.now()
    private var lastVideoRaw: MediaTime?
    /// Whether the encoder writes frames' A/53 side data (it has FFmpeg's `a53cc` option).
    private var encoderWritesCaptions = false

    init(
        asset: Asset, outputPath: String, settings: ExportSettings, timeRange: TimeRange?,
        compositors: [any FrameCompositor], progress: ((ExportProgress) -> Void)?, isCancelled: @escaping () -> Bool,
        closedCaptionData: ((MediaTime) -> [UInt8]?)? = nil
    ) throws {
        self.closedCaptionData = closedCaptionData
        self.path = asset.path
        self.outputPath = outputPath
        self.settings = settings
        self.compositors = compositors
        self.progress = progress
        self.isCancelled = isCancelled
        // One opening of the file serves the description and the export.
        let input = try InputFormatContext(path: asset.path)
        let description = try AssetProbe.describe(input, findingCaptions: false)
        self.description = description
        self.input = input
        guard
            let video = description.tracks.first(where: { $0.mediaType == .video && !Self.isCoverArt(input, $0.index) })
        else {
            throw input.noVideoTrackError(tracks: description.tracks)
        }
        videoIndex = Int32(video.index)
        let start = FFmpegNames.time(input.pointer.pointee.start_time, captions_av_time_base_q()) ?? .zero
        trim = TrimWindow(assetStart: start)
        if let timeRange {
            guard timeRange.isValid, timeRange.start.isNumeric else {
                throw MediaFileError.invalidSetting("the time range \(timeRange) is not a valid range")
            }
            if timeRange.start > .zero { trim.from = timeRange.start }
            if timeRange.end.isNumeric { trim.to = timeRange.end }
            if let from = trim.from, let to = trim.to, to <= from {
                throw MediaFileError.invalidSetting("--to (\(to.seconds) s) must come after --from (\(from.seconds) s)")
            }
            if let from = trim.from, let d = description.duration, from >= d {
                throw MediaFileError.invalidSetting(
                    "--from \(from.seconds) s is past the end of \(path) (\(d.seconds) s long)")
            }
        }
        if !trim.trimsStart { trim.shift = .zero }
        if let size = settings.size, !(2...16384).contains(size.width) || !(2...16384).contains(size.height) {
            throw MediaFileError.invalidSetting("--size must be between 2x2 and 16384x16384, not \(size)")
        }
        writer = try MovieWriter(
            outputPath: outputPath, containerFormat: settings.containerFormat, overwrite: settings.overwrite)
    }

    static func isCoverArt(_ input: InputFormatContext, _ index: Int) -> Bool {
        (input.streams[index].pointee.disposition & AV_DISPOSITION_ATTACHED_PIC) != 0
    }

    // MARK: - Running

    func run() throws {
        do {
            try setUpOutput()
            try seekToStart()
            try demuxAll()
            try finish()
        } catch {
            writer.discard()
            throw error
        }
    }

    private func demuxAll() throws {
        let packet = try Packet(operation: "reading packets")
        while !isDone() {
            if isCancelled() { throw CancellationError() }
            let more = try input.readPacket(
                into: packet,
                operation: "reading the movie"
                    + (lastVideoRaw.map { " after \(SecondsText.format(trim.assetTime(raw: $0).seconds)) s" } ?? ""))
            guard more else { break }
            defer { av_packet_unref(packet.pointer) }
            let index = packet.pointer.pointee.stream_index
            if index == videoIndex {
                if let videoCopy { try copy(packet.pointer, of: videoCopy) } else { try decode(packet.pointer) }
            } else if let stream = copied[index] {
                try copy(packet.pointer, of: stream)
            }
        }
    }

    /// Whether every kept track has passed the end of the range.
    private func isDone() -> Bool {
        guard trim.to != nil else { return false }
        let videoDone = videoCopy?.ended ?? videoEnded
        return videoDone && copied.values.allSatisfy { $0.ended }
    }

    private func finish() throws {
        if let decoder {
            try decoder.send(nil)
            try drainDecoder()
            if decoder.damagedPictures > 0 {
                note(
                    "media.damagedPictures",
                    "\(decoder.damagedPictures) picture(s) could not be decoded and were concealed or skipped",
                    severity: .warning)
            }
        }
        if trim.shift == nil { throw MediaFileError.invalidSetting("no video frame lies in the time range asked for") }
        for stream in copied.values where !stream.started {
            // The range starts after this track's last packet: the nearest is the last one.
            if let last = stream.lastBefore { try write(last.pointer, of: stream) }
            stream.started = true
        }
        try flushPending()
        if let encoder {
            try encoder.send(nil)
            try drainEncoder()
        }
        for compositor in compositors { try compositor.finish() }
        try checkComplete()
        try writer.finish()
    }

    /// A file whose data stops well before its index says (a truncated copy whose index was
    /// written first) is an error, not a shorter movie.
    private func checkComplete() throws {
        guard trim.to == nil, let last = lastVideoRaw else { return }
        let stream = input.streams[Int(videoIndex)].pointee
        guard let expected = FFmpegNames.time(stream.duration, stream.time_base),
            let begin = FFmpegNames.time(stream.start_time, stream.time_base) ?? Optional(.zero)
        else { return }
        let reached = last - begin
        // One second of slack covers edit lists and the last frame's own duration.
        if expected.seconds - reached.seconds > 1 {
            throw MediaFileError.truncated(
                path: path,
                detail: "the video track's data ends at \(SecondsText.format(reached.seconds)) s of the "
                    + "\(SecondsText.format(expected.seconds)) s its index lists")
        }
    }

    // MARK: - Output set-up

    private func setUpOutput() throws {
        guard let ofmt = output.pointer.pointee.oformat else {
            throw MediaFileError.invalidSetting("\(outputPath): no muxer for this file name")
        }
        av_dict_copy(&output.pointer.pointee.metadata, input.pointer.pointee.metadata, 0)
        for stream in input.streams {
            let index = stream.pointee.index
            if index == videoIndex {
                try setUpVideo(stream)
                continue
            }
            guard let track = description.tracks.first(where: { $0.index == Int(index) }) else { continue }
            if Self.isCoverArt(input, Int(index)) { continue }
            let par = try stream.parameters(in: path)
            if track.mediaType == .data, settings.dropDataTracks {
                note("media.trackDropped", "\(track.label) dropped (--drop-data)", severity: .info)
                continue
            }
            if track.codecTag == "tmcd", par.pointee.codec_id == AV_CODEC_ID_NONE {
                // libavformat's MOV/MP4 muxer writes the timecode track itself from the video's
                // `timecode` tag, which is copied (and moved along by a trim).
                let kept = output.formatName.contains("mov") || output.formatName.contains("mp4")
                note(
                    "media.timecodeTrack",
                    kept
                        ? "\(track.label) written anew from the video's timecode tag"
                        : "\(track.label) dropped: \(output.formatName) has no timecode track; the timecode stays as a tag",
                    severity: kept ? .info : .warning)
                continue
            }
            guard Self.canHold(ofmt, par) else {
                note(
                    "media.trackDropped",
                    "\(track.label) dropped: the \(output.formatName) container cannot hold \(track.codec == "unknown" ? "'\(track.codecTag)' data (a codec FFmpeg does not know)" : track.codec)",
                    severity: .warning)
                continue
            }
            let out = try newStream(copying: stream)
            copied[index] = CopiedStream(
                inputIndex: index, outputIndex: out.pointee.index, inputTimeBase: stream.pointee.time_base,
                label: track.label, trimsStart: trim.trimsStart)
        }
    }

    /// Whether the muxer can store `par`: never a codec FFmpeg does not know; otherwise as
    /// `avformat_query_codec` says, trying when it cannot tell.
    static func canHold(_ ofmt: UnsafePointer<AVOutputFormat>, _ par: UnsafeMutablePointer<AVCodecParameters>) -> Bool {
        guard par.pointee.codec_id != AV_CODEC_ID_NONE else { return false }
        return avformat_query_codec(ofmt, par.pointee.codec_id, FF_COMPLIANCE_NORMAL) != 0
    }

    /// An output stream with the parameters, tags, disposition and side data of `source`.
    private func newStream(copying source: UnsafeMutablePointer<AVStream>) throws -> UnsafeMutablePointer<AVStream> {
        let out = try writer.newStream()
        try MediaFileError.check(
            avcodec_parameters_copy(out.pointee.codecpar, source.pointee.codecpar), path: outputPath,
            call: "avcodec_parameters_copy", "adding a track to \(outputPath)")
        out.pointee.codecpar.pointee.codec_tag = keptTag(source.pointee.codecpar)
        out.pointee.time_base = source.pointee.time_base
        out.pointee.disposition = source.pointee.disposition
        out.pointee.avg_frame_rate = source.pointee.avg_frame_rate
        out.pointee.r_frame_rate = source.pointee.r_frame_rate
        av_dict_copy(&out.pointee.metadata, source.pointee.metadata, 0)
        copySideData(from: source, to: out)
        return out
    }

    /// The input's codec tag when the muxer would store the same codec under it, else 0 (the
    /// muxer then picks its own), as the ffmpeg command decides.
    private func keptTag(_ par: UnsafeMutablePointer<AVCodecParameters>) -> UInt32 {
        let tag = par.pointee.codec_tag
        guard let table = output.pointer.pointee.oformat.pointee.codec_tag else { return tag }
        if av_codec_get_id(table, tag) == par.pointee.codec_id { return tag }
        var other: UInt32 = 0
        return av_codec_get_tag2(table, par.pointee.codec_id, &other) == 0 ? tag : 0
    }

    private func copySideData(from source: UnsafeMutablePointer<AVStream>, to out: UnsafeMutablePointer<AVStream>) {
        let s = source.pointee
        for i in 0..<Int(s.nb_side_data) {
            let item = s.side_data[i]
            guard let dst = av_stream_new_side_data(out, item.type, item.size), let src = item.data else { continue }
            dst.update(from: src, count: item.size)
        }
    }

    private func note(_ rule: String, _ message: String, severity: Diagnostic.Severity) {
        diagnostics.append(Diagnostic(severity, rule, "\(path): \(message)"))
    }

    // MARK: - Video set-up

    private func setUpVideo(_ stream: UnsafeMutablePointer<AVStream>) throws {
        let track = description.tracks[Int(stream.pointee.index)]
        if case .copy = settings.videoCodec {
            guard closedCaptionData == nil else {
                throw MediaFileError.invalidSetting(
                    "--codec copy keeps the compressed video as it is, so no caption data can be put in its pictures; "
                        + "choose an encoder that writes A/53 captions (libx264)")
            }
            guard compositors.isEmpty, settings.size == nil else {
                throw MediaFileError.invalidSetting(
                    "--codec copy keeps the compressed video as it is, so nothing can be drawn on it and its size "
                        + "cannot change; choose an encoder (libx264)")
            }
            let out = try newStream(copying: stream)
            videoOutputIndex = out.pointee.index
            videoCopy = CopiedStream(
                inputIndex: videoIndex, outputIndex: out.pointee.index, inputTimeBase: stream.pointee.time_base,
                label: track.label, trimsStart: trim.trimsStart)
            if trim.trimsStart {
                note(
                    "media.copyTrim",
                    "--codec copy starts at the key frame at or before --from; re-encode for an exact start",
                    severity: .warning)
            }
            return
        }
        guard case .encode(let encoderName) = settings.videoCodec else { return }
        encoderWritesCaptions = VideoEncoder.writesA53Captions(encoderName)
        let decoder = try VideoDecoder(stream: stream, path: path, label: track.label)
        self.decoder = decoder
        let dec = decoder.context.pointer.pointee
        let par = try stream.parameters(in: path).pointee
        var format = dec.pix_fmt != AV_PIX_FMT_NONE ? dec.pix_fmt : AVPixelFormat(par.format)
        let width = Int32(settings.size?.width ?? Int(par.width))
        let height = Int32(settings.size?.height ?? Int(par.height))
        let matrix = VideoColorMatrix.resolve(
            tag: track.color?.matrix, width: Int(width), height: Int(height))
        let fullRange = par.color_range == AVCOL_RANGE_JPEG || format == AV_PIX_FMT_YUVJ420P
        // Compositors draw into a few layouts; the encoder accepts its own list. Anything else
        // goes through libswscale, and the user is told.
        let name = FFmpegNames.pixelFormat(format.rawValue) ?? "unknown"
        let accepted = Set(VideoEncoder.pixelFormats(of: encoderName).map(\.rawValue))
        let drawable = compositors.reduce(Set(PixelFormat.blendable)) { $0.intersection($1.supportedPixelFormats) }
        let needsDrawable = !compositors.isEmpty && !drawable.contains(PixelFormat(name: name))
        let needsEncodable = !accepted.isEmpty && !accepted.contains(format.rawValue)
        if needsDrawable || needsEncodable {
            let highDepth = (av_pix_fmt_desc_get(format)?.pointee.comp.0.depth ?? 8) > 8
            let target =
                highDepth && accepted.contains(AV_PIX_FMT_YUV420P10LE.rawValue)
                ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
            note(
                "media.pixelFormatConverted",
                "the video's pixel format \(name) is converted to \(FFmpegNames.pixelFormat(target.rawValue) ?? "?") through libswscale"
                    + (needsDrawable
                        ? " (captions are drawn into yuv420p, yuvj420p, nv12 and yuv420p10le directly)" : ""),
                severity: .info)
            format = target
        }
        if format != dec.pix_fmt || width != par.width || height != par.height {
            scaler = try FrameScaler(
                from: (par.width, par.height, dec.pix_fmt), to: (width, height, format), fullRange: fullRange,
                colorSpace: par.color_space)
        }
        let rate = stream.pointee.r_frame_rate.num > 0 ? stream.pointee.r_frame_rate : stream.pointee.avg_frame_rate
        let frameFormat = VideoFrameFormat(
            width: Int(width), height: Int(height),
            pixelFormat: PixelFormat(name: FFmpegNames.pixelFormat(format.rawValue) ?? "unknown"), matrix: matrix,
            isFullRange: fullRange, frameRate: FFmpegNames.frameRate(rate))
        self.frameFormat = frameFormat
        for compositor in compositors { try compositor.prepare(for: frameFormat) }

        var options: [(String, String)] = []
        if let preset = settings.preset { options.append(("preset", preset)) }
        if let crf = settings.crf { options.append(("crf", String(crf))) }
        let sar = par.sample_aspect_ratio
        // MPEG-1/2 video allow only their standard frame rates and refuse any other time base
        // (ISO/IEC 13818-2 §6.3.3 frame_rate_code): those encoders count in frames, as the
        // ffmpeg command's encoders do, and the stream's timestamps are rescaled to it.
        let timeBase =
            VideoEncoder.needsFrameRateTimeBase(encoderName) && rate.num > 0 && rate.den > 0
            ? AVRational(num: rate.den, den: rate.num) : stream.pointee.time_base
        let encoder = try VideoEncoder(
            VideoEncoder.Parameters(
                encoderName: encoderName, width: width, height: height, pixelFormat: format,
                timeBase: timeBase, frameRate: rate,
                sampleAspectRatio: sar.num > 0 ? sar : AVRational(num: 0, den: 1),
                colorRange: par.color_range, colorSpace: par.color_space, colorPrimaries: par.color_primaries,
                colorTransfer: par.color_trc, chromaLocation: par.chroma_location,
                globalHeader: writer.wantsGlobalHeader, options: options),
            path: path)
        self.encoder = encoder
        let out = try writer.newStream(encodedBy: encoder.context)
        out.pointee.avg_frame_rate = stream.pointee.avg_frame_rate
        out.pointee.r_frame_rate = rate
        out.pointee.disposition = stream.pointee.disposition
        av_dict_copy(&out.pointee.metadata, stream.pointee.metadata, 0)
        copySideData(from: stream, to: out)
        videoOutputIndex = out.pointee.index
    }

    // MARK: - Start of the range

    /// Jumps close to `--from` (the key frame at or before it), as the ffmpeg command does.
    private func seekToStart() throws {
        guard let from = trim.from else { return }
        let target = TrimWindow.units(from + trim.assetStart, captions_av_time_base_q())
        // A file that cannot seek is read from its start; frames before --from are dropped.
        _ = avformat_seek_file(input.pointer, -1, Int64.min, target, target, 0)
    }

    /// The first kept video frame is at raw time `raw`: every track is shifted by it, and the
    /// copied packets held until now are written.
    private func startRange(atRaw raw: MediaTime) throws {
        trim.shift = raw
        updateTimecodeTags(shiftedBy: raw - trim.assetStart)
        try flushPending()
    }

    private func flushPending() throws {
        let held = pending
        pending = []
        for packet in held {
            let index = packet.pointer.pointee.stream_index
            if let stream = index == videoIndex ? videoCopy : copied[index] { try copy(packet.pointer, of: stream) }
        }
    }

    /// A trimmed movie starts later: its timecode tags (from which the MOV muxer writes the
    /// timecode track) move forward by the frames cut away.
    private func updateTimecodeTags(shiftedBy offset: MediaTime) {
        guard offset > .zero else { return }
        let video = input.streams[Int(videoIndex)].pointee
        let rate = video.r_frame_rate.num > 0 ? video.r_frame_rate : video.avg_frame_rate
        guard rate.num > 0,
            let frames = FrameRate(frames: rate.num, seconds: rate.den)?.frame(
                at: offset, rounding: .nearestOrAwayFromZero)
        else { return }
        func shifted(_ dictionary: OpaquePointer?) -> String? {
            guard let entry = av_dict_get(dictionary, "timecode", nil, 0) else { return nil }
            var tc = AVTimecode()
            guard av_timecode_init_from_string(&tc, rate, entry.pointee.value, nil) >= 0 else { return nil }
            var buffer = [CChar](repeating: 0, count: Int(AV_TIMECODE_STR_SIZE))
            return buffer.withUnsafeMutableBufferPointer { b in
                String(cString: av_timecode_make_string(&tc, b.baseAddress, Int32(clamping: frames)))
            }
        }
        if let text = shifted(output.pointer.pointee.metadata) {
            av_dict_set(&output.pointer.pointee.metadata, "timecode", text, 0)
        }
        for i in 0..<Int(output.pointer.pointee.nb_streams) {
            guard let st = output.pointer.pointee.streams[i], let text = shifted(st.pointee.metadata) else { continue }
            av_dict_set(&st.pointee.metadata, "timecode", text, 0)
        }
    }

    // MARK: - Copied packets

    private func copy(_ packet: UnsafeMutablePointer<AVPacket>, of stream: CopiedStream) throws {
        if stream.ended { return }
        guard let units = stream.startUnits(packet) else {
            if stream.started, trim.shift != nil { try write(packet, of: stream) }
            return
        }
        let raw = TrimWindow.raw(units, stream.inputTimeBase)
        if stream === videoCopy, trim.shift == nil {
            // --codec copy: the range starts at the first key frame read after the seek.
            guard (packet.pointee.flags & AV_PKT_FLAG_KEY) != 0 else { return }
            trim.shift = raw
            updateTimecodeTags(shiftedBy: raw - trim.assetStart)
            stream.started = true
        }
        guard let shift = trim.shift else {
            try hold(packet)
            return
        }
        if let to = trim.to {
            // Cut at the packet boundary nearest the end: keep a packet if most of it is inside.
            let half = TrimWindow.raw(packet.pointee.duration, stream.inputTimeBase).checkedScaledHalf()
            if trim.assetTime(raw: raw) + half > to {
                stream.ended = true
                return
            }
        }
        if !stream.started {
            if raw < shift {
                let kept = try Packet(operation: "holding a packet")
                try MediaError.check(av_packet_ref(kept.pointer, packet), call: "av_packet_ref", "holding a packet")
                stream.lastBefore = kept
                return
            }
            // The first packet at or after the start: it or the one before, whichever is nearer.
            stream.started = true
            if let before = stream.lastBefore, let beforeUnits = stream.startUnits(before.pointer) {
                let beforeRaw = TrimWindow.raw(beforeUnits, stream.inputTimeBase)
                if shift - beforeRaw < raw - shift { try write(before.pointer, of: stream) }
            }
            stream.lastBefore = nil
        }
        try write(packet, of: stream)
    }

    private func hold(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        let kept = try Packet(operation: "holding a packet")
        try MediaError.check(av_packet_ref(kept.pointer, packet), call: "av_packet_ref", "holding a packet")
        pending.append(kept)
    }

    private func write(_ packet: UnsafeMutablePointer<AVPacket>, of stream: CopiedStream) throws {
        let shift = TrimWindow.units(trim.shift ?? .zero, stream.inputTimeBase)
        let out = try Packet(operation: "copying a packet")
        try MediaError.check(av_packet_ref(out.pointer, packet), call: "av_packet_ref", "copying a packet")
        let p = out.pointer
        if p.pointee.pts != captions_av_nopts_value() { p.pointee.pts -= shift }
        if p.pointee.dts != captions_av_nopts_value() { p.pointee.dts -= shift }
        p.pointee.pos = -1
        stream.packetsWritten += 1
        try writer.write(p, stream: stream.outputIndex, from: stream.inputTimeBase, label: stream.label)
        if stream === videoCopy { reportProgress(rawTime: TrimWindow.raw(packet.pointee.pts, stream.inputTimeBase)) }
    }

    // MARK: - Video frames

    private func decode(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        guard let decoder, !videoEnded else { return }
        try decoder.send(packet)
        try drainDecoder()
    }

    private func drainDecoder() throws {
        guard let decoder else { return }
        let frame = try Frame(operation: "decoding")
        while try decoder.receive(into: frame) {
            try handle(decoded: frame)
            av_frame_unref(frame.pointer)
        }
    }

    private func handle(decoded frame: Frame) throws {
        let f = frame.pointer
        let stream = input.streams[Int(videoIndex)].pointee
        var ts = f.pointee.best_effort_timestamp
        if ts == captions_av_nopts_value() { ts = f.pointee.pts }
        guard ts != captions_av_nopts_value() else { return }
        let raw = TrimWindow.raw(ts, stream.time_base)
        let time = trim.assetTime(raw: raw)
        if let from = trim.from, time < from { return }
        if let to = trim.to, time >= to {
            videoEnded = true
            return
        }
        if trim.shift == nil { try startRange(atRaw: raw) }
        lastVideoRaw = raw
        let shifted = ts - TrimWindow.units(trim.shift ?? .zero, stream.time_base)
        let encoderPTS = encoder.map { av_rescale_q(shifted, stream.time_base, $0.timeBase) } ?? shifted
        guard encoderPTS > lastEncodedPTS else { return }
        lastEncodedPTS = encoderPTS

        var picture = frame
        if let scaler { picture = try scaler.convert(frame) }
        guard let frameFormat else { return }
        let videoFrame = VideoFrame(frame: picture, format: frameFormat)
        for compositor in compositors { try compositor.composite(videoFrame, at: time) }
        if let constructs = closedCaptionData?(time) {
            try A53Captions.attach(constructs, to: picture, encoderWritesCaptions: encoderWritesCaptions, path: path)
        }
        picture.pointer.pointee.pts = encoderPTS
        picture.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
        try encoder?.send(picture.pointer)
        framesEncoded += 1
        try drainEncoder()
        reportProgress(rawTime: raw)
    }

    private func drainEncoder() throws {
        guard let encoder else { return }
        try writer.drain(encoder, stream: videoOutputIndex, label: "the video")
    }

    private func reportProgress(rawTime: MediaTime) {
        guard let progress else { return }
        let begin = trim.from ?? .zero
        let end = trim.to ?? description.duration
        let expected = end.map { MediaTime.minimum($0, description.duration ?? $0) - begin }
        let out = rawTime - (trim.shift ?? .zero)
        progress(
            ExportProgress(
                frames: videoCopy?.packetsWritten ?? framesEncoded, outputTime: out, expectedDuration: expected,
                elapsedSeconds: MonotonicClock.now() - started))
    }
}

extension MediaTime {
    /// Half of this time (exact), zero for non-numeric times.
    func checkedScaledHalf() -> MediaTime {
        guard isNumeric else { return .zero }
        return (try? checkedMultiplying(by: 1, dividingBy: 2)) ?? .zero
    }
}

extension OutputFormatContext {
    /// The muxer's name ("mp4", "mov", "matroska").
    var formatName: String { FFmpegNames.string(pointer.pointee.oformat.pointee.name) ?? "?" }
}

/// Seconds from a monotonic clock.
enum MonotonicClock {
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
