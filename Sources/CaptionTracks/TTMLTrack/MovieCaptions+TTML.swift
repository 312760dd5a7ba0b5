import CaptionCore
import ISOBMFF
import ITT

extension MovieCaptions {
    /// The captions of an `stpp` TTML track (ISO/IEC 14496-30 §5): each sample a TTML document,
    /// read by the TTML reader (its profile detected as for a `.ttml` file), whose time expressions
    /// are on the track's media timeline; each caption is shown within its sample's span (a
    /// document may hold more than its sample shows, as in CMAF segments), put on the movie's
    /// timeline through the edit list, and joined with its continuation in the next sample (the
    /// same text, region and styles, ending where it starts again); the regions shown with no
    /// caption in them (``CaptionDocument/regionBackdrops``) likewise, the same region joined.
    /// The other document-wide parts (regions, styles, metadata) are the first document's. A
    /// damaged sample or document is a located warning and the rest is read.
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
        var backdrops: [CaptionRegionBackdrop] = []
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
            let span = TimeRange(start: start, end: end)
            Self.add(document.captions, \.timeRange, shownIn: span, from: origin, to: &captions, same: Self.sameShown)
            Self.add(document.regionBackdrops, \.timeRange, shownIn: span, from: origin, to: &backdrops) {
                $0.region == $1.region
            }
        }
        var document = first ?? CaptionDocument(captions: [])
        document.captions = captions.sorted { $0.timeRange.start < $1.timeRange.start }
        document.regionBackdrops = backdrops
        if document.language == nil, track.language != "und" { document.language = track.language }
        document.timeBase = .media
        return CaptionReadResult(document: document, diagnostics: diagnostics)
    }

    /// Adds what a sample's document shows in the sample's `span` (its times moved by the
    /// track's `origin` on the movie's timeline, cut to the span) to `shown`, joining a part
    /// that goes on from one of an earlier sample (ending where it starts, `same` otherwise).
    /// Only a part of an earlier sample is continued: two alike in one document stay two.
    private static func add<Part>(
        _ parts: [Part], _ time: WritableKeyPath<Part, TimeRange>, shownIn span: TimeRange, from origin: MediaTime,
        to shown: inout [Part], same: (Part, Part) -> Bool
    ) {
        let earlier = shown.count
        for var part in parts {
            let shownFrom = max(origin + part[keyPath: time].start, span.start, .zero)
            let shownTo = min(origin + part[keyPath: time].end, span.end)
            guard shownFrom.isNumeric, shownTo.isNumeric, shownTo > shownFrom else { continue }
            part[keyPath: time] = TimeRange(start: shownFrom, end: shownTo)
            if let k = shown[..<earlier].lastIndex(where: {
                $0[keyPath: time].end == shownFrom && same($0, part)
            }) {
                shown[k][keyPath: time] = TimeRange(start: shown[k][keyPath: time].start, end: shownTo)
            } else {
                shown.append(part)
            }
        }
    }

    /// Whether two captions show the same thing (their times aside).
    private static func sameShown(_ a: Caption, _ b: Caption) -> Bool {
        var b = b
        b.timeRange = a.timeRange
        b.id = a.id
        return a == b
    }
}
