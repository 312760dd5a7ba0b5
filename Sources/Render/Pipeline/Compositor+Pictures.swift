import CaptionCore

/// Painting a group picture (``CaptionImage/Content/picture(_:)``): every pixel in its own
/// colour, its alpha scaled by the layer's (a region's `tts:opacity`, TTML1 §8.2.13).
extension Compositor {
    /// Paints the part `visible` (columns x0..<x1, rows y0..<y1 of the plane) of `picture`,
    /// whose top-left corner is at `origin`, with straight-alpha "over".
    func paint(
        _ picture: RGBAImage, at origin: (x: Int, y: Int), alpha: Int, in visible: (Int, Int, Int, Int),
        into plane: RGBAPlane
    ) {
        guard picture.hasConsistentBuffer else { return }
        let (x0, y0, x1, y1) = visible
        picture.pixels.withUnsafeBufferPointer { src in
            for y in y0..<y1 {
                let row = plane.pixels + y * plane.stride
                for x in x0..<x1 {
                    let i = ((y - origin.y) * picture.width + (x - origin.x)) * 4
                    let a = (Int(src[i + 3]) * alpha + 127) / 255
                    if a == 0 { continue }
                    RGBAOver.paint(
                        row + 4 * x, red: Int(src[i]), green: Int(src[i + 1]), blue: Int(src[i + 2]), alpha: a)
                }
            }
        }
    }

    /// Blends the part of `picture` inside `box` into 4:2:0 planes: each luma sample with its
    /// pixel's colour, each chroma sample with the alpha-weighted mean colour and the mean
    /// alpha of the 2×2 pixels it covers (parts outside the box count 0), as the other layers.
    func blend(_ picture: RGBAImage, _ box: LayerBox, into planes: YCbCrPlanes) {
        guard picture.hasConsistentBuffer else { return }
        var converted: [UInt32: (y: Int, cb: Int, cr: Int)] = [:]
        picture.pixels.withUnsafeBufferPointer { src in
            @inline(__always) func index(_ x: Int, _ y: Int) -> Int {
                ((y - box.originY) * picture.width + (x - box.originX)) * 4
            }
            @inline(__always) func alpha(_ i: Int) -> Int { (Int(src[i + 3]) * box.alpha + 127) / 255 }
            func components(_ i: Int) -> (y: Int, cb: Int, cr: Int) {
                let key = UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
                if let known = converted[key] { return known }
                let c = planes.conversion.components(red: src[i], green: src[i + 1], blue: src[i + 2])
                converted[key] = c
                return c
            }
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let i = index(x, y)
                    let a = alpha(i)
                    if a > 0 { Self.mix(luma: components(i).y, alpha: a, at: x, row: y, in: planes) }
                }
            }
            for cy in (box.y0 / 2)..<((box.y1 + 1) / 2) {
                let ly0 = max(box.y0, 2 * cy), ly1 = min(box.y1, 2 * cy + 2)
                for cx in (box.x0 / 2)..<((box.x1 + 1) / 2) {
                    let lx0 = max(box.x0, 2 * cx), lx1 = min(box.x1, 2 * cx + 2)
                    var sumA = 0, sumCb = 0, sumCr = 0
                    for ly in ly0..<ly1 {
                        for lx in lx0..<lx1 {
                            let i = index(lx, ly)
                            let a = alpha(i)
                            if a == 0 { continue }
                            let c = components(i)
                            sumA += a
                            sumCb += c.cb * a
                            sumCr += c.cr * a
                        }
                    }
                    let a = (sumA + 2) / 4
                    if a == 0 { continue }
                    let cb = (sumCb + sumA / 2) / sumA, cr = (sumCr + sumA / 2) / sumA
                    Self.mix(cb: cb, cr: cr, alpha: a, at: cx, row: cy, in: planes)
                }
            }
        }
    }
}
