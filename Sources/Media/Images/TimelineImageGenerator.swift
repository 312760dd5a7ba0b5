internal import CFFmpeg
import CaptionCore

/// Pictures of a ``MediaTimeline`` at given times, as `AVAssetImageGenerator` gives those of an
/// `AVComposition` with its `videoComposition`: the same track readers, timeline compositor
/// and frame compositors (titles, captions) as a ``TimelineExportSession``, without the
/// encoder, so each image is the exported frame before compression.
///
/// A time gives the output frame shown at it: frame ⌊t / frameDuration⌋ (its
/// ``GeneratedImage/actualTime`` is that frame's time). Times may come in any order; they are
/// served in increasing order, a frame asked for twice is composed once, and each track's
/// reader jumps to the key frame before a time when that key frame lies past what it has
/// decoded, so sparse times in a long segment do not decode every picture between them.
public final class TimelineImageGenerator: ImageGenerating {
    public let timeline: MediaTimeline
    /// Builds each picture from the tracks' pictures (as ``TimelineExportSession/compositor``);
    /// nil shows the first video track's.
    public var compositor: (any TimelineFrameCompositor)?
    /// Per-frame stages run in order on each picture, with its time on the timeline.
    public var frameCompositors: [any FrameCompositor] = []
    /// A box the images fit inside, keeping their aspect; nil for the render size.
    public var maximumSize: VideoSize?
    /// Source pictures decoded by the last ``generateImages(at:_:)``, all tracks together.
    public private(set) var decodedFrameCount = 0
    /// Jumps ahead to a key frame made by the last ``generateImages(at:_:)``.
    public private(set) var seekCount = 0

    public init(timeline: MediaTimeline) {
        self.timeline = timeline
    }

    /// Makes the images at `times` and hands each to `body` with its index in `times` as soon
    /// as it is made, in increasing time order (times showing one frame, in the order asked).
    /// No image is kept once `body` returns, so memory does not grow with the number of times.
    /// Throws ``MediaFileError`` for a source that cannot be read, a time before 0 or past the
    /// end, or a timeline without frames, and what `body` throws.
    public func generateImages(at times: [MediaTime], _ body: (Int, GeneratedImage) throws -> Void) throws {
        decodedFrameCount = 0
        seekCount = 0
        guard !times.isEmpty else { return }
        try checkMaximumSize()
        _ = try timeline.checkedSources()
        let frameCount = timeline.frameCount
        guard frameCount > 0 else { throw MediaFileError.invalidSetting("the timeline is empty: it has no frame") }
        let duration = timeline.duration
        let frames = try times.map { time -> Int in
            guard time.isNumeric, time >= .zero, time <= duration else {
                throw MediaFileError.invalidSetting(
                    "cannot take a picture at \(time.isNumeric ? SecondsText.format(time.seconds) + " s" : "\(time)"): "
                        + "the composition runs from 0 to \(SecondsText.format(duration.seconds)) s")
            }
            return min(try frameIndex(at: time), frameCount - 1)
        }
        let format = try TimelinePictureSource.outputFormat(
            of: timeline, compositor: compositor, frameCompositors: frameCompositors, encoderName: nil)
        let size = maximumSize.map {
            let fit = VideoConformer.placement(width: Double(format.width), height: Double(format.height), in: $0)
            return VideoSize(width: fit.width, height: fit.height)
        }
        try compositor?.prepare(for: format)
        for stage in frameCompositors { try stage.prepare(for: format) }
        let source = try TimelinePictureSource(
            timeline: timeline, format: format, compositor: compositor, seeksAhead: true)
        defer {
            decodedFrameCount = source.decodedFrames
            seekCount = source.seekCount
        }
        let asked = Dictionary(grouping: frames.indices, by: { frames[$0] })
        for n in asked.keys.sorted() {
            let time = timeline.frameTime(n)
            let frame = VideoFrame(frame: try source.picture(at: time), format: format)
            for stage in frameCompositors { try stage.composite(frame, at: time) }
            let pixels = try frame.frame.rgbaPixels(matrix: format.matrix, fullRange: format.isFullRange, size: size)
            var image = GeneratedImage(
                requestedTime: time, actualTime: time, width: pixels.width, height: pixels.height, rgba: pixels.bytes)
            for index in asked[n] ?? [] {
                image.requestedTime = times[index]
                try body(index, image)
            }
        }
        try compositor?.finish()
        for stage in frameCompositors { try stage.finish() }
    }

    /// ⌊time / frameDuration⌋, exactly.
    private func frameIndex(at time: MediaTime) throws -> Int {
        let d = timeline.frameDuration
        do {
            let q = try time.checkedMultiplying(by: Int64(d.timescale), dividingBy: d.value)
                .converted(toTimescale: 1, rounding: .down)
            return Int(q.value)
        } catch {
            throw MediaFileError.invalidSetting("the time \(time) cannot be counted in frames of \(d) s (\(error))")
        }
    }
}
