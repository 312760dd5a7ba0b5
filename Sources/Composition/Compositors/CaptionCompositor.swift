import CaptionCore
import Media
import Render

/// Burns captions into video frames during an export: each caption scene is rendered once by
/// Render's ``CaptionRenderer`` (which keeps the layers of every scene), and its layers are
/// blended straight into the decoded frame's planes, with the stream's matrix and range. A
/// frame with nothing on screen is passed on untouched (not even copied).
public final class CaptionCompositor: FrameCompositor {
    public let renderer: CaptionRenderer
    /// Added to each caption's times: captions authored for a movie starting at 01:00:00:00
    /// take `-3600 s`.
    public var offset: MediaTime
    private var conversion = YCbCrConversion(matrix: .bt709, limitedRange: true)
    private var layout = YCbCrPlanes.Layout.planar8
    /// Frames that got captions.
    public private(set) var framesDrawn = 0

    public init(renderer: CaptionRenderer, offset: MediaTime = .zero) {
        self.renderer = renderer
        self.offset = offset
    }

    public var supportedPixelFormats: Set<PixelFormat> { PixelFormat.blendable }

    public func prepare(for format: VideoFrameFormat) throws {
        renderer.bounds = RenderSize(width: format.width, height: format.height)
        layout = try PlaneGlue.layout(of: format.pixelFormat)
        conversion = YCbCrConversion(
            matrix: PlaneGlue.matrix(format.matrix), limitedRange: !format.isFullRange,
            bitDepth: layout == .planar10 ? 10 : 8)
    }

    public func composite(_ frame: VideoFrame, at time: MediaTime) throws {
        let captionTime = time - offset
        guard try renderer.drawsSomething(at: captionTime) else { return }
        try frame.makeWritable()
        try frame.withPlanes { pointers in
            let planes = try PlaneGlue.planes(
                pointers, layout: layout, width: frame.width, height: frame.height, conversion: conversion)
            try renderer.render(at: captionTime, into: planes)
        }
        framesDrawn += 1
    }
}
