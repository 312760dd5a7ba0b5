import CEA608
import CaptionCore

/// The options the SCC reader and writer share, checked the same way by both; `kind` says
/// which of them failed (`.unreadable` or `.cannotWrite`).
enum SCCOptionValues {
    /// ``CaptionFormatOptions/channel``: 1–4 (CC1–CC4), default 1.
    static func channel(
        _ options: CaptionFormatOptions, failing kind: CaptionFormatError.Kind,
        at location: DiagnosticLocation = .init()
    ) throws(CaptionFormatError) -> CaptionChannel {
        guard let number = options.channel else { return .cc1 }
        guard let channel = CaptionChannel(rawValue: number) else {
            throw CaptionFormatError(kind, "channel must be 1, 2, 3 or 4 (CC1–CC4), not \(number)", at: location)
        }
        return channel
    }

    /// ``CaptionFormatOptions/startTimecode`` as a frame count at `rate`: the label of media time
    /// zero in the file's own counting, `dropFrame` (0 when not given).
    ///
    /// A start written with the other separator (`01:00:00:00` for a drop-frame file, `;` for a
    /// non-drop one) is read as meant — the same digits in the file's counting — with the
    /// warning `scc.start-timecode`; digits that name no label in that counting are refused
    /// (SMPTE ST 12-1: `01:01:00;00` does not exist). Read and written with the same option, a
    /// file keeps its times.
    static func startFrame(
        _ options: CaptionFormatOptions, rate: FrameRate, dropFrame: Bool, failing kind: CaptionFormatError.Kind,
        at location: DiagnosticLocation = .init()
    ) throws(CaptionFormatError) -> (frame: Int64, note: Diagnostic?) {
        guard let text = options.startTimecode else { return (0, nil) }
        var timecode: Timecode
        do {
            timecode = try Timecode(text, rate: rate)
        } catch {
            throw CaptionFormatError(kind, "start timecode \(text): \(error.reason)", at: location)
        }
        let counting = dropFrame && rate.supportsDropFrame
        guard timecode.dropFrame != counting else { return (timecode.frameCount(at: rate), nil) }
        timecode.dropFrame = counting
        let meant = timecode.description
        let name = counting ? "drop-frame" : "non-drop"
        do {
            try timecode.validate(rate: rate)
        } catch {
            throw CaptionFormatError(
                kind,
                "start timecode \(text) uses the other separator than the file's \(name) timecode, and \(meant) "
                    + "is not a \(name) label (\(error.reason)); give the start as a \(name) label",
                at: location)
        }
        let note = Diagnostic(
            .warning, "scc.start-timecode",
            "start timecode \(text) is written \(counting ? "non-drop (':')" : "drop-frame (';')") but the file's "
                + "timecode is \(name); read as \(meant)",
            at: location, suggestedFix: "write the start as \(meant)")
        return (timecode.frameCount(at: rate), note)
    }
}
