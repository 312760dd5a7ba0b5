import CaptionCore
import ISOBMFF
import ITT

/// Builds a TTML track (ISO/IEC 14496-30 §5, `stpp` samples, `subt` handler, `sthd` media
/// header) from a caption document, each sample a TTML document written in `profile`. In a plain
/// movie one sample holds the whole document, from movie time zero to the last caption's (or
/// region backdrop's) end, as FFmpeg's `mov` muxer lays out a TTML stream. Into a fragmented
/// movie the track is cut at the
/// ends of the movie's fragments (`segmentEnds`), a sample a fragment, as a packager writes CMAF
/// subtitle segments (ISO/IEC 23000-19 §7.3, one TTML document per segment): each document holds
/// the captions and region backdrops shown in its sample's span, with their whole times, since a
/// sample shows only what falls in its span (14496-30 §5.2; readers join a caption cut at a
/// boundary again); a span with nothing shown gets an empty document, so the track lasts as long
/// as the fragments. Time expressions in a sample are on the track's media timeline (14496-30:
/// a document's time zero is the track's, whichever sample holds it), so the captions keep the
/// times the writer gives them. The sample entry names the TTML namespace and the profile's
/// content type (``TTMLSampleEntry``).
public struct TTMLTrackBuilder: Sendable {
    public var language: LanguageTag
    /// The profile of the documents in the samples (IMSC 1.1 Text unless asked otherwise).
    public var profile: TTMLProfile

    public init(language: LanguageTag, profile: TTMLProfile = .imsc11Text) {
        self.language = language
        self.profile = profile
    }

