import CaptionCore
import Media
import Render

/// Draws ``TitleLayer``s on the movie's frames after the composition (a ``FrameCompositor`` in
/// the export's chain), the role of `AVVideoCompositionCoreAnimationTool`: each title's text is
/// rasterized by Render's ``TextRasterizer`` (once per pixel size: a scale keyframe re-renders
/// at the new size rather than stretching a bitmap) and blended straight into the frame's planes
/// with its opacity, as the caption compositor blends captions. A frame with no title showing is
/// left untouched.
public final class TitleCompositor: FrameCompositor {
    public let titles: [TitleLayer]
    private let fonts: any FontProvider
    private var text: TextRasterizer?
    private var cache: [String: TextBitmap] = [:]
    private var conversion = YCbCrConversion(matrix: .bt709, limitedRange: true)
    private var layout = YCbCrPlanes.Layout.planar8
    private var size = (width: 0, height: 0)
    /// Frames a title was drawn on.
    public private(set) var framesDrawn = 0

    public init(titles: [TitleLayer], fonts: any FontProvider) {
        self.titles = titles
        self.fonts = fonts
    }

    public var supportedPixelFormats: Set<PixelFormat> { PixelFormat.blendable }

    public func prepare(for format: VideoFrameFormat) throws {
        text = try TextRasterizer(fonts: fonts)
        layout = try PlaneGlue.layout(of: format.pixelFormat)
        conversion = YCbCrConversion(
            matrix: PlaneGlue.matrix(format.matrix), limitedRange: !format.isFullRange,
            bitDepth: layout == .planar10 ? 10 : 8)
        size = (format.width, format.height)
    }

    /// The layers of the titles showing at `time`, in picture pixels (for tests and images too).
    public func layers(at time: MediaTime) throws -> [CaptionImage] {
        guard let text else { return [] }
        var out: [CaptionImage] = []
        for title in titles {
            guard let s = title.state(at: time), s.opacity > 0 else { continue }
            let pixelSize = max(4, (title.size * Double(size.height) * s.scale).rounded())
            let key = "\(Int(pixelSize))\u{0}\(title.text)"
            let bitmap: TextBitmap
            if let cached = cache[key] {
                bitmap = cached
            } else {
                bitmap = try text.render(title.text, pixelSize: pixelSize)
                if cache.count > 256 { cache.removeAll() }
                cache[key] = bitmap
            }
            var color = title.color
            color.alpha = UInt8((Double(color.alpha) * min(1, s.opacity)).rounded())
            let x = Int((s.x * Double(size.width) - Double(bitmap.width) / 2).rounded())
            let y = Int((s.y * Double(size.height) - Double(bitmap.height) / 2).rounded())
            out.append(CaptionImage(content: .bitmap(bitmap.bitmap), x: x, y: y, color: color))
        }
        return out
    }

    public func composite(_ frame: VideoFrame, at time: MediaTime) throws {
        let layers = try layers(at: time)
        guard !layers.isEmpty else { return }
        try frame.makeWritable()
        try frame.withPlanes { pointers in
            let planes = try PlaneGlue.planes(
                pointers, layout: layout, width: frame.width, height: frame.height, conversion: conversion)
            LayerBlending.composite(layers, into: planes)
        }
        framesDrawn += 1
    }
}
