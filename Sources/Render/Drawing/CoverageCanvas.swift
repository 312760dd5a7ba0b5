/// An 8-bit coverage mask to draw anti-aliased shapes into (lines, polylines, discs, rounded
/// rectangles, polygons) for the dashboard's map, charts and dials. Coverage is the pixel's
/// area inside the shape, estimated from the distance between the pixel's centre and the
/// shape's edge (a one-pixel ramp), or by 4×4 supersampling for polygons; overlapping shapes
/// keep the larger coverage, so a path drawn as segments has no darker joints.
///
/// Hand-written: libavfilter draws boxes and text but no anti-aliased paths, and the other
/// libraries we link (FreeType, HarfBuzz) draw glyphs only.
public struct CoverageCanvas: Sendable {
    public let width: Int
    public let height: Int
    public private(set) var pixels: [UInt8]

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height)
    }

    public var bitmap: AlphaBitmap { AlphaBitmap(width: width, height: height, pixels: pixels) }

    /// Whether any pixel is covered.
    public var isEmpty: Bool { !pixels.contains { $0 != 0 } }

    @inline(__always) private mutating func cover(_ x: Int, _ y: Int, _ c: Double) {
        guard c > 0 else { return }
        let v = UInt8(min(255, (c * 255).rounded()))
        let i = y * width + x
        if v > pixels[i] { pixels[i] = v }
    }

    /// The pixel box that a shape spanning `[x0, x1] × [y0, y1]` (plus a margin) touches.
    private func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, margin: Double)
        -> (Range<Int>, Range<Int>)?
    {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let ax = max(0, Int((min(x0, x1) - margin).rounded(.down)))
        let bx = min(width, Int((max(x0, x1) + margin).rounded(.up)) + 1)
        let ay = max(0, Int((min(y0, y1) - margin).rounded(.down)))
        let by = min(height, Int((max(y0, y1) + margin).rounded(.up)) + 1)
        guard ax < bx, ay < by else { return nil }
        return (ax..<bx, ay..<by)
    }

    /// A segment `lineWidth` wide with round caps.
    public mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), width lineWidth: Double) {
        let r = lineWidth / 2
        guard let (xs, ys) = box(a.x, a.y, b.x, b.y, margin: r + 1) else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        for y in ys {
            let py = Double(y) + 0.5
            for x in xs {
                let px = Double(x) + 0.5
                var t = len2 > 0 ? ((px - a.x) * dx + (py - a.y) * dy) / len2 : 0
                t = min(1, max(0, t))
                let ex = px - (a.x + t * dx), ey = py - (a.y + t * dy)
                let d = (ex * ex + ey * ey).squareRoot()
                cover(x, y, min(1, r + 0.5 - d))
            }
        }
    }

    /// Joined segments through `points`.
    public mutating func polyline(_ points: [(x: Double, y: Double)], width lineWidth: Double) {
        guard points.count > 1 else {
            if let p = points.first { disc(center: p, radius: lineWidth / 2) }
            return
        }
        for i in 1..<points.count { line(from: points[i - 1], to: points[i], width: lineWidth) }
    }

    /// A filled circle.
    public mutating func disc(center c: (x: Double, y: Double), radius: Double) {
        guard let (xs, ys) = box(c.x - radius, c.y - radius, c.x + radius, c.y + radius, margin: 1) else { return }
        for y in ys {
            let dy = Double(y) + 0.5 - c.y
            for x in xs {
                let dx = Double(x) + 0.5 - c.x
                cover(x, y, min(1, radius + 0.5 - (dx * dx + dy * dy).squareRoot()))
            }
        }
    }

    /// A circle's outline `lineWidth` wide.
    public mutating func ring(center c: (x: Double, y: Double), radius: Double, width lineWidth: Double) {
        let r = lineWidth / 2
        guard let (xs, ys) = box(c.x - radius, c.y - radius, c.x + radius, c.y + radius, margin: r + 1) else { return }
        for y in ys {
            let dy = Double(y) + 0.5 - c.y
            for x in xs {
                let dx = Double(x) + 0.5 - c.x
                let d = abs((dx * dx + dy * dy).squareRoot() - radius)
                cover(x, y, min(1, r + 0.5 - d))
            }
        }
    }

    /// A filled rectangle with corners rounded by `radius` (0 for square corners).
    public mutating func roundedRectangle(x: Double, y: Double, width w: Double, height h: Double, radius: Double) {
        let rad = max(0, min(radius, min(w, h) / 2))
        guard let (xs, ys) = box(x, y, x + w, y + h, margin: 1) else { return }
        for py in ys {
            let cy = Double(py) + 0.5
            for px in xs {
                let cx = Double(px) + 0.5
                // Signed distance to the rounded box (negative inside).
                let qx = abs(cx - (x + w / 2)) - (w / 2 - rad)
                let qy = abs(cy - (y + h / 2)) - (h / 2 - rad)
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let d = outside + min(max(qx, qy), 0) - rad
                cover(px, py, min(1, 0.5 - d))
            }
        }
    }

    /// A filled polygon (non-zero winding), 16 samples a pixel.
    public mutating func polygon(_ points: [(x: Double, y: Double)]) {
        guard points.count >= 3 else { return }
        let xs0 = points.map(\.x), ys0 = points.map(\.y)
        guard let minX = xs0.min(), let maxX = xs0.max(), let minY = ys0.min(), let maxY = ys0.max(),
            let (xs, ys) = box(minX, minY, maxX, maxY, margin: 1)
        else { return }
        func inside(_ px: Double, _ py: Double) -> Bool {
            var winding = 0
            var j = points.count - 1
            for i in 0..<points.count {
                let (a, b) = (points[j], points[i])
                if a.y <= py {
                    if b.y > py, (b.x - a.x) * (py - a.y) - (px - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= py, (b.x - a.x) * (py - a.y) - (px - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
                j = i
            }
            return winding != 0
        }
        for y in ys {
            for x in xs {
                var n = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4)
                    {
                        n += 1
                    }
                }
                cover(x, y, Double(n) / 16)
            }
        }
    }
}
