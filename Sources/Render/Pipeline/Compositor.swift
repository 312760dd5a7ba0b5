import CaptionCore

/// Stage 7 — compositing: paints a scene's layers, back to front, into an RGBA picture or
/// straight into the Y, U and V planes of a 4:2:0 video frame. Layers are clipped to the picture.
struct Compositor {
    // MARK: - RGBA

    func composite(_ layers: [CaptionImage], into image: inout RGBAImage, flashOn: Bool) {
        // The writes below are unchecked; a buffer of the wrong length must not reach them.
        guard image.hasConsistentBuffer else { return }
        let w = image.width
        let h = image.height
        image.pixels.withUnsafeMutableBufferPointer { dst in
            for layer in layers where !(layer.flashes && !flashOn) && layer.color.alpha > 0 {
                let x0 = max(0, layer.x), y0 = max(0, layer.y)
                let x1 = min(w, layer.x + layer.width), y1 = min(h, layer.y + layer.height)
                guard x0 < x1, y0 < y1 else { continue }
                let c = layer.color
                let ca = Int(c.alpha)
                let (sr, sg, sb) = (Int(c.red), Int(c.green), Int(c.blue))
                withCoverage(layer) { coverage in
                    for y in y0..<y1 {
                        for x in x0..<x1 {
                            let cov = coverage(x - layer.x, y - layer.y)
                            if cov == 0 { continue }
                            let a = cov * ca / 255
                            if a == 0 { continue }
                            let i = (y * w + x) * 4
                            let da = Int(dst[i + 3])
                            if a == 255 {
                                dst[i] = UInt8(sr); dst[i + 1] = UInt8(sg); dst[i + 2] = UInt8(sb); dst[i + 3] = 255
                            } else if da == 255 {
                                let ia = 255 - a
                                dst[i] = UInt8((sr * a + Int(dst[i]) * ia + 127) / 255)
                                dst[i + 1] = UInt8((sg * a + Int(dst[i + 1]) * ia + 127) / 255)
                                dst[i + 2] = UInt8((sb * a + Int(dst[i + 2]) * ia + 127) / 255)
                            } else {
                                // Straight-alpha "over" (Porter–Duff) onto a translucent pixel.
                                let keep = da * (255 - a) / 255
                                let oa = a + keep
                                guard oa > 0 else { continue }
                                dst[i] = UInt8((sr * a + Int(dst[i]) * keep + oa / 2) / oa)
                                dst[i + 1] = UInt8((sg * a + Int(dst[i + 1]) * keep + oa / 2) / oa)
                                dst[i + 2] = UInt8((sb * a + Int(dst[i + 2]) * keep + oa / 2) / oa)
                                dst[i + 3] = UInt8(oa)
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: - YUV 4:2:0

    func composite(_ layers: [CaptionImage], into frame: inout YUV420Frame, flashOn: Bool) {
        // The writes below are unchecked; planes of the wrong length must not reach them.
        guard frame.hasConsistentPlanes else { return }
        let w = frame.width
        let h = frame.height
        let cw = frame.chromaWidth
        for layer in layers where !(layer.flashes && !flashOn) && layer.color.alpha > 0 {
            let x0 = max(0, layer.x), y0 = max(0, layer.y)
            let x1 = min(w, layer.x + layer.width), y1 = min(h, layer.y + layer.height)
            guard x0 < x1, y0 < y1 else { continue }
            let target = frame.components(red: layer.color.red, green: layer.color.green, blue: layer.color.blue)
            let ty = Int(target.y), tu = Int(target.u), tv = Int(target.v)
            let ca = Int(layer.color.alpha)
            withCoverage(layer) { coverage in
                func alpha(_ x: Int, _ y: Int) -> Int {
                    guard x >= x0, x < x1, y >= y0, y < y1 else { return 0 }
                    return coverage(x - layer.x, y - layer.y) * ca / 255
                }
                frame.y.withUnsafeMutableBufferPointer { yp in
                    for y in y0..<y1 {
                        for x in x0..<x1 {
                            let a = alpha(x, y)
                            if a == 0 { continue }
                            let i = y * w + x
                            yp[i] = UInt8((ty * a + Int(yp[i]) * (255 - a) + 127) / 255)
                        }
                    }
                }
                // Each chroma sample covers 2×2 luma pixels: blend with their mean alpha.
                frame.u.withUnsafeMutableBufferPointer { up in
                    frame.v.withUnsafeMutableBufferPointer { vp in
                        for cy in (y0 / 2)..<((y1 + 1) / 2) {
                            for cx in (x0 / 2)..<((x1 + 1) / 2) {
                                let a =
                                    (alpha(2 * cx, 2 * cy) + alpha(2 * cx + 1, 2 * cy)
                                        + alpha(2 * cx, 2 * cy + 1) + alpha(2 * cx + 1, 2 * cy + 1) + 2) / 4
                                if a == 0 { continue }
                                let i = cy * cw + cx
                                up[i] = UInt8((tu * a + Int(up[i]) * (255 - a) + 127) / 255)
                                vp[i] = UInt8((tv * a + Int(vp[i]) * (255 - a) + 127) / 255)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with a function giving the layer's coverage (0–255) at a point inside it.
    private func withCoverage(_ layer: CaptionImage, _ body: ((Int, Int) -> Int) -> Void) {
        switch layer.content {
        case .rectangle:
            body { _, _ in 255 }
        case .bitmap(let b):
            b.pixels.withUnsafeBufferPointer { p in
                let bw = b.width
                body { x, y in Int(p[y * bw + x]) }
            }
        }
    }
}
