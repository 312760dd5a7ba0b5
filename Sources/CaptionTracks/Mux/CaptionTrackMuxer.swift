import CaptionCore
import ISOBMFF
import ITT

/// Adds caption tracks to a copy of a movie (AVFoundation's `AVAssetWriterInputCaptionAdaptor`
/// on Linux): a `c608` closed-caption track from the byte pairs of each video frame, and a
/// `tx3g` or `wvtt` subtitle track from captions. The movie's own tracks are copied byte for byte
/// (``MovieTrackAdder``); nothing is written until every track is built.
public struct CaptionTrackMuxer: Sendable {
    /// The kinds of track; the raw values are the CLI's `--form` names.
    public enum Form: String, Sendable, Hashable, CaseIterable {
        /// QuickTime closed captions: `clcp` handler, `c608` samples.
        case c608
        /// QuickTime closed captions: `clcp` handler, `c708` samples (one CDP a video frame,
        /// CEA-608 and CEA-708 service 1).
        case c708
        /// 3GPP timed text, FFmpeg's `mov_text`: `sbtl` handler, `tx3g` samples.
        case tx3g
        /// WebVTT in ISO BMFF (ISO/IEC 14496-30), as CMAF carries subtitles: `text` handler,
        /// `wvtt` samples.
        case wvtt
        /// TTML in ISO BMFF (ISO/IEC 14496-30 §5): `subt` handler, `stpp` samples.
        case stpp

        /// Whether the form is a subtitle track (one enabled per alternate group).
        public var isSubtitle: Bool { self != .c608 && self != .c708 }
    }

    public let movie: MovieCaptions

    public init(movie: MovieCaptions) { self.movie = movie }

    /// Whether the movie is a QuickTime file (`ftyp` major brand `qt  `, or no `ftyp`), whose
    /// new tracks get QuickTime's base media header (`gmhd`) rather than ISO's null one.
    public var isQuickTime: Bool {
        guard let ftyp = movie.movie.topLevelBoxes.first(where: { $0.type == "ftyp" }) else { return true }
        guard ftyp.size >= 12, let brand = try? movie.source.bytes(in: (ftyp.offset + 8)..<(ftyp.offset + 12)) else {
            return false
        }
        return brand == Array("qt  ".utf8)
    }

    /// The video track captions are timed by and referred from.
    public func video() throws(CaptionTracksError) -> (track: Track, clock: VideoFrameClock) {
        guard let track = movie.videoTrack else {
            throw CaptionTracksError(
                .cannotWrite,
                "the movie has no video track: c608 captions are timed by video frames and referred to by the video",
                file: movie.fileName)
        }
        return (track, try VideoFrameClock(track: track, movie: movie.movie))
    }

    /// The movie's end: its `mvhd` duration as a time. In a fragmented movie that duration is
    /// `moov`'s samples' only (ISO/IEC 14496-12 §8.8.1; 0 in a CMAF header): `mehd` gives the
    /// whole (§8.8.2), else the end of the video's last frame in the fragments.
    public var duration: MediaTime {
        let header = movie.movie.header
        let timescale = Int32(clamping: max(1, header.timescale))
        let end = MediaTime(value: Int64(clamping: header.duration), timescale: timescale)
        guard !movie.movie.fragments.isEmpty else { return end }
        if let whole = movie.movie.fragmentDuration {
            return .maximum(end, MediaTime(value: Int64(clamping: whole), timescale: timescale))
        }
        guard let frames = try? video().clock, let last = frames.presentationOrder.last else { return end }
        let sample = frames.samples[last]
        // Times from the file: a sum past 64 bits leaves the end mvhd gives.
        let (shown, overflow) = sample.time.addingReportingOverflow(sample.compositionOffset)
        let (after, overflow2) = shown.addingReportingOverflow(sample.duration)
        guard !overflow, !overflow2 else { return end }
        let videoEnd = frames.clock.movieTime(after)
        return videoEnd.isNumeric ? .maximum(end, videoEnd) : end
    }

    /// A `c608` track carrying `schedule`: a sample for each of its frames with data, at the
    /// schedule's rate (line 21's 29.97 fps whatever the video's), so that every pair is at its
    /// own time however a reader spaces the pairs of a sample.
    public func c608Track(_ schedule: CEA608FrameSchedule, language: LanguageTag) throws(CaptionTracksError) -> (
        track: NewTrack, diagnostics: [Diagnostic]
    ) {
        let (video, _) = try video()
        let diagnostics = notes(on: schedule, end: schedule.rate.time(ofFrame: schedule.endFrame))
        let track = try C608TrackBuilder(quickTime: isQuickTime, language: language).track(
            for: schedule, videoTrackID: video.id)
        return (track, diagnostics)
    }

