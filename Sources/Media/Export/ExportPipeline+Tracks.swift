internal import CFFmpeg
import CaptionCore

/// The copied tracks: an output stream for each track kept as it is (parameters, tags,
/// disposition, side data), the ones the container cannot hold dropped with a note.
extension ExportPipeline {
    func setUpOutput() throws {
        guard let ofmt = output.pointer.pointee.oformat else {
            throw MediaFileError.invalidSetting("\(outputPath): no muxer for this file name")
        }
        av_dict_copy(&output.pointer.pointee.metadata, input.pointer.pointee.metadata, 0)
        if settings.dropsLocationMetadata { Self.removeLocationTags(&output.pointer.pointee.metadata) }
        for stream in input.streams {
            let index = stream.pointee.index
            if index == videoIndex {
                try setUpVideo(stream)
                continue
            }
            guard let track = description.tracks.first(where: { $0.index == Int(index) }) else { continue }
            if Self.isCoverArt(input, Int(index)) { continue }
            let par = try stream.parameters(in: path)
            if settings.overlayOnly, track.codecTag != "tmcd" {
                note(
                    "media.trackDropped", "\(track.label) left out: an overlay-only output holds the overlay alone",
                    severity: .info)
                continue
            }
            if track.mediaType == .data, settings.dropDataTracks {
                note(
                    "media.trackDropped", "\(track.label) dropped (\(ExportParameterWords.dropDataTracks))",
                    severity: .info)
                continue
            }
            if track.codecTag == "tmcd", par.pointee.codec_id == AV_CODEC_ID_NONE {
                // libavformat's MOV/MP4 muxer writes the timecode track itself from the video's
                // `timecode` tag, which is copied (and moved along by a trim).
                let kept = output.formatName.contains("mov") || output.formatName.contains("mp4")
                note(
                    "media.timecodeTrack",
                    kept
                        ? "\(track.label) written anew from the video's timecode tag"
                        : "\(track.label) dropped: \(output.formatName) has no timecode track; the timecode stays as a tag",
                    severity: kept ? .info : .warning)
                continue
            }
            guard Self.canHold(ofmt, par) else {
                note(
                    "media.trackDropped",
                    "\(track.label) dropped: the \(output.formatName) container cannot hold \(track.codec == "unknown" ? "'\(track.codecTag)' data (a codec FFmpeg does not know)" : track.codec)",
                    severity: .warning)
                continue
            }
            let out = try newStream(copying: stream)
            copied[index] = CopiedStream(
                inputIndex: index, outputIndex: out.pointee.index, inputTimeBase: stream.pointee.time_base,
                label: track.label, trimsStart: trim.trimsStart)
        }
    }

    /// Whether the muxer can store `par`: never a codec FFmpeg does not know; otherwise as
    /// `avformat_query_codec` says, trying when it cannot tell.
    static func canHold(_ ofmt: UnsafePointer<AVOutputFormat>, _ par: UnsafeMutablePointer<AVCodecParameters>) -> Bool {
        guard par.pointee.codec_id != AV_CODEC_ID_NONE else { return false }
        return avformat_query_codec(ofmt, par.pointee.codec_id, FF_COMPLIANCE_NORMAL) != 0
    }

    /// An output stream with the parameters, tags, disposition and side data of `source`.
    func newStream(copying source: UnsafeMutablePointer<AVStream>) throws -> UnsafeMutablePointer<AVStream> {
        let out = try writer.newStream()
        try MediaFileError.check(
            avcodec_parameters_copy(out.pointee.codecpar, source.pointee.codecpar), path: outputPath,
            call: "avcodec_parameters_copy", "adding a track to \(outputPath)")
        out.pointee.codecpar.pointee.codec_tag = keptTag(source.pointee.codecpar)
        out.pointee.time_base = source.pointee.time_base
        out.pointee.disposition = source.pointee.disposition
        out.pointee.avg_frame_rate = source.pointee.avg_frame_rate
        out.pointee.r_frame_rate = source.pointee.r_frame_rate
        av_dict_copy(&out.pointee.metadata, source.pointee.metadata, 0)
        copySideData(from: source, to: out)
        return out
    }

    /// The input's codec tag when the muxer would store the same codec under it, else 0 (the
    /// muxer then picks its own), as the ffmpeg command decides.
    func keptTag(_ par: UnsafeMutablePointer<AVCodecParameters>) -> UInt32 {
        let tag = par.pointee.codec_tag
        guard let table = output.pointer.pointee.oformat.pointee.codec_tag else { return tag }
        if av_codec_get_id(table, tag) == par.pointee.codec_id { return tag }
        var other: UInt32 = 0
        return av_codec_get_tag2(table, par.pointee.codec_id, &other) == 0 ? tag : 0
    }

    func copySideData(from source: UnsafeMutablePointer<AVStream>, to out: UnsafeMutablePointer<AVStream>) {
        let s = source.pointee
        for i in 0..<Int(s.nb_side_data) {
            let item = s.side_data[i]
            guard let dst = av_stream_new_side_data(out, item.type, item.size), let src = item.data else { continue }
            dst.update(from: src, count: item.size)
        }
    }

    func note(_ rule: String, _ message: String, severity: Diagnostic.Severity) {
        diagnostics.append(Diagnostic(severity, rule, "\(path): \(message)"))
    }

    /// Removes every tag whose key names a location (libavformat's `location` and `location-eng`
    /// for QuickTime's `©xyz`, and `com.apple.quicktime.location.ISO6709` and its kin).
    static func removeLocationTags(_ dictionary: inout OpaquePointer?) {
        var keys: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let e = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            entry = e
            if let key = e.pointee.key.map({ String(cString: $0) }), key.lowercased().contains("location") {
                keys.append(key)
            }
        }
        for key in keys { av_dict_set(&dictionary, key, nil, 0) }
    }
}
