import CEA608
import CaptionCore
import CaptionData
import CaptionTracks
import FileSafety
import ISOBMFF
import ITT
import SCC

/// `captions mux`: caption files into a copy of a movie as caption tracks. The CEA-608 words
/// of a `c608` track are those of an SCC file of the same captions, on line 21's 29.97 fps
/// frames whatever the video's rate: an SCC input's own words on their own frames, else what
/// the SCC writer (conformer and scheduler included) sends for the captions. A second file
/// (``Options/otherChannels``) goes in the other field: CC1 from one, CC3 from another. See
/// Specs/caption-tracks.md.
public struct MovieCaptionWriter {
    public struct Options: Sendable {
        /// The tracks to write (`c608`, `c708`, `tx3g`, `wvtt`); nil: `c608` for an SCC input,
        /// `tx3g` for any other.
        public var forms: Set<CaptionTrackMuxer.Form>?
        /// The CEA-608 channel of the `c608` data (1–4; 3 and 4 go in field 2), and the channel
        /// an SCC input is read from for `tx3g`.
        public var channel: Int?
        /// ISO 639-2 or BCP 47; nil: the captions' own language, else `und`.
        public var language: String?
        /// Each channel's own language (1–4 → ISO 639-2 or BCP 47), over ``language`` for that
        /// channel's file: what a `c708` track's `ccsvcinfo` names for its CEA-608 field and its
        /// CEA-708 service (`--channel-language CC3=spa`).
        public var channelLanguages: [Int: String] = [:]
        /// The timecode of the movie's start in an SCC input's labels; nil: the movie's first
        /// timecode (`tmcd`) when the captions do not start before it, else 00:00:00;00.
        public var startTimecode: String?
        /// Reading options for the caption file (format, frame rate, strictness).
        public var read = CaptionFormatOptions()
        public var format: String?
        /// Let the SCC writer shift captions whose words cannot arrive in time (reported).
        public var applyShifts = false
        /// Put an empty caption track in the movie when the caption file gives no caption
        /// (``EmptyCaptions``); without it nothing is written and the finding is an error.
        public var allowEmpty = false
        /// More caption files, each for its own CEA-608 channel, carried beside the first in the
        /// `c608` track and the A/53 data (`--cc3 es.scc`). One file a field: CC1 or CC2 in
        /// field 1, CC3 or CC4 in field 2.
        public var otherChannels: [ChannelCaptions] = []

        public init() {}

        /// How messages name these options, in the API's own words; a command line puts its
        /// flag for each (the CLI's `CommandLineWords`).
        public enum ParameterWords {
            public static let channel = "MovieCaptionWriter.Options.channel"
            public static let language = "MovieCaptionWriter.Options.language"
            public static let channelLanguages = "MovieCaptionWriter.Options.channelLanguages"
            public static let startTimecode = "MovieCaptionWriter.Options.startTimecode"
        }
    }

    /// A caption file for one CEA-608 channel (1–4).
    public struct ChannelCaptions: Sendable, Hashable {
        public var channel: Int
        public var path: String

        public init(channel: Int, path: String) {
            self.channel = channel
            self.path = path
        }
    }

    /// The tracks built, ready to write, and what was noticed.
    public struct Plan: Sendable {
        public var muxer: CaptionTrackMuxer
        public var tracks: [NewTrack]
        public var forms: [CaptionTrackMuxer.Form]
        public var trackIDs: [UInt32]
        public var diagnostics: [Diagnostic]
    }

    /// A caption file read for a movie: the captions, their language tag and, for SCC, the
    /// file's own words and where its labels put the movie's start.
    public struct Prepared: Sendable {
        public var document: CaptionDocument
        public var language: LanguageTag
        public var diagnostics: [Diagnostic]
        /// Whether the file is SCC (whose own words a `c608` track and A/53 data carry).
        public var isSCC: Bool
        /// The CEA-608 channel the words go to (1–4).
        public var channel: Int
        var sccWords: SCCTransmission?
        var startTimecode: String?

