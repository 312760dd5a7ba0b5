/// The pixels of an 8-bit RGBA picture owned by someone else (a frame of Media's overlay-only
/// export), straight (not premultiplied) alpha, R, G, B, A in each 4 bytes, rows `stride` bytes
/// apart: what captions and dashboards are drawn onto when the output is the overlay alone.
package struct RGBAPlane {
    package var width: Int
    package var height: Int
    package var pixels: UnsafeMutablePointer<UInt8>
    package var stride: Int

    package init(width: Int, height: Int, pixels: UnsafeMutablePointer<UInt8>, stride: Int) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.stride = stride
    }

    /// Whether a row of pixels fits in the stride (a caller's mistake must not become an
    /// out-of-bounds write).
    var isConsistent: Bool { width > 0 && height > 0 && stride >= width * 4 }
}

/// Porter–Duff "over" of one straight-alpha colour onto one straight-alpha RGBA pixel, the
/// blending of every RGBA picture the renderer paints (previews and overlay-only frames).
enum RGBAOver {
    @inline(__always)
    static func paint(_ dst: UnsafeMutablePointer<UInt8>, red sr: Int, green sg: Int, blue sb: Int, alpha a: Int) {
        let da = Int(dst[3])
        if a == 255 {
            dst[0] = UInt8(sr); dst[1] = UInt8(sg); dst[2] = UInt8(sb); dst[3] = 255
        } else if da == 255 {
            let ia = 255 - a
            dst[0] = UInt8((sr * a + Int(dst[0]) * ia + 127) / 255)
            dst[1] = UInt8((sg * a + Int(dst[1]) * ia + 127) / 255)
            dst[2] = UInt8((sb * a + Int(dst[2]) * ia + 127) / 255)
        } else {
            // Onto a translucent pixel: what shows through keeps its share of the result.
            let keep = da * (255 - a) / 255
            let oa = a + keep
            guard oa > 0 else { return }
            dst[0] = UInt8((sr * a + Int(dst[0]) * keep + oa / 2) / oa)
            dst[1] = UInt8((sg * a + Int(dst[1]) * keep + oa / 2) / oa)
            dst[2] = UInt8((sb * a + Int(dst[2]) * keep + oa / 2) / oa)
            dst[3] = UInt8(oa)
        }
    }
}
