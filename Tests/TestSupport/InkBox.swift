/// A box of lit pixels of a picture: columns `minX...maxX`, rows `minY...maxY`. Where a peer
/// renderer (GStreamer's ttmlrender and cc708overlay, libass) and ours put text is compared by
/// these boxes.
public struct InkBox: Equatable, CustomStringConvertible, Sendable {
    public var minX: Int, maxX: Int, minY: Int, maxY: Int

    public init(minX: Int, maxX: Int, minY: Int, maxY: Int) {
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
    }

    public var description: String { "x \(minX)…\(maxX), y \(minY)…\(maxY)" }

    /// The middle of the box, in pixels.
    public var centre: (x: Double, y: Double) { (Double(minX + maxX) / 2, Double(minY + maxY) / 2) }

    /// The box of the pixels `lit` says are ink among the first `count` of a `width`-wide
    /// picture (pixel index → lit), moved by (`dx`, `dy`); nil when none is.
    public static func of(width: Int, count: Int, dx: Int = 0, dy: Int = 0, lit: (Int) -> Bool) -> InkBox? {
        var box: InkBox?
        for index in 0..<count where lit(index) {
            let x = index % width + dx, y = index / width + dy
            if var b = box {
                b.minX = min(b.minX, x)
                b.maxX = max(b.maxX, x)
                b.minY = min(b.minY, y)
                b.maxY = max(b.maxY, y)
                box = b
            } else {
                box = InkBox(minX: x, maxX: x, minY: y, maxY: y)
            }
        }
        return box
    }
}
