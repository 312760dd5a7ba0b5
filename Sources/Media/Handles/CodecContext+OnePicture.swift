internal import CFFmpeg

extension CodecContext {
    /// Encodes `frame` as the only picture of an opened encoder: sends it, flushes the encoder
    /// (a NULL frame) and returns the bytes of every packet it gives back, which for an image
    /// codec (PNG, MJPEG) are the whole file. `packet` is the caller's, reused for each packet.
    /// An encoder that gives nothing is an error: no file is an empty array of bytes.
    func encodeOnePicture(_ frame: UnsafeMutablePointer<AVFrame>, packet: Packet, operation op: String) throws
        -> [UInt8]
    {
        try MediaError.check(avcodec_send_frame(pointer, frame), op)
        try MediaError.check(avcodec_send_frame(pointer, nil), op)
        var bytes: [UInt8] = []
        while true {
            let r = avcodec_receive_packet(pointer, packet.pointer)
            if r == captions_averror_eof() || r == captions_averror_eagain() { break }
            try MediaError.check(r, op)
            if let data = packet.pointer.pointee.data {
                bytes += UnsafeBufferPointer(start: data, count: Int(packet.pointer.pointee.size))
            }
            av_packet_unref(packet.pointer)
        }
        guard !bytes.isEmpty else { throw MediaError(code: captions_averror_eof(), operation: op) }
        return bytes
    }
}
