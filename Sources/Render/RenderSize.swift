/// The pixel size of the picture captions are drawn on, like the `bounds` of `AVCaptionRenderer`.
public struct RenderSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static let hd1080 = RenderSize(width: 1920, height: 1080)

    /// Parses `1920x1080`.
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }

    /// Whether both sides are between 2 and 16384 pixels (the range the YUV and PNG paths accept).
    public var isUsable: Bool { (2...16384).contains(width) && (2...16384).contains(height) }

    public var description: String { "\(width)x\(height)" }
}
