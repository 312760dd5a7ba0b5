import CEA608
import CaptionCore
import CaptionTracks
import FileSafety
import ISOBMFF
import SCC

/// `captions mux`: a caption file into a copy of a movie as caption tracks. The CEA-608 words
/// of a `c608` track are those of an SCC file of the same captions at the video's frame rate:
/// an SCC input's own words on their own frames when the video runs at the file's rate, else
/// what the SCC writer (conformer and scheduler included) sends for the captions at the video's
/// rate. See Specs/caption-tracks.md.
public struct MovieCaptionWriter {
    public struct Options: Sendable {
        /// The tracks to write; nil: `c608` for an SCC input, `tx3g` for any other.
        public var forms: Set<CaptionTrackMuxer.Form>?
        /// The CEA-608 channel of the `c608` data (1–4; 3 and 4 go in field 2), and the channel
        /// an SCC input is read from for `tx3g`.
        public var channel: Int?
        /// ISO 639-2 or BCP 47; nil: the captions' own language, else `und`.
        public var language: String?
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

        public init() {}
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
        let prepared = try prepare(captions: captionsPath, firstTimecode: movie.firstTimecode(), options: options)
        if prepared.isRefusedAsEmpty {
            return Plan(muxer: muxer, tracks: [], forms: [], trackIDs: [], diagnostics: prepared.diagnostics)
        }
        let forms = options.forms ?? [prepared.isSCC ? .c608 : .tx3g]
        guard !forms.isEmpty else { throw CaptionFormatError(.cannotWrite, "no track form chosen") }
        var diagnostics = prepared.diagnostics
        var tracks: [NewTrack] = []
        var written: [CaptionTrackMuxer.Form] = []
        do {
            if forms.contains(.c608) {
                let (schedule, notes) = try c608Schedule(
                    prepared, videoRate: try muxer.video().clock.rate, options: options)
                diagnostics += notes
                let (track, trackNotes) = try muxer.c608Track(schedule, language: prepared.language)
                tracks.append(track)
                written.append(.c608)
                diagnostics += trackNotes
            }
            if forms.contains(.tx3g) {
                let (track, notes) = try muxer.tx3gTrack(
                    prepared.document.captions, frameRate: prepared.document.frameRate, language: prepared.language)
                tracks.append(track)
                written.append(.tx3g)
                diagnostics += notes
            }
        } catch let error as CaptionTracksError {
            throw error.formatError
        }
        return Plan(
            muxer: muxer, tracks: tracks, forms: written, trackIDs: muxer.trackIDs(count: tracks.count),
            diagnostics: diagnostics)
    }

    /// A plan that adds a `c608` track to the movie at `path` whose video frames (counted from
    /// movie time zero) carry `frames`: what `export --embed track` adds to the movie it has just
    /// written, with the words each frame was given.
    public static func plan(movie path: String, c608Frames frames: [CEA608FrameSchedule.Entry], language: LanguageTag)
        throws -> Plan
    {
        do throws(CaptionTracksError) {
            let muxer = CaptionTrackMuxer(movie: try MovieCaptions(path: path))
            let schedule = CEA608FrameSchedule(rate: try muxer.video().clock.rate, entries: frames)
            let (track, notes) = try muxer.c608Track(schedule, language: language)
            return Plan(
                muxer: muxer, tracks: [track], forms: [.c608], trackIDs: muxer.trackIDs(count: 1), diagnostics: notes)
        } catch {
            throw error.formatError
        }
    }

    /// Reads the caption file for a movie whose first timecode (`tmcd`) is `firstTimecode`: an
    /// SCC file's labels are placed from `options.startTimecode`, else from that timecode when
    /// the captions do not start before it, else from 00:00:00;00.
    public static func prepare(captions captionsPath: String, firstTimecode: MovieTimecode?, options: Options) throws
        -> Prepared
    {
        var readOptions = options.read
        readOptions.channel = options.channel ?? readOptions.channel
        let isSCC = try Self.format(of: captionsPath, named: options.format).name == "scc"
        var diagnostics: [Diagnostic] = []

        // Where an SCC input's labels put the movie's start.
        var startTimecode = options.startTimecode
        var sccWords: SCCTransmission?
        if isSCC {
            var scan = readOptions
            scan.fileName = captionsPath
            let transmission = try SCCTransmission(scanning: try FileIO.readAll(captionsPath), options: scan)
            sccWords = transmission
            if startTimecode == nil, let tc = firstTimecode {
                let rate = readOptions.frameRate ?? .fps29_97
                let start = tc.frames(at: rate)
                if let first = transmission.words.first?.frame, first >= start {
                    startTimecode = try Timecode(frameCount: start, rate: rate, dropFrame: tc.timecode.dropFrame)
                        .description
                    diagnostics.append(
                        Diagnostic(
                            .info, "tracks.start",
                            "the captions' timecodes are placed from the movie's first timecode, \(startTimecode ?? "")",
                            at: DiagnosticLocation(file: captionsPath),
                            suggestedFix: "give another with --start-timecode"))
                }
            }
        }
        readOptions.startTimecode = startTimecode
        let (read, _) = try CaptionFile.read(captionsPath, format: options.format, options: readOptions)
        diagnostics += read.diagnostics
        // An SCC file's own words are what a c608 track and A/53 data carry (re-addressed to the
        // channel asked for): words that are not filler are something to put in the movie even
        // when they decode to no caption on the channel read.
        let carriesWords = sccWords?.words.contains { $0.first != 0x80 || $0.second != 0x80 } ?? false
        if !carriesWords,
            let empty = EmptyCaptions.finding(
                read, input: captionsPath, consequence: "no captions are put in the movie",
                allowEmpty: options.allowEmpty)
        {
            diagnostics.append(empty)
        }
        let document = read.document
        let language: LanguageTag
        if let text = options.language ?? document.language {
            guard let tag = LanguageTag(text) else {
                if options.language != nil {
                    throw CaptionFormatError(
                        .cannotWrite, "--language \(text): expected an ISO 639-2 code (eng) or a BCP 47 tag (en-US)")
                }
                throw CaptionFormatError(
                    .cannotWrite, "the captions' language \"\(text)\" is not one a movie can name; give --language")
            }
            language = tag
        } else {
            language = .undetermined
        }
        return Prepared(
            document: document, language: language, diagnostics: diagnostics, isSCC: isSCC, sccWords: sccWords,
            startTimecode: startTimecode)
    }

