import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// A/53 captions in HEVC, against FFmpeg's reading of the same file (issue 36's peer for the
/// third codec). libx265 in FFmpeg 5.1 writes no caption SEI, so the clip is made here: libx265
/// pictures, each given a prefix SEI NAL unit (ITU-T H.265 §7.3.2.4, type 39) with the ATSC A/53
/// `GA94` cc_data after its access unit delimiter, by hand from the CEA-608 words; then copied
/// into a transport stream (our libavformat path, Annex B) and an MP4 (our box reader, NAL
/// units after `hvcC`'s lengths). FFmpeg's HEVC decoder exports the same data (`subcc`).
@Suite struct HEVCA53WitnessTests {
    @Test(arguments: ["ts", "mp4"])
    func hevcCaptionsReadAsFFmpegReadsThem(container: String) throws {
        let dir = try TemporaryDirectory("a53-hevc")
        let clip = try A53TestClips.make(
            pictures: FragmentedMovieTests.popOnWords.map(A53TestClips.ccData), in: dir, reencode: false,
            name: "hevc.\(container)", hevc: true)
        let codec = try TrackClips.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0", clip])
        #expect(codec.stdout.split(whereSeparator: \.isNewline).first == "hevc", "\(codec.stdout)")
        let theirs = try EncryptedVideoCaptionTests.subcc(clip, in: dir)
        try #require(theirs.count == 2, "FFmpeg read \(theirs)")
        let out = dir.path("ours.srt")
        let r = try CLIRunner.run(["convert", clip, out])
        #expect(r.status == 0, "\(r.stderr)")
        let ours = try PeerDecoders.parseSRT(String(contentsOfFile: out, encoding: .utf8))
        #expect(ours.map(\.text) == theirs.map(\.text), "ours \(ours), FFmpeg \(theirs)")
        // Within a frame (1/29.97 s): FFmpeg's SRT has millisecond times.
        for (a, b) in zip(ours, theirs) {
            #expect(abs(a.start - b.start) < 0.034 && abs(a.end - b.end) < 0.034, "ours \(a), FFmpeg \(b)")
        }
    }
}
