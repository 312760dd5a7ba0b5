import CaptionCore

/// What goes into a subtitle track built from a document (`wvtt`, `stpp`).
enum SubtitleTrackCaptions {
    /// The captions a track can show: numeric times, ending after the movie's start (earlier
    /// starts moved to it), lasting some time. What is left out is reported.
    static func carried(
        _ captions: [Caption], rule emptyRule: String, fileName: String?, into diagnostics: inout [Diagnostic]
    ) -> [Caption] {
        var kept: [Caption] = []
        var untimed = 0
        var before = 0
        var empty = 0
        for var c in captions {
            guard c.timeRange.start.isNumeric, c.timeRange.end.isNumeric else {
                untimed += 1
                continue
            }
            guard c.timeRange.end > .zero else {
                before += 1
                continue
            }
            if c.timeRange.start < .zero { c.timeRange = TimeRange(start: .zero, end: c.timeRange.end) }
            guard c.timeRange.end > c.timeRange.start else {
                empty += 1
                continue
            }
            kept.append(c)
        }
        let here = DiagnosticLocation(file: fileName)
        for (count, rule, what) in [
            (untimed, "tracks.untimed", "without a numeric time range"),
            (before, "tracks.before-start", "ending before the movie's start"),
            (empty, emptyRule, "of no duration (a sample lasts some time)"),
        ] where count > 0 {
            diagnostics.append(Diagnostic(.warning, rule, "\(count) caption(s) \(what) left out", at: here))
        }
        return kept
    }
}
