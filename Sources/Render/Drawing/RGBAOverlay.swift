/// A picture's unchanging overlay (a dashboard's panels, labels, map track) for RGBA frames:
/// the runs of its covered pixels found once, so that each frame visits only those (the RGBA
/// counterpart of ``PlaneOverlay``).
package final class RGBAOverlay {
    /// A run of covered pixels on one row; their RGBA bytes start at `offset` in `pixels`.
    struct Run {
        var row: Int
        var x: Int
        var count: Int
        var offset: Int
    }

    let width: Int
    let height: Int
    private var runs: [Run] = []
    private var pixels: [UInt8] = []

    /// Covered pixels (for tests and reports).
    package var coveredPixels: Int { pixels.count / 4 }

    package init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        let px = image.pixels
        for covered in image.coveredRuns() {
            let start = (covered.row * width + covered.x) * 4
            runs.append(Run(row: covered.row, x: covered.x, count: covered.count, offset: pixels.count))
            pixels += px[start..<(start + covered.count * 4)]
        }
    }

    /// Paints the overlay over `plane` (of its size) with straight-alpha "over".
    package func blend(into plane: RGBAPlane) {
        guard plane.isConsistent, plane.width == width, plane.height == height else { return }
        pixels.withUnsafeBufferPointer { src in
            for run in runs {
                let row = plane.pixels + run.row * plane.stride
                for k in 0..<run.count {
                    let i = run.offset + 4 * k
                    RGBAOver.paint(
                        row + 4 * (run.x + k), red: Int(src[i]), green: Int(src[i + 1]), blue: Int(src[i + 2]),
                        alpha: Int(src[i + 3]))
                }
            }
        }
    }
}
