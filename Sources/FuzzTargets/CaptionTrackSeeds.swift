import CaptionData
import CaptionCore
import CaptionKit
import CaptionTracks

/// Seeds for the caption track targets, made from caption fixtures with the suite's own
/// writers where it has them: the CEA-608 words of the SCC files as `c608` samples and as A/53
/// `cc_data()` in each of the containers the readers take, and the captions of every caption
/// file as `tx3g` and WebVTT (`wvtt`) samples. Nothing made here is kept in the repository.
enum CaptionTrackSeeds {
    /// The first byte pairs of an SCC file (its hex words), or none.
    static func pairs(_ path: String, _ bytes: [UInt8], atMost: Int = 64) -> [CEA608BytePair] {
        guard path.hasSuffix(".scc") else { return [] }
        var pairs: [CEA608BytePair] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            for word in line[tab...].split(separator: " ") where pairs.count < atMost {
                let hex = word.trimmingPrefix("\t")
                if hex.count == 4, let w = UInt16(hex, radix: 16) { pairs.append(CEA608BytePair(word: w)) }
            }
        }
        return pairs
    }

    /// `c608`: field 1 alone, and field 1 with some field 2.
    @Sendable static func c608(path: String, bytes: [UInt8]) -> [[UInt8]] {
        let p = pairs(path, bytes)
        guard !p.isEmpty else { return [] }
        return [C608Sample(field1: p).bytes, C608Sample(field1: p, field2: Array(p.prefix(8))).bytes]
    }

    /// `a53`: a frame's `cc_data()` (field 1 pair, field 2 filler) in each reader's container,
    /// the first byte choosing the reader as `A53Check` reads it.
    @Sendable static func a53(path: String, bytes: [UInt8]) -> [[UInt8]] {
        let p = pairs(path, bytes, atMost: 4)
        guard let first = p.first else { return [] }
        let cc = CCData.encode(field1: first, field2: p.dropFirst().first, count: 3)
        let payload = A53UserData.t35Payload(ccData: cc)
        // SEI message: type 4, size, payload; then rbsp_trailing_bits (H.264 §7.3.2.3).
        let sei = [4, UInt8(payload.count)] + payload + [0x80]
        let h264 = escaped([0x06] + sei)
        let hevc = escaped([39 << 1, 0x01] + sei)
        let h264Slice: [UInt8] = [0x65, 0x88, 0x84]
        let hevcSlice: [UInt8] = [0x26, 0x01, 0xAF]
        func stored(_ units: [[UInt8]]) -> [UInt8] {
            units.flatMap { [0, 0, 0, UInt8($0.count)] + $0 }
        }
        let startCode: [UInt8] = [0, 0, 0, 1]
        return [
            [0] + cc,
            [1 + 6 * 2] + stored([h264, h264Slice]),
            [2 + 6 * 2] + stored([hevc, hevcSlice]),
            [3] + startCode + h264 + startCode + h264Slice,
            [4] + startCode + hevc + startCode + hevcSlice,
            [5] + [0, 0, 1, 0xB2] + A53UserData.atscIdentifier + [0x03] + cc + [0, 0, 1, 0x01, 0x12],
        ]
    }

    /// A NAL unit with an emulation prevention byte after every two zero bytes that a byte of
    /// 0–3 follows (H.264 §7.4.1).
    static func escaped(_ nal: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for b in nal {
            if zeros >= 2 && b <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(b)
            zeros = b == 0 ? zeros + 1 : 0
        }
        return out
    }

    /// `mov-text`: the first captions of each caption file as `tx3g` samples.
    @Sendable static func movText(path: String, bytes: [UInt8]) -> [[UInt8]] {
        guard let format = CaptionFormatRegistry.standard.format(forPath: path),
            let read = try? format.reader?(bytes, CaptionFormatOptions(fileName: path))
        else { return [] }
        return read.document.captions.prefix(8).map { MovTextSample(runs: $0.runs).bytes() }
    }

    /// `wvtt`: the first samples of a WebVTT track of each caption file's captions (cues cut
    /// where they overlap, `vtte` in the gaps, settings and styled text as the WebVTT writer
    /// lays them out).
    @Sendable static func webVTT(path: String, bytes: [UInt8]) -> [[UInt8]] {
        guard let format = CaptionFormatRegistry.standard.format(forPath: path),
            let read = try? format.reader?(bytes, CaptionFormatOptions(fileName: path)),
            let (track, _) = try? WebVTTTrackBuilder(quickTime: false, language: .undetermined).track(
                for: read.document, frameRate: read.document.frameRate, alternateGroup: 1, enabled: true)
        else { return [] }
        return track.samples.prefix(8).map(\.data)
    }
}