        /// Whether the file gave no caption and no empty result was asked for: the caller
        /// reports ``diagnostics`` (an error among them) and writes nothing.
        public var isRefusedAsEmpty: Bool {
            diagnostics.contains { $0.ruleID == EmptyCaptions.rule && $0.severity == .error }
        }
    }

    /// Reads the captions and builds the tracks; nothing is written, so every error comes before
    /// an output file exists.
    public static func plan(movie path: String, captions captionsPath: String, options: Options) throws -> Plan {
        let movie: MovieCaptions
        do throws(CaptionTracksError) {
            movie = try MovieCaptions(path: path)
        } catch {
            throw error.formatError
        }
        let muxer = CaptionTrackMuxer(movie: movie)
        let files = try prepare(captions: captionsPath, firstTimecode: movie.firstTimecode(), options: options)
        let diagnostics = files.flatMap(\.diagnostics)
        guard let prepared = files.first, !files.contains(where: \.isRefusedAsEmpty) else {
            return Plan(muxer: muxer, tracks: [], forms: [], trackIDs: [], diagnostics: diagnostics)
        }
        let forms = options.forms ?? [prepared.isSCC || files.count > 1 ? .c608 : .tx3g]
        guard !forms.isEmpty else { throw CaptionFormatError(.cannotWrite, "no track form chosen") }
        if files.count > 1, let form = forms.first(where: \.isSubtitle) {
            throw CaptionFormatError(
                .cannotWrite,
                "caption files for more than one channel go in one c608 or c708 track (one a field); a \(form.rawValue) track takes one file"
            )
        }
        var notes = diagnostics
        var tracks: [NewTrack] = []
        var written: [CaptionTrackMuxer.Form] = []
        do {
            if forms.contains(.c608) || forms.contains(.c708) {
                let (schedule, scheduling) = try c608Schedule(files, options: options)
                notes += scheduling
                if forms.contains(.c608) {
                    let (track, trackNotes) = try muxer.c608Track(schedule, language: prepared.language)
                    tracks.append(track)
                    written.append(.c608)
                    notes += trackNotes
                }
                // The same words in CDPs, each file's captions as a CEA-708 service (1 for the
                // first, 2 for the next channel's), as `export --embed sei` sends them.
                if forms.contains(.c708) {
                    let (track, trackNotes) = try muxer.c708Track(
                        schedule, services: files.map(\.document), language: prepared.language,
                        languages: Self.serviceLanguages(of: files))
                    tracks.append(track)
                    written.append(.c708)
                    notes += trackNotes
                }
            }
            // Subtitle tracks share one alternate group: only the first added is enabled.
            if forms.contains(.tx3g) {
                let (track, trackNotes) = try muxer.tx3gTrack(
                    prepared.document, language: prepared.language, fileName: captionsPath)
                tracks.append(track)
                written.append(.tx3g)
                notes += trackNotes
            }
            if forms.contains(.wvtt) {
                let (track, trackNotes) = try muxer.wvttTrack(
                    prepared.document, language: prepared.language, sourceLabel: Self.fileName(captionsPath),
                    fileName: captionsPath, enabled: !written.contains(.tx3g))
                tracks.append(track)
                written.append(.wvtt)
                notes += trackNotes
            }
            if forms.contains(.stpp) {
                let (track, trackNotes) = try muxer.stppTrack(
                    prepared.document, language: prepared.language, profile: Self.stppProfile(of: prepared.document),
                    fileName: captionsPath, enabled: written.allSatisfy { !$0.isSubtitle })
                tracks.append(track)
                written.append(.stpp)
                notes += trackNotes
            }
        } catch let error as CaptionTracksError {
            throw error.formatError
        }
        return Plan(
            muxer: muxer, tracks: tracks, forms: written, trackIDs: muxer.trackIDs(count: tracks.count),
            diagnostics: notes)
    }

