import CaptionCore
import ISOBMFF
import WebVTT

extension MovieCaptions {
    /// The captions of a `wvtt` WebVTT track (ISO/IEC 14496-30), read as the WebVTT reader reads
    /// the same cues in a `.vtt` file: the `vttC` header (regions, `STYLE` blocks, `Language:`)
    /// by the WebVTT parser, each cue put back together from its pieces (``WebVTTCueJoiner``),
    /// its settings, text and identifier by the parser's rules, and the whole mapped into the
    /// model by ``WebVTTDocumentMapping`` (positions, regions, styles, paint-on; what the model
    /// cannot hold reported once per kind). Times are the samples' movie times, exactly; a timestamp
    /// tag counts from the cue's start on the WebVTT timeline (its `ctim`, else the movie's).
    /// A damaged sample or box is a located warning and the rest is read.
    public func webVTT(_ track: Track) throws(CaptionTracksError) -> CaptionReadResult {
        let clock = try TrackClock(track: track, movieTimescale: movie.header.timescale)
        let name = (fileName ?? "movie") + " track \(track.id)"
        var diagnostics: [Diagnostic] = []
        let (entry, entryProblems) = WebVTTSampleEntry.read(track.sampleEntries.first?.bytes ?? [])
        for problem in entryProblems {
            diagnostics.append(
                Diagnostic(.warning, "tracks.webvtt", problem, at: location(track: track, sample: nil, time: nil)))
        }
        var header = webVTTHeader(entry.configuration ?? "WEBVTT", name: name, into: &diagnostics)

        var joiner = WebVTTCueJoiner()
        for (index, sample) in try samples(of: track).enumerated() {
            let start = clock.movieTime(sample.time)
            let end = start + clock.duration(sample.duration)
            let here = location(track: track, sample: index, time: start)
            var reading = WebVTTSample.Reading(sample: WebVTTSample(cues: []), isEmptyBox: true, problems: [])
            if start.isNumeric, end.isNumeric,
                let bytes = try bytes(
                    of: sample, limit: Self.maximumSubtitleSampleBytes, rule: "tracks.webvtt", at: here,
                    into: &diagnostics)
            {
                reading = WebVTTSample.read(bytes)
            }
            // A sample that was skipped joins nothing: its cues' pieces on either side stay apart.
            joiner.add(reading.sample, index: index, start: start, end: end, problems: &reading.problems)
            header.notes += reading.sample.additionalText
            for problem in reading.problems {
                diagnostics.append(Diagnostic(.warning, "tracks.webvtt", problem, at: here))
            }
        }

        var cues: [WebVTTCue] = []
        var times: [(start: MediaTime, end: MediaTime, startMs: Int64, endMs: Int64, sample: Int)] = []
        var beforeStart = 0
        for joined in joiner.finish() {
            guard joined.end > .zero else {
                beforeStart += 1
                continue
            }
            let start = max(joined.start, .zero)
            let here = location(track: track, sample: joined.firstSample, time: start)
            let c = joined.cue
            var (cue, problems) = WebVTTParser.cue(
                identifier: Array(c.identifier.utf8), settings: Array(c.settings.utf8), text: Array(c.payload.utf8),
                regions: header.regions)
            for problem in problems { diagnostics.append(Diagnostic(.warning, "tracks.webvtt", problem, at: here)) }
            // The cue on its WebVTT timeline: from its ctim when it has one, else the movie's time.
            var startMs = start.convertedToTimescale(1000)
            if let text = c.currentTime {
                if let ms = WebVTTParser.milliseconds(ofTimestamp: Array(text.utf8)) {
                    startMs = ms
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, "tracks.webvtt",
                            "the ctim box holds \"\(text.prefix(40))\", not a WebVTT timestamp; ignored",
                            at: here))
                }
            }
            let length = max(joined.end > start ? 1 : 0, (joined.end - start).convertedToTimescale(1000))
            let (endMs, overflow) = startMs.addingReportingOverflow(length)
            cue.startMilliseconds = startMs
            cue.endMilliseconds = overflow ? Int64.max : endMs
            cue.sourceLine = joined.firstSample + 1
            cues.append(cue)
            times.append((start, joined.end, cue.startMilliseconds, cue.endMilliseconds, joined.firstSample))
        }
        if beforeStart > 0 {
            diagnostics.append(
                Diagnostic(
                    .info, "tracks.before-start",
                    "\(beforeStart) cue(s) end before the movie's start (edit list) and are not shown",
                    at: location(track: track, sample: nil, time: nil)))
        }
        header.cues = cues
        let cueTimes = times
        let locations = times.map { location(track: track, sample: $0.sample, time: $0.start) }
        let mapping = WebVTTDocumentMapping(
            file: header, fileName: name,
            time: { index, ms in
                let t = cueTimes[index]
                if ms == t.startMs { return t.start }
                if ms == t.endMs { return t.end }
                return t.start + MediaTime(value: ms &- t.startMs, timescale: 1000)
            },
            locate: { locations[$0] })
        var document = mapping.document(notes: &diagnostics)
        if document.language == nil, track.language != "und" { document.language = track.language }
        document.timeBase = .media
        return CaptionReadResult(document: document, diagnostics: diagnostics)
    }

    /// The WebVTT header of a track's `vttC` box, parsed as the start of a WebVTT file (its
    /// findings located in the box by line). Text without the `WEBVTT` signature is read as the
    /// blocks after one; cues in it are not the track's and are left out, with a warning.
    private func webVTTHeader(_ configuration: String, name: String, into diagnostics: inout [Diagnostic]) -> WebVTTFile
    {
        let parser = WebVTTParser(fileName: name + " vttC")
        var parsed: (file: WebVTTFile, notes: [Diagnostic])
        do throws(CaptionFormatError) {
            parsed = try parser.parse(Array(configuration.utf8))
        } catch {
            diagnostics.append(
                Diagnostic(
                    .warning, "tracks.webvtt",
                    "the vttC box does not start with the WEBVTT signature; its text is read as the header's blocks",
                    at: DiagnosticLocation(file: name + " vttC", line: 1)))
            parsed = (try? parser.parse(Array(("WEBVTT\n\n" + configuration).utf8))) ?? (WebVTTFile(), [])
        }
        diagnostics += parsed.notes
        if !parsed.file.cues.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .warning, "tracks.webvtt",
                    "the vttC box holds \(parsed.file.cues.count) cue(s); a WebVTT track's cues are in its samples, these are left out",
                    at: DiagnosticLocation(file: name + " vttC", line: parsed.file.cues[0].sourceLine)))
            parsed.file.cues = []
        }
        return parsed.file
    }
}