    /// The track; `segmentEnds` are the ends of the samples before the last (the movie's
    /// fragments' ends, ``ISOBMFF/MovieTrackAdder/fragmentEnds()``; none for one sample), and
    /// `fileName` names the document in findings.
    public func track(
        for document: CaptionDocument, alternateGroup: Int16, enabled: Bool, fileName: String? = nil,
        segmentEnds: [MediaTime] = []
    ) throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic]) {
        guard !profile.isImage, profile != .itt else {
            throw CaptionTracksError(
                .cannotWrite, "an stpp track holds TTML text documents: \(profile) is not a profile for it",
                file: fileName)
        }
        var diagnostics: [Diagnostic] = []
        var shown = document
        // TTML1 §7.1.1 wants xml:lang: the track's language when the document names none.
        if shown.language == nil, language.iso639_2 != "und" { shown.language = language.bcp47 ?? language.iso639_2 }
        shown.captions = SubtitleTrackCaptions.carried(
            document.captions, rule: "tracks.ttml", fileName: fileName, into: &diagnostics)
        guard let captionsEnd = shown.captions.map(\.timeRange.end).max(), captionsEnd > .zero else {
            throw CaptionTracksError(
                .cannotWrite, "no caption with a time range after the movie's start to write", file: fileName)
        }
        // What the profile cannot hold is said once, for the whole document, and each sample's
        // document holds a part of what the whole one does: the region backdrops it writes, and
        // every region under the id it gives it (a region without one is named in order of first
        // use, which would differ from sample to sample, and a reader joins a caption only in
        // the same region).
        let writer = TTMLWriter(options: CaptionFormatOptions(fileName: fileName), profile: profile)
        let whole: CaptionWriteResult
        do throws(CaptionFormatError) {
            let written = try writer.writeWithBackdrops(shown)
            whole = written.written
            shown.regionBackdrops = written.backdropsWritten.map { shown.regionBackdrops[$0] }
        } catch {
            throw CaptionTracksError(.cannotWrite, error.message, file: fileName)
        }
        diagnostics += whole.diagnostics
        for (i, region) in writer.regionsAsWritten(in: shown).enumerated() where region != nil {
            shown.captions[i].region?.identifier = region?.identifier
        }
        for (i, region) in writer.backdropRegionsAsWritten(in: shown).enumerated() {
            shown.regionBackdrops[i].region.identifier = region.identifier
        }
        // A region shown after the last caption is shown to its end.
        let end = shown.regionBackdrops.map(\.timeRange.end).filter(\.isNumeric).reduce(captionsEnd, max)
        var bounds: [MediaTime] = []
        for e in segmentEnds where e > (bounds.last ?? .zero) { bounds.append(e) }
        if end > (bounds.last ?? .zero) { bounds.append(end) }
        var (timescale, exact) = MovTextTrackBuilder.timescale(
            for: bounds, frameRate: document.frameRate, also: segmentEnds.map(\.timescale))
        var ends = try Self.sampleEnds(bounds, timescale: timescale, fileName: fileName)
        if ends == nil, timescale != 1000 {
            // A timescale too fine for a long sample's 32-bit duration: milliseconds, rounded up.
            (timescale, exact) = (1000, false)
            ends = try Self.sampleEnds(bounds, timescale: timescale, fileName: fileName)
        }
        guard let ends else {
            throw CaptionTracksError(
                .cannotWrite, "a sample runs past 2^32 milliseconds (the track ends at \(end.seconds.formatted3) s)",
                file: fileName)
        }
        var samples: [NewTrack.Sample] = []
        var from: Int64 = 0
        for u in ends {
            let span = TimeRange(
                start: MediaTime(value: from, timescale: timescale), end: MediaTime(value: u, timescale: timescale))
            let bytes =
                ends.count == 1
                ? whole.bytes : try Self.write(shown.shown(in: span), with: writer, fileName: fileName).bytes
            samples.append(NewTrack.Sample(data: bytes, duration: UInt32(u - from)))
            from = u
        }
        if !exact {
            diagnostics.append(
                Diagnostic(
                    .info, "tracks.rounded",
                    "the samples' ends rounded up to the millisecond (the documents inside keep every time)",
                    at: DiagnosticLocation(file: fileName)))
        }
        let entry = TTMLSampleEntry(contentType: TTMLSampleEntry.contentType(of: profile))
        var track = NewTrack(
            handlerType: "subt", handlerName: "TTML", mediaHeader: .subtitle, sampleEntry: entry.bytes,
            timescale: UInt32(timescale), samples: samples, language: language.iso639_2,
            trackFlags: enabled ? 0x3 : 0x2)
        track.alternateGroup = alternateGroup
        track.extendedLanguage = language.bcp47
        return (track, diagnostics)
    }

    /// The samples' ends in units of `timescale`, each rounded up (so that a sample never starts
    /// before the fragment end it follows), repeats dropped; nil when a sample's duration does not
    /// fit 32 bits (ISO/IEC 14496-12 §8.8.8 `trun`, §8.6.1.2 `stts`).
    static func sampleEnds(_ bounds: [MediaTime], timescale: Int32, fileName: String?)
        throws(CaptionTracksError) -> [Int64]?
    {
        var ends: [Int64] = []
        for b in bounds {
            guard let u = (try? b.converted(toTimescale: timescale, rounding: .up))?.value else {
                throw CaptionTracksError(
                    .cannotWrite,
                    "a sample's end (\(b.seconds.formatted3) s) cannot be counted at \(timescale) a second",
                    file: fileName)
            }
            guard u > (ends.last ?? 0) else { continue }
            guard UInt32(exactly: u - (ends.last ?? 0)) != nil else { return nil }
            ends.append(u)
        }
        return ends
    }

    static func write(_ document: CaptionDocument, with writer: TTMLWriter, fileName: String?)
        throws(CaptionTracksError) -> CaptionWriteResult
    {
        do throws(CaptionFormatError) {
            return try writer.write(document)
        } catch {
            throw CaptionTracksError(.cannotWrite, error.message, file: fileName)
        }
    }
}

extension CaptionDocument {
    /// The document with only the captions and region backdrops shown in `span` (a part of each
    /// overlaps it), their times whole.
    func shown(in span: TimeRange) -> CaptionDocument {
        var part = self
        part.captions = captions.filter { $0.timeRange.start < span.end && $0.timeRange.end > span.start }
        part.regionBackdrops = regionBackdrops.filter {
            $0.timeRange.start < span.end && $0.timeRange.end > span.start
        }
        return part
    }
}
