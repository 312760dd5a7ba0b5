internal import CFFmpeg
import CaptionCore

/// The picture a ``MediaTimeline`` shows at an output time, before the frame compositors: each
/// video track's picture in force (``TimelineVideoTrackReader``) handed to the timeline
/// compositor, which draws into a black picture from a small pool (``OutputPicturePool``);
/// without a compositor, the first video track's picture (black where no track has media).
///
/// The one step both ``TimelinePipeline`` (every output frame, then the encoder) and
/// ``TimelineImageGenerator`` (chosen frames, then RGBA) take, so a preview frame is the
/// exported frame. Times must not go back from call to call.
final class TimelinePictureSource {
    let format: VideoFrameFormat
    let compositor: (any TimelineFrameCompositor)?
    let readers: [TimelineVideoTrackReader]
    private let pool: OutputPicturePool

    /// `seeksAhead`: readers jump to the key frame before a time when it lies past what they
    /// have decoded (for sparse times); an export reads every picture and never needs to.
    init(
        timeline: MediaTimeline, format: VideoFrameFormat, compositor: (any TimelineFrameCompositor)?, seeksAhead: Bool
    )
        throws
    {
        self.format = format
        self.compositor = compositor
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

    /// The picture of output time `time`: a picture of its own (drawing on it with
    /// `makeWritable` never changes a source picture kept for the next output frame).
    func picture(at time: MediaTime) throws -> Frame {
        if let compositor {
            var sources: [Int: VideoFrame] = [:]
            for reader in readers {
                if let frame = try reader.frame(at: time) {
                    sources[reader.track.trackID] = VideoFrame(frame: frame, format: format)
                }
            }
            let output = VideoFrame(frame: try pool.blackPicture(), format: format)
            try compositor.compose(sources: sources, into: output, at: time)
            return output.frame
        }
        var shown: Frame?
        for reader in readers {
            // Every reader moves on, so that each stays in step with the output time.
            if let frame = try reader.frame(at: time), shown == nil { shown = frame }
        }
        guard let shown else { return try pool.blackPicture() }
        // A new reference: drawing on it (makeWritable) copies rather than changing the picture
        // kept for the next output frame.
        let picture = try Frame(operation: "passing a picture on")
        try MediaError.check(av_frame_ref(picture.pointer, shown.pointer), call: "av_frame_ref", "passing a picture on")
        return picture
    }

    /// The format every picture of `timeline` has: the render size, yuv420p unless a
    /// compositor (or the encoder, when `encoderName` is given) cannot take it, BT.709 for HD
    /// and BT.601 for SD, limited range.
    static func outputFormat(
        of timeline: MediaTimeline, compositor: (any TimelineFrameCompositor)?, frameCompositors: [any FrameCompositor],
        encoderName: String?
    ) throws -> VideoFrameFormat {
        var usable = PixelFormat.blendable
        if let compositor { usable.formIntersection(compositor.supportedPixelFormats) }
        for stage in frameCompositors { usable.formIntersection(stage.supportedPixelFormats) }
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
