import Foundation
import Media
import TestSupport
import Testing

/// Issue 11's leftover: `captions export --codec mpeg2video`. The MPEG-2 encoder accepts only
/// the standard frame rates as its time base (ISO/IEC 13818-2 frame_rate_code); it used to get
/// the MP4 track's 1/30000 and refuse to open.
@Suite struct MPEG2ExportTests {
    @Test(arguments: ["30000/1001", "25"])
    func exportWithMPEG2VideoKeepsEveryFrame(rate: String) throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(clip, rate: rate, size: "160x90", seconds: 2)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run(["export", clip, "--codec", "mpeg2video", "-o", out, "--progress", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        let source = try NumberedClips.videoFacts(clip)
        let facts = try NumberedClips.videoFacts(out)
        #expect(facts.frames == source.frames, "frames: ours \(facts.frames), source \(source.frames)")
        #expect(abs(facts.duration - source.duration) < 0.05, "duration \(facts.duration) vs \(source.duration)")
        let video = try #require(try MediaTools.streams(out).first { $0["codec_type"] as? String == "video" })
        #expect(video["codec_name"] as? String == "mpeg2video")
        #expect(video["r_frame_rate"] as? String == (rate.contains("/") ? rate : "\(rate)/1"))
        #expect(try MediaTools.warnings(out).isEmpty)
    }
}
