/// One cue as the WebVTT parser builds it (WebVTT §3.1 "WebVTT cue" and its settings; defaults
/// from §6.1 "collect a WebVTT block", step *cue creation*). Times are whole milliseconds, the
/// precision of a WebVTT timestamp (§4.5).
public struct WebVTTCue: Sendable, Hashable {
    /// WebVTT cue writing direction.
    public enum Vertical: String, Sendable, Hashable {
        case horizontal = "", growingLeft = "rl", growingRight = "lr"
    }

    /// WebVTT cue line alignment.
    public enum LineAlignment: String, Sendable, Hashable {
        case start, center, end
    }

    /// WebVTT cue position alignment.
    public enum PositionAlignment: String, Sendable, Hashable {
        case lineLeft = "line-left", center, lineRight = "line-right", auto
    }

    /// WebVTT cue text alignment.
    public enum TextAlignment: String, Sendable, Hashable {
        case start, center, end, left, right
    }

    public var identifier: String
    public var startMilliseconds: Int64
    public var endMilliseconds: Int64
    /// Index into ``WebVTTFile/regions``; nil when the cue is in no region.
    public var region: Int?
    public var vertical: Vertical
    public var snapToLines: Bool
    /// The line offset; nil is `auto`.
    public var line: Double?
    public var lineAlignment: LineAlignment
    /// The position as a percentage; nil is `auto`.
    public var position: Double?
    public var positionAlignment: PositionAlignment
    /// The size as a percentage.
    public var size: Double
    public var textAlignment: TextAlignment
    /// The raw cue text, parsed on demand by ``WebVTTCueTextParser``.
    public var text: String
    /// The 1-based line of the timings line in the file, for diagnostics.
    public var sourceLine: Int

    public init(
        identifier: String = "", startMilliseconds: Int64 = 0, endMilliseconds: Int64 = 0, region: Int? = nil,
        vertical: Vertical = .horizontal, snapToLines: Bool = true, line: Double? = nil,
        lineAlignment: LineAlignment = .start, position: Double? = nil,
        positionAlignment: PositionAlignment = .auto, size: Double = 100, textAlignment: TextAlignment = .center,
        text: String = "", sourceLine: Int = 0
    ) {
        self.identifier = identifier
        self.startMilliseconds = startMilliseconds
        self.endMilliseconds = endMilliseconds
        self.region = region
        self.vertical = vertical
        self.snapToLines = snapToLines
        self.line = line
        self.lineAlignment = lineAlignment
        self.position = position
        self.positionAlignment = positionAlignment
        self.size = size
        self.textAlignment = textAlignment
        self.text = text
        self.sourceLine = sourceLine
    }
}
