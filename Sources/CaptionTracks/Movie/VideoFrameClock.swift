import CaptionCore
import ISOBMFF

/// The frames of a video track in presentation order, each with its movie time, and the
/// track's frame rate: what caption data is timed by (one byte pair per field per frame).
public struct VideoFrameClock: Sendable {
    /// The video's frame rate: its media timescale over its most common sample duration
    /// (`stts`), reduced (30000/1001 for 29.97 fps, whatever the timescale).
    public let rate: FrameRate
    /// The samples in decoding order.
    public let samples: [Sample]
    /// Sample indices in presentation order (by composition time, `ctts`; decoding order for
    /// equal times).
    public var presentationOrder: [Int] { reordered ?? Array(samples.indices) }
    /// ``presentationOrder`` when it is not decoding order (B-frames).
    private let reordered: [Int]?
    let clock: TrackClock

    public init(track: Track, movie: Movie) throws(CaptionTracksError) {
        let samples: [Sample]
        do throws(ISOBMFFError) {
            samples = try movie.samples(of: track)
        } catch {
            throw CaptionTracksError(error, file: nil)
        }
        try self.init(track: track, samples: samples, movieTimescale: movie.header.timescale)
    }

    /// The clock of `track` whose samples (``Movie/samples(of:)``) are `samples`.
    public init(track: Track, samples: [Sample], movieTimescale: UInt32) throws(CaptionTracksError) {
        guard !samples.isEmpty else {
            throw CaptionTracksError(.unreadable, "video track \(track.id) has no samples")
        }
        // Counted run by run: a video's frames mostly share one duration.
        var counts: [Int64: Int] = [:]
        var run: (duration: Int64, count: Int) = (0, 0)
        for s in samples where s.duration > 0 {
            if s.duration == run.duration {
                run.count += 1
            } else {
                if run.count > 0 { counts[run.duration, default: 0] += run.count }
                run = (s.duration, 1)
            }
        }
        if run.count > 0 { counts[run.duration, default: 0] += run.count }
        let delta = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        guard let rate = Self.rate(timescale: Int64(track.timescale), frameDuration: delta) else {
            throw CaptionTracksError(
                .unreadable,
                "video track \(track.id): a frame of \(delta) units at \(track.timescale) units a second is not a frame rate this reader takes (1 to 1000 fps)"
            )
        }
        self.rate = rate
        self.samples = samples
        clock = try TrackClock(track: track, movieTimescale: movieTimescale)
        // Without B-frames (no `ctts`) decoding order is presentation order.
        let inOrder = zip(samples, samples.dropFirst()).allSatisfy { $0.compositionTime <= $1.compositionTime }
        reordered =
            inOrder
            ? nil : samples.indices.sorted { (samples[$0].compositionTime, $0) < (samples[$1].compositionTime, $1) }
    }

    /// The movie time at which sample `index` (decoding order) is shown.
    public func presentationTime(ofSample index: Int) -> MediaTime {
        clock.movieTime(samples[index].compositionTime)
    }

    /// `timescale / frameDuration` reduced, when it is a rate of 1–1000 fps.
    static func rate(timescale: Int64, frameDuration: Int64) -> FrameRate? {
        guard timescale > 0, frameDuration > 0 else { return nil }
        var a = timescale
        var b = frameDuration
        while b != 0 { (a, b) = (b, a % b) }
        let frames = timescale / a
        let seconds = frameDuration / a
        guard let f = Int32(exactly: frames), let s = Int32(exactly: seconds) else { return nil }
        return FrameRate(frames: f, seconds: s)
    }
}
