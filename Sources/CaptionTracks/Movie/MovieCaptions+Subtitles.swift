import CaptionCore
import ISOBMFF

extension MovieCaptions {
    /// The largest subtitle sample read (a sample's text is at most 64 KiB, TS 26.245 §5.17).
    public static let maximumSubtitleSampleBytes = 1 << 20

    /// The captions of a `tx3g` or QuickTime `text` track: one caption per sample with text,
    /// timed by the track's sample times through its edit list. Styles (bold, italic,
    /// underline, colour) come from `styl` boxes of `tx3g` samples; `text` samples give their
    /// text only (QuickTime's own style atoms are laid out differently). A damaged sample is a
    /// located warning and the rest is read.
    public func subtitles(_ track: Track) throws(CaptionTracksError) -> (captions: [Caption], diagnostics: [Diagnostic])
    {
        let clock = try TrackClock(track: track, movieTimescale: movie.header.timescale)
        let styled = track.format == "tx3g"
        var captions: [Caption] = []
        var diagnostics: [Diagnostic] = []
        // Samples of a few words: those after one are read with it.
        var reader = SampleBytesReader(source: source, samples: try samples(of: track), aheadBytes: 1024)
        for (index, sample) in reader.samples.enumerated() {
            let start = clock.movieTime(sample.time)
            let end = start + clock.duration(sample.duration)
            // Located only for a finding.
            func here() -> DiagnosticLocation { location(track: track, sample: index, time: start) }
            guard
                let bytes = try bytes(
                    ofSample: index, from: &reader, limit: Self.maximumSubtitleSampleBytes, rule: "tracks.subtitle",
                    at: here(), into: &diagnostics)
            else { continue }
            var reading = MovTextSample.read(Array(bytes))
            if !styled {
                reading.sample.runs = reading.sample.runs.map { CaptionRun($0.text) }
                reading.problems.removeAll { $0.contains("style") || $0.contains("modifier") }
            }
            for problem in reading.problems {
                diagnostics.append(Diagnostic(.warning, "tracks.subtitle", problem, at: here()))
            }
            guard !reading.sample.text.isEmpty, end > start, end > .zero else { continue }
            var caption = Caption(runs: reading.sample.runs, timeRange: TimeRange(start: max(start, .zero), end: end))
            caption.id = String(index + 1)
            captions.append(caption)
        }
        return (captions, diagnostics)
    }
}
