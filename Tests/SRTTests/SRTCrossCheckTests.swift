import CaptionKit
import Foundation
import TestSupport
import Testing

@testable import SRT

/// Our SRT readings against pycaption's and FFmpeg's on the same files, and SRT → SCC decoded by
/// ttconv (the peers are installed by `make test`).
@Suite struct SRTCrossCheckTests {
    static let styled = """
        1\r
        00:00:01,000 --> 00:00:02,500\r
        <i>Hello</i> there, <font color="#ffff00">friend</font>\r
        second line\r
        \r
        2\r
        00:00:04,200 --> 00:00:06,000\r
        {\\an8}<b>Up top</b>\r
        \r
        3\r
        00:00:07,000 --> 00:00:09,750\r
        Café & co - ünïcödé\r
        """

    func files(_ dir: TemporaryDirectory) throws -> [String] {
        let styled = dir.path("styled.srt")
        try Self.styled.write(toFile: styled, atomically: true, encoding: .utf8)
        // The shared fixtures must be there: with none, only the styled sample would be checked.
        return try TestPaths.fixtures(in: TestPaths.sharedFixture("srt"), withExtension: "srt").map(\.path) + [styled]
    }

    func ours(_ path: String) throws -> [PeerDecoders.Cue] {
        SubtitlePeers.cues(try SRTReader().read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))).document)
    }

    func expectSame(_ a: [PeerDecoders.Cue], _ b: [PeerDecoders.Cue], _ what: String) {
        let differences = SubtitlePeers.differences(a, b)
        #expect(differences.isEmpty, "\(what): \(differences)")
    }

    @Test func readingsAgreeWithFFmpeg() throws {
        let dir = try TemporaryDirectory("srt-ffmpeg")
        for path in try files(dir) {
            expectSame(try ours(path), try PeerDecoders.ffmpeg(path, in: dir), "ffmpeg, \(path)")
        }
    }

    @Test func readingsAgreeWithPycaption() throws {
        let dir = try TemporaryDirectory("srt-pycaption")
        for path in try files(dir) {
            // pycaption refuses text after the end time ("00:31:39,928 hack the gibson").
            if path.hasSuffix("monsters-bad-newline.srt") {
                #expect(throws: PeerDecoders.Failure.self) { try SubtitlePeers.pycaption(path, kind: "srt") }
                continue
            }
            expectSame(try ours(path), try SubtitlePeers.pycaption(path, kind: "srt"), "pycaption, \(path)")
        }
    }

    /// SRT → SCC through the registry (conformed to 608), decoded by ttconv: the same texts, at
    /// the SRT's times within one frame, or at the shifts the SCC writer reported.
    @Test func srtToSCCDecodedByTTConv() throws {
        let dir = try TemporaryDirectory("srt-scc")
        let frame = 1001.0 / 30000
        for (name, text) in [("spaced", Self.styled), ("tight", Self.tight)] {
            let srt = dir.path(name + ".srt")
            let scc = dir.path(name + ".scc")
            try text.write(toFile: srt, atomically: true, encoding: .utf8)
            let (read, _) = try CaptionFile.read(srt)
            let (written, _) = try CaptionFile.write(
                read.document, to: scc, options: CaptionFormatOptions(applyShifts: true), overwrite: true)
            var shifts: [Int: (start: Double, duration: Double)] = [:]
            for d in written.diagnostics where d.ruleID == "608.shift" {
                if let m = d.message.firstMatch(
                    of: /caption (\d+) shifted: start \+(\d+) frames, duration ([+-]\d+) frames/)
                {
                    shifts[Int(m.output.1)! - 1] = (Double(m.output.2)! * frame, Double(m.output.3)! * frame)
                }
            }
            if name == "tight" { #expect(!shifts.isEmpty) }
            let decoded = try PeerDecoders.ttconv(scc, in: dir)
            let source = read.document.captions
            #expect(decoded.count == source.count, "\(name): \(decoded)")
            for (i, (caption, cue)) in zip(source, decoded).enumerated() {
                let shift = shifts[i] ?? (0, 0)
                let start = caption.timeRange.start.seconds + shift.start
                let end = caption.timeRange.end.seconds + shift.start + shift.duration
                #expect(abs(cue.start - start) <= frame + 0.0005, "\(name) caption \(i + 1): \(cue) vs \(start)")
                #expect(abs(cue.end - end) <= frame + 0.0005, "\(name) caption \(i + 1): \(cue) vs \(end)")
                let words = { (s: String) in s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
                }
                #expect(words(cue.text) == words(caption.text), "\(name) caption \(i + 1)")
            }
        }
    }

    /// Back-to-back captions from time zero: the SCC writer must shift some.
    static let tight = """
        1
        00:00:00,000 --> 00:00:01,000
        First caption right at zero

        2
        00:00:01,000 --> 00:00:01,400
        Second one follows at once

        3
        00:00:01,400 --> 00:00:03,000
        and a third, also at once
        """
}
