import CaptionKit
import Foundation
import TestSupport
import Testing

/// Issue 36's round trip: every shared SCC fixture that reads without error-level findings,
/// written as MCC (its CEA-608 words in one SMPTE ST 334-2 CDP a frame) and read back, gives the
/// screens the SCC file gives: same texts and places, start and end within a frame. Witness:
/// FFmpeg's 608 decoder reads our MCC file (FFmpeg 5.1's MCC demuxer) and an SCC file of the same
/// captions alike: the same cues, within a frame, over the first minute.
@Suite struct SharedSCCThroughMCCTests {
    typealias Screen = SharedSCCRoundTripTests.Screen

    /// Equal texts, but for characters CEA-708's repertoire lacks, which the encoder replaces
    /// (with `?`, `-` or `'`) and reports (Specs/cea708.md).
    static func sameText(_ a: String, _ b: String) -> Bool {
        a == b || (a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || "?-'".contains($1) })
    }

    @Test func everyReadableFixtureComesBackFromMCCWithTheSameScreens() throws {
        let dir = try TemporaryDirectory("scc-mcc")
        let root = TestPaths.sharedFixture("scc").path + "/"
        var checked = 0
        var long: [String] = []
        var ffmpegChecked = 0
        for file in TestPaths.files(in: TestPaths.sharedFixture("scc"), withExtension: "scc") {
            let name = file.path.replacingOccurrences(of: root, with: "")
            let (read, _) = try CaptionFile.read(file.path)
            guard !read.diagnostics.contains(where: { $0.severity == .error }), !read.document.captions.isEmpty
            else { continue }
            // One CDP a frame from the first caption to the last: a file whose captions span more
            // than 20 minutes makes an MCC of as many lines (1.2 million for one that runs from
            // 00:00:03 to 11:00:09), minutes of a debug build's time with the 708 service
            // encoded beside. Those are counted below, not dropped silently; every fixture goes
            // through the 708 encoder and decoder in CEA708Tests' SCCRoundTripTests.
            let times = read.document.captions.map(\.timeRange)
            if let start = times.map(\.start).min(), let end = times.map(\.end).max(), (end - start).seconds > 1200 {
                long.append(name)
                continue
            }
            let stem = name.replacingOccurrences(of: "/", with: "__").replacingOccurrences(of: ".scc", with: "")
            let mcc = dir.path(stem + ".mcc")
            do {
                try CaptionFile.write(read.document, to: mcc, overwrite: true)
            } catch {
                Issue.record("\(name): not written as MCC: \(error)")
                continue
            }
            let (back, _) = try CaptionFile.read(mcc)
            SharedSCCRoundTripTests.expectSameScreens(read.document, back.document, name, "came back from MCC as")
            let before = read.document.captions.map(Screen.init)
            checked += 1
            // FFmpeg on the first dozen files (one process each): its reading of our MCC against
            // its reading of the SCC file we wrote from the same document.
            guard ffmpegChecked < 12 else { continue }
            let scc = dir.path(stem + ".scc")
            try CaptionFile.write(read.document, to: scc, overwrite: true)
            // FFmpeg 5.1 reads MCC labels as non-drop-frame whatever the rate line says (it
            // reads no line with `;`), so past the first minute its times run two frames a
            // minute late: the cues of the first minute are compared.
            let fromSCC = try PeerDecoders.ffmpeg(scc, in: dir).filter { $0.end < 59.9 }
            let fromMCC = try PeerDecoders.ffmpeg(mcc, in: dir).filter { $0.end < 59.9 }
            guard !fromSCC.isEmpty else { continue }
            let frame = 1001.0 / 30000 + 0.002
            #expect(fromSCC.count == fromMCC.count, "\(name): FFmpeg reads \(fromSCC.count) and \(fromMCC.count) cues")
            for (x, y) in zip(fromSCC, fromMCC)
            where x.text != y.text || abs(x.start - y.start) > frame || abs(x.end - y.end) > frame {
                Issue.record("\(name): FFmpeg reads the SCC as \(x), our MCC as \(y)")
                break
            }
            // The same captions as CEA-708 service 1 from the MCC file: texts and times, on the
            // files FFmpeg checks (every fixture goes through the 708 encoder, scheduler and
            // decoder in CEA708Tests' SCCRoundTripTests, regions and styles too).
            var serviceOptions = CaptionFormatOptions()
            serviceOptions.settings[CaptionFormatOptions.dtvccServiceSetting] = "1"
            let (service, _) = try CaptionFile.read(mcc, options: serviceOptions)
            // Captions that start together (rows of a roll-up, two regions) may come in another
            // order from 708's windows than from 608's rows: compared sorted.
            func sorted(_ screens: [Screen]) -> [Screen] {
                screens.sorted { ($0.start, $0.end, $0.text) < ($1.start, $1.end, $1.text) }
            }
            let in708 = sorted(service.document.captions.map(Screen.init))
            let in608 = sorted(before)
            #expect(in608.count == in708.count, "\(name): \(in608.count) captions, \(in708.count) in service 1")
            for (x, y) in zip(in608, in708)
            where !Self.sameText(x.text, y.text) || abs(x.start - y.start) > 1 || abs(x.end - y.end) > 1 {
                Issue.record("\(name): \(x)\n   came back from service 1 as \(y)")
                break
            }
            ffmpegChecked += 1
        }
        #expect(long.contains("ttconv/test_scc_reader__test_scc_content_with_paragraph_of_spaces__1.scc"))
        #expect(long.count <= 8, "files spanning more than 20 minutes: \(long)")
        #expect(checked + long.count >= 64, "expected the shared SCC fixtures with captions that read without errors: \(checked)")
        #expect(ffmpegChecked == 12)
    }
}