    /// The profile of an `stpp` track's document: the one a TTML file was read in when it is an
    /// IMSC Text profile or EBU-TT-D, else IMSC 1.1 Text (what CMAF and streaming platforms take).
    static func stppProfile(of document: CaptionDocument) -> TTMLProfile {
        guard let name = document.metadata[TTMLProfile.metadataKey], let profile = TTMLProfile(rawValue: name),
            profile.isIMSCText || profile == .ebuttD
        else { return .imsc11Text }
        return profile
    }

    /// The last component of `path`, the source label of a WebVTT track.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The language of each file's CEA-608 field and CEA-708 service (the first file's is
    /// service 1, the next one's service 2), as a `c708` track's `ccsvcinfo` names them.
    public static func serviceLanguages(of files: [Prepared]) -> CaptionTrackMuxer.ServiceLanguages {
        var languages = CaptionTrackMuxer.ServiceLanguages()
        for (index, file) in files.enumerated() {
            languages.services[index + 1] = file.language
            if let field = CaptionField(channel: file.channel) { languages.fields[field] = file.language }
        }
        return languages
    }

    /// A plan that adds a `c608` track to the movie at `path` whose line-21 frames (29.97 fps,
    /// counted from movie time zero) carry `frames`: what `export --embed track` adds to the
    /// movie it has just written, with the words its pictures were given. With `services`
    /// (CEA-708 data on the video's frames from its first), a `c708` track instead, carrying
    /// both (`export --embed track --as c708`).
    public static func plan(
        movie path: String, c608Frames frames: [CEA608FrameSchedule.Entry], services: [DTVCCService]? = nil,
        language: LanguageTag, languages: CaptionTrackMuxer.ServiceLanguages = .init()
    ) throws -> Plan {
        do throws(CaptionTracksError) {
            let muxer = CaptionTrackMuxer(movie: try MovieCaptions(path: path))
            let schedule = CEA608FrameSchedule(rate: CEA608FrameSchedule.lineRate, entries: frames)
            let (track, notes) =
                if let services {
                    try muxer.c708Track(schedule, services: services, language: language, languages: languages)
                } else {
                    try muxer.c608Track(schedule, language: language)
                }
            return Plan(
                muxer: muxer, tracks: [track], forms: [services == nil ? .c608 : .c708],
                trackIDs: muxer.trackIDs(count: 1), diagnostics: notes)
        } catch {
            throw error.formatError
        }
    }

    /// The words of each line-21 frame (29.97 fps, `CEA608FrameSchedule.lineRate`), whatever
    /// the video's rate: each file's words in the field of its channel. A/53 data spreads them
    /// over the pictures at the video's rate (`A53FrameCaptions`), a `c608` track has a sample
    /// for each frame with data. Two files for one field are refused.
    public static func c608Schedule(_ files: [Prepared], options: Options) throws -> (
        schedule: CEA608FrameSchedule, diagnostics: [Diagnostic]
    ) {
        var diagnostics: [Diagnostic] = []
        var byField: [CaptionField: [ScheduledWord]] = [:]
        for prepared in files {
            guard let field = CaptionField(channel: prepared.channel) else {
                throw CaptionFormatError(
                    .cannotWrite, "\(Options.ParameterWords.channel) must be 1, 2, 3 or 4, not \(prepared.channel)")
            }
            guard byField[field] == nil else {
                throw CaptionFormatError(
                    .cannotWrite, "two caption files for field \(field.rawValue): one caption file a field")
            }
            let (words, notes) = try lineWords(prepared, field: field, options: options)
            byField[field] = words
            diagnostics += notes
        }
        let schedule = CEA608FrameSchedule(
            rate: CEA608FrameSchedule.lineRate, field1: byField[.one] ?? [], field2: byField[.two] ?? [])
        return (schedule, diagnostics)
    }

