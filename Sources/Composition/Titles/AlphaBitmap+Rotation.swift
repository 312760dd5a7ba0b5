import Render

#if canImport(Glibc)
    import Glibc
#else
    import Foundation
#endif

extension AlphaBitmap {
    /// The mask turned `degrees` clockwise (y down) about `pivot` (in the mask's own
    /// coordinates, pixel (i, j) covering [i, i + 1) × [j, j + 1)), sampled bilinearly into the
    /// bounding box of the turned mask (uncovered pixels 0), with the position of that box's
    /// top-left corner relative to the original's: the pivot stays where it was, exactly.
    ///
    /// Hand-written: no library here turns a coverage mask by any angle (libswscale scales;
    /// FreeType's transform turns single glyphs, not a laid-out block of lines), and a title's
    /// mask is small next to the picture.
    func rotated(clockwise degrees: Double, about pivot: (x: Double, y: Double)) -> (
        bitmap: AlphaBitmap, x: Int, y: Int
    ) {
        let angle = degrees * .pi / 180
        let c = cos(angle), s = sin(angle)
        // x' = qx + (x − qx)·c − (y − qy)·s, y' = qy + (x − qx)·s + (y − qy)·c turns clockwise
        // on a y-down picture.
        let corners = [(0.0, 0.0), (Double(width), 0.0), (0.0, Double(height)), (Double(width), Double(height))].map {
            (x, y) in
            (pivot.x + (x - pivot.x) * c - (y - pivot.y) * s, pivot.y + (x - pivot.x) * s + (y - pivot.y) * c)
        }
        let left = Int((corners.map(\.0).min() ?? 0).rounded(.down))
        let top = Int((corners.map(\.1).min() ?? 0).rounded(.down))
        let outWidth = max(1, Int((corners.map(\.0).max() ?? 0).rounded(.up)) - left)
        let outHeight = max(1, Int((corners.map(\.1).max() ?? 0).rounded(.up)) - top)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight)
        func at(_ x: Int, _ y: Int) -> Double {
            guard x >= 0, y >= 0, x < width, y < height else { return 0 }
            return Double(pixels[y * width + x])
        }
        for v in 0..<outHeight {
            for u in 0..<outWidth {
                // The inverse turn of the output pixel's centre, back onto the mask's pixel
                // centres.
                let d = Double(left + u) + 0.5 - pivot.x, e = Double(top + v) + 0.5 - pivot.y
                let x = pivot.x + d * c + e * s - 0.5
                let y = pivot.y - d * s + e * c - 0.5
                let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
                guard x0 >= -1, y0 >= -1, x0 < width, y0 < height else { continue }
                let fx = x - Double(x0), fy = y - Double(y0)
                let upper = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
                let lower = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
                out[v * outWidth + u] = UInt8(min(255, (upper * (1 - fy) + lower * fy).rounded()))
            }
        }
        return (AlphaBitmap(width: outWidth, height: outHeight, pixels: out), left, top)
    }
}
