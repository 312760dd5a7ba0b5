import CaptionCore

/// What decoding one byte pair did: its meaning, whether it was for the selected channel, and
/// any change of the screen.
public struct CEA608DecodeStep: Sendable {
    /// The meaning of the pair.
    public var code: CEA608DecodedCode
    /// The service a control code addressed, or that characters belong to; `nil` for padding,
    /// parity errors and XDS.
    public var channel: CaptionChannel?
    /// Whether the pair acted on the decoder's channel.
    public var accepted: Bool
    /// Set when the displayed memory changed.
    public var screenChange: CEA608ScreenChange?
    /// Something the user should know (parity error, XDS skipped, undefined code …), without a
    /// location: the caller knows the file line.
    public var diagnostic: Diagnostic? {
        get { diagnostics.first }
        set { diagnostics = newValue.map { [$0] } ?? [] }
    }
    /// The same finding as an array, empty when there is none: cheap to test and to copy, which
    /// matters because a step is made for every frame.
    public private(set) var diagnostics: [Diagnostic]

    public init(
        code: CEA608DecodedCode, channel: CaptionChannel? = nil, accepted: Bool = false,
        screenChange: CEA608ScreenChange? = nil, diagnostic: Diagnostic? = nil
    ) {
        self.code = code
        self.channel = channel
        self.accepted = accepted
        self.screenChange = screenChange
        self.diagnostics = diagnostic.map { [$0] } ?? []
    }
}
