/// An 8-bit RGBA picture (straight alpha, rows top to bottom, no padding): what ``PNGCodec``
/// reads and writes.
public struct RGBAPicture: Hashable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
