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

    /// ``CaptionFormatOptions/startTimecode`` as a frame count at `rate` (the frame of media time
    /// zero), 0 when not given.
    static func startFrame(
        _ options: CaptionFormatOptions, rate: FrameRate, failing kind: CaptionFormatError.Kind,
        at location: DiagnosticLocation = .init()
    ) throws(CaptionFormatError) -> Int64 {
        guard let text = options.startTimecode else { return 0 }
        do {
            return try Timecode(text, rate: rate).frameCount(at: rate)
        } catch {
            throw CaptionFormatError(kind, "start timecode: \(error)", at: location)
        }
    }
}
