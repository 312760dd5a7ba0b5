import CaptionCore

/// What every frame a compositor receives looks like: size, pixel layout and colour.
public struct VideoFrameFormat: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var pixelFormat: PixelFormat
    /// The matrix to convert colours with: the stream's tag, else BT.709 for HD, BT.601 for SD.
    public var matrix: VideoColorMatrix
    /// Full range (0–255) when true; limited (16–235) when false.
    public var isFullRange: Bool
    /// The stream's frame rate, when it has a constant one.
    public var frameRate: FrameRate?

    public init(
        width: Int, height: Int, pixelFormat: PixelFormat, matrix: VideoColorMatrix, isFullRange: Bool,
        frameRate: FrameRate?
    ) {
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.matrix = matrix
        self.isFullRange = isFullRange
        self.frameRate = frameRate
    }
}
