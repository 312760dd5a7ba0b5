import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing
import Validation

/// The SCC written after `--fix` is decoded by FFmpeg and ttconv with every caption present and
/// on time. Measured peer behaviour (see Tests/SCCTests/WriterCrossCheckTests.swift): ttconv
/// times pop-on captions to the frame; FFmpeg reads a label as H:M:S + frames × 1/30 s, so its
/// times differ from ours by up to 0.1 s over the first minutes of a drop-frame file.
@Suite struct FixedOutputCrossCheckTests {
    let rate = FrameRate.fps29_97

    @Test func fixedDenseDocumentDecodesInFFmpegAndTtconv() throws {
        let dir = try TemporaryDirectory()
        // Dense: two full rows every 32 frames cannot be delivered; --fix moves them.
        var captions: [Caption] = []
        for i in 0..<8 {
            let first: Int64 = 60 + Int64(i) * 32
            let text = "Caption \(i + 1) has a first row.\nAnd a second row of text \(i + 1)."
            captions.append(Caption(text, start: rate.time(ofFrame: first), end: rate.time(ofFrame: first + 31)))
        }
        let document = CaptionDocument(captions: captions, frameRate: rate, dropFrame: true)
        #expect(
            CaptionConversionValidator(captions: captions).warnings().contains { $0.warningType == .excessMediaData })
        let (fixed, _) = CaptionConversionFixer(settings: .init()).fix(document)
        let bytes = try SCCWriter(options: CaptionFormatOptions()).write(fixed).bytes  // no --shift needed now
        let path = dir.path("fixed.scc")
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let expected: [(start: Double, end: Double, text: String)] = fixed.captions.map { c in
            (start: c.timeRange.start.seconds, end: c.timeRange.end.seconds, text: c.text)
        }
        let tt = try PeerDecoders.ttconv(path, in: dir)
        #expect(tt.count == expected.count, "\(tt)")
        for (cue, want) in zip(tt, expected) {
            #expect(cue.text == want.text)
            #expect(abs(cue.start - want.start) <= rate.frameDuration.seconds + 1e-6, "\(cue) vs \(want)")
            #expect(abs(cue.end - want.end) <= rate.frameDuration.seconds + 1e-6, "\(cue) vs \(want)")
        }
        let ff = try PeerDecoders.ffmpeg(path, in: dir)
        // FFmpeg writes ASS hard spaces ("\\h") where a row starts to the left of the block's
        // widest row; they are layout, not text.
        let ffText = ff.map { $0.text.replacingOccurrences(of: "\\h", with: "") }
        #expect(ffText == expected.map { $0.text }, "\(ff)")
        for (cue, want) in zip(ff, expected) {
            // FFmpeg's label arithmetic (33.3 ms a frame, no drop-frame): within 0.1 s here.
            #expect(abs(cue.start - want.start) < 0.1, "\(cue) vs \(want)")
        }
    }
}