    /// The format of the caption file: by name, by extension, else by probing its first 64 KiB
    /// (a movie given as the captions is never read whole here).
    static func format(of path: String, named name: String?) throws -> CaptionFormat {
        let registry = CaptionFormatRegistry.standard
        if let name { return try registry.format(named: name) }
        if let f = registry.format(forPath: path), f.reader != nil { return f }
        let head: [UInt8]
        do throws(ISOBMFFError) {
            let file = try FileByteSource(path: path)
            head = try file.bytes(in: 0..<min(65536, file.count))
        } catch {
            throw CaptionFormatError(.io, error.message, at: DiagnosticLocation(file: path))
        }
        return try registry.inputFormat(path: path, bytes: head, name: nil)
    }

    /// The words each video frame carries. Above 30 fps (50, 59.94, 60) the words go on every
    /// other frame, at half the rate: line 21 carries one pair a field per frame of 29.97 fps
    /// video (47 CFR 15.119(b)), and a decoder fed from faster video receives no more.
    public static func c608Schedule(_ prepared: Prepared, videoRate video: FrameRate, options: Options) throws -> (
        schedule: CEA608FrameSchedule, diagnostics: [Diagnostic]
    ) {
        var diagnostics: [Diagnostic] = []
        let document = prepared.document
        let sccWords = prepared.sccWords
        let startTimecode = prepared.startTimecode
        let (rate, step) = dataRate(video)
        let channel = options.channel ?? 1
        guard let field = CaptionField(channel: channel) else {
            throw CaptionFormatError(.cannotWrite, "--channel must be 1, 2, 3 or 4, not \(channel)")
        }
        let sccRate = options.read.frameRate ?? .fps29_97
        var words: [ScheduledWord]
        if let sccWords, sccRate == rate {
            // The file's own words on their own frames: nothing re-encoded, nothing moved.
            var start: Int64 = 0
            if let startTimecode { start = try Timecode(startTimecode, rate: rate).frameCount(at: rate) }
            words = sccWords.words.map {
                let pair = CEA608BytePair($0.first, $0.second).miscellaneousControl(for: field)
                return ScheduledWord(frame: $0.frame - start, word: pair.word, changesScreen: false)
            }
        } else {
            if sccWords != nil {
                diagnostics.append(
                    Diagnostic(
                        .info, "tracks.rescheduled",
                        "the SCC file is at \(sccRate) fps and the video's captions at \(rate) fps: its captions are encoded again at that rate"
                    ))
            }
            var writeOptions = CaptionFormatOptions(frameRate: rate, channel: channel, applyShifts: options.applyShifts)
            writeOptions.fileName = "c608 track"
            let scc = try CaptionFormatRegistry.standard.format(named: "scc")
            guard let writer = scc.writer else { throw CaptionFormatError(.cannotWrite, "no SCC writer") }
            let written = try writer(document, writeOptions)
            diagnostics += written.diagnostics
            var scan = CaptionFormatOptions(frameRate: rate)
            scan.fileName = "c608 track"
            words = try SCCTransmission(scanning: written.bytes, options: scan).words.map {
                ScheduledWord(frame: $0.frame, word: UInt16($0.first) << 8 | UInt16($0.second), changesScreen: false)
            }
        }
        if step > 1 { words = words.map { ScheduledWord(frame: $0.frame * step, word: $0.word, changesScreen: false) } }
        let schedule =
            field == .one
            ? CEA608FrameSchedule(rate: video, field1: words) : CEA608FrameSchedule(rate: video, field2: words)
        return (schedule, diagnostics)
    }

    /// The rate caption words are sent at for video at `video` fps, and how many video frames
    /// apart: the video's own rate up to 30 fps, half of it above when that halves exactly.
    static func dataRate(_ video: FrameRate) -> (FrameRate, Int64) {
        guard video.nominal > 30, let half = FrameRate(frames: video.frames, seconds: video.seconds * 2) else {
            return (video, 1)
        }
        // 60000/2002 → 30000/1001, so that it equals SCC's 29.97.
        var a = Int64(half.frames)
        var b = Int64(half.seconds)
        while b != 0 { (a, b) = (b, a % b) }
        return (FrameRate(frames: Int32(Int64(half.frames) / a), seconds: Int32(Int64(half.seconds) / a)) ?? half, 2)
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
