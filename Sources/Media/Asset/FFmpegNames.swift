internal import CFFmpeg
import CaptionCore

/// FFmpeg's names and values turned into Swift ones: the same strings ffprobe prints.
enum FFmpegNames {
    static func string(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }

    static func fourCC(_ tag: UInt32) -> String {
        guard tag != 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: 32)
        return buffer.withUnsafeMutableBufferPointer { b -> String in
            guard let base = b.baseAddress else { return "" }
            return String(cString: captions_fourcc_string(tag, base, b.count))
        }
    }

    static func tags(_ dictionary: OpaquePointer?) -> [MediaTag] {
        var result: [MediaTag] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let e = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            result.append(MediaTag(key: String(cString: e.pointee.key), value: String(cString: e.pointee.value)))
            entry = e
        }
        return result
    }

    static func mediaType(_ type: AVMediaType) -> AssetTrack.MediaType {
        switch type {
        case AVMEDIA_TYPE_VIDEO: return .video
        case AVMEDIA_TYPE_AUDIO: return .audio
        case AVMEDIA_TYPE_SUBTITLE: return .subtitle
        case AVMEDIA_TYPE_DATA: return .data
        case AVMEDIA_TYPE_ATTACHMENT: return .attachment
        default: return .unknown
        }
    }

    /// `num/den` as a frame rate, nil for 0/0 and rates outside 1–1000 fps.
    static func frameRate(_ r: AVRational) -> FrameRate? { FrameRate(frames: r.num, seconds: r.den) }

    /// `value` units of `base`, or nil for `AV_NOPTS_VALUE`.
    static func time(_ value: Int64, _ base: AVRational) -> MediaTime? {
        guard value != captions_av_nopts_value(), base.den > 0 else { return nil }
        return MediaTime(value: value, timescale: base.den).checkedScaled(by: base.num)
    }

    /// The time the file's timeline starts at, what times are counted from: its `start_time`,
    /// which libavformat gives in microseconds (AV_TIME_BASE), rounded; when the video starts
    /// the file, the video's own `start_time`, exact in its time base (a transport stream whose
    /// video starts at 129750/90000 s says 1.441667 s, which would put the first picture a third
    /// of a microsecond before the start).
    static func origin(of file: UnsafeMutablePointer<AVFormatContext>, video: UnsafeMutablePointer<AVStream>?)
        -> MediaTime
    {
        let fileStart = time(file.pointee.start_time, captions_av_time_base_q()) ?? .zero
        let microsecond = MediaTime(value: 1, timescale: 1_000_000)
        guard let video, let videoStart = time(video.pointee.start_time, video.pointee.time_base),
            videoStart - fileStart < microsecond, fileStart - videoStart < microsecond
        else { return fileStart }
        return videoStart
    }

    static func pixelFormat(_ raw: Int32) -> String? { raw < 0 ? nil : string(av_get_pix_fmt_name(AVPixelFormat(raw))) }

    static func color(_ par: UnsafeMutablePointer<AVCodecParameters>) -> ColorDescription? {
        let p = par.pointee
        func named(_ unspecified: Bool, _ name: UnsafePointer<CChar>?) -> String? { unspecified ? nil : string(name) }
        let d = ColorDescription(
            range: named(p.color_range == AVCOL_RANGE_UNSPECIFIED, av_color_range_name(p.color_range)),
            matrix: named(p.color_space == AVCOL_SPC_UNSPECIFIED, av_color_space_name(p.color_space)),
            transfer: named(p.color_trc == AVCOL_TRC_UNSPECIFIED, av_color_transfer_name(p.color_trc)),
            primaries: named(p.color_primaries == AVCOL_PRI_UNSPECIFIED, av_color_primaries_name(p.color_primaries)))
        return d == ColorDescription() ? nil : d
    }

    static func channelLayout(_ par: UnsafeMutablePointer<AVCodecParameters>) -> String? {
        guard par.pointee.ch_layout.nb_channels > 0, par.pointee.ch_layout.order != AV_CHANNEL_ORDER_UNSPEC else {
            return nil
        }
        var buffer = [CChar](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBufferPointer { b in
            av_channel_layout_describe(&par.pointee.ch_layout, b.baseAddress, b.count)
        }
        return n < 0 ? nil : String(cString: buffer)
    }
}

extension MediaTime {
    /// This time times `factor`, nil on overflow (a time base such as 1001/30000 has num > 1).
    func checkedScaled(by factor: Int32) -> MediaTime? {
        factor == 1 ? self : try? checkedMultiplying(by: Int64(factor))
    }
}
