internal import CFFmpeg
import CaptionCore

/// The per-frame loop: each decoded picture in the range converted, handed to every compositor,
/// given its caption data, encoded; progress reported.
extension ExportPipeline {
    func decode(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        guard let decoder, !videoEnded else { return }
        try decoder.send(packet)
        try drainDecoder()
    }

    func drainDecoder() throws {
        guard let decoder else { return }
        let frame = try Frame(operation: "decoding")
        while try decoder.receive(into: frame) {
            framesDecoded += 1
            try handle(decoded: frame)
            av_frame_unref(frame.pointer)
        }
    }

    func handle(decoded frame: Frame) throws {
        let f = frame.pointer
        let stream = input.streams[Int(videoIndex)].pointee
        var ts = f.pointee.best_effort_timestamp
        if ts == captions_av_nopts_value() { ts = f.pointee.pts }
        guard ts != captions_av_nopts_value() else { return }
        let raw = TrimWindow.raw(ts, stream.time_base)
        let time = trim.assetTime(raw: raw)
        if let from = trim.from, time < from { return }
        if let to = trim.to, time >= to {
            videoEnded = true
            return
        }
        if trim.shift == nil { try startRange(atRaw: raw) }
        lastVideoRaw = raw
        let shifted = ts - TrimWindow.units(trim.shift ?? .zero, stream.time_base)
        let encoderPTS = encoder.map { av_rescale_q(shifted, stream.time_base, $0.timeBase) } ?? shifted
        guard encoderPTS > lastEncodedPTS else { return }
        lastEncodedPTS = encoderPTS

        var picture = frame
        if let overlayCanvas {
            // Overlay-only: the decoded picture gives the frame's time, not its pixels.
            picture = try overlayCanvas.picture(drawnBy: compositors, at: time)
        } else {
            if let scaler { picture = try scaler.convert(frame) }
            guard let frameFormat else { return }
            if !compositors.isEmpty {
                let decoded = VideoFrame(frame: picture, format: frameFormat)
                let trackID = CompositionTrackID(clamping: description.tracks[Int(videoIndex)].trackID)
                picture = try compositors.run(on: decoded, sources: [trackID: decoded], at: time).frame
            }
        }
        if let constructs = closedCaptionData?(time) {
            try A53Captions.attach(constructs, to: picture, encoderWritesCaptions: encoderWritesCaptions, path: path)
        }
        picture.pointer.pointee.pts = encoderPTS
        picture.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
        try encoder?.send(picture.pointer)
        framesEncoded += 1
        try drainEncoder()
        reportProgress(rawTime: raw)
    }

    func drainEncoder() throws {
        guard let encoder else { return }
        try writer.drain(encoder, stream: videoOutputIndex, label: "the video")
    }

    func reportProgress(rawTime: MediaTime) {
        guard let progress else { return }
        let out = rawTime - (trim.shift ?? .zero)
        progress(
            ExportProgress(
                frames: videoCopy?.packetsWritten ?? framesEncoded, outputTime: out,
                expectedDuration: expectedDuration, elapsedSeconds: MonotonicClock.now() - started))
    }

    /// The last report, once the file is whole: its output time is the expected duration (the
    /// time reached, when none was known), so that its `fractionCompleted` is 1.
    func reportCompletion() {
        guard let progress else { return }
        let reached = lastVideoRaw.map { $0 - (trim.shift ?? .zero) } ?? .zero
        let whole = expectedDuration ?? reached
        progress(
            ExportProgress(
                frames: videoCopy?.packetsWritten ?? framesEncoded, outputTime: whole, expectedDuration: whole,
                elapsedSeconds: MonotonicClock.now() - started))
    }

    /// The output's duration as the range and the file's index give it.
    var expectedDuration: MediaTime? {
        let begin = trim.from ?? .zero
        let end = trim.to ?? description.duration
        return end.map { MediaTime.minimum($0, description.duration ?? $0) - begin }
    }
}
