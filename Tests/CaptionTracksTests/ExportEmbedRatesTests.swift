import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// CC1 and CC3 together at 23.976, 25, 59.94 and 29.97 fps (issue 34): a pop-on SCC file in CC1
/// and a roll-up one, other words, in CC3, put in a movie by `export --embed both` (A/53 SEI and
/// a c608 track) and by `mux` (a c608 track), then read back by our reader (the same captions as
/// the SCC reader reads from the files, at the same times), by FFmpeg (`movie=…[out0+subcc]`
/// for the SEI, `-map 0:s` for the track; `-data_field second` for CC3), and counted in the SEI
/// by a parser written here against the standards' figures.
@Suite struct ExportEmbedRatesTests {
    static let rates = ["24000/1001", "25", "60000/1001", "30000/1001"]

    /// CC1: two pop-on captions, then an erase.
    static let popOn = Line21.file([
        ("00:00:00;20", Line21.popOn("HELLO FROM CC ONE")),
        ("00:00:02;00", Line21.popOn("SECOND POP ON")),
        ("00:00:03;15", Line21.control(0x14, 0x2C)),
    ])

    /// CC3 (written as CC1, moved to field 2 by `--cc3`): roll-up, two rows, three lines.
    static let rollUp = Line21.file([
        ("00:00:00;05", Line21.control(0x14, 0x25) + Line21.control(0x14, 0x70) + Line21.text("UNO DOS TRES")),
        ("00:00:00;25", Line21.control(0x14, 0x2D)),
        ("00:00:01;20", Line21.control(0x14, 0x70) + Line21.text("CUATRO CINCO") + Line21.control(0x14, 0x2D)),
        ("00:00:03;00", Line21.control(0x14, 0x70) + Line21.text("SEIS SIETE") + Line21.control(0x14, 0x2D)),
        ("00:00:04;00", Line21.control(0x14, 0x2C)),
    ])

    /// The clip and the two caption files.
    static func inputs(rate: String, in dir: TemporaryDirectory, container: String = "mp4") throws -> (
        clip: String, cc1: String, cc3: String
    ) {
        let clip = try TrackClips.make("clip.\(container)", in: dir, rate: rate, seconds: 4.5)
        let cc1 = dir.path("en.scc")
        let cc3 = dir.path("es.scc")
        try popOn.write(toFile: cc1, atomically: true, encoding: .utf8)
        try rollUp.write(toFile: cc3, atomically: true, encoding: .utf8)
        return (clip, cc1, cc3)
    }

    /// `export --captions en.scc --cc3 es.scc --embed both`: both channels from both carriages.
    @Test(arguments: rates)
    func exportCarriesCC1AndCC3(rate: String) throws {
        let dir = try TemporaryDirectory("embed-rates")
        let (clip, cc1, cc3) = try Self.inputs(rate: rate, in: dir)
        let out = dir.path("out.mp4")
        let r = try ExportEmbedTests.export([clip, "-o", out, "--captions", cc1, "--cc3", cc3, "--embed", "both"])
        #expect(r.status == 0, "\(r.stderr)")
        let video = try #require(FrameRate(rate))
        for source in ["sei", "track"] {
            try Self.expectSameCaptions(out, source: source, channel: 1, as: cc1)
            try Self.expectSameCaptions(out, source: source, channel: 3, as: cc3)
        }
        // The same files as CEA-708 services 1 and 2 in the SEI (at 59.94 fps the two take turns:
        // half of each picture's room cannot hold a DefineWindow): the texts of the files, each
        // shown within two frames of its CEA-608 caption.
        for (service, file) in [(1, cc1), (2, cc3)] {
            var options = CaptionFormatOptions()
            options.settings[CaptionFormatOptions.dtvccServiceSetting] = String(service)
            let dtvcc = try CaptionFile.read(out, options: options).0.document.captions
            var channel = CaptionFormatOptions()
            channel.settings[MovieCaptions.sourceSetting] = "sei"
            channel.channel = service == 1 ? 1 : 3
            let line21 = try CaptionFile.read(out, options: channel).0.document.captions
            #expect(
                dtvcc.map(\.text).joined(separator: " ") == line21.map(\.text).joined(separator: " "),
                "service \(service) at \(rate) against \(file)")
            if service == 1 {
                #expect(dtvcc.count == line21.count, "service 1 at \(rate)")
                for (a, b) in zip(dtvcc, line21) {
                    let apart = abs((a.timeRange.start - b.timeRange.start).seconds)
                    #expect(apart <= 2 * video.frameDuration.seconds + 1e-6, "service 1 at \(rate): \(a) vs \(b)")
                }
            }
        }
        let subcc = "movie=\(out)[out0+subcc]"
        try Self.expectFFmpegPopOn(["-f", "lavfi", "-i", subcc, "-map", "0:1"], in: dir, as: cc1, within: video)
        try Self.expectFFmpegRollUp(
            ["-data_field", "second", "-f", "lavfi", "-i", subcc, "-map", "0:1"], in: dir, as: cc3)
        try Self.expectFFmpegPopOn(["-i", out, "-map", "0:s"], in: dir, as: cc1, within: video)
        try Self.expectFFmpegRollUp(["-data_field", "second", "-i", out, "-map", "0:s"], in: dir, as: cc3)

