internal import CFFmpeg
import CaptionCore

/// Pictures of an asset at given times, like `AVAssetImageGenerator`: by default the exact
/// picture shown at each time (the last one that starts at or before it); with a tolerance,
/// the nearest key frame within `[time − toleranceBefore, time + toleranceAfter]`, which needs
/// only that picture decoded.
///
/// Times are served in increasing order whatever order they are asked in, and each group of
/// pictures (GOP) is decoded once: the reader seeks only when the key frame a time needs lies
/// past what has been decoded, else it decodes forward. Pictures are made upright (display
/// matrix), fitted inside ``maximumSize`` when set, and the ``compositors`` draw on them (with
/// the picture's time) before they are turned into RGBA.
public final class AssetImageGenerator: ImageGenerating {
    public let asset: Asset
    /// How much earlier than the requested time the picture may be; `.zero` for exact.
    public var toleranceBefore: MediaTime = .zero
    /// How much later the picture may be; `.zero` for exact.
    public var toleranceAfter: MediaTime = .zero
    /// A box the images fit inside, keeping their aspect; nil for the upright picture size.
    public var maximumSize: VideoSize?
    /// Per-frame stages (captions…) drawn on each picture.
    public var compositors: [any FrameCompositor] = []
    /// Pictures decoded by the last ``generateImages(at:_:)`` (a test of GOP reuse).
    public private(set) var decodedFrameCount = 0
    /// Seeks made by the last ``generateImages(at:_:)``.
    public private(set) var seekCount = 0

    public init(asset: Asset) {
        self.asset = asset
    }

    /// Makes the images at `times` and hands each to `body` with its index in `times` as soon
    /// as it is made, in increasing time order (a time asked twice, in the order asked), as
    /// `generateCGImagesAsynchronously` does. The generator keeps no image once `body` returns
    /// (only the last one, to repeat it for a time showing the same picture), so memory does not
    /// grow with the number of times. Throws ``MediaFileError`` for a file that cannot be read,
    /// a time before 0 or past the end, or a file without pictures, and what `body` throws.
    public func generateImages(at times: [MediaTime], _ body: (Int, GeneratedImage) throws -> Void) throws {
        decodedFrameCount = 0
        seekCount = 0
        guard !times.isEmpty else { return }
        try checkMaximumSize()
        // One frame thread per core: between pictures this thread only reads packets, so
        // libavcodec's extra thread (cores + 1) adds a thread's picture buffers (8 MB at 1080p,
        // measured with ffmpeg -threads 2 against 0) and no speed.
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
                if format == nil {
                    for compositor in compositors { try compositor.prepare(for: output) }
                }
                format = output
            }
            guard let conformer, let format else { continue }
            let upright = try conformer.conform(picture, output: format)
            let frame = VideoFrame(frame: upright, format: format)
            for compositor in compositors { try compositor.composite(frame, at: actual) }
            let pixels = try upright.rgbaPixels(matrix: format.matrix, fullRange: format.isFullRange, size: nil)
            let image = GeneratedImage(
                requestedTime: time, actualTime: actual, width: pixels.width, height: pixels.height, rgba: pixels.bytes)
            last = image
            try body(index, image)
        }
        if format != nil {
            for compositor in compositors { try compositor.finish() }
        }
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
