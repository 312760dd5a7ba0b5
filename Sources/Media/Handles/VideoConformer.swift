internal import CFFmpeg
import CaptionCore

/// Brings one source's decoded pictures to an output format through a libavfilter graph:
/// upright (``DisplayOrientation``), scaled to fit inside the render size keeping the display
/// aspect (sample aspect ratio counted), centred on black, converted to the output pixel
/// format with the output's colour matrix, square pixels.
///
/// buffer → [hflip] [transpose | hflip, vflip] → scale → pad → format → setsar → buffersink
final class VideoConformer {
    private let graph: FilterGraph
    private let source: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let path: String
    /// The input the graph was built for; a picture of another size or format rebuilds it.
    let inputKey: InputKey

    struct InputKey: Equatable {
        var width: Int32
        var height: Int32
        var format: Int32
        var sar: AVRational

        static func == (l: InputKey, r: InputKey) -> Bool {
            l.width == r.width && l.height == r.height && l.format == r.format && l.sar.num == r.sar.num
                && l.sar.den == r.sar.den
        }
    }

    /// Where the upright picture goes inside the render size.
    struct Placement: Equatable {
        var width: Int
        var height: Int
        var x: Int
        var y: Int
    }

    /// The largest even size with the aspect of `width`×`height` (display pixels) that fits in
    /// `box`, centred on even offsets (4:2:0 chroma covers 2×2 pixels).
    static func placement(width: Double, height: Double, in box: VideoSize) -> Placement {
        guard width > 0, height > 0 else { return Placement(width: box.width, height: box.height, x: 0, y: 0) }
        let k = min(Double(box.width) / width, Double(box.height) / height)
        func even(_ v: Double, limit: Int) -> Int { max(2, min(limit, Int((v / 2).rounded()) * 2)) }
        let w = even(width * k, limit: box.width - box.width % 2)
        let h = even(height * k, limit: box.height - box.height % 2)
        return Placement(width: w, height: h, x: ((box.width - w) / 2) & ~1, y: ((box.height - h) / 2) & ~1)
    }

    init(
        first frame: Frame, timeBase: AVRational, orientation: DisplayOrientation, output: VideoFrameFormat,
        sourceMatrix: VideoColorMatrix, path: String, label: String
    ) throws {
        self.path = path
        let f = frame.pointer.pointee
        let sar =
            f.sample_aspect_ratio.num > 0 && f.sample_aspect_ratio.den > 0
            ? f.sample_aspect_ratio : AVRational(num: 1, den: 1)
        inputKey = InputKey(width: f.width, height: f.height, format: f.format, sar: sar)
        let purpose = "conforming \(label) of \(path)"
        do {
            let graph = try FilterGraph(purpose: purpose)
            // One thread: each source's scaling is small next to the encoder, which keeps the
            // cores busy, and several sources may be conformed for one output frame.
            graph.setThreads(1)
            let source = try graph.add(
                "buffer",
                [
                    ("width", "\(f.width)"), ("height", "\(f.height)"),
                    ("pix_fmt", FFmpegNames.pixelFormat(f.format) ?? "yuv420p"),
                    ("time_base", "\(timeBase.num)/\(max(1, timeBase.den))"),
                    ("pixel_aspect", "\(sar.num)/\(sar.den)"),
                ])
            var displayWidth = Double(f.width) * Double(sar.num) / Double(sar.den)
            var displayHeight = Double(f.height)
            if orientation.swapsSides { swap(&displayWidth, &displayHeight) }
            let box = VideoSize(width: output.width, height: output.height)
            let place = Self.placement(width: displayWidth, height: displayHeight, in: box)
            let fullRange = f.color_range == AVCOL_RANGE_JPEG || AVPixelFormat(f.format) == AV_PIX_FMT_YUVJ420P
            var chain = orientation.filters
            chain.append(
                (
                    "scale",
                    [
                        ("w", "\(place.width)"), ("h", "\(place.height)"), ("flags", "bicubic"),
                        ("in_color_matrix", sourceMatrix.filterName), ("out_color_matrix", output.matrix.filterName),
                        ("in_range", fullRange ? "full" : "limited"),
                        ("out_range", output.isFullRange ? "full" : "limited"),
                    ]
                ))
            if place.width != output.width || place.height != output.height {
                chain.append(
                    (
                        "pad",
                        [
                            ("w", "\(output.width)"), ("h", "\(output.height)"), ("x", "\(place.x)"),
                            ("y", "\(place.y)"), ("color", "black"),
                        ]
                    ))
            }
            chain.append(("format", [("pix_fmts", output.pixelFormat.name)]))
            chain.append(("setsar", [("sar", "1")]))
            let last = try graph.chain(after: source, chain)
            let sink = try graph.add("buffersink")
            try graph.link(last, to: sink)
            try graph.configure()
            self.graph = graph
            self.source = source
            self.sink = sink
        } catch let error as MediaError {
            throw MediaFileError.ffmpeg(path: path, error)
        }
    }

    /// The conformed picture of `frame` (a new frame; `frame` is left as it was).
    func conform(_ frame: Frame, output: VideoFrameFormat) throws -> Frame {
        let op = "conforming a picture of \(path)"
        FFmpegLog.clear()
        try MediaFileError.check(
            av_buffersrc_add_frame_flags(source, frame.pointer, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)), path: path,
            call: "av_buffersrc_add_frame_flags", op)
        let out = try Frame(operation: op)
        try MediaFileError.check(
            av_buffersink_get_frame(sink, out.pointer), path: path, call: "av_buffersink_get_frame", op)
        out.pointer.pointee.colorspace = output.matrix.avColorSpace
        out.pointer.pointee.color_range = output.isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        return out
    }
}

extension VideoColorMatrix {
    /// The name the scale filter's `in_color_matrix`/`out_color_matrix` take.
    var filterName: String {
        switch self {
        case .bt601: return "bt601"
        case .bt709: return "bt709"
        case .bt2020: return "bt2020"
        }
    }
}