        // What the pictures carry, counted here.
        let pictures = try SEICount.pictures(out, in: dir)
        let count = try #require(Self.publishedCCCount[rate])
        #expect(!pictures.isEmpty && pictures.allSatisfy { $0.ccCount == count }, "cc_count \(count) at \(rate)")
        // One pair a field every 1/29.97 s: the line-21 frames of each field sent while the
        // pictures are shown (field 2 half a frame after field 1).
        let shown = Int64(pictures.count) * Int64(video.seconds) * 30000
        let line = Int64(video.frames) * 1001
        let field1 = pictures.map { $0.fields.filter { $0 == 1 }.count }.reduce(0, +)
        let field2 = pictures.map { $0.fields.filter { $0 == 2 }.count }.reduce(0, +)
        #expect(Int64(field1) == (shown + line - 1) / line)
        #expect(Int64(field2) == (2 * shown - line + 2 * line - 1) / (2 * line))
        let seconds = Double(pictures.count) * Double(video.seconds) / Double(video.frames)
        #expect(abs(Double(field1) / seconds - 29.97) < 0.5, "\(Double(field1) / seconds) pairs a second")
        // 608 constructs a picture: 3 and 2 in turn at 23.976, 1 at 59.94, 2 at 29.97, 2–3 at 25.
        let perPicture = pictures.map(\.fields.count)
        switch rate {
        case "24000/1001": #expect(perPicture.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? 3 : 2) })
        case "60000/1001": #expect(pictures.enumerated().allSatisfy { $0.element.fields == [$0.offset % 2 + 1] })
        case "30000/1001": #expect(pictures.allSatisfy { $0.fields == [1, 2] })
        default: #expect(perPicture.allSatisfy { (2...3).contains($0) })
        }
    }

    /// `mux movie en.scc --cc3 es.scc`: one c608 track with both fields, read back by us and by
    /// FFmpeg; its samples on line 21's 29.97 fps frames at any video rate.
    @Test(arguments: rates)
    func muxCarriesCC1AndCC3(rate: String) throws {
        let dir = try TemporaryDirectory("mux-rates")
        let (clip, cc1, cc3) = try Self.inputs(rate: rate, in: dir, container: "mov")
        let out = dir.path("out.mov")
        let r = try CLIRunner.run(["mux", clip, cc1, "--cc3", cc3, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("c608 track 2 written"), "\(r.stderr)")
        try Self.expectSameCaptions(out, source: "track", channel: 1, as: cc1)
        try Self.expectSameCaptions(out, source: "track", channel: 3, as: cc3)
        try Self.expectFFmpegPopOn(["-i", out, "-map", "0:s"], in: dir, as: cc1, within: .fps29_97)
        try Self.expectFFmpegRollUp(["-data_field", "second", "-i", out, "-map", "0:s"], in: dir, as: cc3)
        let movie = try MovieCaptions(path: out)
        let track = try #require(movie.movie.tracks.first { $0.handlerType == "clcp" })
        #expect(track.timescale == 30000)
        #expect(try movie.movie.samples(of: track).allSatisfy { $0.time % 1001 == 0 })
    }

    /// The one-file command lines still work, and two files for one channel or one field, or a
    /// second file with a tx3g track, are refused before anything is written.
    @Test(arguments: ["same-channel", "same-field", "tx3g", "channel-without-file"])
    func clashingChannelsAreClearErrors(kind: String) throws {
        let dir = try TemporaryDirectory("mux-clash")
        let (clip, cc1, cc3) = try Self.inputs(rate: "30000/1001", in: dir)
        let out = dir.path("out.mp4")
        let (args, expected): ([String], String)
        switch kind {
        case "same-channel": (args, expected) = ([cc1, "--cc1", cc3], "both for CC1")
        case "same-field": (args, expected) = ([cc1, "--cc2", cc3], "CC1 and CC2 share field 1")
        case "tx3g": (args, expected) = ([cc1, "--cc3", cc3, "--form", "tx3g"], "a subtitle track takes one file")
        default: (args, expected) = (["--cc3", cc3, "--channel", "1"], "--channel goes with the CAPTIONS file")
        }
        let r = try CLIRunner.run(["mux", clip] + args + ["-o", out])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let e = try ExportEmbedTests.export([clip, "-o", out, "--captions", cc1, "--cc1", cc3, "--embed", "sei"])
        #expect(e.status == 2 && e.stderr.contains("--captions and --cc1 are both for CC1"), "\(e.stderr)")
    }

    /// The `cc_count` of SMPTE ST 334-2's table at each rate (FFmpeg's `ccfifo`, GStreamer's
    /// `ccutils`).
    static let publishedCCCount = ["24000/1001": 25, "25": 24, "60000/1001": 10, "30000/1001": 20]

    /// Our captions of `channel` from `source` are those the SCC reader reads from `file`
    /// (written as CC1): the same texts at the same times.
    static func expectSameCaptions(_ movie: String, source: String, channel: Int, as file: String) throws {
        var options = CaptionFormatOptions()
        options.settings[MovieCaptions.sourceSetting] = source
        options.channel = channel
        let (ours, _) = try CaptionFile.read(movie, options: options)
        let (expected, _) = try CaptionFile.read(file)
        #expect(!expected.document.captions.isEmpty)
        #expect(ours.document.captions.map(\.text) == expected.document.captions.map(\.text), "\(source) CC\(channel)")
        #expect(
            ours.document.captions.map(\.timeRange) == expected.document.captions.map(\.timeRange),
            "\(source) CC\(channel)")
    }

    /// FFmpeg's pop-on cues equal the SCC reader's captions of `file`, each at the time of the
    /// picture that carries its code: at most one picture at `rate` before ours.
    static func expectFFmpegPopOn(
        _ input: [String], in dir: TemporaryDirectory, as file: String, within rate: FrameRate
    )
        throws
    {
        let theirs = try ffmpeg(input, in: dir)
        let (expected, _) = try CaptionFile.read(file)
        let ours = TrackClips.screens(expected.document.captions)
        #expect(theirs.count == ours.count, "\(theirs) vs \(ours)")
        let frame = rate.frameDuration.seconds + 0.001
        for (t, o) in zip(theirs, ours) {
            #expect(TrackClips.comparable(ffmpeg: t.text) == SubtitlePeers.comparable(o.text), "\(t) vs \(o)")
            #expect(o.start - t.start > -0.001 && o.start - t.start < frame, "\(t) vs \(o)")
            #expect(o.end - t.end > -0.001 && o.end - t.end < frame, "\(t) vs \(o)")
        }
    }

    /// FFmpeg shows a roll-up window at each carriage return: its rows, in the order they first
    /// appear, are the SCC reader's lines of `file`.
    static func expectFFmpegRollUp(_ input: [String], in dir: TemporaryDirectory, as file: String) throws {
        var rows: [String] = []
        for cue in try ffmpeg(input, in: dir) {
            for row in TrackClips.comparable(ffmpeg: cue.text).split(separator: "\n").map(String.init)
            where !rows.contains(row) {
                rows.append(row)
            }
        }
        let (expected, _) = try CaptionFile.read(file)
        #expect(rows == expected.document.captions.map { SubtitlePeers.comparable($0.text) })
    }

    static func ffmpeg(_ input: [String], in dir: TemporaryDirectory) throws -> [PeerDecoders.Cue] {
        let srt = dir.path("ffmpeg-\(UUID().uuidString).srt")
        try TrackClips.run("ffmpeg", ["-loglevel", "error", "-y"] + input + [srt])
        return try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8))
    }
}

