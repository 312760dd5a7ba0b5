internal import CFFmpeg

/// A track copied packet by packet into the output, cut to the export's time range at the
/// packet nearest each end, its timestamps shifted by the same amount as the video's.
final class CopiedStream {
    let inputIndex: Int32
    let outputIndex: Int32
    let inputTimeBase: AVRational
    let label: String
    /// Whether the first packet has been chosen (always true when the export does not trim).
    var started: Bool
    /// The last packet before the start, kept until the next one shows which is nearer.
    var lastBefore: Packet?
    /// Whether a packet past the end has been seen: nothing more is written.
    var ended = false
    var packetsWritten = 0

    init(inputIndex: Int32, outputIndex: Int32, inputTimeBase: AVRational, label: String, trimsStart: Bool) {
        self.inputIndex = inputIndex
        self.outputIndex = outputIndex
        self.inputTimeBase = inputTimeBase
        self.label = label
        self.started = !trimsStart
    }

    /// The packet's presentation (else decoding) time in seconds as an exact fraction of the
    /// time base, or nil when it has none.
    func startUnits(_ packet: UnsafeMutablePointer<AVPacket>) -> Int64? {
        let p = packet.pointee
        if p.pts != captions_av_nopts_value() { return p.pts }
        if p.dts != captions_av_nopts_value() { return p.dts }
        return nil
    }
}
