import Foundation
import TestSupport
import Testing

/// `captions formats` says which formats the suite reads and writes; this checks the list itself
/// against other programs: every format it says we read, we read from a file a peer wrote, and
/// every format it says we write, a peer reads from our file, each giving the same two captions.
/// A format listed without a witness here fails the test, so a new row in the registry needs one.
@Suite struct FormatsWitnessTests {
    static let hand = """
        1
        00:00:01,000 --> 00:00:02,500
        Hello world

        2
        00:00:03,000 --> 00:00:04,500
        Second caption

        """
    static var expected: [PeerDecoders.Cue] { [
        PeerDecoders.Cue(ours: 1.0, end: 2.5, text: "Hello world"),
        PeerDecoders.Cue(ours: 3.0, end: 4.5, text: "Second caption"),
    ] }

    struct Row: Decodable {
        var name: String
        var extensions: [String]
        var reads: Bool
        var writes: Bool
    }

    /// The file a peer writes in `format` from the hand-written SubRip file `srt`.
    static func peerFile(_ format: String, from srt: String, in dir: TemporaryDirectory) throws -> String? {
        switch format {
        case "srt", "vtt":
            let path = dir.path("peer.\(format)")
            _ = try MediaTools.ffmpeg(["-i", srt, path])
            return path
        case "scc", "itt", "ttml":
            // ttconv writes SCC (CEA-608 pop-on) and IMSC TTML, which our TTML and iTT readers take.
            let path = dir.path("peer.\(format)")
            let out = format == "itt" ? dir.path("peer.ttml") : path
            let r = try CLIRunner.runProcess(try PeerDecoders.tool("tt"), ["convert", "-i", srt, "-o", out])
            #expect(r.status == 0, "tt convert: \(r.stderr)")
            if out != path { try FileManager.default.moveItem(atPath: out, toPath: path) }
            return path
        case "json":
            // The lossless model's JSON written by Python's json module from the hand values.
            let path = dir.path("peer.json")
            let script = """
                import json, sys
                caps = [{"start": 1.0, "end": 2.5, "text": "Hello world"},
                        {"start": 3.0, "end": 4.5, "text": "Second caption"}]
                json.dump({"format": "captions-json", "version": 1, "captions": caps}, open(sys.argv[1], "w"))
                """
            let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path])
            #expect(r.status == 0, "\(r.stderr)")
            return path
        case "movie":
            // A tx3g (mov_text) track beside a short video, muxed by FFmpeg.
            let path = dir.path("peer.mp4")
            _ = try MediaTools.ffmpeg([
                "-f", "lavfi", "-i", "color=black:s=64x36:d=5:r=10", "-i", srt, "-c:v", "mpeg4", "-c:s", "mov_text",
                path,
            ])
            return path
        default:
            return nil
        }
    }

    /// Formats no program here writes from the hand captions, with the test that reads files
    /// other programs made instead.
    static let readWitnessedElsewhere = [
        // FFmpeg 5.1 has no MCC muxer and GStreamer's mccenc is not in Debian 12.
        "mcc": "MCCFixtureTests and MCCCEA608Tests: the Premiere Pro and caption-inspector MCC files"
    ]

    /// A peer's reading of our file `path` in `format`.
    static func peerReading(_ format: String, _ path: String, in dir: TemporaryDirectory) throws -> [PeerDecoders.Cue]? {
        switch format {
        case "srt", "vtt", "scc", "mcc":
            // FFmpeg 5.1 reads MCC's CEA-608 (field 1) through its 608 decoder.
            return try PeerDecoders.ffmpeg(path, in: dir)
        case "ttml":
            let srt = dir.path("ttconv-ttml.srt")
            let r = try CLIRunner.runProcess(try PeerDecoders.tool("tt"), ["convert", "-i", path, "-o", srt])
            #expect(r.status == 0, "tt convert: \(r.stderr)")
            return try PeerDecoders.parseSRT(String(contentsOf: URL(fileURLWithPath: srt), encoding: .utf8))
        case "itt":
            let srt = dir.path("ttconv-\(format).srt")
            let r = try CLIRunner.runProcess(
                try PeerDecoders.tool("tt"), ["convert", "--itype", "TTML", "-i", path, "-o", srt])
            #expect(r.status == 0, "tt convert: \(r.stderr)")
            return try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8))
        case "json":
            return try jsonCues(path)
        default:
            return nil
        }
    }

    /// The captions of a captions-json file, read with Foundation's JSON parser.
    static func jsonCues(_ path: String) throws -> [PeerDecoders.Cue] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let captions = try #require((object as? [String: Any])?["captions"] as? [[String: Any]], "no captions in \(path)")
        return try captions.map { c in
            let start = try #require((c["start"] as? NSNumber)?.doubleValue)
            let end = try #require((c["end"] as? NSNumber)?.doubleValue)
            let text = try #require(c["text"] as? String)
            return PeerDecoders.Cue(ours: start, end: end, text: text)
        }
    }

    /// SCC times are frames at 29.97 and pop-on captions show on their EOC: within 3 frames;
    /// iTT times are frame labels at 29.97: within half a frame.
    static func tolerance(_ format: String) -> Double {
        switch format {
        case "scc", "mcc": return 0.1
        case "itt": return 0.017
        default: return 0.0015
        }
    }

    static func expectSame(_ cues: [PeerDecoders.Cue], _ what: String, tolerance: Double) {
        #expect(cues.count == expected.count, "\(what): \(cues)")
        for (a, b) in zip(cues, expected) {
            #expect(
                abs(a.start - b.start) <= tolerance && abs(a.end - b.end) <= tolerance
                    && SubtitlePeers.comparable(a.text) == b.text,
                "\(what): \(a) against \(b)")
        }
    }

    @Test func everyListedFormatIsReadFromAPeersFileAndWrittenForAPeer() throws {
        let dir = try TemporaryDirectory("formats-witness")
        let listing = try CLIRunner.run(["formats", "--json"])
        try #require(listing.status == 0, "\(listing.stderr)")
        let rows = try JSONDecoder().decode([Row].self, from: Data(listing.stdout.utf8))
        #expect(rows.count >= 6, "\(rows.map(\.name))")
        let srt = dir.path("hand.srt")
        try Self.hand.write(toFile: srt, atomically: true, encoding: .utf8)

        for row in rows {
            if row.reads {
                let peer = try Self.peerFile(row.name, from: srt, in: dir)
                if peer == nil, Self.readWitnessedElsewhere[row.name] != nil {
                    // Read from the real files of other programs there.
                } else if let peer {
                    let json = dir.path("ours-from-\(row.name).json")
                    let r = try CLIRunner.run(["convert", peer, json])
                    #expect(r.status == 0, "\(row.name): \(r.stderr)")
                    Self.expectSame(try Self.jsonCues(json), "we read \(row.name)", tolerance: Self.tolerance(row.name))
                } else {
                    Issue.record("\(row.name) is listed as read, but no peer writes one here: add a witness")
                }
            }
            if row.writes {
                let ours = dir.path("ours.\(row.extensions.first ?? row.name)")
                let r = try CLIRunner.run(["convert", srt, ours, "--force"])
                #expect(r.status == 0, "\(row.name): \(r.stderr)")
                guard let cues = try Self.peerReading(row.name, ours, in: dir) else {
                    Issue.record("\(row.name) is listed as written, but no peer reads one here: add a witness")
                    continue
                }
                Self.expectSame(cues, "a peer reads our \(row.name)", tolerance: Self.tolerance(row.name))
            }
        }
    }
}