/// SCC text made here: bytes with odd parity (CTA-608-E: bit 7 makes the count of ones odd),
/// control codes doubled as captioners send them.
enum Line21 {
    static func parity(_ b: UInt8) -> UInt8 { b.nonzeroBitCount % 2 == 0 ? b | 0x80 : b }

    static func word(_ a: UInt8, _ b: UInt8) -> String {
        String(format: "%02x%02x", parity(a), parity(b))
    }

    static func control(_ a: UInt8, _ b: UInt8) -> [String] { [word(a, b), word(a, b)] }

    /// Characters two to a word, the last padded with a null.
    static func text(_ s: String) -> [String] {
        let bytes = Array(s.utf8)
        return stride(from: 0, to: bytes.count, by: 2).map { i in
            i + 1 < bytes.count ? word(bytes[i], bytes[i + 1]) : String(format: "%02x80", parity(bytes[i]))
        }
    }

    /// RCL, ENM, row 15, the text, EOC.
    static func popOn(_ s: String) -> [String] {
        control(0x14, 0x20) + control(0x14, 0x2E) + control(0x14, 0x70) + text(s) + control(0x14, 0x2F)
    }

    static func file(_ lines: [(String, [String])]) -> String {
        "Scenarist_SCC V1.0\n\n" + lines.map { "\($0.0)\t" + $0.1.joined(separator: " ") + "\n\n" }.joined()
    }
}

