import CEA608
import CaptionCore
import CaptionData
import CaptionTracks
import FileSafety
import ISOBMFF
import ITT
import SCC

extension MovieCaptionWriter {
    /// Reads the caption file `captionsPath` (for `options.channel`, default CC1) and those of
    /// `options.otherChannels`, in that order, for a movie whose first timecode (`tmcd`) is
    /// `firstTimecode` (see ``prepare(captions:channel:firstTimecode:options:)``). Two files for
    /// one field are refused: CC1 and CC2 share field 1, CC3 and CC4 field 2.
    public static func prepare(captions captionsPath: String, firstTimecode: MovieTimecode?, options: Options) throws
        -> [Prepared]
    {
        let files =
            [ChannelCaptions(channel: options.channel ?? 1, path: captionsPath)] + options.otherChannels
        var fields: [CaptionField: Int] = [:]
        for file in files {
            guard let field = CaptionField(channel: file.channel) else {
                throw CaptionFormatError(.cannotWrite, "the channel must be 1, 2, 3 or 4, not \(file.channel)")
            }
            if let other = fields[field] {
                throw CaptionFormatError(
                    .cannotWrite,
                    other == file.channel
                        ? "two caption files for CC\(other): one file a channel"
                        : "CC\(other) and CC\(file.channel) are both in field \(field.rawValue): one caption file a field (CC1 or CC2, CC3 or CC4)"
                )
            }
            fields[field] = file.channel
        }
        for (channel, text) in options.channelLanguages.sorted(by: { $0.key < $1.key }) {
            let named = "\(Options.ParameterWords.channelLanguages) CC\(channel)=\(text)"
            guard files.contains(where: { $0.channel == channel }) else {
                throw CaptionFormatError(.cannotWrite, "\(named): no caption file is on CC\(channel)")
            }
            guard LanguageTag(text) != nil else {
                throw CaptionFormatError(
                    .cannotWrite, "\(named): expected an ISO 639-2 code (eng) or a BCP 47 tag (en-US)")
            }
        }
        return try files.map { file in
            var own = options
            own.language = options.channelLanguages[file.channel] ?? options.language
            return try prepare(captions: file.path, channel: file.channel, firstTimecode: firstTimecode, options: own)
        }
    }

    /// Reads one caption file for channel `channel` of a movie whose first timecode (`tmcd`) is
    /// `firstTimecode`: an SCC file's labels are placed from `options.startTimecode`, else from
    /// that timecode when the captions do not start before it, else from 00:00:00;00.
    public static func prepare(
        captions captionsPath: String, channel: Int, firstTimecode: MovieTimecode?, options: Options
    ) throws -> Prepared {
        var readOptions = options.read
        readOptions.channel = channel
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
                            suggestedFix: "give another with \(Options.ParameterWords.startTimecode)"))
                }
            }
        }
        readOptions.startTimecode = startTimecode
        var (read, _) = try CaptionFile.read(captionsPath, format: options.format, options: readOptions)
        // An SCC file's own words are what a c608 track and A/53 data carry (re-addressed to the
        // channel asked for): words that are not filler are something to put in the movie even
        // when they decode to no caption on the channel read.
        let carriesWords = sccWords?.words.contains { $0.first != 0x80 || $0.second != 0x80 } ?? false
        // Those words go in re-addressed to the channel asked for: that they hold no caption on
        // it as read (`--cc3` with a CC1 file) is no fault of the file.
        if carriesWords { read.diagnostics.removeAll { $0.ruleID == SCCReader.noCaptionsRule } }
        diagnostics += read.diagnostics
        if !carriesWords,
            let empty = EmptyCaptions.finding(
                read, input: captionsPath, consequence: "no captions are put in the movie",
                allowEmpty: options.allowEmpty)
        {
            diagnostics.append(empty)
        }
        var document = read.document
        if carriesWords, document.captions.isEmpty {
            // A file written for another channel (`--cc3` with a CC1 file): its words are
            // re-addressed; its captions (the CEA-708 service made beside, the language) are those
            // of the channel it holds.
            var own = readOptions
            own.channel = nil
            document = try CaptionFile.read(captionsPath, format: options.format, options: own).0.document
        }
        let language: LanguageTag
        if let text = options.language ?? document.language {
            guard let tag = LanguageTag(text) else {
                if options.language != nil {
                    throw CaptionFormatError(
                        .cannotWrite,
                        "\(Options.ParameterWords.language) \(text): expected an ISO 639-2 code (eng) or a BCP 47 tag (en-US)"
                    )
                }
                throw CaptionFormatError(
                    .cannotWrite,
                    "the captions' language \"\(text)\" is not one a movie can name; give \(Options.ParameterWords.language)"
                )
            }
            language = tag
        } else {
            language = .undetermined
        }
        return Prepared(
            document: document, language: language, diagnostics: diagnostics, isSCC: isSCC, channel: channel,
            sccWords: sccWords, startTimecode: startTimecode)
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
}
