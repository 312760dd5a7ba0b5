import CaptionCore

/// Blending one sample of a 4:2:0 picture's planes towards a target value with an alpha, in
/// each plane layout (8-bit planar, 8-bit semi-planar, 10-bit little-endian planar): shared by
/// every kind of layer.
extension Compositor {
    /// `t` over `v` at alpha `a` (0–255), rounded.
    @inline(__always) static func mix(_ t: Int, _ v: Int, _ a: Int) -> Int {
        (t * a + v * (255 - a) + 127) / 255
    }

    @inline(__always) static func mix(luma t: Int, alpha a: Int, at x: Int, row y: Int, in planes: YCbCrPlanes) {
        let row = planes.luma + y * planes.lumaStride
        if planes.layout == .planar10 {
            let samples = UnsafeMutableRawPointer(row)
            let old = Int(UInt16(littleEndian: samples.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self)))
            samples.storeBytes(of: UInt16(mix(t, old, a)).littleEndian, toByteOffset: 2 * x, as: UInt16.self)
        } else {
            row[x] = UInt8(mix(t, Int(row[x]), a))
        }
    }

    @inline(__always) static func mix(cb: Int, cr: Int, alpha a: Int, at cx: Int, row cy: Int, in planes: YCbCrPlanes) {
        let cbRow = planes.cb + cy * planes.cbStride
        let crRow = planes.cr + cy * planes.crStride
        switch planes.layout {
        case .planar8:
            cbRow[cx] = UInt8(mix(cb, Int(cbRow[cx]), a))
            crRow[cx] = UInt8(mix(cr, Int(crRow[cx]), a))
        case .semiPlanar8:
            cbRow[2 * cx] = UInt8(mix(cb, Int(cbRow[2 * cx]), a))
            cbRow[2 * cx + 1] = UInt8(mix(cr, Int(cbRow[2 * cx + 1]), a))
        case .planar10:
            let cbs = UnsafeMutableRawPointer(cbRow), crs = UnsafeMutableRawPointer(crRow)
            let oldCb = Int(UInt16(littleEndian: cbs.loadUnaligned(fromByteOffset: 2 * cx, as: UInt16.self)))
            let oldCr = Int(UInt16(littleEndian: crs.loadUnaligned(fromByteOffset: 2 * cx, as: UInt16.self)))
            cbs.storeBytes(of: UInt16(mix(cb, oldCb, a)).littleEndian, toByteOffset: 2 * cx, as: UInt16.self)
            crs.storeBytes(of: UInt16(mix(cr, oldCr, a)).littleEndian, toByteOffset: 2 * cx, as: UInt16.self)
        }
    }
}
