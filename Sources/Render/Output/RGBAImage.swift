import CaptionCore

/// An 8-bit sRGB picture with straight (not premultiplied) alpha, rows top to bottom, 4 bytes a
/// pixel in R, G, B, A order.
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// A picture filled with `color` (transparent by default).
    public init(width: Int, height: Int, filledWith color: CaptionColor = .clear) throws(RenderError) {
        guard RenderSize(width: width, height: height).isUsable else {
            throw .invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        let channels = [color.red, color.green, color.blue, color.alpha]
        if channels.allSatisfy({ $0 == color.red }) {
            pixels = [UInt8](repeating: color.red, count: width * height * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                for i in 0..<(width * height * 4) { buffer[i] = channels[i & 3] }
                count = width * height * 4
            }
        }
    }

    /// Wraps existing pixels; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(RenderError) {
        guard RenderSize(width: width, height: height).isUsable, pixels.count == width * height * 4 else {
            throw .invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var size: RenderSize { RenderSize(width: width, height: height) }

    /// Whether `pixels` still holds exactly `width * height * 4` bytes; `pixels` is writable, so a
    /// caller can replace it with an array of another length, which must never be painted into.
    var hasConsistentBuffer: Bool {
        let (area, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = area.multipliedReportingOverflow(by: 4)
        return !o1 && !o2 && pixels.count == bytes
    }

    /// The colour at (`x`, `y`), or nil when the point is outside the picture (or `pixels` was
    /// replaced by an array of the wrong length).
    public func pixel(x: Int, y: Int) -> CaptionColor? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let i = (y * width + x) * 4
        guard i + 3 < pixels.count else { return nil }
        return CaptionColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }
}
