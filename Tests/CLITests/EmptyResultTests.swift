import Foundation
import TestSupport
import Testing

/// Never a silent empty result (issue 34, README "Exit status"): a read that gives no caption is
/// written, put in a movie or burned only with `--allow-empty`; without it nothing is written,
/// the finding `captions.empty` says why, and the exit status is 1.
@Suite struct EmptyResultTests {
    /// An SCC file whose only words are filler (47 CFR 15.119(i)(1): 0x80 0x80 carries nothing).
    static let paddingOnly = "Scenarist_SCC V1.0\n\n00:00:01;00\t8080 8080 8080 8080\n"

    static func write(_ text: String, _ name: String, in dir: TemporaryDirectory) throws -> String {
        let path = dir.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func convertWritesNothingFromAnInputThatGivesNoCaption() throws {
        let dir = try TemporaryDirectory("empty-convert")
        let scc = try Self.write(Self.paddingOnly, "padding.scc", in: dir)
        let srt = try Self.write("", "empty.srt", in: dir)
        for (input, output) in [(scc, dir.path("a.srt")), (srt, dir.path("b.scc"))] {
            let r = try CLIRunner.run(["convert", input, output])
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr.contains("error[captions.empty]") && r.stderr.contains("is not written"), "\(r.stderr)")
            #expect(!Self.exists(output))
        }
        // Through ArgumentParser too, and as JSON: written false, the finding listed.
        let r = try CLIRunner.run(["convert", srt, dir.path("c.scc"), "--json"])
        #expect(r.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(report?["written"] as? Bool == false)
        let rules = (report?["diagnostics"] as? [[String: Any]])?.compactMap { $0["ruleID"] as? String }
        #expect(rules == ["captions.empty"])
        #expect(!Self.exists(dir.path("c.scc")))
    }

    @Test func allowEmptyWritesTheEmptyResultWithAWarning() throws {
        let dir = try TemporaryDirectory("empty-allowed")
        let srt = try Self.write("", "empty.srt", in: dir)
        let out = dir.path("out.scc")
        let r = try CLIRunner.run(["convert", srt, out, "--allow-empty"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning[captions.empty]"), "\(r.stderr)")
        // An SCC file with its header and no word (Specs/scc.md, "File syntax").
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.trimmingCharacters(in: .whitespacesAndNewlines) == "Scenarist_SCC V1.0")
    }

    @Test func validateFixWritesNothingFromAnInputThatGivesNoCaption() throws {
        let dir = try TemporaryDirectory("empty-fix")
        let srt = try Self.write("", "empty.srt", in: dir)
        let out = dir.path("fixed.scc")
        let r = try CLIRunner.run(["validate", srt, "--fix", "-o", out])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("error[captions.empty]"))
        #expect(!Self.exists(out))
        #expect(try CLIRunner.run(["validate", srt, "--fix", "-o", out, "--allow-empty"]).status == 0)
        #expect(Self.exists(out))
        #expect(try CLIRunner.run(["validate", srt, "--allow-empty"]).status == 2)
    }

    /// A readable movie with no caption source at all is a finding, status 1 (not 0, and not 2:
    /// the movie is not at fault), for `convert` and `--as-transmitted` alike; nothing written.
    @Test func aMovieWithNoCaptionSourceExitsOne() throws {
        let dir = try TemporaryDirectory("empty-movie-source")
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(clip, size: "64x48", seconds: 1, audio: false)
        for (output, extra) in [(dir.path("a.srt"), [String]()), (dir.path("b.scc"), ["--as-transmitted"])] {
            let r = try CLIRunner.run(["convert", clip, output] + extra)
            #expect(r.status == 1, "\(extra): \(r.stderr)")
            #expect(r.stderr.contains("error[tracks.no-captions]: no captions: the movie has no c608 track"), "\(r.stderr)")
            #expect(!Self.exists(output))
        }
    }

    /// `mux` has no `--allow-empty`: a copy of the movie with nothing added is not a result.
    @Test func muxAndBurnPutNothingInAMovieFromCaptionsThatGiveNone() throws {
        let dir = try TemporaryDirectory("empty-movie")
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(clip, size: "64x48", seconds: 1, audio: false)
        let srt = try Self.write("", "empty.srt", in: dir)
        let scc = try Self.write(Self.paddingOnly, "padding.scc", in: dir)
        let commands: [[String]] = [
            ["mux", clip, srt, "-o", dir.path("mux.mp4")],
            ["burn", clip, scc, "-o", dir.path("burn.mp4")],
            ["export", clip, "-o", dir.path("export.mp4"), "--captions", srt],
            ["export", clip, "-o", dir.path("embed.mp4"), "--captions", srt, "--embed", "sei"],
        ]
        for command in commands {
            let r = try CLIRunner.run(command)
            #expect(r.status == 1, "\(command[0]): \(r.stderr)")
            #expect(r.stderr.contains("error[captions.empty]"), "\(command[0]): \(r.stderr)")
            #expect(!Self.exists(command[command.firstIndex(of: "-o")! + 1]), "\(command[0])")
        }
        // Burning nothing is allowed on request: the movie is written, with a warning; from the
        // padding-only SCC, whose reading is itself an error (words and no caption), status 1.
        for (captions, status) in [(srt, Int32(0)), (scc, 1)] {
            let out = dir.path("allowed-\(status).mp4")
            let r = try CLIRunner.run(["burn", clip, captions, "-o", out, "--allow-empty"])
            #expect(r.status == status, "\(r.stderr)")
            #expect(r.stderr.contains("warning[captions.empty]"), "\(r.stderr)")
            #expect(Self.exists(out))
        }
        #expect(
            try CLIRunner.run(["burn", clip, scc, "-o", dir.path("x.mp4")]).stderr.contains(
                "error[scc.no-captions]: no caption for CC1: its 4 words are all filler (80 80)"))
    }
}
