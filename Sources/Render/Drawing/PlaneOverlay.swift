/// A picture's unchanging overlay (a dashboard's panels, labels, map track) converted once to
/// premultiplied Y'CbCr for one frame format, and blended into every frame with one multiply-add
/// per sample: the costly parts (coverage, "over" between layers, the colour matrix, 2×2 chroma
/// averaging) are done once, not per frame. Only covered samples are stored, as runs per row.
package final class PlaneOverlay {
    /// A run of covered samples on one row; their values start at `offset` in the arrays.
    struct Run {
        var row: Int32
        var x: Int32
        var count: Int32
        var offset: Int32
    }

    let layout: YCbCrPlanes.Layout
    let width: Int
    let height: Int
    private var lumaRuns: [Run] = []
    /// Y × alpha (alpha 0–255) and 255 − alpha, per covered luma sample.
    private var lumaPremultiplied: [Int32] = []
    private var lumaKeep: [Int32] = []
    private var chromaRuns: [Run] = []
    private var cbPremultiplied: [Int32] = []
    private var crPremultiplied: [Int32] = []
    private var chromaKeep: [Int32] = []
    /// The same values as 16-bit lanes for 8-bit planes (``blendEightBit(_:into:)``): every sum
    /// there stays below 65,280, so 16 samples blend at once, exactly as one by one.
    private var lumaPremultiplied16: [UInt16] = []
    private var lumaKeep16: [UInt16] = []
    private var cbPremultiplied16: [UInt16] = []
    private var crPremultiplied16: [UInt16] = []
    private var chromaKeep16: [UInt16] = []

    /// Covered luma samples (for tests and reports).
    package var coveredSamples: Int { lumaPremultiplied.count }

    /// The overlay of `image` (straight-alpha sRGB, the picture's size) in `conversion`'s
    /// matrix, range and depth.
    package init(_ image: RGBAImage, conversion: YCbCrConversion, layout: YCbCrPlanes.Layout) {
        self.layout = layout
        width = image.width
        height = image.height
        var cache: [UInt32: (y: Int, cb: Int, cr: Int)] = [:]
        let px = image.pixels
        let w = width, h = height
        func components(_ i: Int) -> (y: Int, cb: Int, cr: Int) {
            let key = UInt32(px[i]) << 16 | UInt32(px[i + 1]) << 8 | UInt32(px[i + 2])
            if let c = cache[key] { return c }
            let c = conversion.components(red: px[i], green: px[i + 1], blue: px[i + 2])
            cache[key] = c
            return c
        }
        guard image.hasConsistentBuffer else { return }
        for covered in image.coveredRuns() {
            let offset = lumaPremultiplied.count
            for x in covered.x..<(covered.x + covered.count) {
                let i = (covered.row * w + x) * 4
                let a = Int(px[i + 3])
                lumaPremultiplied.append(Int32(components(i).y * a))
                lumaKeep.append(Int32(255 - a))
            }
            lumaRuns.append(
                Run(row: Int32(covered.row), x: Int32(covered.x), count: Int32(covered.count), offset: Int32(offset)))
        }
        // Chroma: each sample covers luma (2cx…2cx+1, 2cy…2cy+1); its alpha is their mean
        // coverage and its colour their alpha-weighted mean, as the caption blending does.
        let cw = (w + 1) / 2, ch = (h + 1) / 2
        for cy in 0..<ch {
            var cx = 0
            var runStart = -1
            var offset = 0
            func close() {
                if runStart >= 0 {
                    chromaRuns.append(
                        Run(row: Int32(cy), x: Int32(runStart), count: Int32(cx - runStart), offset: Int32(offset)))
                    runStart = -1
                }
            }
            while cx < cw {
                var sumA = 0, sumCb = 0, sumCr = 0
                for ly in (2 * cy)..<min(h, 2 * cy + 2) {
                    for lx in (2 * cx)..<min(w, 2 * cx + 2) {
                        let i = (ly * w + lx) * 4
                        let a = Int(px[i + 3])
                        guard a > 0 else { continue }
                        let c = components(i)
                        sumA += a
                        sumCb += c.cb * a
                        sumCr += c.cr * a
                    }
                }
                let a = (sumA + 2) / 4
                if a > 0 {
                    if runStart < 0 {
                        runStart = cx
                        offset = chromaKeep.count
                    }
                    cbPremultiplied.append(Int32((sumCb + 2) / 4))
                    crPremultiplied.append(Int32((sumCr + 2) / 4))
                    chromaKeep.append(Int32(255 - a))
                } else {
                    close()
                }
                cx += 1
            }
            close()
        }
        if layout == .planar8 {
            func narrow(_ values: [Int32]) -> [UInt16] { values.map { UInt16(clamping: $0) } }
            (lumaPremultiplied16, lumaKeep16) = (narrow(lumaPremultiplied), narrow(lumaKeep))
            (cbPremultiplied16, crPremultiplied16) = (narrow(cbPremultiplied), narrow(crPremultiplied))
            chromaKeep16 = narrow(chromaKeep)
        }
    }

    /// Blends the overlay into `planes`, which must have the overlay's size and layout.
    package func blend(into planes: YCbCrPlanes) {
        guard planes.isConsistent, planes.width == width, planes.height == height, planes.layout == layout else {
            return
        }
        if layout == .planar8 {
            blendEightBit(
                lumaRuns, pre: lumaPremultiplied16, keep: lumaKeep16, plane: planes.luma, stride: planes.lumaStride)
            blendEightBit(
                chromaRuns, pre: cbPremultiplied16, keep: chromaKeep16, plane: planes.cb, stride: planes.cbStride)
            blendEightBit(
                chromaRuns, pre: crPremultiplied16, keep: chromaKeep16, plane: planes.cr, stride: planes.crStride)
            return
        }
        lumaPremultiplied.withUnsafeBufferPointer { pre in
            lumaKeep.withUnsafeBufferPointer { keep in
                for run in lumaRuns {
                    let row = planes.luma + Int(run.row) * planes.lumaStride
                    let x0 = Int(run.x), o = Int(run.offset)
                    if layout == .planar10 {
                        let s = UnsafeMutableRawPointer(row)
                        for k in 0..<Int(run.count) {
                            let at = 2 * (x0 + k)
                            let old = Int32(UInt16(littleEndian: s.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
                            let v = (pre[o + k] + old * keep[o + k] + 127) / 255
                            s.storeBytes(
                                of: UInt16(truncatingIfNeeded: v).littleEndian, toByteOffset: at, as: UInt16.self)
                        }
                    } else {
                        for k in 0..<Int(run.count) {
                            let x = x0 + k
                            row[x] = UInt8(truncatingIfNeeded: (pre[o + k] + Int32(row[x]) * keep[o + k] + 127) / 255)
                        }
                    }
                }
            }
        }
        cbPremultiplied.withUnsafeBufferPointer { cbPre in
            crPremultiplied.withUnsafeBufferPointer { crPre in
                chromaKeep.withUnsafeBufferPointer { keep in
                    for run in chromaRuns {
                        let cbRow = planes.cb + Int(run.row) * planes.cbStride
                        let crRow = planes.cr + Int(run.row) * planes.crStride
                        let x0 = Int(run.x), o = Int(run.offset)
                        for k in 0..<Int(run.count) {
                            let cx = x0 + k, j = o + k
                            switch layout {
                            case .planar8:
                                cbRow[cx] = UInt8(
                                    truncatingIfNeeded: (cbPre[j] + Int32(cbRow[cx]) * keep[j] + 127) / 255)
                                crRow[cx] = UInt8(
                                    truncatingIfNeeded: (crPre[j] + Int32(crRow[cx]) * keep[j] + 127) / 255)
                            case .semiPlanar8:
                                cbRow[2 * cx] = UInt8(
                                    truncatingIfNeeded: (cbPre[j] + Int32(cbRow[2 * cx]) * keep[j] + 127) / 255)
                                cbRow[2 * cx + 1] = UInt8(
                                    truncatingIfNeeded: (crPre[j] + Int32(cbRow[2 * cx + 1]) * keep[j] + 127) / 255)
                            case .planar10:
                                let cbs = UnsafeMutableRawPointer(cbRow), crs = UnsafeMutableRawPointer(crRow)
                                let oldCb = Int32(
                                    UInt16(littleEndian: cbs.loadUnaligned(fromByteOffset: 2 * cx, as: UInt16.self)))
                                let oldCr = Int32(
                                    UInt16(littleEndian: crs.loadUnaligned(fromByteOffset: 2 * cx, as: UInt16.self)))
                                cbs.storeBytes(
                                    of: UInt16(truncatingIfNeeded: (cbPre[j] + oldCb * keep[j] + 127) / 255)
                                        .littleEndian,
                                    toByteOffset: 2 * cx, as: UInt16.self)
                                crs.storeBytes(
                                    of: UInt16(truncatingIfNeeded: (crPre[j] + oldCr * keep[j] + 127) / 255)
                                        .littleEndian,
                                    toByteOffset: 2 * cx, as: UInt16.self)
                            }
                        }
                    }
                }
            }
        }
    }

    /// One 8-bit plane: each covered sample becomes (pre + old × keep + 127) / 255, sixteen at a
    /// time. The sum is at most 65,216 (luma: 255 × 255 + 127; chroma's rounded means a little
    /// more), below 65,280, where (v + 1 + v >> 8) >> 8 equals v / 255 exactly: the same bytes as
    /// the sample-by-sample loop, which does the tail of each run.
    private func blendEightBit(
        _ runs: [Run], pre: [UInt16], keep: [UInt16], plane: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        pre.withUnsafeBufferPointer { pre in
            keep.withUnsafeBufferPointer { keep in
                guard let preBase = pre.baseAddress, let keepBase = keep.baseAddress else { return }
                let preBytes = UnsafeRawPointer(preBase), keepBytes = UnsafeRawPointer(keepBase)
                for run in runs {
                    let row = plane + Int(run.row) * stride + Int(run.x)
                    let bytes = UnsafeMutableRawPointer(row)
                    let o = Int(run.offset), n = Int(run.count)
                    var k = 0
                    while k + 16 <= n {
                        let old = SIMD16<UInt16>(
                            truncatingIfNeeded: bytes.loadUnaligned(fromByteOffset: k, as: SIMD16<UInt8>.self))
                        let p = preBytes.loadUnaligned(fromByteOffset: 2 * (o + k), as: SIMD16<UInt16>.self)
                        let q = keepBytes.loadUnaligned(fromByteOffset: 2 * (o + k), as: SIMD16<UInt16>.self)
                        let v = p &+ old &* q &+ 127
                        let r = (v &+ 1 &+ (v &>> 8)) &>> 8
                        bytes.storeBytes(
                            of: SIMD16<UInt8>(truncatingIfNeeded: r), toByteOffset: k, as: SIMD16<UInt8>.self)
                        k += 16
                    }
                    while k < n {
                        let v = Int32(pre[o + k]) + Int32(row[k]) * Int32(keep[o + k]) + 127
                        row[k] = UInt8(truncatingIfNeeded: v / 255)
                        k += 1
                    }
                }
            }
        }
    }
}
