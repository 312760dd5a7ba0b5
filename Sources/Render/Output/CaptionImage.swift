import CaptionCore

/// An 8-bit coverage mask, rows top to bottom without padding.
public struct AlphaBitmap: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// One layer of rendered captions, like libass's `ASS_Image`: a coverage mask (or a solid
/// rectangle) at a position, painted in one colour, or a region's group picture. A scene is a
/// list of these, back to front.
public struct CaptionImage: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case bitmap(AlphaBitmap)
        /// A filled rectangle (backgrounds, underlines).
        case rectangle(width: Int, height: Int)
        /// A picture in its own colours (straight alpha): a region's drawing composited as one
        /// group, to be faded as a whole (TTML1 §8.2.13 `tts:opacity`). The layer's ``color``
        /// gives only its opacity, its alpha scaling the picture's; red, green and blue are unused.
        case picture(RGBAImage)
    }

    public var content: Content
    /// Top-left corner in picture pixels (may be outside the picture; compositing clips).
    public var x: Int
    public var y: Int
    public var color: CaptionColor
    /// CEA-608 flashing: drawn only in the "on" half of each flash period.
    public var flashes: Bool

    public init(content: Content, x: Int, y: Int, color: CaptionColor, flashes: Bool = false) {
        self.content = content
        self.x = x
        self.y = y
        self.color = color
        self.flashes = flashes
    }

    public var width: Int {
        switch content {
        case .bitmap(let b): return b.width
        case .rectangle(let w, _): return w
        case .picture(let p): return p.width
        }
    }

    public var height: Int {
        switch content {
        case .bitmap(let b): return b.height
        case .rectangle(_, let h): return h
        case .picture(let p): return p.height
        }
    }
}
