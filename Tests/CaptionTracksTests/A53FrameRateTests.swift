import CaptionData
import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// CEA-608 in A/53 data at any picture rate (issue 34): one pair a field every 1/29.97 s, the
/// `cc_count` the caption channel's 9600 bit/s gives each picture, the pairs spread over the
/// pictures as 3:2 pulldown (23.976), alternate pictures (59.94) and the time each picture is
/// shown (25) put them. The figures expected here are the published ones (CTA-708-E §4.1's
/// budget as SMPTE ST 334-2's table, FFmpeg's `ccfifo` and GStreamer's `ccutils` list it; the
/// field order of 3:2 pulldown), never our writer's.
@Suite struct A53FrameRateTests {
    /// `cc_count` per picture: 600 constructs a second (÷1.001 at the NTSC rates) over the
    /// pictures of a second.
    @Test func ccCountIsTheCaptionChannelsShareOfEachPicture() {
        let published: [(FrameRate, Int)] = [
            (.fps23_976, 25), (.fps24, 25), (.fps25, 24), (.fps29_97, 20), (.fps30, 20), (.fps50, 12),
            (.fps59_94, 10), (.fps60, 10),
        ]
        for (rate, count) in published {
            #expect(CCData.constructCount(frameRate: rate) == count, "\(rate)")
        }
    }

    /// What each picture carries when every line-21 frame of both fields has a pair: the field
    /// of each 608 construct, picture by picture.
    static func fields(at rate: FrameRate, pictures: Int) throws -> [[Int]] {
        var entries: [CEA608FrameSchedule.Entry] = []
        for k in 0..<Int64(pictures * 3) {
            entries.append(
                CEA608FrameSchedule.Entry(
                    frame: k, field1: CEA608BytePair(0xC1, 0xC1), field2: CEA608BytePair(0xC2, 0xC2)))
        }
        let frames = A53FrameCaptions(
            schedule: CEA608FrameSchedule(rate: .fps29_97, entries: entries), videoRate: rate, attaches: true)
        return try (0..<Int64(pictures)).map { n in
            let bytes = try #require(frames.constructs(forFrameAt: rate.time(ofFrame: n)))
            #expect(bytes.count == 3 * CCData.constructCount(frameRate: rate))
            // 608 constructs first (cc_type 0 and 1), then DTVCC filler (cc_type 2).
            let types = stride(from: 0, to: bytes.count, by: 3).map { Int(bytes[$0] & 0x03) }
            let cea608 = Array(types.prefix { $0 < 2 })
            #expect(types.dropFirst(cea608.count).allSatisfy { $0 == 2 })
            return cea608.map { $0 + 1 }
        }
    }

    /// 29.97: both fields' pairs of its own frame in every picture; 59.94: one pair a picture,
    /// field 1 and field 2 on alternate pictures; 23.976: the fields of 3:2 pulldown, four
    /// pictures showing top-bottom-top, bottom-top, bottom-top-bottom, top-bottom (five frames'
    /// pairs of each field); 25: 2 or 3 a picture, 30 of each field in 25 pictures.
    @Test func picturesCarryTheirShareOfLine21() throws {
        #expect(try Self.fields(at: .fps29_97, pictures: 8) == Array(repeating: [1, 2], count: 8))
        #expect(try Self.fields(at: .fps59_94, pictures: 8) == [[1], [2], [1], [2], [1], [2], [1], [2]])
        let pulldown = [[1, 2, 1], [2, 1], [2, 1, 2], [1, 2]]
        #expect(try Self.fields(at: .fps23_976, pictures: 8) == pulldown + pulldown)
        let pal = try Self.fields(at: .fps25, pictures: 25)
        #expect(pal.allSatisfy { (2...3).contains($0.count) })
        #expect(pal.joined().filter { $0 == 1 }.count == 30 && pal.joined().filter { $0 == 2 }.count == 30)
    }

