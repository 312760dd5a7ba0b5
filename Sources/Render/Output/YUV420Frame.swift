/// A planar YUV 4:2:0 8-bit video frame (FFmpeg's `yuv420p`): a full-size luma plane and two
/// chroma planes of half width and height, rounded up. Captions blend into it directly, without
/// going through RGB, so a decoded frame can be captioned and encoded again as it is.
public struct YUV420Frame: Sendable, Hashable {
    /// How the frame's Y'CbCr values relate to RGB.
    public typealias Matrix = YCbCrConversion.Matrix

    public let width: Int
    public let height: Int
    public var matrix: Matrix
    /// Limited ("TV", 16–235) range when true, full range (0–255) when false.
    public var limitedRange: Bool
    public var y: [UInt8]
    public var u: [UInt8]
    public var v: [UInt8]

    public var chromaWidth: Int { (width + 1) / 2 }
    public var chromaHeight: Int { (height + 1) / 2 }

    /// Whether the planes still hold `width * height` and `chromaWidth * chromaHeight` samples;
    /// they are writable, so a caller can replace one with an array of another length, which must
    /// never be painted into.
    var hasConsistentPlanes: Bool {
        let (luma, o1) = width.multipliedReportingOverflow(by: height)
        let (chroma, o2) = chromaWidth.multipliedReportingOverflow(by: chromaHeight)
        return !o1 && !o2 && y.count == luma && u.count == chroma && v.count == chroma
    }

    /// A black frame (or any Y'CbCr fill) of `width` × `height`.
    public init(
        width: Int, height: Int, matrix: Matrix? = nil, limitedRange: Bool = true,
        fill: (y: UInt8, u: UInt8, v: UInt8)? = nil
    ) throws(RenderError) {
        guard RenderSize(width: width, height: height).isUsable else {
            throw .invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        // BT.709 for HD, BT.601 for SD; by height alone, a 1280x544 or 1920x800 HD picture
        // was converted with BT.601.
        self.matrix = matrix ?? .standard(width: width, height: height)
        self.limitedRange = limitedRange
        let f = fill ?? (limitedRange ? 16 : 0, 128, 128)
        y = [UInt8](repeating: f.y, count: width * height)
        u = [UInt8](repeating: f.u, count: ((width + 1) / 2) * ((height + 1) / 2))
        v = [UInt8](repeating: f.v, count: ((width + 1) / 2) * ((height + 1) / 2))
    }

    /// Y', Cb, Cr of an sRGB colour in this frame's matrix and range.
    public func components(red: UInt8, green: UInt8, blue: UInt8) -> (y: UInt8, u: UInt8, v: UInt8) {
        let c = YCbCrConversion(matrix: matrix, limitedRange: limitedRange)
            .components(red: red, green: green, blue: blue)
        return (UInt8(c.y), UInt8(c.cb), UInt8(c.cr))
    }
}
