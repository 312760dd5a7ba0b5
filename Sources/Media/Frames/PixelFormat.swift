/// A pixel format, by FFmpeg's name ("yuv420p", "nv12"…).
public struct PixelFormat: Sendable, Hashable, CustomStringConvertible {
    public let name: String

    public init(name: String) { self.name = name }

    /// Planar Y, U, V at 8 bits, chroma halved both ways (limited range unless tagged).
    public static let yuv420p = PixelFormat(name: "yuv420p")
    /// `yuv420p` in full range (JPEG, many cameras).
    public static let yuvj420p = PixelFormat(name: "yuvj420p")
    /// Y plane, then one plane of interleaved U and V, 8 bits, 4:2:0.
    public static let nv12 = PixelFormat(name: "nv12")
    /// Planar 4:2:0 with 10 bits in the low bits of little-endian 16-bit words.
    public static let yuv420p10le = PixelFormat(name: "yuv420p10le")

    /// 8-bit R, G, B, A in each 4 bytes, straight alpha: the transparent canvas of an
    /// overlay-only export, which the built-in compositors draw onto as well.
    public static let rgba = PixelFormat(name: "rgba")

    /// The decoded formats the built-in compositors draw into directly.
    public static let blendable: Set<PixelFormat> = [.yuv420p, .yuvj420p, .nv12, .yuv420p10le]

    public var description: String { name }
}