    /// Pairs as pictures at `times` (seconds as exact fractions num/den) carry them, `fields` the
    /// fields of each picture's constructs, each field's words counting up from 0xC1C1.
    static func transmission(_ pictures: [(num: Int64, den: Int32, fields: [CaptionField])]) -> CEA608Transmission {
        var next: [CaptionField: UInt16] = [.one: 0, .two: 0]
        var pairs: [CEA608Transmission.TimedPair] = []
        for p in pictures {
            for field in p.fields {
                let n = next[field, default: 0]
                next[field] = n + 1
                pairs.append(
                    CEA608Transmission.TimedPair(
                        time: MediaTime(value: p.num, timescale: p.den), field: field,
                        pair: CEA608BytePair(word: 0xC1C1 + n)))
            }
        }
        return CEA608Transmission(pairs: pairs)
    }

    /// Each field's words on consecutive 29.97 fps frames from 0, in order.
    static func expectConsecutive(_ t: CEA608Transmission, _ note: String) {
        for field in CaptionField.allCases {
            let words = t.words(field, rate: .fps29_97)
            #expect(!words.isEmpty)
            #expect(words.map(\.frame) == Array(0..<Int64(words.count)), "\(note) field \(field.rawValue)")
            #expect(words.map(\.word) == (0..<UInt16(words.count)).map { 0xC1C1 + $0 }, "\(note)")
        }
    }

    /// MPEG-2 with soft 3:2 pulldown (`repeat_first_field`): pictures of three and two fields,
    /// shown 1.5 and 1 frames (90 kHz: 4504.5 and 3003 ticks, so 0, 4505, 7508, 12012…), each
    /// carrying its fields' pairs in the order shown.
    @Test func softTelecinePicturesComeBackOnTheirFrames() {
        let cycle: [(Int64, [CaptionField])] = [
            (0, [.one, .two, .one]), (4505, [.two, .one]), (7508, [.two, .one, .two]), (12012, [.one, .two]),
        ]
        let pictures = (0..<4).flatMap { c in cycle.map { (Int64(c) * 12012 + $0.0, Int32(90000), $0.1) } }
        Self.expectConsecutive(Self.transmission(pictures), "soft telecine")
    }

    /// 59.94 fps pictures whose times a container kept in milliseconds (0, 17, 33, 50…), field 1
    /// and field 2 on alternate pictures: each pair on its own frame all the same.
    @Test func millisecondTimesAt5994ComeBackOnTheirFrames() {
        var pictures: [(num: Int64, den: Int32, fields: [CaptionField])] = []
        for n in Int64(0)..<40 {
            let milliseconds: Int64 = (n * 1_001_000 + 30000) / 60000
            pictures.append((milliseconds, 1000, [n % 2 == 0 ? .one : .two]))
        }
        Self.expectConsecutive(Self.transmission(pictures), "59.94 in milliseconds")
    }

