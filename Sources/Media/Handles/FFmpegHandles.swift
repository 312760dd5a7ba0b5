internal import CFFmpeg

// Owners of FFmpeg handles: each frees its handle in deinit.

/// Owns an `AVCodecContext`.
final class CodecContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>

    init(codec: UnsafePointer<AVCodec>, operation: String) throws {
        guard let p = avcodec_alloc_context3(codec) else {
            throw MediaError(code: captions_averror(ENOMEM), operation: operation)
        }
        pointer = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&p)
    }
}

/// Owns an `AVFrame`.
final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init(operation: String) throws {
        guard let p = av_frame_alloc() else { throw MediaError(code: captions_averror(ENOMEM), operation: operation) }
        pointer = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&p)
    }
}

/// Owns an `AVPacket`.
final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    init(operation: String) throws {
        guard let p = av_packet_alloc() else { throw MediaError(code: captions_averror(ENOMEM), operation: operation) }
        pointer = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&p)
    }
}

/// Owns a libswscale `SwsContext`.
final class ScaleContext {
    let pointer: OpaquePointer

    init(
        from width: Int32, _ height: Int32, _ format: AVPixelFormat, to outWidth: Int32, _ outHeight: Int32,
        _ outFormat: AVPixelFormat, operation: String
    ) throws {
        guard let p = sws_getContext(width, height, format, outWidth, outHeight, outFormat, SWS_BICUBIC, nil, nil, nil)
        else {
            throw MediaError(code: captions_averror(EINVAL), operation: operation)
        }
        pointer = p
    }

    deinit { sws_freeContext(pointer) }
}
