import Foundation
import TestSupport
import Testing

/// `captions mux` into fragmented movies (ISO/IEC 14496-12 §8.8): FFmpeg's fragmented layouts
/// (default-base-is-moof, explicit base offsets, a global sidx, a sidx per segment, samples in
/// moov as well as fragments; each with an mfra) and the real fragmented fixtures, with tx3g,
/// wvtt and stpp tracks added. FFmpeg and GStreamer are the witnesses: the video packets are
/// the same (times, sizes, MD5 of their bytes), the new track's packets are where the captions
/// are; the file's own structure (mfhd order, sidx and tfra offsets) is checked by a walk of its
/// boxes written here.
@Suite struct FragmentedMuxTests {
    static let layouts = [
        "+frag_keyframe+empty_moov+default_base_moof", "+frag_keyframe+empty_moov",
        "+frag_keyframe+empty_moov+default_base_moof+global_sidx", "+frag_keyframe+empty_moov+dash",
        "+frag_keyframe",
    ]
    /// Three captions; the last starts after the video (3 s) and so after the last fragment.
    static let srt = """
        1
        00:00:00,500 --> 00:00:01,200
        One

        2
        00:00:01,500 --> 00:00:02,400
        Two

        3
        00:00:03,200 --> 00:00:03,800
        Three

        """
    static let expected: [(start: Double, end: Double, text: String)] = [
        (0.5, 1.2, "One"), (1.5, 2.4, "Two"), (3.2, 3.8, "Three"),
    ]

