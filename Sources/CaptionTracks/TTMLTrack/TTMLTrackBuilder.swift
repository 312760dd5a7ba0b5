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
        // A region shown after the last caption is shown to its end.
        let end = shown.regionBackdrops.map(\.timeRange.end).filter(\.isNumeric).reduce(captionsEnd, max)
        // What the profile cannot hold is said once, for the whole document; each sample's
        // document holds a part of the same captions and regions.
        let writer = TTMLWriter(options: CaptionFormatOptions(fileName: fileName), profile: profile)
        let whole = try Self.write(shown, with: writer, fileName: fileName)
        diagnostics += whole.diagnostics
        var bounds: [MediaTime] = []
        for e in segmentEnds where e > (bounds.last ?? .zero) { bounds.append(e) }
        if end > (bounds.last ?? .zero) { bounds.append(end) }
        let (timescale, exact) = MovTextTrackBuilder.timescale(
            for: bounds, frameRate: document.frameRate, also: segmentEnds.map(\.timescale))
        // Rounded up, so that a sample never starts before the fragment end it follows.
        var units: [Int64] = []
        for b in bounds {
            let u = (try? b.converted(toTimescale: timescale, rounding: .up))?.value ?? 0
            if u > (units.last ?? 0) { units.append(u) }
        }
        var samples: [NewTrack.Sample] = []
        var from: Int64 = 0
        for u in units {
            guard let duration = UInt32(exactly: u - from) else {
                throw CaptionTracksError(
                    .cannotWrite,
                    "a sample of \(MediaTime(value: u - from, timescale: timescale)) s is too long "
                        + "at \(timescale) a second", file: fileName)
            }
            let span = TimeRange(
                start: MediaTime(value: from, timescale: timescale), end: MediaTime(value: u, timescale: timescale))
            let bytes =
                units.count == 1
                ? whole.bytes : try Self.write(shown.shown(in: span), with: writer, fileName: fileName).bytes
            samples.append(NewTrack.Sample(data: bytes, duration: duration))
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