/// The A/53 `cc_data()` of each picture of an H.264 movie, parsed here (H.264 §7.3.2.3 SEI
/// messages, SCTE 128-1 GA94 user data, CTA-708-E §4.4 constructs) from FFmpeg's Annex B copy
/// of the stream. The movies are made without B-frames, so stream order is display order.
enum SEICount {
    struct Picture {
        var ccCount: Int
        /// The field (1, 2) of each CEA-608 construct, in order.
        var fields: [Int]
    }

    static func pictures(_ movie: String, in dir: TemporaryDirectory) throws -> [Picture] {
        let raw = dir.path("count.h264")
        try TrackClips.run(
            "ffmpeg",
            ["-loglevel", "error", "-y", "-i", movie, "-map", "0:v", "-c", "copy", "-bsf:v", "h264_mp4toannexb", raw])
        var pictures: [Picture] = []
        for unit in A53TestClips.nalUnits(Array(try Data(contentsOf: URL(fileURLWithPath: raw))))
        where unit.first.map({ $0 & 0x1F }) == 6 {
            pictures += messages(unescaped(Array(unit.dropFirst()))).compactMap(picture)
        }
        return pictures
    }

    /// The RBSP: each 0x03 after two zero bytes removed (H.264 §7.4.1).
    static func unescaped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for b in bytes {
            if zeros >= 2 && b == 3 {
                zeros = 0
                continue
            }
            out.append(b)
            zeros = b == 0 ? zeros + 1 : 0
        }
        return out
    }

    /// The payloads of type 4 (registered user data).
    static func messages(_ rbsp: [UInt8]) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var p = 0
        func number() -> Int {
            var n = 0
            while p < rbsp.count && rbsp[p] == 0xFF {
                n += 255
                p += 1
            }
            guard p < rbsp.count else { return n }
            defer { p += 1 }
            return n + Int(rbsp[p])
        }
        while p < rbsp.count && rbsp[p] != 0x80 {
            let type = number()
            let size = number()
            guard p + size <= rbsp.count else { break }
            if type == 4 { out.append(Array(rbsp[p..<(p + size)])) }
            p += size
        }
        return out
    }

    static func picture(_ t35: [UInt8]) -> Picture? {
        guard t35.count > 10, t35.prefix(8).elementsEqual([0xB5, 0x00, 0x31, 0x47, 0x41, 0x39, 0x34, 0x03]) else {
            return nil
        }
        let cc = Array(t35.dropFirst(8))
        let count = Int(cc[0] & 0x1F)
        var fields: [Int] = []
        for i in 0..<count where 2 + 3 * i < cc.count {
            let type = cc[2 + 3 * i] & 0x03
            if type < 2 { fields.append(Int(type) + 1) }
        }
        return Picture(ccCount: count, fields: fields)
    }
}
