import Media

/// Draws one source picture over a destination picture of the same size, both planar 4:2:0 at
/// 8 bits (yuv420p, yuvj420p), with an opacity, an affine transform and a crop: the per-layer
/// work of ``LayerInstructionCompositor``.
///
/// The warp is written here by hand: libswscale scales and converts but cannot rotate or shear,
/// and libavfilter's filters (rotate, perspective) take their parameters per filter graph, not a
/// transform that changes on every frame in one pass over the YUV planes, so no library on this
/// system applies a per-frame-changing affine transform to the planes. It is kept fast: the
/// inverse transform is stepped along each row in 16.16 fixed point, samples are bilinear with
/// 8-bit weights, and blending is an integer multiply-add. An opaque layer with the identity
/// transform and no crop is a row copy, and a translucent one a blend without any warp.
enum PlaneLayerDrawer {
    struct Layer {
        var opacity: Double
        var transform: AffineTransform
        /// In source pixels; nil for the whole picture.
        var crop: (x: Int, y: Int, width: Int, height: Int)?

        /// Covers the whole destination with its own pixels (what lies below cannot show).
        var isOpaqueAndFull: Bool { opacity >= 1 && transform.isIdentity && crop == nil }
    }

    /// The planes of 4:2:0: luma at full size, the two chroma planes at half size rounded up.
    static func planeSize(_ plane: Int, width: Int, height: Int) -> (width: Int, height: Int, subsampling: Int) {
        plane == 0 ? (width, height, 1) : ((width + 1) / 2, (height + 1) / 2, 2)
    }

    static func draw(
        _ layer: Layer, from source: VideoPlanePointers, into destination: VideoPlanePointers, width: Int, height: Int
    ) {
        let alpha = Int((min(1, max(0, layer.opacity)) * 256).rounded())
        guard alpha > 0 else { return }
        if layer.transform.isIdentity && layer.crop == nil {
            for p in 0..<3 {
                guard let s = source.data[p], let d = destination.data[p] else { continue }
                let size = planeSize(p, width: width, height: height)
                if alpha == 256 {
                    copy(s, source.strides[p], d, destination.strides[p], size.width, size.height)
                } else {
                    blend(s, source.strides[p], d, destination.strides[p], size.width, size.height, alpha)
                }
            }
            return
        }
        // A transform that shrinks the picture past a millionth or moves it a billion pixels
        // away leaves nothing to see; its inverse would not fit the 16.16 steps below (a
        // matrix from a composition file such as [1e-11, 0, 0, 1, 1e6, 0] would trap there).
        guard let inverse = layer.transform.inverted,
            [inverse.a, inverse.b, inverse.c, inverse.d].allSatisfy({ abs($0) <= 1e6 }),
            abs(inverse.tx) <= 1e9, abs(inverse.ty) <= 1e9
        else { return }
        let crop = layer.crop ?? (x: 0, y: 0, width: width, height: height)
        for p in 0..<3 {
            guard let s = source.data[p], let d = destination.data[p] else { continue }
            let size = planeSize(p, width: width, height: height)
            warp(
                s, source.strides[p], d, destination.strides[p], size.width, size.height, Double(size.subsampling),
                inverse, crop, alpha)
        }
    }

    private static func copy(
        _ s: UnsafeMutablePointer<UInt8>, _ ss: Int, _ d: UnsafeMutablePointer<UInt8>, _ ds: Int, _ w: Int, _ h: Int
    ) {
        for y in 0..<h { (d + y * ds).update(from: s + y * ss, count: w) }
    }

    /// `d += (s − d) × alpha / 256`.
    private static func blend(
        _ s: UnsafeMutablePointer<UInt8>, _ ss: Int, _ d: UnsafeMutablePointer<UInt8>, _ ds: Int, _ w: Int, _ h: Int,
        _ alpha: Int
    ) {
        let a = Int32(alpha)
        for y in 0..<h {
            let sr = s + y * ss
            let dr = d + y * ds
            for x in 0..<w {
                let dv = Int32(dr[x])
                dr[x] = UInt8(truncatingIfNeeded: dv + (((Int32(sr[x]) - dv) * a + 128) >> 8))
            }
        }
    }

    /// Each destination sample's centre, in luma pixels, is taken back through `inverse` to the
    /// source; inside the crop it is sampled bilinearly and blended, outside it is left alone.
    private static func warp(
        _ s: UnsafeMutablePointer<UInt8>, _ ss: Int, _ d: UnsafeMutablePointer<UInt8>, _ ds: Int, _ w: Int, _ h: Int,
        _ sub: Double, _ inv: AffineTransform, _ crop: (x: Int, y: Int, width: Int, height: Int), _ alpha: Int
    ) {
        let one = 65536.0
        // Source plane coordinates of the crop's edges (sample centres at +0.5).
        let minX = Int((Double(max(0, crop.x)) / sub - 0.5) * one)
        let maxX = Int((Double(min(w * Int(sub), crop.x + crop.width)) / sub - 0.5) * one)
        let minY = Int((Double(max(0, crop.y)) / sub - 0.5) * one)
        let maxY = Int((Double(min(h * Int(sub), crop.y + crop.height)) / sub - 0.5) * one)
        // One destination step along a row moves the source point by (a, b) plane pixels.
        let stepU = Int((inv.a * one).rounded())
        let stepV = Int((inv.b * one).rounded())
        let a = Int32(alpha)
        for oy in 0..<h {
            let lumaY = (Double(oy) + 0.5) * sub
            let lumaX = 0.5 * sub
            let start = inv.apply(x: lumaX, y: lumaY)
            var u = Int(((start.x / sub) - 0.5) * one)
            var v = Int(((start.y / sub) - 0.5) * one)
            let dr = d + oy * ds
            for ox in 0..<w {
                defer {
                    u += stepU
                    v += stepV
                }
                guard u >= minX, u < maxX, v >= minY, v < maxY else { continue }
                let x0 = max(0, u >> 16)
                let y0 = max(0, v >> 16)
                let x1 = min(w - 1, x0 + 1)
                let y1 = min(h - 1, y0 + 1)
                let fx = Int32(u < 0 ? 0 : (u >> 8) & 0xFF)
                let fy = Int32(v < 0 ? 0 : (v >> 8) & 0xFF)
                let r0 = s + y0 * ss
                let r1 = s + y1 * ss
                let top = Int32(r0[x0]) * (256 - fx) + Int32(r0[x1]) * fx
                let bottom = Int32(r1[x0]) * (256 - fx) + Int32(r1[x1]) * fx
                let value = (top * (256 - fy) + bottom * fy + 32768) >> 16
                if a == 256 {
                    dr[ox] = UInt8(truncatingIfNeeded: value)
                } else {
                    let dv = Int32(dr[ox])
                    dr[ox] = UInt8(truncatingIfNeeded: dv + (((value - dv) * a + 128) >> 8))
                }
            }
        }
    }
}
