import CaptionCore

/// One picture from an ``ImageGenerator``.
public struct GeneratedImage: Sendable {
    /// The time asked for.
    public var requestedTime: MediaTime
    /// The time of the picture given (the picture shown at the requested time, or the key
    /// frame chosen within the tolerance).
    public var actualTime: MediaTime
    public var width: Int
    public var height: Int
    /// 8-bit RGBA rows, top to bottom, no padding, opaque.
    public var rgba: [UInt8]

    public init(requestedTime: MediaTime, actualTime: MediaTime, width: Int, height: Int, rgba: [UInt8]) {
        self.requestedTime = requestedTime
        self.actualTime = actualTime
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
