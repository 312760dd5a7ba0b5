import CEA608
import CaptionCore
import ISOBMFF
import SCC

extension MovieCaptions {
    /// The key of ``CaptionFormatOptions/settings`` that names the source to read
    /// (`track`, `sei` or `subtitle`: ``MovieCaptionSource/Kind``); the CLI's `--source`.
    public static let sourceSetting = "movie.source"

    /// How messages name ``transmittedSCC(options:)``; the CLI's `--as-transmitted`.
    public static let transmittedWords = "MovieCaptions.transmittedSCC(options:)"

    /// The source to read: the first of `kind` (and carrying `channel`, when given) in track
    /// order, or without a kind the first c608 track, then A/53 data, then subtitles. An info
    /// diagnostic names the other sources.
    public func chooseSource(kind: MovieCaptionSource.Kind?, channel: Int?) throws(CaptionTracksError) -> (
        source: MovieCaptionSource, diagnostics: [Diagnostic]
    ) {
        try chooseSource(among: kind.map { [$0] } ?? [.track, .sei, .subtitle], channel: channel, service: nil)
    }

    /// The first source of the first of `kinds` present (see ``chooseSource(kind:channel:)``).
    /// The video is scanned for A/53 data only when `kinds` includes ``MovieCaptionSource/Kind/sei``
    /// (the info note then names the other sources looked at), or to list every source when
    /// none of `kinds` is found. With `service`, only sources that can carry CEA-708 are
    /// candidates (`c708` tracks and A/53 data, not `c608` tracks), those listing that service
    /// first.
    func chooseSource(among kinds: [MovieCaptionSource.Kind], channel: Int?, service: Int?)
        throws(CaptionTracksError) -> (source: MovieCaptionSource, diagnostics: [Diagnostic])
    {
        let scanningVideo = kinds.contains(.sei)
        var (all, diagnostics) = sources(scanningVideo: scanningVideo)
        if !scanningVideo && !all.contains(where: { kinds.contains($0.kind) }) { (all, diagnostics) = sources() }
        let kind = kinds.count == 1 ? kinds.first : nil
        var chosen: MovieCaptionSource?
        for k in kinds where chosen == nil {
            let ofKind = all.filter { $0.kind == k && (service == nil || $0.format != "c608") }
            if let service {
                chosen = ofKind.first { $0.services.contains(service) } ?? ofKind.first
                continue
            }
            chosen =
                ofKind.first { channel == nil || k == .subtitle || $0.channels.contains(channel ?? 0) } ?? ofKind.first
        }
        guard let chosen else {
            let what =
                service.map { "no source of CEA-708 service \($0) (a c708 track or A/53 data)" }
                ?? kind.map { "no \($0.rawValue) caption source" } ?? "no captions"
            let present = all.isEmpty ? "" : "; present: " + all.map(\.description).joined(separator: "; ")
            // Video this reader cannot look into (MPEG-2 in MP4 is `mp4v`): say so rather than
            // "no captions".
            let unread = movie.tracks.filter {
                $0.handlerType == "vide" && ($0.sampleEntries.first.flatMap(SEICaptionReader.forSampleEntry) == nil)
            }
            let notYet = unread.map {
                "; track \($0.id) is \($0.format?.description ?? "video of no format"): A/53 captions are read from H.264 and HEVC video here; MPEG-2 video's through libavformat's demuxer (captions-media; `captions convert` hands such movies to it)"
            }.joined()
            throw CaptionTracksError(
                .missing,
                "\(what): the movie has \(all.isEmpty ? "no c608 track, no A/53 captions in its video and no subtitle track" : "other sources")\(present)\(notYet)",
                file: fileName)
        }
        var notes = diagnostics
        let others = all.filter { $0 != chosen }
        if !others.isEmpty {
            notes.append(
                Diagnostic(
                    .info, "tracks.sources",
                    "read \(chosen); also present: "
                        + others.map {
                            "\($0) (\(CaptionFormatOptions.ParameterWords.setting(Self.sourceSetting)) \($0.kind.rawValue))"
                        }.joined(separator: "; "),
                    at: DiagnosticLocation(file: fileName)))
        }
        return (chosen, notes)
    }

