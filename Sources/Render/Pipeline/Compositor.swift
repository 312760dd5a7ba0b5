import CaptionCore

/// Stage 7 — compositing: paints a scene's layers, back to front, into an RGBA picture or
/// straight into the Y, U and V planes of a 4:2:0 video frame. Layers are clipped to the picture.
struct Compositor {
    // MARK: - RGBA

    func composite(_ layers: [CaptionImage], into image: inout RGBAImage, flashOn: Bool) {
        // The writes below are unchecked; a buffer of the wrong length must not reach them.
        guard image.hasConsistentBuffer else { return }
        let (w, h) = (image.width, image.height)
        image.pixels.withUnsafeMutableBufferPointer { dst in
            guard let base = dst.baseAddress else { return }
            composite(layers, into: RGBAPlane(width: w, height: h, pixels: base, stride: w * 4), flashOn: flashOn)
        }
    }

    /// Paints the layers into RGBA pixels owned by someone else (an overlay-only frame).
    func composite(_ layers: [CaptionImage], into plane: RGBAPlane, flashOn: Bool) {
        guard plane.isConsistent else { return }
        for layer in layers where !(layer.flashes && !flashOn) && layer.color.alpha > 0 {
            let x0 = max(0, layer.x), y0 = max(0, layer.y)
            let x1 = min(plane.width, layer.x + layer.width), y1 = min(plane.height, layer.y + layer.height)
            guard x0 < x1, y0 < y1 else { continue }
            if case .picture(let picture) = layer.content {
                paint(picture, at: (layer.x, layer.y), alpha: Int(layer.color.alpha), in: (x0, y0, x1, y1), into: plane)
                continue
            }
            let c = layer.color
            let ca = Int(c.alpha)
            let (sr, sg, sb) = (Int(c.red), Int(c.green), Int(c.blue))
            withCoverage(layer) { coverage in
                for y in y0..<y1 {
                    let row = plane.pixels + y * plane.stride
                    for x in x0..<x1 {
                        let cov = coverage(x - layer.x, y - layer.y)
                        if cov == 0 { continue }
                        let a = cov * ca / 255
                        if a == 0 { continue }
                        RGBAOver.paint(row + 4 * x, red: sr, green: sg, blue: sb, alpha: a)
                    }
                }
            }
        }
    }

    // MARK: - YUV 4:2:0

    func composite(_ layers: [CaptionImage], into frame: inout YUV420Frame, flashOn: Bool) {
        // The writes below are unchecked; planes of the wrong length must not reach them.
        guard frame.hasConsistentPlanes else { return }
        let (w, h, cw) = (frame.width, frame.height, frame.chromaWidth)
        let conversion = YCbCrConversion(matrix: frame.matrix, limitedRange: frame.limitedRange)
        frame.y.withUnsafeMutableBufferPointer { yp in
            frame.u.withUnsafeMutableBufferPointer { up in
                frame.v.withUnsafeMutableBufferPointer { vp in
                    guard let y = yp.baseAddress, let u = up.baseAddress, let v = vp.baseAddress else { return }
                    let planes = YCbCrPlanes(
                        layout: .planar8, width: w, height: h, conversion: conversion, luma: y, lumaStride: w, cb: u,
                        cbStride: cw, cr: v, crStride: cw)
                    composite(layers, into: planes, flashOn: flashOn)
                }
            }
        }
    }

    /// Blends the layers straight into a 4:2:0 picture's planes. Each layer's colour is
    /// converted to Y'CbCr once; only the pixels inside its bounding box are visited. A chroma
    /// sample covers 2×2 luma pixels and is blended with their mean coverage.
    func composite(_ layers: [CaptionImage], into planes: YCbCrPlanes, flashOn: Bool) {
        guard planes.isConsistent else { return }
        for layer in layers where !(layer.flashes && !flashOn) && layer.color.alpha > 0 {
            let x0 = max(0, layer.x), y0 = max(0, layer.y)
            let x1 = min(planes.width, layer.x + layer.width), y1 = min(planes.height, layer.y + layer.height)
            guard x0 < x1, y0 < y1 else { continue }
            let target = planes.conversion.components(
                red: layer.color.red, green: layer.color.green, blue: layer.color.blue)
            let box = LayerBox(
                x0: x0, y0: y0, x1: x1, y1: y1, originX: layer.x, originY: layer.y, alpha: Int(layer.color.alpha))
            switch layer.content {
            case .rectangle:
                blend(box, coverage: nil, coverageWidth: 0, target: target, into: planes)
            case .bitmap(let b):
                guard b.pixels.count >= b.width * b.height else { continue }
                b.pixels.withUnsafeBufferPointer { p in
                    blend(box, coverage: p.baseAddress, coverageWidth: b.width, target: target, into: planes)
                }
            case .picture(let picture):
                blend(picture, box, into: planes)
            }
        }
    }

    /// A layer clipped to the picture: the visible box, the layer's origin and its alpha.
    struct LayerBox {
        var x0, y0, x1, y1: Int
        var originX, originY: Int
        var alpha: Int
    }

    private func blend(
        _ box: LayerBox, coverage: UnsafePointer<UInt8>?, coverageWidth: Int, target: (y: Int, cb: Int, cr: Int),
        into planes: YCbCrPlanes
    ) {
        let ca = box.alpha
        /// Coverage × layer alpha at (x, y) inside the box, 0–255.
        @inline(__always) func alpha(_ x: Int, _ y: Int) -> Int {
            guard let coverage else { return ca }
            let c = Int(coverage[(y - box.originY) * coverageWidth + (x - box.originX)])
            return ca == 255 ? c : c * ca / 255
        }
        // Luma.
        for y in box.y0..<box.y1 {
            let row = planes.luma + y * planes.lumaStride
            for x in box.x0..<box.x1 {
                let a = alpha(x, y)
                if a == 0 { continue }
                if a == 255 && planes.layout != .planar10 {
                    row[x] = UInt8(target.y)
                } else {
                    Self.mix(luma: target.y, alpha: a, at: x, row: y, in: planes)
                }
            }
        }
        // Chroma: each sample covers luma (2cx…2cx+1, 2cy…2cy+1); parts outside the box count 0.
        for cy in (box.y0 / 2)..<((box.y1 + 1) / 2) {
            let ly0 = max(box.y0, 2 * cy), ly1 = min(box.y1, 2 * cy + 2)
            for cx in (box.x0 / 2)..<((box.x1 + 1) / 2) {
                let lx0 = max(box.x0, 2 * cx), lx1 = min(box.x1, 2 * cx + 2)
                var sum = 0
                for ly in ly0..<ly1 { for lx in lx0..<lx1 { sum += alpha(lx, ly) } }
                let a = (sum + 2) / 4
                if a == 0 { continue }
                Self.mix(cb: target.cb, cr: target.cr, alpha: a, at: cx, row: cy, in: planes)
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
        case .picture:
            // Drawn in its own colours (``paint(_:at:alpha:in:into:)``), never as coverage.
            return
        }
    }
}
