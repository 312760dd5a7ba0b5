import CaptionCore
import ISOBMFF
import ITT

/// Builds a TTML track (ISO/IEC 14496-30 §5, `stpp` samples, `subt` handler, `sthd` media
/// header) from a caption document: one sample holding the whole document as the TTML writer
/// writes it in `profile`, from movie time zero to the last caption's end, as FFmpeg's `mov`
/// muxer lays out a TTML stream. Time expressions in a sample are on the track's media timeline
/// (14496-30: a document's time zero is the track's, whichever sample holds it), so the
/// captions keep the times the writer gives them. The sample entry names the TTML namespace and
/// the profile's content type (``TTMLSampleEntry``).
public struct TTMLTrackBuilder: Sendable {
    public var language: LanguageTag
    /// The profile of the document in the sample (IMSC 1.1 Text unless asked otherwise).
    public var profile: TTMLProfile

    public init(language: LanguageTag, profile: TTMLProfile = .imsc11Text) {
        self.language = language
        self.profile = profile
    }

    /// The track; `fileName` names the document in findings.
    public func track(for document: CaptionDocument, alternateGroup: Int16, enabled: Bool, fileName: String? = nil)
        throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic])
    {
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
        guard let end = shown.captions.map(\.timeRange.end).max(), end > .zero else {
            throw CaptionTracksError(
                .cannotWrite, "no caption with a time range after the movie's start to write", file: fileName)
        }
        let written: CaptionWriteResult
        do throws(CaptionFormatError) {
            written = try TTMLWriter(options: CaptionFormatOptions(fileName: fileName), profile: profile).write(shown)
        } catch {
            throw CaptionTracksError(.cannotWrite, error.message, file: fileName)
        }
        diagnostics += written.diagnostics
        let (timescale, exact) = MovTextTrackBuilder.timescale(for: [end], frameRate: document.frameRate)
        let units = (try? end.converted(toTimescale: timescale, rounding: .up))?.value ?? 0
        guard let duration = UInt32(exactly: units) else {
            throw CaptionTracksError(
                .cannotWrite, "a document of \(end) s is too long for one sample at \(timescale) a second",
                file: fileName)
        }
        if !exact {
            diagnostics.append(
                Diagnostic(
                    .info, "tracks.rounded",
                    "the sample's end rounded up to the millisecond (the document inside keeps every time)",
                    at: DiagnosticLocation(file: fileName)))
        }
        let entry = TTMLSampleEntry(contentType: TTMLSampleEntry.contentType(of: profile))
        var track = NewTrack(
            handlerType: "subt", handlerName: "TTML", mediaHeader: .subtitle, sampleEntry: entry.bytes,
            timescale: UInt32(timescale), samples: [NewTrack.Sample(data: written.bytes, duration: duration)],
            language: language.iso639_2, trackFlags: enabled ? 0x3 : 0x2)
        track.alternateGroup = alternateGroup
        track.extendedLanguage = language.bcp47
        return (track, diagnostics)
    }
}