    /// One file's words on line-21 frames, addressed to `field`: an SCC file's own words on
    /// their own frames when it is at 29.97 fps (nothing re-encoded, nothing moved); at a slower
    /// rate (23.976, 24, 25) each word on the first line-21 frame at or after its time (never two
    /// on one frame: line 21 is the faster); at a faster one, and for any other format, the
    /// words the SCC writer sends at 29.97 fps.
    static func lineWords(_ prepared: Prepared, field: CaptionField, options: Options) throws -> (
        [ScheduledWord], [Diagnostic]
    ) {
        let line = CEA608FrameSchedule.lineRate
        let sccRate = options.read.frameRate ?? line
        let slower = Int64(sccRate.frames) * Int64(line.seconds) <= Int64(line.frames) * Int64(sccRate.seconds)
        if let sccWords = prepared.sccWords, slower {
            var start: Int64 = 0
            if let label = prepared.startTimecode { start = try Timecode(label, rate: sccRate).frameCount(at: sccRate) }
            var words: [ScheduledWord] = []
            for w in sccWords.words {
                let time = sccRate.time(ofFrame: w.frame - start)
                guard var frame = line.frame(at: time, rounding: .up) else { continue }
                if let previous = words.last?.frame { frame = max(frame, previous + 1) }
                let pair = CEA608BytePair(w.first, w.second).miscellaneousControl(for: field)
                words.append(ScheduledWord(frame: frame, word: pair.word, changesScreen: false))
            }
            var notes: [Diagnostic] = []
            if sccRate != line {
                notes.append(
                    Diagnostic(
                        .info, "tracks.retimed",
                        "the SCC file is at \(sccRate) fps: each word is sent on the first 29.97 fps line-21 frame at or after its time"
                    ))
            }
            return (words, notes)
        }
        var notes: [Diagnostic] = []
        if prepared.sccWords != nil {
            notes.append(
                Diagnostic(
                    .info, "tracks.rescheduled",
                    "the SCC file is at \(sccRate) fps, faster than line 21's 29.97: its captions are encoded again at 29.97 fps"
                ))
        }
        var writeOptions = CaptionFormatOptions(
            frameRate: line, channel: prepared.channel, applyShifts: options.applyShifts)
        writeOptions.fileName = "c608 track"
        let scc = try CaptionFormatRegistry.standard.format(named: "scc")
        guard let writer = scc.writer else { throw CaptionFormatError(.cannotWrite, "no SCC writer") }
        let written = try writer(prepared.document, writeOptions)
        notes += written.diagnostics
        var scan = CaptionFormatOptions(frameRate: line)
        scan.fileName = "c608 track"
        let words = try SCCTransmission(scanning: written.bytes, options: scan).words.map {
            ScheduledWord(frame: $0.frame, word: UInt16($0.first) << 8 | UInt16($0.second), changesScreen: false)
        }
        return (words, notes)
    }

    /// Writes the movie with the plan's tracks to `output` (a temporary file renamed at the end;
    /// an existing file is replaced only with `overwrite`).
    public static func write(_ plan: Plan, to output: String, overwrite: Bool) throws {
        let file: OutputFile
        do throws(FileSafetyError) {
            file = try OutputFile(output, overwrite: overwrite)
        } catch {
            throw CaptionFormatError(.io, error.message, at: DiagnosticLocation(file: output))
        }
        do throws(CaptionTracksError) {
            try plan.muxer.write(plan.tracks) { (piece: [UInt8]) throws(ISOBMFFError) in
                do throws(FileSafetyError) { try file.write(piece) } catch {
                    throw ISOBMFFError(.io, error.message, path: output)
                }
            }
        } catch {
            throw error.formatError
        }
        do throws(FileSafetyError) {
            try file.commit()
        } catch {
            throw CaptionFormatError(.io, error.message, at: DiagnosticLocation(file: output))
        }
    }
}
