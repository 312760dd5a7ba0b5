import Foundation
import TestSupport
import Testing

/// `captions inspect movie`: besides the tracks, every caption source and every timed-metadata
/// track, in text and in JSON; compared with what was put in and with ffprobe's view.
@Suite struct InspectListingTests {
    static func json(_ args: [String]) throws -> [String: Any] {
        let r = try CLIRunner.run(args + ["--json"])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test func captionSourcesOfAMuxedMovie() throws {
        let dir = try TemporaryDirectory("inspect-captions")
        let out = dir.path("out.mov")
        let mux = try CLIRunner.run([
            "mux", try TrackClips.make("clip.mov", in: dir), MuxCommandTests.popOn, "-o", out, "--form", "both",
            "--language", "fr",
        ])
        #expect(mux.status == 0, "\(mux.stderr)")
        let r = try CLIRunner.run(["inspect", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("  captions:\n    track 2: c608 closed captions (CC1), language fra (--source track)\n"),
            "\(r.stdout)")
        #expect(r.stdout.contains("    track 3: tx3g subtitles, language fra (--source subtitle)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  timed metadata: none"))
        let captions = try #require(try Self.json(["inspect", out])["captions"] as? [[String: Any]])
        #expect(captions.map { $0["kind"] as? String } == ["track", "subtitle"])
        #expect(captions.map { $0["track_id"] as? Int } == [2, 3])
        #expect(captions.first?["channels"] as? [String] == ["CC1"])
        // Sample counts as ffprobe counts them.
        let streams = try TrackClips.ffprobeStreams(out)
        let counts = streams.filter { $0["codec_type"] as? String == "subtitle" }.compactMap {
            Int($0["nb_frames"] as? String ?? "")
        }
        #expect(captions.map { $0["samples"] as? Int } == counts)

        // The census (issue 34: per source, samples, byte pairs and captions found): the c608
        // track carries the fixture's words, counted here from the file, none of them filler;
        // the captions found in each track are as many as FFmpeg's cues of that track.
        let words = IndependentSCC.words(try String(contentsOfFile: MuxCommandTests.popOn, encoding: .utf8))
        let track = try #require(captions.first)
        #expect(track["byte_pairs"] as? [String: Int] == ["field1": words.count, "field2": 0])
        #expect(
            track["data_pairs"] as? [String: Int] == ["field1": words.filter { $0.word != 0x8080 }.count, "field2": 0])
        for (index, key) in [(0, "CC1"), (1, "all")] {
            let srt = dir.path("ffmpeg-\(index).srt")
            let f = try MediaTools.ffmpeg(["-i", out, "-map", "0:s:\(index)", srt])
            #expect(f.status == 0, "\(f.stderr)")
            let cues = try String(contentsOfFile: srt, encoding: .utf8).components(separatedBy: " --> ").count - 1
            #expect(cues > 0)
            #expect((captions[index]["captions_found"] as? [String: Int])?[key] == cues, "\(captions[index])")
        }
        #expect(r.stdout.contains("      \(words.count) samples; field 1: \(words.count) byte pairs"), "\(r.stdout)")
    }

    /// Both GoPro files: the GPMF track listed with its streams; ID, handler name and sample
    /// count as ffprobe reports them; no captions.
    @Test(arguments: [("gopro-max-heromode.mp4", "GPS5"), ("gopro-karma.mp4", "GPRI")])
    func timedMetadataOfGoProFiles(name: String, gpsKey: String) throws {
        let path = TestPaths.sharedFixture("media/\(name)").path
        let r = try CLIRunner.run(["inspect", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("  captions: none"))
        #expect(r.stdout.contains("  timed metadata:\n    track 4 gpmd ("), "\(r.stdout)")
        let metadata = try #require(try Self.json(["inspect", path])["timed_metadata"] as? [[String: Any]])
        let gpmd = try #require(metadata.first { $0["format"] as? String == "gpmd" })
        let peer = try #require(
            try TrackClips.ffprobeStreams(path).first { $0["codec_tag_string"] as? String == "gpmd" })
        #expect(gpmd["track_id"] as? Int == Int((peer["id"] as? String ?? "").dropFirst(2), radix: 16))
        #expect(gpmd["samples"] as? Int == Int(peer["nb_frames"] as? String ?? ""))
        // Compared word by word: the files pad the name with spaces, tabs or NULs.
        func words(_ text: Any?) -> [Substring] {
            (text as? String ?? "").split { !$0.isLetter && !$0.isNumber }
        }
        #expect(words(gpmd["handler_name"]) == words((peer["tags"] as? [String: Any])?["handler_name"]))
        #expect(words(gpmd["handler_name"]) == ["GoPro", "MET"])
        #expect((gpmd["keys"] as? [String])?.contains { $0.hasPrefix(gpsKey + " ") } == true)
    }
}
