/// Options a reader or writer may honour; each format documents which ones it uses.
public struct CaptionFormatOptions: Sendable, Hashable {
    /// The file's name, used in diagnostics.
    public var fileName: String?
    /// Turn what lenient reading would accept with a warning into errors.
    public var strict: Bool
    /// The frame rate to read or write at (SCC: default 29.97).
    public var frameRate: FrameRate?
    /// Write drop-frame timecode (SCC, iTT); nil lets the format choose.
    public var dropFrame: Bool?
    /// CEA-608 caption channel 1–4 (CC1–CC4).
    public var channel: Int?
    /// The timecode of media time zero, e.g. "01:00:00;00".
    public var startTimecode: String?
    /// Let writers shift captions (smallest shifts, reported) instead of failing.
    public var applyShifts: Bool
    /// Format-specific settings, `key=value` from `--option`.
    public var settings: [String: String]

    public init(
        fileName: String? = nil, strict: Bool = false, frameRate: FrameRate? = nil,
        dropFrame: Bool? = nil, channel: Int? = nil, startTimecode: String? = nil,
        applyShifts: Bool = false, settings: [String: String] = [:]
    ) {
        self.fileName = fileName
        self.strict = strict
        self.frameRate = frameRate
        self.dropFrame = dropFrame
        self.channel = channel
        self.startTimecode = startTimecode
        self.applyShifts = applyShifts
        self.settings = settings
    }
}

extension CaptionFormatOptions {
    /// `settings` key of the CEA-708 (DTVCC) service to read, 1–63 (`--service`); readers of
    /// 608 and 708 data read a 608 channel when it is absent.
    public static let dtvccServiceSetting = "dtvcc.service"
}