    /// What writing `schedule` in a track that ends at `end` loses or stretches: words before
    /// the movie's start, data past its end.
    func notes(on schedule: CEA608FrameSchedule, end: MediaTime) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if schedule.droppedBeforeStart > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning, "tracks.before-start",
                    "\(schedule.droppedBeforeStart) word(s) fall before the movie's start and are not written",
                    at: DiagnosticLocation(file: movie.fileName),
                    suggestedFix:
                        "give the timecode of the movie's start with \(CaptionFormatOptions.ParameterWords.startTimecode)"
                ))
        }
        let duration = self.duration
        if end > duration {
            diagnostics.append(
                Diagnostic(
                    .warning, "tracks.past-end",
                    "the caption data runs to \(end.seconds.formatted3) s, past the movie's end at \(duration.seconds.formatted3) s; the track is longer than the video",
                    at: DiagnosticLocation(file: movie.fileName)))
        }
        return diagnostics
    }

    /// A `tx3g` track showing `captions` (movie times), in the subtitle group
    /// (``subtitleGroup(enabling:)``). What the track cannot show of them is reported; what a
    /// document holds beside its captions only by ``tx3gTrack(_:language:fileName:enabled:)``.
    public func tx3gTrack(_ captions: [Caption], frameRate: FrameRate?, language: LanguageTag, enabled: Bool = true)
        throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic])
    {
        let (group, enable) = subtitleGroup(enabling: enabled)
        return try MovTextTrackBuilder(quickTime: isQuickTime, language: language).track(
            for: captions, frameRate: frameRate, alternateGroup: group, enabled: enable)
    }

    /// A `tx3g` track showing `document` (movie times; its frame rate picks the timescale), in
    /// the subtitle group (``subtitleGroup(enabling:)``); what the track cannot show of the
    /// captions and of the document is reported, located in `fileName`.
    public func tx3gTrack(
        _ document: CaptionDocument, language: LanguageTag, fileName: String?, enabled: Bool = true
    ) throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic]) {
        let (group, enable) = subtitleGroup(enabling: enabled)
        return try MovTextTrackBuilder(quickTime: isQuickTime, language: language).track(
            for: document, frameRate: document.frameRate, alternateGroup: group, enabled: enable, fileName: fileName)
    }

    /// A `wvtt` track showing `document` (movie times; its header's language and STYLE and
    /// REGION blocks go in `vttC`), in the subtitle group (``subtitleGroup(enabling:)``).
    /// `sourceLabel` names the source in `vlab`; `fileName` locates findings.
    public func wvttTrack(
        _ document: CaptionDocument, language: LanguageTag, sourceLabel: String?, fileName: String?,
        enabled: Bool = true
    ) throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic]) {
        let (group, enable) = subtitleGroup(enabling: enabled)
        return try WebVTTTrackBuilder(quickTime: isQuickTime, language: language, sourceLabel: sourceLabel).track(
            for: document, frameRate: document.frameRate, alternateGroup: group, enabled: enable, fileName: fileName)
    }

    /// A TTML track of `document` in `profile` (``TTMLTrackBuilder``): one document, or in a
    /// fragmented movie one a fragment, cut where the movie's fragments end.
    public func stppTrack(
        _ document: CaptionDocument, language: LanguageTag, profile: TTMLProfile = .imsc11Text, fileName: String?,
        enabled: Bool = true
    ) throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic]) {
        let (group, enable) = subtitleGroup(enabling: enabled)
        return try TTMLTrackBuilder(language: language, profile: profile).track(
            for: document, alternateGroup: group, enabled: enable, fileName: fileName, segmentEnds: fragmentEnds())
    }

    /// The ends of the movie's fragments (``ISOBMFF/MovieTrackAdder/fragmentEnds()``), in the
    /// times the writer places a new sample by (the reference track's decode times against the
    /// new track's own, which has no edit list); none when it has no fragments.
    func fragmentEnds() throws(CaptionTracksError) -> [MediaTime] {
        let found: (timescale: UInt32, ends: [Int64])
        do throws(ISOBMFFError) {
            found = try MovieTrackAdder(movie: movie.movie, source: movie.source).fragmentEnds()
        } catch {
            throw CaptionTracksError(error, file: movie.fileName)
        }
        guard !found.ends.isEmpty else { return [] }
        guard let timescale = Int32(exactly: found.timescale) else {
            throw CaptionTracksError(
                .cannotWrite, "the fragments' timescale (\(found.timescale)) is past 2^31: their ends cannot be timed",
                file: movie.fileName)
        }
        return found.ends.map { MediaTime(value: $0, timescale: timescale) }
    }

    /// The alternate group a new subtitle track joins: that of the movie's subtitle tracks (or a
    /// new one); the track is enabled when `enabling` asks and no subtitle track of that group is
    /// (ISO/IEC 14496-12 §8.3.2.3: one enabled track per group).
    func subtitleGroup(enabling: Bool) -> (group: Int16, enabled: Bool) {
        let subtitles = movie.movie.tracks.filter { ["sbtl", "text", "subt"].contains($0.handlerType) }
        let group =
            subtitles.first(where: { $0.alternateGroup != 0 })?.alternateGroup
            ?? ((movie.movie.tracks.map(\.alternateGroup).max() ?? 0) + 1)
        return (group, enabling && !subtitles.contains { $0.alternateGroup == group && $0.flags & 1 != 0 })
    }

    /// The IDs the new tracks will get, in order.
    public func trackIDs(count: Int) -> [UInt32] {
        MovieTrackAdder(movie: movie.movie, source: movie.source).trackIDs(for: count)
    }

    /// Writes the movie with `tracks` added through `write`, in order, in pieces.
    public func write(_ tracks: [NewTrack], to write: ([UInt8]) throws(ISOBMFFError) -> Void)
        throws(CaptionTracksError)
    {
        do throws(ISOBMFFError) {
            try MovieTrackAdder(movie: movie.movie, source: movie.source).write(adding: tracks, to: write)
        } catch {
            throw CaptionTracksError(error, file: movie.fileName)
        }
    }
}

extension Double {
    /// Three decimals, without Foundation.
    var formatted3: String {
        guard isFinite, abs(self) < 1e12 else { return "\(self)" }
        let ms = Int64((self * 1000).rounded())
        let whole = abs(ms) / 1000
        let frac = String(abs(ms) % 1000)
        return (ms < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}