    /// ffprobe's packets of `streams` (v, s): pts, dts, duration, size, flags and the MD5 of their bytes.
    static func packets(_ movie: String, _ streams: String) throws -> [String] {
        let r = try TrackClips.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", streams, "-show_packets", "-show_data_hash", "md5", "-show_entries",
                "packet=pts_time,dts_time,duration_time,size,flags,data_hash", "-of", "csv=p=0", movie,
            ])
        return r.stdout.split(separator: "\n").map(String.init)
    }

    /// Checks the output's structure by its bytes: mfhd sequence numbers increase in file order;
    /// each sidx's references start at a moof or sidx box and the last ends at a box boundary;
    /// each tfra moof_offset is a moof.
    static func expectWellFormed(_ path: String, _ what: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let top = FragmentedMovieTests.topLevelBoxes(bytes)
        let starts = Dictionary(top.map { ($0.range.lowerBound, $0.type) }, uniquingKeysWith: { a, _ in a })
        let u32 = { (p: Int) in bytes[p..<(p + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let sequence = top.filter { $0.type == "moof" }.map { u32($0.range.lowerBound + 20) }
        #expect(zip(sequence, sequence.dropFirst()).allSatisfy { $0 < $1 }, "\(what): mfhd \(sequence)")
        let u64 = { (p: Int) in bytes[p..<(p + 8)].reduce(0) { $0 << 8 | Int($1) } }
        for sidx in top where sidx.type == "sidx" {
            // §8.16.3.2: after version and flags, reference_ID, timescale; then
            // earliest_presentation_time and first_offset (32 bits in version 0, 64 in 1),
            // reserved, reference_count, and 12 bytes a reference.
            let p = sidx.range.lowerBound
            let wide = bytes[p + 8] == 1
            var start = sidx.range.upperBound + (wide ? u64(p + 28) : u32(p + 24))
            let table = p + (wide ? 40 : 32)
            let count = u32(table - 4) & 0xFFFF
            #expect(count > 0, "\(what): an empty sidx")
            for i in 0..<count {
                #expect(["moof", "sidx"].contains(starts[start]), "\(what): sidx reference \(i + 1) at \(start)")
                start += u32(table + 12 * i) & 0x7FFF_FFFF
            }
            #expect(starts[start] != nil || start == bytes.count, "\(what): sidx ends at \(start)")
        }
        for mfra in top where mfra.type == "mfra" {
            var p = mfra.range.lowerBound + 8
            while p + 8 < mfra.range.upperBound, String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self) == "tfra" {
                let version = bytes[p + 8]
                let lengths = u32(p + 16)
                let rest = (lengths >> 4 & 3) + (lengths >> 2 & 3) + (lengths & 3) + 3
                for i in 0..<u32(p + 20) {
                    let entry = p + 24 + i * ((version == 1 ? 16 : 8) + rest)
                    let offset =
                        version == 1
                        ? bytes[(entry + 8)..<(entry + 16)].reduce(0) { $0 << 8 | Int($1) } : u32(entry + 4)
                    #expect(starts[offset] == "moof", "\(what): tfra entry \(i + 1) → \(offset)")
                }
                p += u32(p)
            }
        }
    }

    /// A 3 s, 25 fps clip fragmented with `movflags`, the captions beside it, and the clip's video
    /// packets as ffprobe lists them.
    static func clipAndCaptions(_ movflags: String, in dir: TemporaryDirectory) throws -> (
        clip: String, srt: String, video: [String]
    ) {
        let clip = try TrackClips.make(
            "clip.mp4", in: dir, rate: "25", seconds: 3, extra: ["-g", "25", "-movflags", movflags])
        let srt = dir.path("in.srt")
        try Self.srt.write(toFile: srt, atomically: true, encoding: .utf8)
        return (clip, srt, try Self.packets(clip, "v"))
    }

    @Test(arguments: layouts)
    func captionsAreMuxedIntoFragments(_ movflags: String) throws {
        let dir = try TemporaryDirectory("frag-mux")
        let (clip, srt, video) = try Self.clipAndCaptions(movflags, in: dir)
        #expect(video.count == 75, "\(movflags)")
        #expect(try CLIRunner.run(["convert", srt, dir.path("direct.srt")]).status == 0)
        let direct = try String(contentsOfFile: dir.path("direct.srt"), encoding: .utf8)
        for form in ["tx3g", "wvtt", "stpp"] {
            let out = dir.path("out-\(form).mp4")
            let mux = try CLIRunner.run(["mux", clip, srt, "-o", out, "--as", form])
            #expect(mux.status == 0, "\(movflags) \(form): \(mux.stderr)")
            guard mux.status == 0 else { continue }
            #expect(try Self.packets(out, "v") == video, "\(movflags) \(form): the video packets changed")
            try Self.expectWellFormed(out, "\(movflags) \(form)")
            let streams = try TrackClips.ffprobeStreams(out)
            #expect(
                streams.compactMap { $0["codec_tag_string"] as? String }.contains(form),
                "\(movflags) \(form): \(streams.map { $0["codec_tag_string"] ?? "?" })")
            // The new track's packets (stream 1), by FFmpeg: their start times (FFmpeg 5.1 reads
            // no duration for subtitle samples in fragments); tx3g and wvtt have a sample for
            // each gap, stpp a document a fragment (1 s each, by -g 25; the first in moov
            // without empty_moov) and one for the caption after them.
            let starts = try Self.packets(out, "1").compactMap { Double($0.split(separator: ",").first ?? "") }
            let documents: [Double] = movflags.contains("empty_moov") ? [0, 1, 2, 3] : [0, 2, 3]
            #expect(
                starts == (form == "stpp" ? documents : [0, 0.5, 1.2, 1.5, 2.4, 3.2]), "\(movflags) \(form): \(starts)")
            switch form {
            case "tx3g":
                let cues = try TrackClips.ffmpegSubtitles(out, in: dir)
                #expect(cues.map(\.start) == Self.expected.map(\.start), "\(movflags): \(cues)")
                #expect(
                    zip(cues, Self.expected).allSatisfy { $0.text.contains($1.text) } && cues.count == 3,
                    "\(movflags): \(cues)")
            case "wvtt":
                let cues = try WebVTTPeers.gstreamer(out, in: dir)
                #expect(
                    cues.map { "\($0.start) \($0.end) \($0.text)" }
                        == [
                            "00:00:00.500 00:00:01.200 One", "00:00:01.500 00:00:02.400 Two",
                            "00:00:03.200 00:00:03.800 Three",
                        ], "\(movflags): \(cues)")
            default:
                break
            }
            // Our reader reads the added track back to what the SRT file reads as.
            let back = dir.path("back-\(form).srt")
            let r = try CLIRunner.run(["convert", out, back])
            #expect(r.status == 0, "\(movflags) \(form): \(r.stderr)")
            #expect(try String(contentsOfFile: back, encoding: .utf8) == direct, "\(movflags) \(form)")
        }
    }

    /// An stpp track in a fragmented movie has a document a fragment (CMAF 23000-19 §7.3), each
    /// with the captions its span shows: FFmpeg copies each sample out (ffprobe's packet data),
    /// ttconv reads each document, and its cues cut to their packet's span and joined are the
    /// SRT file's captions. A caption that spans two fragments is in both documents.
    @Test func stppHasADocumentAFragmentThatTTConvReads() throws {
        let dir = try TemporaryDirectory("frag-mux-stpp")
        let (clip, srt, _) = try Self.clipAndCaptions("+frag_keyframe+empty_moov+default_base_moof", in: dir)
        let out = dir.path("out.mp4")
        let mux = try CLIRunner.run(["mux", clip, srt, "-o", out, "--as", "stpp"])
        try #require(mux.status == 0, "\(mux.stderr)")
        let paths = try Self.sampleDocuments(out, in: dir)
        try #require(paths.count == 4)
        let starts = try Self.packets(out, "1").compactMap { Double($0.split(separator: ",").first ?? "") }
        #expect(starts == [0, 1, 2, 3])
        var joined: [(start: Double, end: Double, text: String)] = []
        for (k, result) in try TTMLPeers.ttconv(paths).enumerated() {
            let cues = try result.get()
            let span = starts[k]..<(k + 1 < starts.count ? starts[k + 1] : .infinity)
            for cue in cues {
                let from = max(cue.start, span.lowerBound)
                let to = min(cue.end, span.upperBound)
                guard to > from else { continue }
                if let last = joined.last, last.text == cue.text, abs(last.end - from) < 1e-9 {
                    joined[joined.count - 1].end = to
                } else {
                    joined.append((from, to, cue.text))
                }
            }
            // Each document holds only what its span shows.
            #expect(
                cues.allSatisfy { $0.start < span.upperBound && $0.end > span.lowerBound }, "sample \(k + 1): \(cues)")
        }
        #expect(
            joined.map { "\($0.start) \($0.end) \($0.text)" }
                == Self.expected.map { "\($0.start) \($0.end) \($0.text)" })
    }

    /// `source` muxed into `clip` as `stpp` (the command's output checked), and the new movie's
    /// captions as `captions convert` writes them in JSON.
    static func muxAsSTPPAndReadBack(_ clip: String, _ source: String, in dir: TemporaryDirectory) throws -> (
        out: String, mux: CLIRunner.Result, read: [String: Any]?
    ) {
        let out = dir.path("out-\(UUID().uuidString).mp4")
        let mux = try CLIRunner.run(["mux", clip, source, "-o", out, "--as", "stpp"])
        try #require(mux.status == 0, "\(mux.stderr)")
        let back = dir.path("back-\(UUID().uuidString).json")
        let r = try CLIRunner.run(["convert", out, back])
        try #require(r.status == 0, "\(r.stderr)")
        let read = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: back)))
        return (out, mux, read as? [String: Any])
    }

    /// A JSON time ("150150/30000") in seconds, to the microsecond.
    static func seconds(_ value: Any?) -> Double? {
        let parts = (value as? String ?? "").split(separator: "/").compactMap { Double($0) }
        guard parts.count == 2, parts[1] > 0 else { return nil }
        return (parts[0] / parts[1] * 1e6).rounded() / 1e6
    }

    /// Regions shown with no caption in them (TTML1 §8.2.17 showBackground) go into every
    /// fragment's document they span, past the last caption and the video, and read back whole:
    /// one from the start to 5.005 s, one only in the second and third fragments' documents.
    @Test func regionsShownAcrossFragmentsReadBackWhole() throws {
        let dir = try TemporaryDirectory("frag-mux-backdrop")
        let (clip, _, _) = try Self.clipAndCaptions("+frag_keyframe+empty_moov+default_base_moof", in: dir)
        let source = dir.path("backdrops.json")
        try """
        {"format": "captions-json", "version": 1, "frameRate": "29.97", "dropFrame": true,
         "captions": [{"startTime": "30030/30000", "endTime": "90090/30000", "text": "a caption"}],
         "regionBackdrops": [
          {"startTime": "0/1", "endTime": "150150/30000", "region": {"background": "#000000FF", "id": "band",
           "origin": {"x": "10%", "y": "80%"}, "size": {"height": "10%", "width": "80%"}}},
          {"startTime": "3/2", "endTime": "5/2", "region": {"background": "#FF0000FF", "id": "top",
           "origin": {"x": "10%", "y": "10%"}, "size": {"height": "10%", "width": "80%"}}}]}
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let (out, _, read) = try Self.muxAsSTPPAndReadBack(clip, source, in: dir)
        let starts = try Self.packets(out, "1").compactMap { Double($0.split(separator: ",").first ?? "") }
        #expect(starts == [0, 1, 2, 3], "\(starts)")
        let backdrops = (read?["regionBackdrops"] as? [[String: Any]] ?? []).map {
            "\(($0["region"] as? [String: Any])?["id"] ?? "?") \(Self.seconds($0["startTime"]) ?? -1) \(Self.seconds($0["endTime"]) ?? -1)"
        }
        #expect(backdrops.sorted() == ["band 0.0 5.005", "top 1.5 2.5"], "\(backdrops)")
        let captions = read?["captions"] as? [[String: Any]] ?? []
        #expect(captions.map { Self.seconds($0["startTime"]) } == [1.001])
        #expect(captions.map { Self.seconds($0["endTime"]) } == [3.003])
    }

    /// Regions without an identifier (as SRT's, WebVTT's and 608's are) are named once, for the
    /// whole track: each sample's document gives a region the same `xml:id`, so a caption that
    /// spans fragments reads back as one (named per sample, the second caption's region was
    /// `region2` in the second document and `region1` in the third, and it read back as two).
    @Test func aRegionKeepsItsIDInEverySample() throws {
        let dir = try TemporaryDirectory("frag-mux-region-ids")
        let (clip, _, _) = try Self.clipAndCaptions("+frag_keyframe+empty_moov+default_base_moof", in: dir)
        let source = dir.path("placed.json")
        try """
        {"format": "captions-json", "version": 1, "captions": [
          {"startTime": "1/2", "endTime": "3/2", "text": "Top",
           "region": {"origin": {"x": "10%", "y": "10%"}, "size": {"height": "10%", "width": "80%"}}},
          {"startTime": "4/5", "endTime": "5/2", "text": "Bottom",
           "region": {"origin": {"x": "10%", "y": "80%"}, "size": {"height": "10%", "width": "80%"}}}]}
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let (_, _, read) = try Self.muxAsSTPPAndReadBack(clip, source, in: dir)
        let captions = (read?["captions"] as? [[String: Any]] ?? []).map {
            "\($0["text"] ?? "?") \(Self.seconds($0["startTime"]) ?? -1) \(Self.seconds($0["endTime"]) ?? -1)"
        }
        #expect(captions == ["Top 0.5 1.5", "Bottom 0.8 2.5"], "\(captions)")
    }

    /// A region shown in two intervals: the profile's region element has one begin and end, so
    /// the whole document keeps the first and says so; every sample's document keeps the same
    /// first one (not the second, where a sample holds only that), so the track shows what the
    /// warning says.
    @Test func eachSampleKeepsTheBackdropsTheWarningSays() throws {
        let dir = try TemporaryDirectory("frag-mux-backdrop-intervals")
        let (clip, _, _) = try Self.clipAndCaptions("+frag_keyframe+empty_moov+default_base_moof", in: dir)
        let source = dir.path("intervals.json")
        let band =
            ##""region": {"background": "#000000FF", "id": "band", "origin": {"x": "10%", "y": "80%"}, "size": {"height": "10%", "width": "80%"}}"##
        try """
        {"format": "captions-json", "version": 1,
         "captions": [{"startTime": "1/2", "endTime": "1/1", "text": "a caption"}],
         "regionBackdrops": [{"startTime": "0/1", "endTime": "6/5", \(band)},
                             {"startTime": "3/2", "endTime": "4/1", \(band)}]}
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let (out, mux, read) = try Self.muxAsSTPPAndReadBack(clip, source, in: dir)
        #expect(mux.stderr.contains("only the first is written"), "\(mux.stderr)")
        // The track ends with the fragments (3 s), not at the dropped interval's 4 s.
        let starts = try Self.packets(out, "1").compactMap { Double($0.split(separator: ",").first ?? "") }
        #expect(starts == [0, 1, 2], "\(starts)")
        let backdrops = (read?["regionBackdrops"] as? [[String: Any]] ?? []).map {
            "\(Self.seconds($0["startTime"]) ?? -1) \(Self.seconds($0["endTime"]) ?? -1)"
        }
        #expect(backdrops == ["0.0 1.2"], "\(backdrops)")
    }

    /// EBU-TT-D samples with nothing shown (a gap longer than a fragment) keep to EBU Tech 3380's
    /// schema: no body rather than a div without a p (ebutt_d.xsd); every document reads in
    /// ttconv without a finding, and the track reads back as the source.
    @Test func anEBUTTDSampleWithNothingShownHasNoBody() throws {
        let dir = try TemporaryDirectory("frag-mux-ebuttd-gap")
        let (clip, _, _) = try Self.clipAndCaptions("+frag_keyframe+empty_moov+default_base_moof", in: dir)
        let srt = dir.path("gap.srt")
        try "1\n00:00:00,200 --> 00:00:00,800\nBefore\n\n2\n00:00:02,200 --> 00:00:02,600\nAfter\n".write(
            toFile: srt, atomically: true, encoding: .utf8)
        let ttml = dir.path("gap.ttml")
        let convert = try CLIRunner.run(["convert", srt, ttml, "--profile", "ebu-tt-d", "--language", "en"])
        try #require(convert.status == 0, "\(convert.stderr)")
        let out = dir.path("out.mp4")
        let mux = try CLIRunner.run(["mux", clip, ttml, "-o", out, "--as", "stpp"])
        try #require(mux.status == 0, "\(mux.stderr)")
        let documents = try Self.sampleDocuments(out, in: dir)
        try #require(documents.count == 3)
        let texts = try documents.map { try String(contentsOfFile: $0, encoding: .utf8) }
        #expect(texts.allSatisfy { $0.contains("urn:ebu:tt:metadata") }, "not EBU-TT-D")
        #expect(!texts[1].contains("<body") && texts[0].contains("<p ") && texts[2].contains("<p "), "\(texts[1])")
        for (k, findings) in try TTMLPeers.ttconvFindings(documents).enumerated() {
            #expect(findings.isEmpty, "sample \(k + 1): \(findings)")
        }
        let back = dir.path("back.srt")
        let r = try CLIRunner.run(["convert", out, back])
        try #require(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: back, encoding: .utf8).contains("00:00:02,200 --> 00:00:02,600\nAfter"))
    }

    /// The new track's (stream 1) samples as FFmpeg reads them, each written to a file: ffprobe's
    /// packet data is a hexdump, a line each 16 bytes ("00000000: " and 8 groups of 4 hex
    /// digits, each followed by a space: 40 columns, blank past the data, then the text).
    static func sampleDocuments(_ movie: String, in dir: TemporaryDirectory) throws -> [String] {
        let probe = try TrackClips.run(
            "ffprobe", ["-v", "error", "-select_streams", "1", "-show_packets", "-show_data", "-of", "json", movie])
        let json = try JSONSerialization.jsonObject(with: Data(probe.stdout.utf8)) as? [String: Any]
        var paths: [String] = []
        for (k, packet) in (json?["packets"] as? [[String: Any]] ?? []).enumerated() {
            let hex = (packet["data"] as? String ?? "").split(separator: "\n").flatMap { line in
                Array(line).dropFirst(10).prefix(40).filter { $0 != " " }
            }
            let bytes = stride(from: 0, to: hex.count - 1, by: 2).map {
                UInt8(String(hex[$0...($0 + 1)]), radix: 16) ?? 0
            }
            #expect(bytes.count == Int(packet["size"] as? String ?? "") ?? -1, "packet \(k + 1)")
            let path = dir.path("sample-\(UUID().uuidString).ttml")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// c608 and c708 tracks (timed by the video's frames, read from its fragments) go into
    /// fragments the same way; the movie's end the past-end warning names is the fragments'
    /// (3 s), not the empty `moov`'s `mvhd` duration (0 in a CMAF header, §8.8.1).
    @Test(arguments: ["+frag_keyframe+empty_moov+default_base_moof", "+frag_keyframe+empty_moov"])
    func closedCaptionTracksGoIntoFragmentsToo(_ movflags: String) throws {
        let dir = try TemporaryDirectory("frag-mux-cc")
        let (clip, srt, video) = try Self.clipAndCaptions(movflags, in: dir)
        for form in ["c608", "c708"] {
            let out = dir.path("out-\(form).mp4")
            let mux = try CLIRunner.run(["mux", clip, srt, "-o", out, "--as", form])
            #expect(mux.status == 0, "\(movflags) \(form): \(mux.stderr)")
            guard mux.status == 0 else { continue }
            #expect(try Self.packets(out, "v") == video, "\(movflags) \(form): the video packets changed")
            try Self.expectWellFormed(out, "\(movflags) \(form)")
            // "Three" ends at 3.8 s, past the video's 75 frames at 25 fps.
            #expect(mux.stderr.contains("past the movie's end at 3.000 s"), "\(movflags) \(form): \(mux.stderr)")
            let streams = try TrackClips.ffprobeStreams(out)
            #expect(
                streams.compactMap { $0["codec_tag_string"] as? String }.contains(form),
                "\(movflags) \(form): \(streams.map { $0["codec_tag_string"] ?? "?" })")
            let back = dir.path("back-\(form).srt")
            let convert = try CLIRunner.run(["convert", out, back])
            #expect(convert.status == 0, "\(movflags) \(form): \(convert.stderr)")
            let text = (try? String(contentsOfFile: back, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").filter {
                ["One", "Two", "Three"].contains($0.uppercased().capitalized)
            }
            #expect(lines.map { $0.uppercased() } == ["ONE", "TWO", "THREE"], "\(movflags) \(form): \(text)")
        }
    }

    /// FFmpeg 5.1's global_sidx without default_base_moof writes each later fragment's
    /// base_data_offset 100 bytes before its moof, in the previous fragment's mdat (FFmpeg's own
    /// demuxer then reads its video wrong): a new fragment there would come between base and
    /// data, so the movie is refused, naming the track fragment.
    @Test func aBaseThatIsNotNextToItsDataIsRefused() throws {
        let dir = try TemporaryDirectory("frag-mux-refused")
        let clip = try TrackClips.make(
            "clip.mp4", in: dir, rate: "25", seconds: 3,
            extra: ["-g", "25", "-movflags", "+frag_keyframe+empty_moov+global_sidx"])
        let srt = dir.path("in.srt")
        try Self.srt.write(toFile: srt, atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let mux = try CLIRunner.run(["mux", clip, srt, "-o", out, "--as", "tx3g"])
        #expect(mux.status != 0)
        #expect(
            mux.stderr.contains("moof[2]/traf at byte") && mux.stderr.contains("is not next to its base"),
            "\(mux.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Every real fragmented movie among the shared fixtures (a media segment joined to its
    /// initialization segment as a player joins them) gets a wvtt track: FFmpeg still reads it,
    /// with the same video packets, and the captions read back.
    @Test func realFragmentedFixturesTakeATrack() throws {
        let root = TestPaths.sharedFixture("")
        let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter {
            ["mp4", "m4s", "cmfv", "cmfa", "cmft", "mov", "ismv"].contains(URL(fileURLWithPath: $0).pathExtension)
        }.sorted()
        var movies: [(name: String, bytes: [UInt8])] = []
        for file in files where !file.contains("fuzz") {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(file)))
            let types = FragmentedMovieTests.topLevelBoxes(bytes).map(\.type)
            guard types.contains("moof") else { continue }
            if types.contains("moov") {
                movies.append((file, bytes))
            } else if file.contains("-segment"),
                let initialization = try? Data(
                    contentsOf: root.appendingPathComponent(file.replacingOccurrences(of: "-segment", with: "-init")))
            {
                movies.append((file, Array(initialization) + bytes))
            }
        }
        #expect(!movies.isEmpty, "no fragmented movie among the fixtures")
        let dir = try TemporaryDirectory("frag-mux-fixtures")
        let srt = dir.path("in.srt")
        try Self.srt.write(toFile: srt, atomically: true, encoding: .utf8)
        for (name, bytes) in movies {
            let input = dir.path("in-\(movies.firstIndex { $0.name == name } ?? 0).mp4")
            try Data(bytes).write(to: URL(fileURLWithPath: input))
            let out = dir.path("out-\(UUID().uuidString).mp4")
            let mux = try CLIRunner.run(["mux", input, srt, "-o", out, "--as", "wvtt"])
            #expect(mux.status == 0, "\(name): \(mux.stderr)")
            guard mux.status == 0 else { continue }
            let before = try Self.packets(input, "v")
            let after = try Self.packets(out, "v")
            #expect(!before.isEmpty && after == before, "\(name): the video packets changed")
            try Self.expectWellFormed(out, name)
            let back = dir.path("back-\(UUID().uuidString).vtt")
            let r = try CLIRunner.run(["convert", out, back, "--source", "subtitle"])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let text = (try? String(contentsOfFile: back, encoding: .utf8)) ?? ""
            #expect(text.contains("One") && text.contains("Two") && text.contains("Three"), "\(name): \(text)")
        }
    }
}
