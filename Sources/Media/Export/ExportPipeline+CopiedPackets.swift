internal import CFFmpeg
import CaptionCore

/// Packets of the copied tracks (and of the video with `--codec copy`): cut to the range at
/// packet boundaries, shifted, written.
extension ExportPipeline {
    func copy(_ packet: UnsafeMutablePointer<AVPacket>, of stream: CopiedStream) throws {
        if stream.ended { return }
        guard let units = stream.startUnits(packet) else {
            if stream.started, trim.shift != nil { try write(packet, of: stream) }
            return
        }
        let raw = TrimWindow.raw(units, stream.inputTimeBase)
        if stream === videoCopy, trim.shift == nil {
            // --codec copy: the range starts at the first key frame read after the seek.
            guard (packet.pointee.flags & AV_PKT_FLAG_KEY) != 0 else { return }
            trim.shift = raw
            updateTimecodeTags(shiftedBy: raw - trim.assetStart)
            stream.started = true
        }
        guard let shift = trim.shift else {
            try hold(packet)
            return
        }
        if let to = trim.to {
            // Cut at the packet boundary nearest the end: keep a packet if most of it is inside.
            let half = TrimWindow.raw(packet.pointee.duration, stream.inputTimeBase).checkedScaledHalf()
            if trim.assetTime(raw: raw) + half > to {
                stream.ended = true
                return
            }
        }
        if !stream.started {
            if raw < shift {
                let kept = try Packet(operation: "holding a packet")
                try MediaError.check(av_packet_ref(kept.pointer, packet), call: "av_packet_ref", "holding a packet")
                stream.lastBefore = kept
                return
            }
            // The first packet at or after the start: it or the one before, whichever is nearer.
            stream.started = true
            if let before = stream.lastBefore, let beforeUnits = stream.startUnits(before.pointer) {
                let beforeRaw = TrimWindow.raw(beforeUnits, stream.inputTimeBase)
                if shift - beforeRaw < raw - shift { try write(before.pointer, of: stream) }
            }
            stream.lastBefore = nil
        }
        try write(packet, of: stream)
    }

    func hold(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        let kept = try Packet(operation: "holding a packet")
        try MediaError.check(av_packet_ref(kept.pointer, packet), call: "av_packet_ref", "holding a packet")
        pending.append(kept)
    }

    func write(_ packet: UnsafeMutablePointer<AVPacket>, of stream: CopiedStream) throws {
        let shift = TrimWindow.units(trim.shift ?? .zero, stream.inputTimeBase)
        let out = try Packet(operation: "copying a packet")
        try MediaError.check(av_packet_ref(out.pointer, packet), call: "av_packet_ref", "copying a packet")
        let p = out.pointer
        if p.pointee.pts != captions_av_nopts_value() { p.pointee.pts -= shift }
        if p.pointee.dts != captions_av_nopts_value() { p.pointee.dts -= shift }
        p.pointee.pos = -1
        stream.packetsWritten += 1
        try writer.write(p, stream: stream.outputIndex, from: stream.inputTimeBase, label: stream.label)
        if stream === videoCopy { reportProgress(rawTime: TrimWindow.raw(packet.pointee.pts, stream.inputTimeBase)) }
    }
}
