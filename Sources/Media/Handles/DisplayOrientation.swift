internal import CFFmpeg

/// How a video track's pictures are turned to be shown upright, from its display matrix: the
/// `matrix` of the track header box (ISO/IEC 14496-12 §8.3.2 `tkhd`, the QuickTime File
/// Format's track matrix), which libavformat exports as `AV_PKT_DATA_DISPLAYMATRIX` (nine
/// 32-bit values {a, b, u, c, d, v, x, y, w}, a–d in 16.16 fixed point). Only the linear part
/// matters for orientation: a rotation by a multiple of 90° and a mirror image (negative
/// determinant). Other angles are refused by ``filters`` rather than shown crooked.
struct DisplayOrientation: Equatable {
    /// Clockwise quarter turns to apply to the stored picture: 0…3.
    var quarterTurns: Int
    /// Mirror the stored picture left to right before turning it.
    var mirrored: Bool

    static let upright = DisplayOrientation(quarterTurns: 0, mirrored: false)

    /// The orientation of `stream` (upright when it has no display matrix).
    init(stream: UnsafeMutablePointer<AVStream>) throws {
        guard let matrix = captions_stream_display_matrix(stream) else {
            self = .upright
            return
        }
        let values = (0..<9).map { matrix[$0] }
        try self.init(matrix: values)
    }

    init(quarterTurns: Int, mirrored: Bool) {
        self.quarterTurns = quarterTurns
        self.mirrored = mirrored
    }

    /// The orientation of a display matrix (row-major, as stored).
    init(matrix: [Int32]) throws {
        var m = matrix
        let a = Double(m[0]), b = Double(m[1]), c = Double(m[3]), d = Double(m[4])
        let mirrored = a * d - b * c < 0
        if mirrored {
            // Points are row vectors multiplied by the matrix (x' = a·x + c·y + x0), so mirroring
            // x first negates the first row; undo it to read the rotation that remains.
            m[0] = -m[0]
            m[1] = -m[1]
            m[2] = -m[2]
        }
        // av_display_rotation_get: the counter-clockwise angle of the matrix; the picture must
        // be turned clockwise by the same angle to stand upright.
        let ccw = m.withUnsafeBufferPointer { av_display_rotation_get($0.baseAddress) }
        guard ccw.isFinite else {
            throw MediaFileError.invalidSetting("the video's display matrix \(matrix) has no rotation")
        }
        let clockwise = (-ccw).truncatingRemainder(dividingBy: 360)
        let normalised = clockwise < 0 ? clockwise + 360 : clockwise
        let turns = (normalised / 90).rounded()
        guard abs(normalised - turns * 90) < 1 else {
            throw MediaFileError.notSupported(
                "the video is rotated by \(normalised)° in its display matrix; only multiples of 90° are supported")
        }
        self.init(quarterTurns: Int(turns) % 4, mirrored: mirrored)
    }

    /// Whether the upright picture has width and height swapped.
    var swapsSides: Bool { quarterTurns % 2 == 1 }

    /// libavfilter filters that stand the picture upright, in order.
    var filters: [(String, [(String, String)])] {
        var result: [(String, [(String, String)])] = []
        if mirrored { result.append(("hflip", [])) }
        switch quarterTurns {
        case 1: result.append(("transpose", [("dir", "clock")]))
        case 2:
            result.append(("hflip", []))
            result.append(("vflip", []))
        case 3: result.append(("transpose", [("dir", "cclock")]))
        default: break
        }
        return result
    }
}
