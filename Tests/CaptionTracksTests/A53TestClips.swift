import Foundation
import TestSupport

/// H.264 clips whose pictures carry CEA-608 words as A/53 cc_data, made for the tests without
/// the code under test: ffmpeg encodes a raw H.264 stream with an access unit delimiter before
/// each picture, an SEI NAL unit written here (H.264 §7.3.2.3 with emulation prevention,
/// SCTE 128 GA94 user data, CTA-708 cc_data) is put after each delimiter, and ffmpeg then either
/// stream-copies it into MP4 or decodes and re-encodes it with B-frames (libx264 writes the
/// caption side data that FFmpeg's H.264 decoder exports: an independent writer of the SEI).
enum A53TestClips {
    /// What each picture carries, in presentation order: a field 1 word, or nil for filler.
    static func make(
        words: [UInt16?], in dir: TemporaryDirectory, reencode: Bool, name: String = "a53.mp4",
        ccData: ((UInt16?) -> [UInt8])? = nil
    ) throws -> String {
        try make(pictures: words.map { ccData?($0) ?? Self.ccData($0) }, in: dir, reencode: reencode, name: name)
    }

    /// A clip at `rate` whose pictures, in presentation order, carry `pictures` (each a whole
    /// cc_data(), header and marker byte included); `-f mpegts` and the like in `output` choose
    /// the container when the name does not.
    /// `hevc`: the pictures are H.265 (libx265, no B-frames), each SEI a prefix SEI NAL unit
    /// (type 39, ITU-T H.265 §7.3.2.4) after the access unit delimiter (type 35).
    static func make(
        pictures: [[UInt8]], rate: String = "30000/1001", in dir: TemporaryDirectory, reencode: Bool,
        name: String = "a53.mp4", output: [String] = [], hevc: Bool = false
    ) throws -> String {
        let raw = dir.path(hevc ? "raw.hevc" : "raw.h264")
        let encoder =
            hevc
            ? [
                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "bframes=0:aud=1:log-level=error", "-f",
                "hevc",
            ]
            : ["-c:v", "libx264", "-preset", "ultrafast", "-bf", "0", "-x264-params", "aud=1", "-f", "h264"]
        try TrackClips.run(
            "ffmpeg",
            [
                "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=\(rate)",
                "-frames:v", "\(pictures.count)",
            ] + encoder + [raw])
        let stream = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
        var out: [UInt8] = []
        var picture = 0
        for unit in nalUnits(stream) {
            out += [0, 0, 0, 1] + unit
            // After each access unit delimiter (H.264 type 9, HEVC type 35): this picture's captions.
            let isDelimiter = hevc ? unit.first.map { ($0 >> 1) & 0x3F } == 35 : unit.first.map { $0 & 0x1F } == 9
            if isDelimiter, picture < pictures.count {
                let t35: [UInt8] = [0xB5, 0x00, 0x31, 0x47, 0x41, 0x39, 0x34, 0x03] + pictures[picture]
                out += [0, 0, 0, 1] + seiNAL(t35: t35, header: hevc ? [0x4E, 0x01] : [0x06])
                picture += 1
            }
        }
        let annotated = dir.path(hevc ? "annotated.hevc" : "annotated.h264")
        try Data(out).write(to: URL(fileURLWithPath: annotated))
        let movie = dir.path(name)
        var args = ["-loglevel", "error", "-y", "-r", rate, "-i", annotated]
        args +=
            reencode
            ? ["-c:v", "libx264", "-preset", "fast", "-bf", "3", "-a53cc", "1", "-pix_fmt", "yuv420p"]
            : ["-c:v", "copy"]
        try TrackClips.run("ffmpeg", args + output + [movie])
        return movie
    }

    /// cc_data(): process_cc_data_flag, cc_count 2, em_data; a valid field 1 construct (or field
    /// 1 filler, cc_valid 0), field 2 filler; the 0xFF marker byte.
    static func ccData(_ word: UInt16?) -> [UInt8] {
        var cc: [UInt8] = [0xC2, 0xFF]
        if let word { cc += [0xFC, UInt8(word >> 8), UInt8(word & 0xFF)] } else { cc += [0xF8, 0x80, 0x80] }
        return cc + [0xF9, 0x80, 0x80, 0xFF]
    }

    /// An SEI NAL unit holding one user_data_registered_itu_t_t35 message, after the NAL unit
    /// header `header` (H.264's one byte 0x06; HEVC's two, 0x4E 0x01 for a prefix SEI).
    static func seiNAL(t35: [UInt8], header: [UInt8] = [0x06]) -> [UInt8] {
        var rbsp: [UInt8] = [0x04]
        var size = t35.count
        while size >= 255 {
            rbsp.append(0xFF)
            size -= 255
        }
        rbsp += [UInt8(size)] + t35 + [0x80]
        // Emulation prevention (H.264 §7.4.1, H.265 §7.4.2): 0x03 before any 0x00–0x03 after two zeros.
        var escaped: [UInt8] = header
        var zeros = 0
        for b in rbsp {
            if zeros >= 2 && b <= 3 {
                escaped.append(0x03)
                zeros = 0
            }
            escaped.append(b)
            zeros = b == 0 ? zeros + 1 : 0
        }
        return escaped
    }

    /// The NAL units of an Annex B byte stream (between 00 00 01 start codes).
    static func nalUnits(_ stream: [UInt8]) -> [[UInt8]] {
        var starts: [Int] = []
        var i = 0
        while i + 2 < stream.count {
            if stream[i] == 0, stream[i + 1] == 0, stream[i + 2] == 1 {
                starts.append(i + 3)
                i += 3
            } else {
                i += 1
            }
        }
        return starts.enumerated().map { k, start in
            var end = k + 1 < starts.count ? starts[k + 1] - 3 : stream.count
            while end > start && stream[end - 1] == 0 { end -= 1 }
            return Array(stream[start..<end])
        }
    }
}