    /// The captions of the source chosen by `options` (``sourceSetting`` and `channel`): CEA-608
    /// is decoded by the SCC reader from the words on their frames at `options.frameRate`
    /// (default 29.97); subtitles are read as they are. Times are movie times.
    public func read(options: CaptionFormatOptions = CaptionFormatOptions()) throws(CaptionTracksError)
        -> CaptionReadResult
    {
        let kind = try Self.kind(options)
        // CEA-708 services are read from a c708 track or the video's A/53 data.
        let service = options.settings[CaptionFormatOptions.dtvccServiceSetting]
        if let service, kind == .subtitle {
            throw CaptionTracksError(
                .invalidArgument,
                "CEA-708 service \(service) with \(CaptionFormatOptions.ParameterWords.setting(Self.sourceSetting)) subtitle: CEA-708 is read from a c708 track (track) or the video's A/53 data (sei)",
                file: fileName)
        }
        let kinds: [MovieCaptionSource.Kind] =
            kind.map { [$0] } ?? (service == nil ? [.track, .sei, .subtitle] : [.track, .sei])
        // A service number that is not one is the A/53 reading's to refuse, with its message.
        let (source, notes) = try chooseSource(
            among: kinds, channel: options.channel, service: service.map { Int($0) ?? 0 })
        guard let track = movie.track(id: source.trackID) else {
            throw CaptionTracksError(.missing, "no track \(source.trackID)", file: fileName)
        }
        if source.kind == .subtitle, track.format == "wvtt" || track.format == "stpp" {
            var result = try track.format == "wvtt" ? webVTT(track) : ttml(track)
            result.diagnostics = notes + result.diagnostics
            return result
        }
        if source.kind == .subtitle {
            let (captions, diagnostics) = try subtitles(track)
            let document = CaptionDocument(
                captions: captions, language: source.language == "und" ? nil : source.language, timeBase: .media)
            return CaptionReadResult(document: document, diagnostics: notes + diagnostics)
        }
        let name = (fileName ?? "movie") + " track \(track.id)"
        var result: CaptionReadResult
        if source.kind == .sei {
            result = try a53(track).captions(options: options, name: name, language: source.language)
        } else if track.format == "c708" {
            let (reading, languages) = try c708(track)
            result = try reading.captions(
                options: options, name: name, language: source.language, serviceLanguage: { languages[$0] })
        } else {
            let (transmission, found) = try c608Transmission(track)
            result = try transmission.captions(options: options, name: name, language: source.language)
            result.diagnostics = found + result.diagnostics
        }
        result.diagnostics = notes + result.diagnostics
        return result
    }

    /// The CEA-608 words of the chosen source as an SCC file, exactly as transmitted: every pair
    /// of the field of `options.channel` (default: field 1, or field 2 when only it has data) on
    /// its frame at `options.frameRate` (default 29.97), filler included. Labels start at
    /// `options.startTimecode`, else at the movie's first timecode (its `tmcd` track), else at
    /// 00:00:00;00.
    public func transmittedSCC(options: CaptionFormatOptions = CaptionFormatOptions()) throws(CaptionTracksError)
        -> (bytes: [UInt8], diagnostics: [Diagnostic])
    {
        let kind = try Self.kind(options)
        if kind == .subtitle {
            throw CaptionTracksError(
                .invalidArgument, "subtitle tracks carry no CEA-608 words: convert without \(Self.transmittedWords)")
        }
        // CEA-608 words only: the c608 track, else the video's A/53 data.
        let (source, notes) = try chooseSource(
            among: kind.map { [$0] } ?? [.track, .sei], channel: options.channel, service: nil)
        guard source.kind != .subtitle, let track = movie.track(id: source.trackID) else {
            throw CaptionTracksError(
                .missing, "no CEA-608 captions (c608 track or A/53 data) to write as transmitted", file: fileName)
        }
        let (transmission, found) = try transmission(of: source, track: track)
        let bytes = try transmission.transmittedSCC(
            options: options, firstTimecode: firstTimecode(), fileName: fileName)
        return (bytes, notes + found)
    }

    /// The movie's first timecode: the label of movie time zero in its first `tmcd` track.
    public func firstTimecode() -> MovieTimecode? {
        for track in movie.tracks where track.handlerType == "tmcd" {
            guard let (entry, frame) = try? TimecodeSampleEntry.firstFrameNumber(of: track, in: movie, source: source),
                let rate = VideoFrameClock.rate(
                    timescale: Int64(entry.timescale), frameDuration: Int64(entry.frameDuration)),
                frame >= 0,
                let timecode = try? Timecode(
                    frameCount: frame
                        % Timecode.framesPerDay(rate: rate, dropFrame: entry.dropFrame && rate.supportsDropFrame),
                    rate: rate, dropFrame: entry.dropFrame && rate.supportsDropFrame)
            else { continue }
            return MovieTimecode(timecode: timecode, rate: rate)
        }
        return nil
    }

    private func transmission(of source: MovieCaptionSource, track: Track) throws(CaptionTracksError) -> (
        CEA608Transmission, [Diagnostic]
    ) {
        if source.kind == .track && track.format == "c708" {
            let r = try c708(track).reading
            return (r.transmission, r.diagnostics)
        }
        let r = source.kind == .track ? try c608Transmission(track) : try seiTransmission(track)
        return (r.transmission, r.diagnostics)
    }

    private static func kind(_ options: CaptionFormatOptions) throws(CaptionTracksError) -> MovieCaptionSource.Kind? {
        guard let text = options.settings[sourceSetting] else { return nil }
        guard let kind = MovieCaptionSource.Kind(rawValue: text) else {
            throw CaptionTracksError(
                .invalidArgument,
                "\(CaptionFormatOptions.ParameterWords.setting(sourceSetting)) \(text): expected track, sei or subtitle"
            )
        }
        return kind
    }
}

/// A movie's timecode label and the rate it counts at.
public struct MovieTimecode: Sendable, Hashable {
    public var timecode: Timecode
    public var rate: FrameRate

    /// The frame count of the label at `rate`: the same label when the rates share a nominal
    /// rate (a 29.97 fps timecode read at 29.97), else the frame nearest the label's time.
    public func frames(at other: FrameRate) -> Int64 {
        if other.nominal == rate.nominal && other.supportsDropFrame == rate.supportsDropFrame {
            return timecode.frameCount(at: other)
        }
        return other.frame(at: timecode.mediaTime(at: rate), rounding: .nearestOrAwayFromZero) ?? 0
    }
}
