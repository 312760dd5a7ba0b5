internal import CFFmpeg
import CaptionCore

/// An asset's pictures: the reader positioned for each time (seeking only when needed), the
/// picture in force made upright and fitted, the compositors, RGBA.
extension ImageGenerator {
    func generateImages(
        of asset: Asset, at times: [MediaTime], compositors: CompositorChain,
        _ body: (Int, GeneratedImage) throws -> Void
    ) throws {
        let reader = try VideoTrackReader(path: asset.path, trackID: nil, decoderThreads: av_cpu_count())
        let duration = try asset.loadDescription().duration
        for time in times {
            guard time.isNumeric, time >= .zero else {
                throw MediaFileError.invalidSetting("\(asset.path): cannot take a picture at \(time); times start at 0")
            }
            if let duration, duration.isNumeric, time > duration {
                throw MediaFileError.invalidSetting(
                    "\(asset.path): \(SecondsText.format(time.seconds)) s is past the end of the movie "
                        + "(\(SecondsText.format(duration.seconds)) s long)")
            }
        }
        let order = times.indices.sorted { times[$0] < times[$1] }
        var conformer: VideoConformer?
        var format: VideoFrameFormat?
        var last: GeneratedImage?
        var positioned = false
        defer { decodedFrameCount = reader.decodedFrames }
        for index in order {
            let time = times[index]
            let target = try position(reader, for: time, positioned: &positioned)
            guard let inForce = try reader.frame(inForceAt: target) else {
                throw MediaFileError.invalidSetting("\(asset.path): the video track has no picture to show")
            }
            let picture = inForce.frame
            let actual = inForce.time
            if var repeated = last, repeated.actualTime == actual {
                repeated.requestedTime = time
                try body(index, repeated)
                continue
            }
            let f = picture.pointer.pointee
            let key = VideoConformer.InputKey(
                width: f.width, height: f.height, format: f.format,
                sar: f.sample_aspect_ratio.num > 0 ? f.sample_aspect_ratio : AVRational(num: 1, den: 1))
            if conformer?.inputKey != key {
                let output = outputFormat(for: picture, reader: reader)
                conformer = try VideoConformer(
                    first: picture, timeBase: reader.timeBase, orientation: reader.orientation, output: output,
                    sourceMatrix: reader.colorMatrix, path: asset.path, label: reader.track.label)
                if format == nil { try compositors.prepare(for: output) }
                format = output
            }
            guard let conformer, let format else { continue }
            let upright = VideoFrame(frame: try conformer.conform(picture, output: format), format: format)
            let trackID = CompositionTrackID(clamping: reader.track.trackID)
            let frame = try compositors.run(on: upright, sources: [trackID: upright], at: actual)
            let pixels = try frame.frame.rgbaPixels(matrix: format.matrix, fullRange: format.isFullRange, size: nil)
            let image = GeneratedImage(
                requestedTime: time, actualTime: actual, width: pixels.width, height: pixels.height, rgba: pixels.bytes)
            last = image
            try body(index, image)
        }
        if format != nil { try compositors.finish() }
    }

    /// Moves `reader` so that the picture for `time` comes next, seeking only when needed, and
    /// returns the time whose picture in force is wanted.
    private func position(_ reader: VideoTrackReader, for time: MediaTime, positioned: inout Bool) throws -> MediaTime {
        if toleranceBefore > .zero || toleranceAfter > .zero {
            let low = time - toleranceBefore
            let high = time + toleranceAfter
            let candidates = [
                reader.keyFrameTime(near: time, after: false), reader.keyFrameTime(near: time, after: true),
            ]
            .compactMap { $0 }.filter { $0 >= low && $0 <= high }
            if let key = candidates.min(by: { abs(($0 - time).seconds) < abs(($1 - time).seconds) }) {
                // The key frame alone is decoded, unless it is already the picture in force.
                if reader.current?.time != key {
                    try reader.seek(toKeyFrameAtOrBefore: key)
                    seekCount += 1
                    positioned = true
                }
                return key
            }
        }
        let reached = reader.current?.time
        var needsSeek = !positioned
        if let reached, time < reached { needsSeek = true }
        if !needsSeek, let key = reader.keyFrameTime(near: time, after: false) {
            // Seek only when the key frame this time needs lies beyond everything decoded.
            let decoded = reader.upcomingTime ?? reached ?? .zero
            if key > decoded { needsSeek = true }
        }
        if needsSeek {
            try reader.seek(toKeyFrameAtOrBefore: time)
            seekCount += 1
            positioned = true
        }
        return time
    }

    /// The picture size: upright, fitted inside ``maximumSize`` when set; yuv420p with the
    /// source's matrix (so that conforming changes no colour).
    private func outputFormat(for picture: Frame, reader: VideoTrackReader) -> VideoFrameFormat {
        let f = picture.pointer.pointee
        let sar =
            f.sample_aspect_ratio.num > 0 && f.sample_aspect_ratio.den > 0
            ? f.sample_aspect_ratio : AVRational(num: 1, den: 1)
        var w = Double(f.width) * Double(sar.num) / Double(sar.den)
        var h = Double(f.height)
        if reader.orientation.swapsSides { swap(&w, &h) }
        let box = maximumSize ?? VideoSize(width: Int(w.rounded()), height: Int(h.rounded()))
        let place = VideoConformer.placement(width: w, height: h, in: box)
        return VideoFrameFormat(
            width: place.width, height: place.height, pixelFormat: .yuv420p, matrix: reader.colorMatrix,
            isFullRange: false, frameRate: reader.track.frameRate)
    }
}
