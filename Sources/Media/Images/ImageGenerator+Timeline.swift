internal import CFFmpeg
import CaptionCore

/// A timeline's composed frames: the output frame shown at each time, made by the same picture
/// step and compositors as its export, RGBA.
extension ImageGenerator {
    func generateImages(
        of timeline: MediaTimeline, at times: [MediaTime], compositors: CompositorChain,
        _ body: (Int, GeneratedImage) throws -> Void
    ) throws {
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
            return min(try frameIndex(at: time, in: timeline), frameCount - 1)
        }
        let format = try TimelinePictureSource.outputFormat(of: timeline, compositors: compositors, encoderName: nil)
        let size = maximumSize.map {
            let fit = VideoConformer.placement(width: Double(format.width), height: Double(format.height), in: $0)
            return VideoSize(width: fit.width, height: fit.height)
        }
        let source = try TimelinePictureSource(timeline: timeline, format: format, seeksAhead: true)
        compositors.use(source.pool)
        try compositors.prepare(for: format)
        defer {
            decodedFrameCount = source.decodedFrames
            seekCount = source.seekCount
        }
        let asked = Dictionary(grouping: frames.indices, by: { frames[$0] })
        for n in asked.keys.sorted() {
            let time = timeline.frameTime(n)
            let (shown, tracks) = try source.pictures(at: time)
            let frame = try compositors.run(on: shown, sources: tracks, at: time)
            let pixels = try frame.frame.rgbaPixels(matrix: format.matrix, fullRange: format.isFullRange, size: size)
            var image = GeneratedImage(
                requestedTime: time, actualTime: time, width: pixels.width, height: pixels.height, rgba: pixels.bytes)
            for index in asked[n] ?? [] {
                image.requestedTime = times[index]
                try body(index, image)
            }
        }
        try compositors.finish()
    }

    /// ⌊time / frameDuration⌋, exactly.
    private func frameIndex(at time: MediaTime, in timeline: MediaTimeline) throws -> Int {
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
