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
///
/// The stages, a file each: input probing and the run (this file), the copied tracks' set-up
/// (`+Tracks`), the video's set-up (`+VideoSetUp`), the trim window's start (`+Range`), the
/// copied packets (`+CopiedPackets`) and the per-frame loop (`+VideoFrames`). Every FFmpeg
/// object is owned by a handle class (Media/Handles) held here.
final class ExportPipeline {
    let path: String
    let outputPath: String
    let settings: ExportSettings
    let compositors: CompositorChain
    let progress: (@Sendable (ExportProgress) -> Void)?
    let isCancelled: () -> Bool
    let closedCaptionData: ((MediaTime) -> [UInt8]?)?
    var diagnostics: [Diagnostic] = []

    let input: InputFormatContext
    let description: AssetDescription
    let writer: MovieWriter
    var output: OutputFormatContext { writer.output }
    var trim: TrimWindow
    var copied: [Int32: CopiedStream] = [:]
    var pending: [Packet] = []

    // Video
    let videoIndex: Int32
    var videoOutputIndex: Int32 = -1
    var decoder: VideoDecoder?
    var encoder: VideoEncoder?
    var scaler: FrameScaler?
    /// The transparent pictures of an overlay-only export.
    var overlayCanvas: OverlayCanvas?
    var frameFormat: VideoFrameFormat?
    var videoCopy: CopiedStream?
    var lastEncodedPTS = Int64.min
    var framesEncoded = 0
    /// Pictures the decoder gave, in the range or not.
    var framesDecoded = 0
    var videoEnded = false
    let started = MonotonicClock.now()
    var lastVideoRaw: MediaTime?
    /// Whether the encoder writes frames' A/53 side data (it has FFmpeg's `a53cc` option).
    var encoderWritesCaptions = false

    init(
        asset: Asset, outputPath: String, settings: ExportSettings, timeRange: TimeRange?,
        compositors: [any VideoCompositing], progress: (@Sendable (ExportProgress) -> Void)?,
        isCancelled: @escaping () -> Bool,
        closedCaptionData: ((MediaTime) -> [UInt8]?)? = nil
    ) throws {
        self.closedCaptionData = closedCaptionData
        self.path = asset.path
        self.outputPath = outputPath
        self.settings = settings
        self.compositors = CompositorChain(compositors, keepsFrameProperties: true)
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
        let start = FFmpegNames.origin(of: input.pointer, video: input.streams[Int(video.index)])
        trim = TrimWindow(assetStart: start)
        if let timeRange {
            guard timeRange.isValid, timeRange.start.isNumeric else {
                throw MediaFileError.invalidSetting("the time range \(timeRange) is not a valid range")
            }
            if timeRange.start > .zero { trim.from = timeRange.start }
            if timeRange.end.isNumeric { trim.to = timeRange.end }
            if let from = trim.from, let to = trim.to, to <= from {
                throw MediaFileError.invalidSetting(
                    "\(ExportParameterWords.rangeEnd) (\(to.seconds) s) must come after "
                        + "\(ExportParameterWords.rangeStart) (\(from.seconds) s)")
            }
            if let from = trim.from, let d = description.duration, from >= d {
                throw MediaFileError.invalidSetting(
                    "\(ExportParameterWords.rangeStart) \(from.seconds) s is past the end of \(path) "
                        + "(\(d.seconds) s long)")
            }
        }
        if !trim.trimsStart { trim.shift = .zero }
        if let size = settings.size, !(2...16384).contains(size.width) || !(2...16384).contains(size.height) {
            throw MediaFileError.invalidSetting(
                "\(ExportParameterWords.size) must be between 2x2 and 16384x16384, not \(size)")
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

    func demuxAll() throws {
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
    func isDone() -> Bool {
        guard trim.to != nil else { return false }
        let videoDone = videoCopy?.ended ?? videoEnded
        return videoDone && copied.values.allSatisfy { $0.ended }
    }

    func finish() throws {
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
        try compositors.finish()
        try checkComplete()
        try writer.finish()
        reportCompletion()
    }

    /// A file whose data stops well before its index says (a truncated copy whose index was
    /// written first) is an error, not a shorter movie.
    func checkComplete() throws {
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
