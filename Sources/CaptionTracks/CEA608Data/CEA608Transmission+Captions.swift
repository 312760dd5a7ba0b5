import CaptionData
import CEA608
import CaptionCore
import SCC

extension CEA608Transmission {
    /// The captions of one channel, decoded by the SCC reader from the words on their frames at
    /// `options.frameRate` (default 29.97): channel `options.channel`, else the first present.
    /// `name` locates what the SCC reader finds (the file and track); times are those of the
    /// transmission's timeline.
    public func captions(options: CaptionFormatOptions, name: String, language: String?) throws(CaptionTracksError)
        -> CaptionReadResult
    {
        let rate = options.frameRate ?? .fps29_97
        let present = channels
        let channel = options.channel ?? present.first ?? 1
        guard let field = CaptionField(channel: channel) else {
            throw CaptionTracksError(.invalidArgument, "channel must be 1, 2, 3 or 4, not \(channel)")
        }
        var diagnostics: [Diagnostic] = []
        if !present.isEmpty && !present.contains(channel) {
            diagnostics.append(
                Diagnostic(
                    .warning, "tracks.channel",
                    "CC\(channel) carries no captions here; present: "
                        + present.map { "CC\($0)" }.joined(separator: ", "),
                    at: DiagnosticLocation(file: name),
                    suggestedFix: "choose one with \(CaptionFormatOptions.ParameterWords.channel)"))
        }
        var sccOptions = options
        sccOptions.channel = channel
        sccOptions.frameRate = rate
        sccOptions.startTimecode = nil
        sccOptions.fileName = name
        do throws(CaptionFormatError) {
            let scc = try SCCTransmission.file(
                sending: words(field, rate: rate), rate: rate, dropFrame: rate.supportsDropFrame, fileName: name)
            var result = try SCCReader(options: sccOptions).read(scc)
            // The SCC text is ours, not the user's: its line numbers mean nothing to them.
            for i in result.diagnostics.indices {
                result.diagnostics[i].location.line = nil
                result.diagnostics[i].location.column = nil
            }
            result.document.language = language == "und" ? nil : language
            return CaptionReadResult(document: result.document, diagnostics: diagnostics + result.diagnostics)
        } catch {
            throw CaptionTracksError(.unreadable, error.description, file: name)
        }
    }

    /// The words as an SCC file exactly as transmitted: every pair of the field of
    /// `options.channel` (default: field 1, or field 2 when only it has data) on its frame at
    /// `options.frameRate` (default 29.97), filler included. Labels start at
    /// `options.startTimecode`, else at `firstTimecode` (the movie's), else at 00:00:00;00.
    public func transmittedSCC(options: CaptionFormatOptions, firstTimecode: MovieTimecode?, fileName: String?)
        throws(CaptionTracksError) -> [UInt8]
    {
        let rate = options.frameRate ?? .fps29_97
        let field: CaptionField
        if let channel = options.channel {
            guard let f = CaptionField(channel: channel) else {
                throw CaptionTracksError(.invalidArgument, "channel must be 1, 2, 3 or 4, not \(channel)")
            }
            field = f
        } else {
            field = dataPairCount(.one) == 0 && dataPairCount(.two) > 0 ? .two : .one
        }
        var start: Int64 = 0
        var dropFrame = options.dropFrame ?? rate.supportsDropFrame
        if let text = options.startTimecode {
            do throws(TimecodeError) {
                let tc = try Timecode(text, rate: rate)
                start = tc.frameCount(at: rate)
                if options.dropFrame == nil { dropFrame = tc.dropFrame }
            } catch {
                throw CaptionTracksError(
                    .invalidArgument, "\(CaptionFormatOptions.ParameterWords.startTimecode) \(text): \(error)")
            }
        } else if let tc = firstTimecode {
            start = tc.frames(at: rate)
            if options.dropFrame == nil { dropFrame = tc.timecode.dropFrame && rate.supportsDropFrame }
        }
        do throws(CaptionFormatError) {
            return try SCCTransmission.file(
                sending: words(field, rate: rate), rate: rate, dropFrame: dropFrame, startFrame: start,
                fileName: fileName)
        } catch {
            throw CaptionTracksError(.cannotWrite, error.description, file: fileName)
        }
    }
}
