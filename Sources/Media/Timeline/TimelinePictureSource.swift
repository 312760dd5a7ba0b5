internal import CFFmpeg
import CaptionCore

/// The pictures a ``MediaTimeline`` shows at an output time, before the compositors: each video
/// track's picture in force (``TimelineVideoTrackReader``), by track ID, and the default picture,
/// the first video track's (black, from a small pool (``OutputPicturePool``), where no track has
/// media). The compositors get both in their request; a composition's layer compositor builds a
/// new picture from the tracks' pictures, into a black one from the same pool.
///
/// The one step both ``TimelinePipeline`` (every output frame, then the encoder) and
/// ``ImageGenerator`` (chosen frames, then RGBA) take, so a preview frame is the exported frame.
/// Times must not go back from call to call.
final class TimelinePictureSource {
    let format: VideoFrameFormat
    let readers: [TimelineVideoTrackReader]
    let pool: OutputPicturePool

    /// `seeksAhead`: readers jump to the key frame before a time when it lies past what they
    /// have decoded (for sparse times); an export reads every picture and never needs to.
    init(timeline: MediaTimeline, format: VideoFrameFormat, seeksAhead: Bool) throws {
        self.format = format
        readers = timeline.tracks.filter { $0.mediaType == .video }.map {
            TimelineVideoTrackReader(track: $0, output: format, seeksAhead: seeksAhead)
        }
        pool = try OutputPicturePool(format: format)
    }

    /// Source pictures decoded so far, all tracks together.
    var decodedFrames: Int { readers.reduce(0) { $0 + $1.totalDecodedFrames } }
    /// Seeks made to skip ahead, all tracks together.
    var seekCount: Int { readers.reduce(0) { $0 + $1.seekCount } }
    /// Output pictures allocated (the rest were recycled).
    var allocatedPictures: Int { pool.allocatedCount }

    /// The pictures of output time `time`: the default one, a picture of its own (drawing on it
    /// with `makeWritable` never changes a source picture kept for the next output frame), and
    /// every track's picture in force, by track ID.
    func pictures(at time: MediaTime) throws -> (shown: VideoFrame, sources: [CompositionTrackID: VideoFrame]) {
        var sources: [CompositionTrackID: VideoFrame] = [:]
        var first: Frame?
        for reader in readers {
            // Every reader moves on, so that each stays in step with the output time.
            guard let frame = try reader.frame(at: time) else { continue }
            sources[CompositionTrackID(clamping: reader.track.trackID)] = VideoFrame(frame: frame, format: format)
            if first == nil { first = frame }
        }
        guard let first else { return (VideoFrame(frame: try pool.blackPicture(), format: format), sources) }
        // A new reference: drawing on it (makeWritable) copies rather than changing the picture
        // kept for the next output frame.
        let picture = try Frame(operation: "passing a picture on")
        try MediaError.check(av_frame_ref(picture.pointer, first.pointer), call: "av_frame_ref", "passing a picture on")
        return (VideoFrame(frame: picture, format: format), sources)
    }

    /// The format every picture of `timeline` has: the render size, yuv420p unless a
    /// compositor (or the encoder, when `encoderName` is given) cannot take it, BT.709 for HD
    /// and BT.601 for SD, limited range.
    static func outputFormat(
        of timeline: MediaTimeline, compositors: CompositorChain, encoderName: String?
    ) throws -> VideoFrameFormat {
        var usable = compositors.supportedPixelFormats
        if let encoderName {
            let accepted = Set(
                VideoEncoder.pixelFormats(of: encoderName).compactMap { FFmpegNames.pixelFormat($0.rawValue) })
            if !accepted.isEmpty { usable = usable.filter { accepted.contains($0.name) } }
        }
        let preference: [PixelFormat] = [.yuv420p, .nv12, .yuvj420p, .yuv420p10le]
        guard let pixelFormat = preference.first(where: { usable.contains($0) }) else {
            let with = encoderName.map { " and the \($0) encoder" } ?? ""
            throw MediaFileError.invalidSetting(
                "the compositors\(with) have no pixel format in common "
                    + "(yuv420p, nv12, yuvj420p and yuv420p10le are tried)")
        }
        let size = timeline.renderSize
        return VideoFrameFormat(
            width: size.width, height: size.height, pixelFormat: pixelFormat,
            matrix: VideoColorMatrix.resolve(tag: nil, width: size.width, height: size.height),
            isFullRange: pixelFormat == .yuvj420p,
            frameRate: FrameRate(
                frames: timeline.frameDuration.timescale, seconds: Int32(clamping: timeline.frameDuration.value)))
    }
}
