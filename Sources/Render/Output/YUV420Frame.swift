/// A planar YUV 4:2:0 8-bit video frame (FFmpeg's `yuv420p`): a full-size luma plane and two
/// chroma planes of half width and height, rounded up. Captions blend into it directly, without
/// going through RGB, so a decoded frame can be captioned and encoded again as it is.
public struct YUV420Frame: Sendable, Hashable {
    /// How the frame's Y'CbCr values relate to RGB.
    public enum Matrix: String, Sendable, Hashable {
        /// ITU-R BT.601 (standard definition).
        case bt601
        /// ITU-R BT.709 (HD).
        case bt709
    }

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
        self.matrix = matrix ?? (height > 576 ? .bt709 : .bt601)
        self.limitedRange = limitedRange
        let f = fill ?? (limitedRange ? 16 : 0, 128, 128)
        y = [UInt8](repeating: f.y, count: width * height)
        u = [UInt8](repeating: f.u, count: ((width + 1) / 2) * ((height + 1) / 2))
        v = [UInt8](repeating: f.v, count: ((width + 1) / 2) * ((height + 1) / 2))
    }

    /// Y', Cb, Cr of an sRGB colour in this frame's matrix and range.
    public func components(red: UInt8, green: UInt8, blue: UInt8) -> (y: UInt8, u: UInt8, v: UInt8) {
        let (kr, kb) = matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let yy = kr * r + (1 - kr - kb) * g + kb * b
        let pb = (b - yy) / (2 * (1 - kb))
        let pr = (r - yy) / (2 * (1 - kr))
        func clamp(_ x: Double) -> UInt8 { UInt8(max(0, min(255, x.rounded()))) }
        if limitedRange {
            return (clamp(16 + 219 * yy), clamp(128 + 224 * pb), clamp(128 + 224 * pr))
        }
        return (clamp(255 * yy), clamp(128 + 255 * pb), clamp(128 + 255 * pr))
    }
}
