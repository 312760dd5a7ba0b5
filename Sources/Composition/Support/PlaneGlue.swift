import Media
import Render

/// Joins Media's decoded frames to Render's plane description: the one place that knows both.
enum PlaneGlue {
    static func layout(of format: PixelFormat) throws -> YCbCrPlanes.Layout {
        switch format {
        case .yuv420p, .yuvj420p: return .planar8
        case .nv12: return .semiPlanar8
        case .yuv420p10le: return .planar10
        default:
            throw MediaFileError.notSupported(
                "captions are drawn into yuv420p, yuvj420p, nv12 and yuv420p10le frames, not \(format.name)")
        }
    }

    static func matrix(_ m: VideoColorMatrix) -> YCbCrConversion.Matrix {
        switch m {
        case .bt601: return .bt601
        case .bt709: return .bt709
        case .bt2020: return .bt2020
        }
    }

    static func planes(
        _ p: VideoPlanePointers, layout: YCbCrPlanes.Layout, width: Int, height: Int, conversion: YCbCrConversion
    ) throws -> YCbCrPlanes {
        guard p.data.count >= 3, let y = p.data[0], let cb = p.data[1] else {
            throw MediaFileError.notSupported("a decoded frame without its planes")
        }
        let cr = layout == .semiPlanar8 ? cb : (p.data[2] ?? cb)
        return YCbCrPlanes(
            layout: layout, width: width, height: height, conversion: conversion, luma: y, lumaStride: p.strides[0],
            cb: cb, cbStride: p.strides[1], cr: cr, crStride: layout == .semiPlanar8 ? p.strides[1] : p.strides[2])
    }
}

/// How a compositor draws into the frames of one format: straight into Y'CbCr planes with
/// their layout, matrix, range and depth, or onto the straight-alpha RGBA canvas of an
/// overlay-only export (``PixelFormat/rgba``).
enum FrameTarget {
    case planes(YCbCrPlanes.Layout, YCbCrConversion)
    case rgba

    /// The formats the built-in compositors draw into.
    static let pixelFormats = PixelFormat.blendable.union([.rgba])

    init(_ format: VideoFrameFormat) throws {
        if format.pixelFormat == .rgba {
            self = .rgba
            return
        }
        let layout = try PlaneGlue.layout(of: format.pixelFormat)
        self = .planes(
            layout,
            YCbCrConversion(
                matrix: PlaneGlue.matrix(format.matrix), limitedRange: !format.isFullRange,
                bitDepth: layout == .planar10 ? 10 : 8))
    }

    /// Makes `frame` writable and hands its pixels to `planes` or to `rgba`, by its format.
    func draw(
        into frame: VideoFrame, planes: (YCbCrPlanes) throws -> Void, rgba: (RGBAPlane) throws -> Void
    ) throws {
        try frame.makeWritable()
        try frame.withPlanes { pointers in
            switch self {
            case .planes(let layout, let conversion):
                try planes(
                    PlaneGlue.planes(
                        pointers, layout: layout, width: frame.width, height: frame.height, conversion: conversion))
            case .rgba:
                guard let pixels = pointers.data.first ?? nil else {
                    throw MediaFileError.notSupported("an RGBA frame without its pixels")
                }
                try rgba(
                    RGBAPlane(width: frame.width, height: frame.height, pixels: pixels, stride: pointers.strides[0]))
            }
        }
    }
}
