/// What the WebVTT parser algorithm (WebVTT §6.1) produced from one file: the header line, the
/// regions, the style sheets' text and the cues, in file order.
public struct WebVTTFile: Sendable, Hashable {
    /// The text after `WEBVTT` on the first line, and the header block's other lines.
    public var header: String
    public var regions: [WebVTTRegion]
    /// The text of each `STYLE` block (CSS, not interpreted here).
    public var styleSheets: [String]
    /// The text of each `NOTE` block, after `NOTE`.
    public var notes: [String]
    public var cues: [WebVTTCue]

    public init(
        header: String = "", regions: [WebVTTRegion] = [], styleSheets: [String] = [], notes: [String] = [],
        cues: [WebVTTCue] = []
    ) {
        self.header = header
        self.regions = regions
        self.styleSheets = styleSheets
        self.notes = notes
        self.cues = cues
    }
}
