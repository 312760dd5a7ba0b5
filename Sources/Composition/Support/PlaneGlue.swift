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
