/// How a video track's Y'CbCr values relate to colour, as tagged in the stream (ITU-T H.273
/// code points, named as FFmpeg and ffprobe name them: "bt709", "smpte170m", "tv", "pc"…).
/// A nil member means "not tagged".
public struct ColorDescription: Sendable, Hashable, Codable {
    /// `color_range`: "tv" (limited, 16–235) or "pc" (full, 0–255).
    public var range: String?
    /// `color_space`: the matrix from R'G'B' to Y'CbCr ("bt709", "bt470bg", "smpte170m"…).
    public var matrix: String?
    /// `color_transfer`: the transfer characteristics ("bt709", "smpte2084"…).
    public var transfer: String?
    /// `color_primaries`: the primaries ("bt709", "bt2020"…).
    public var primaries: String?

    public init(range: String? = nil, matrix: String? = nil, transfer: String? = nil, primaries: String? = nil) {
        self.range = range
        self.matrix = matrix
        self.transfer = transfer
        self.primaries = primaries
    }
}
