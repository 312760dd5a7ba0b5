import CaptionCore
import ISOBMFF
import ITT

extension MovieCaptions {
    /// The captions of an `stpp` TTML track (ISO/IEC 14496-30 §5): each sample a TTML document,
    /// read by the TTML reader (its profile detected as for a `.ttml` file), whose time expressions
    /// are on the track's media timeline; each caption is shown within its sample's span (a
    /// document may hold more than its sample shows, as in CMAF segments), put on the movie's
    /// timeline through the edit list, and joined with its continuation in the next sample (the
    /// same text, region and styles, ending where it starts again). A damaged sample or document
    /// is a located warning and the rest is read.
    public func ttml(_ track: Track) throws(CaptionTracksError) -> CaptionReadResult {
        let clock = try TrackClock(track: track, movieTimescale: movie.header.timescale)
        let name = (fileName ?? "movie") + " track \(track.id)"
        var diagnostics: [Diagnostic] = []
        let (_, entryProblems) = TTMLSampleEntry.read(track.sampleEntries.first?.bytes ?? [])
        for problem in entryProblems {
            diagnostics.append(
                Diagnostic(.warning, "tracks.ttml", problem, at: location(track: track, sample: nil, time: nil)))
        }
        // Media time zero on the movie's timeline.
        let origin = clock.movieTime(0)
        var captions: [Caption] = []
        var first: CaptionDocument?
        for (index, sample) in try samples(of: track).enumerated() {
            let start = clock.movieTime(sample.time)
            let end = start + clock.duration(sample.duration)
            let here = location(track: track, sample: index, time: start)
            guard start.isNumeric, end.isNumeric, end > start,
                let bytes = try bytes(
                    of: sample, limit: Self.maximumSubtitleSampleBytes, rule: "tracks.ttml", at: here,
                    into: &diagnostics)
            else { continue }
            let options = CaptionFormatOptions(fileName: name + " sample \(index + 1)")
            let document: CaptionDocument
            do throws(CaptionFormatError) {
                let read = try TTMLReader(options: options).readWithProfile(bytes).result
                document = read.document
                diagnostics += read.diagnostics
            } catch {
                diagnostics.append(
                    Diagnostic(.warning, "tracks.ttml", "the sample is not a TTML document: \(error.message)", at: here)
                )
                continue
            }
            if first == nil { first = document }
            // Only a caption of an earlier sample is continued: two alike in one document stay two.
            let earlier = captions.count
            for var caption in document.captions {
                let shownFrom = max(origin + caption.timeRange.start, start, .zero)
                let shownTo = min(origin + caption.timeRange.end, end)
                guard shownFrom.isNumeric, shownTo.isNumeric, shownTo > shownFrom else { continue }
                caption.timeRange = TimeRange(start: shownFrom, end: shownTo)
                if let k = captions[..<earlier].lastIndex(where: {
                    $0.timeRange.end == shownFrom && Self.sameShown($0, caption)
                }) {
                    captions[k].timeRange = TimeRange(start: captions[k].timeRange.start, end: shownTo)
                } else {
                    captions.append(caption)
                }
            }
        }
        var document = first ?? CaptionDocument(captions: [])
        document.captions = captions.sorted { $0.timeRange.start < $1.timeRange.start }
        if document.language == nil, track.language != "und" { document.language = track.language }
        document.timeBase = .media
        return CaptionReadResult(document: document, diagnostics: diagnostics)
    }

    /// Whether two captions show the same thing (their times aside).
    private static func sameShown(_ a: Caption, _ b: Caption) -> Bool {
        var b = b
        b.timeRange = a.timeRange
        b.id = a.id
        return a == b
    }
}
