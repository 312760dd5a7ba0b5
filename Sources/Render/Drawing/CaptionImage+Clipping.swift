/// A box of whole picture pixels: columns `x0..<x1`, rows `y0..<y1`.
struct PixelBox: Hashable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
}

extension CaptionImage {
    /// The part of the layer inside `box`, nil when none is: a rectangle made smaller, a bitmap
    /// or picture cut to the rows and columns inside (a region's overflow hidden, TTML1 §8.2.15).
    func clipped(to box: PixelBox) -> CaptionImage? {
        let x0 = max(x, box.x0), y0 = max(y, box.y0)
        let x1 = min(x + width, box.x1), y1 = min(y + height, box.y1)
        guard x0 < x1, y0 < y1 else { return nil }
        if (x0, y0, x1, y1) == (x, y, x + width, y + height) { return self }
        var cut = self
        cut.x = x0
        cut.y = y0
        let (w, h) = (x1 - x0, y1 - y0)
        switch content {
        case .rectangle:
            cut.content = .rectangle(width: w, height: h)
        case .bitmap(let b):
            guard b.pixels.count >= b.width * b.height else { return nil }
            var pixels: [UInt8] = []
            pixels.reserveCapacity(w * h)
            for row in (y0 - y)..<(y1 - y) {
                let start = row * b.width + (x0 - x)
                pixels += b.pixels[start..<(start + w)]
            }
            cut.content = .bitmap(AlphaBitmap(width: w, height: h, pixels: pixels))
        case .picture(let p):
            guard p.hasConsistentBuffer else { return nil }
            var pixels: [UInt8] = []
            pixels.reserveCapacity(w * h * 4)
            for row in (y0 - y)..<(y1 - y) {
                let start = (row * p.width + (x0 - x)) * 4
                pixels += p.pixels[start..<(start + w * 4)]
            }
            guard let picture = try? RGBAImage(width: w, height: h, pixels: pixels) else { return nil }
            cut.content = .picture(picture)
        }
        return cut
    }
}