    /// The case read back: a 23.976 fps stream whose pictures carry both fields in 3:2
    /// order (made here, without our writer), CC3's doubled EOC split by a null pair over two
    /// pictures (`152f 8080` in one, `152f` in the next). Read from MP4 (our box reader) and
    /// from a transport stream (libavformat's demuxer), every pair of each field comes back on
    /// its own 29.97 fps frame, in order, the null pair between the two EOCs included: what the
    /// decoder needs to tell the second EOC is the redundant copy.
    @Test(arguments: ["mp4", "ts"])
    func pulldownPairsComeBackOnTheirFrames(container: String) throws {
        let dir = try TemporaryDirectory("a53-pulldown-\(container)")
        // Field 2: CC3 pop-on, its EOC on frame 7 (7 mod 5 = 2: the first of the two field 2
        // pairs of a bottom-top-bottom picture), the null pair on 8, the second EOC on 9, the
        // first pair of the next picture.
        var field2: [UInt16] = [0x1520, 0x1520, 0x9470, 0x9470, 0xC1C1, 0xC2C2, 0x8080, 0x152F, 0x8080, 0x152F]
        // Field 1: CC1 pop-on.
        var field1: [UInt16] = [0x9420, 0x9420, 0x9470, 0x9470, 0xC8C9, 0x942F, 0x942F]
        let frames = 20
        field1 += Array(repeating: 0x8080, count: frames - field1.count)
        field2 += Array(repeating: 0x8080, count: frames - field2.count)
        // 3:2 pulldown: pictures of three and two fields in turn, each field's line 21.
        let pattern: [[Int]] = [[1, 2, 1], [2, 1], [2, 1, 2], [1, 2]]
        var next = [1: 0, 2: 0]
        var pictures: [[UInt8]] = []
        var picture = 0
        while next[1, default: 0] < frames || next[2, default: 0] < frames {
            var constructs: [UInt8] = []
            for field in pattern[picture % 4] {
                let k = next[field, default: 0]
                // Past the words: cc_valid 0, which a reader ignores.
                let word = k < frames ? (field == 1 ? field1 : field2)[k] : 0x8080
                let valid: UInt8 = k < frames ? 0x04 : 0
                constructs += [0xF8 | valid | UInt8(field - 1), UInt8(word >> 8), UInt8(word & 0xFF)]
                next[field] = k + 1
            }
            let count = constructs.count / 3
            for _ in count..<25 { constructs += [0xFA, 0x00, 0x00] }
            pictures.append([0xC0 | 25, 0xFF] + constructs + [0xFF])
            picture += 1
        }
        let movie = try A53TestClips.make(
            pictures: pictures + [[0xC1, 0xFF, 0xFA, 0x00, 0x00, 0xFF]], rate: "24000/1001", in: dir, reencode: false,
            name: "pulldown.\(container)", output: container == "ts" ? ["-f", "mpegts"] : [])
        for (field, sent) in [(1, field1), (3, field2)] {
            let scc = dir.path("cc\(field).scc")
            let r = try CLIRunner.run([
                "convert", movie, scc, "--as-transmitted", "--channel", "\(field)", "--start-timecode",
                "00:00:00:00", "--force",
            ])
            #expect(r.status == 0, "\(r.stderr)")
            let back = IndependentSCC.words(try String(contentsOfFile: scc, encoding: .utf8))
            #expect(back.map(\.frame) == Array(0..<Int64(frames)), "CC\(field)")
            #expect(back.map(\.word) == sent, "CC\(field)")
        }
        // Decoded (the user's case): CC3's caption is shown from its first EOC on, not swapped
        // back out two frames later by the copy after the null pair, and CC1's likewise (its
        // 0xC9 fails odd parity, so it shows as the solid block, 15.119(b)).
        for (channel, text) in [(1, "H\u{2588}"), (3, "AABB")] {
            let json = dir.path("cc\(channel).json")
            let r = try CLIRunner.run(["convert", movie, json, "--channel", "\(channel)", "--force"])
            #expect(r.status == 0, "\(r.stderr)")
            let document = try CaptionFile.read(json).0.document
            #expect(document.captions.map(\.text) == [text], "CC\(channel)")
            #expect((document.captions.first?.timeRange.duration.seconds ?? 0) > 1, "CC\(channel): \(document.captions)")
        }
    }

    /// The same, decoded: the caption "AB" shown from its first EOC until the EDM, not swapped
    /// back out by the EOC's redundant copy after the null pair (the decoder's redundancy rule:
    /// a control code repeated with only null pairs between is the redundant copy, Specs/scc.md).
    @Test func pulldownSplitEOCDecodesOnce() throws {
        let dir = try TemporaryDirectory("a53-pulldown-decode")
        let scc = dir.path("split.scc")
        try
            "Scenarist_SCC V1.0\n\n00:00:01;00\t9420 9420 94ae 94ae 9470 9470 c1c2 942f 8080 942f\n\n00:00:03;00\t942c 942c\n"
            .write(toFile: scc, atomically: true, encoding: .utf8)
        let (read, _) = try CaptionFile.read(scc)
        #expect(read.document.captions.map(\.text) == ["AB"])
        #expect(read.document.captions.first?.timeRange.end.seconds ?? 0 > 2.9)
    }
}
