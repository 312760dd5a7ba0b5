/// Space between a region's edges and its text, per edge (TTML1 §8.2.16 `tts:padding`, given there
/// as before, end, after and start; held here by the physical edge the region's writing mode
/// makes of each). JSON form: `{"top": "0c", "right": "1c", "bottom": "0c", "left": "1c"}`.
public struct CaptionPadding: Sendable, Hashable, Codable {
    public var top: CaptionDimension
    public var right: CaptionDimension
    public var bottom: CaptionDimension
    public var left: CaptionDimension

    public init(top: CaptionDimension, right: CaptionDimension, bottom: CaptionDimension, left: CaptionDimension) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same length on every edge.
    public init(all length: CaptionDimension) {
        self.init(top: length, right: length, bottom: length, left: length)
    }
}
