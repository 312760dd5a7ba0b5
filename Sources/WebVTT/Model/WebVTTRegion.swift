/// A WebVTT region (WebVTT §3.2; defaults from §6.1 step *region creation*, settings §6.2).
/// Anchors and width are percentages.
public struct WebVTTRegion: Sendable, Hashable {
    public var identifier: String
    public var width: Double
    /// The number of lines; kept as a `Double` because the parser reads any run of digits
    /// ("interpret as an integer"), which can exceed every integer type.
    public var lines: Double
    public var regionAnchorX: Double
    public var regionAnchorY: Double
    public var viewportAnchorX: Double
    public var viewportAnchorY: Double
    /// `scroll:up`.
    public var scrollUp: Bool

    public init(
        identifier: String = "", width: Double = 100, lines: Double = 3, regionAnchorX: Double = 0,
        regionAnchorY: Double = 100, viewportAnchorX: Double = 0, viewportAnchorY: Double = 100,
        scrollUp: Bool = false
    ) {
        self.identifier = identifier
        self.width = width
        self.lines = lines
        self.regionAnchorX = regionAnchorX
        self.regionAnchorY = regionAnchorY
        self.viewportAnchorX = viewportAnchorX
        self.viewportAnchorY = viewportAnchorY
        self.scrollUp = scrollUp
    }
}
