import CEA608
import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

/// SCC files we write, decoded by FFmpeg (`ffmpeg -i x.scc x.srt`) and ttconv
/// (`tt convert -i x.scc -o x.ttml`). Missing tools fail the test: `make test` installs them.
///
/// Measured differences, written here as expectations rather than tolerated:
/// - Characters: both tools decode the disputed code points their own way
///   (Specs/cea608/disputed-code-points.md); the maps below are what they printed.
/// - ttconv times a pop-on caption from its EOC, a roll-up line from the first word of its block
///   (the CR, or RU for a window's first line) and a paint-on caption from its PAC: as we do
///   (Specs/scc.md, "Start of a roll-up line or paint-on caption"), so its starts equal ours.
/// - FFmpeg times a caption by the timecode label of the line holding its EOC (we start a line
///   there) and turns a label HH:MM:SS;FF into HH×3600 + MM×60 + SS + FF × 0.033 s: 33 ms per
///   frame instead of 1001/30000 s, and drop-frame and non-drop labels alike read as wall-clock
///   (so a non-drop file at 29.97 drifts 3.6 s per hour behind).
/// - FFmpeg shows a roll-up or paint-on screen from the change before it (the previous caption's
///   EDM, or the CR that made room for the line), not from the characters' own frames: its cue
///   starts where the previous cue ends.
@Suite struct WriterCrossCheckTests {
    static let rate = FrameRate.fps29_97

    enum Kind { case popOn, rollUp, paintOn }

    struct Expected {
        var caption: Caption
        var kind: Kind
        var startFrame: Int64
        /// Where a pop-on caption leaves when it differs from its end: the EDM that clears the
        /// screen for a roll-up or paint-on caption goes in the two frames before its start.
        var leavesAt: Int64? = nil
    }

    static func popOn(_ text: String, _ start: Int64, _ end: Int64, row: Int = 13, column: Int = 2) -> Caption {
        Caption(
            runs: [CaptionRun(text)],
            timeRange: TimeRange(start: rate.time(ofFrame: start), end: rate.time(ofFrame: end)),
            region: .cells(row: row, column: column, rows: 1, columns: 32 - column))
    }

    /// Every character of the set, pop-on captions over the first minute boundary and at ten
    /// minutes, a roll-up window and paint-on captions.
    static func expected() -> [Expected] {
        var result: [Expected] = []
        let characters = CEA608CharacterSet.entries.map(\.character).filter { $0 != " " }
        var frame: Int64 = 100
        var offset = 0
        while offset < characters.count {
            let text = String(characters[offset..<min(offset + 16, characters.count)])
            result.append(Expected(caption: popOn(text, frame, frame + 60), kind: .popOn, startFrame: frame))
            frame += 120
            offset += 16
        }
        // Back to back across 00:01:00;02 (frame 1800).
        for (text, start, end) in [("Before the minute", 1770, 1801), ("After the minute", 1801, 1850)]
            as [(String, Int64, Int64)]
        {
            result.append(
                Expected(caption: popOn(text, start, end, row: 14, column: 4), kind: .popOn, startFrame: start))
        }
        // A two-row roll-up window: the first line leaves with the third line's CR.
        let scroll = CaptionRegion.Scroll.rollUp(rows: 2)
        for (index, text) in ["Roll up one", "Roll up two", "Roll up three"].enumerated() {
            let start = Int64(2000 + index * 40)
            // "Roll up three" rolls "Roll up one" out with its CR, on its start.
            let end: Int64 = index == 0 ? 2080 : 2140
            let caption = Caption(
                runs: [CaptionRun(text)],
                timeRange: TimeRange(start: rate.time(ofFrame: start), end: rate.time(ofFrame: end)),
                region: .cells(row: 13, column: 0, rows: 2, columns: 32, scroll: scroll))
            // The window's first line: RU, RU, PAC, PAC from its start; the others: CR, CR.
            result.append(Expected(caption: caption, kind: .rollUp, startFrame: start))
        }
        for (text, start) in [("Paint one", 2300), ("Paint two", 2400)] as [(String, Int64)] {
            var caption = popOn(text, start, start + 60, row: 5, column: 4)
            caption.animation = .characterReveal
            result.append(Expected(caption: caption, kind: .paintOn, startFrame: start))
        }
        // A pop-on caption still on screen when a paint-on caption, then a roll-up window, starts:
        // EDM, EDM just before the RU that starts the window; EDM, RDC (each once, so the screen
        // clears 2 frames early, not 4) before the PAC that starts the paint-on caption (FFmpeg
        // loses a caption shown when RDC arrives).
        result.append(
            Expected(caption: popOn("Before the paint", 2500, 2560), kind: .popOn, startFrame: 2500, leavesAt: 2558))
        var over = popOn("Paint over it", 2560, 2620, row: 5, column: 4)
        over.animation = .characterReveal
        result.append(Expected(caption: over, kind: .paintOn, startFrame: 2560))
        result.append(
            Expected(caption: popOn("Before the roll", 2700, 2760), kind: .popOn, startFrame: 2700, leavesAt: 2758))
        let window = Caption(
            runs: [CaptionRun("Roll after it")],
            timeRange: TimeRange(start: rate.time(ofFrame: 2760), end: rate.time(ofFrame: 2820)),
            region: .cells(row: 13, column: 0, rows: 2, columns: 32, scroll: .rollUp(rows: 2)))
        result.append(Expected(caption: window, kind: .rollUp, startFrame: 2760))
        // Around ten minutes (frame 17982 is 00:10:00;00).
        for (text, start, end) in [("Ten minutes", 17970, 18000), ("And after", 18030, 18100)]
            as [(String, Int64, Int64)]
        {
            result.append(Expected(caption: popOn(text, start, end), kind: .popOn, startFrame: start))
        }
        return result
    }

    static func writeFile(_ expected: [Expected], dropFrame: Bool, in directory: TemporaryDirectory) throws -> String {
        let document = CaptionDocument(captions: expected.map(\.caption), frameRate: rate, dropFrame: dropFrame)
        let written = try SCCWriter().write(document)
        let path = directory.path(dropFrame ? "df.scc" : "ndf.scc")
        try Data(written.bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func seconds(_ frame: Int64) -> Double { Double(frame) * 1001 / 30000 }

    static func frame(_ time: MediaTime) -> Int64? { rate.frame(at: time, rounding: .nearestOrAwayFromZero) }

    /// The label of `frame` at 29.97 as hours, minutes, seconds and frames, counted here rather
    /// than by `Timecode` (which the writer uses): drop-frame skips labels ;00 and ;01 of every
    /// minute but each tenth (SMPTE ST 12-1), 18 labels per 17,982 frames.
    static func label(_ frame: Int64, dropFrame: Bool) -> (Int64, Int64, Int64, Int64) {
        var n = frame
        if dropFrame {
            let rest = frame % 17982
            n += 18 * (frame / 17982) + (rest > 1 ? 2 * ((rest - 2) / 1798) : 0)
        }
        return (n / 108_000, n / 1800 % 60, n / 30 % 60, n % 30)
    }

    /// FFmpeg's reading of the label of `frame`: nominal seconds plus 33 ms per frame.
    static func ffmpegSeconds(_ frame: Int64, dropFrame: Bool) -> Double {
        let (hours, minutes, seconds, frames) = label(frame, dropFrame: dropFrame)
        return Double(hours * 3600 + minutes * 60 + seconds) + Double(frames) * 0.033
    }

    // MARK: - Character maps measured from each tool

    static let ffmpegCharacters: [Character: Character] = ["'": "’", "‘": "´", "’": "‘", "—": "-", "•": "·"]
    static let ttconvCharacters: [Character: Character] = [
        "’": "'", "—": "━", "^": "ʌ", "¦": "┃", "┌": "┏", "┐": "┓", "└": "┗", "┘": "┛", "\u{A0}": " ",
    ]

    static func mapped(_ text: String, _ map: [Character: Character]) -> String {
        String(text.map { map[$0] ?? $0 })
    }

    // MARK: - Tests

    @Test func ttconvAgreesOnTextAndStartTimes() throws {
        let directory = try TemporaryDirectory("scc-crosscheck")
        let expected = Self.expected()
        let cues = try PeerDecoders.ttconv(
            try Self.writeFile(expected, dropFrame: true, in: directory), in: directory)
        let frame = 1001.0 / 30000
        for item in expected {
            let text = Self.mapped(item.caption.text, Self.ttconvCharacters)
            // ttconv makes one paragraph per roll-up window state: the line is its last row.
            guard let cue = cues.first(where: { $0.text == text || $0.text.hasSuffix("\n" + text) }) else {
                Issue.record("ttconv has no caption \(text.debugDescription); it has \(cues)")
                continue
            }
            let start = Self.seconds(item.startFrame)
            // The issue asks for one frame; the same definition gives the same frame.
            #expect(
                abs(cue.start - start) < frame / 2,
                "\(text.debugDescription): ttconv \(cue.start), expected \(start)")
            if case .popOn = item.kind, let end = item.leavesAt ?? Self.frame(item.caption.timeRange.end) {
                #expect(
                    abs(cue.end - Self.seconds(end)) <= frame + 0.001,
                    "\(text.debugDescription): ttconv ends \(cue.end)")
            }
        }
    }

    @Test func labelsCountedHereMatchPublishedOnes() {
        // 00:01:00;02 is frame 1800, 00:10:00;00 frame 17982, 00:11:00;02 frame 19782 (ST 12-1).
        #expect(Self.label(1799, dropFrame: true) == (0, 0, 59, 29))
        #expect(Self.label(1800, dropFrame: true) == (0, 1, 0, 2))
        #expect(Self.label(17982, dropFrame: true) == (0, 10, 0, 0))
        #expect(Self.label(19782, dropFrame: true) == (0, 11, 0, 2))
        #expect(Self.label(18000, dropFrame: false) == (0, 10, 0, 0))
    }

    @Test(arguments: [true, false]) func ffmpegAgreesOnTextWithItsTimingQuirks(dropFrame: Bool) throws {
        let directory = try TemporaryDirectory("scc-crosscheck")
        let expected = Self.expected()
        let cues = try PeerDecoders.ffmpeg(
            try Self.writeFile(expected, dropFrame: dropFrame, in: directory), in: directory)
        for item in expected {
            let text = Self.mapped(item.caption.text, Self.ffmpegCharacters)
            guard let cue = cues.first(where: { $0.text == text || $0.text.hasSuffix("\n" + text) }) else {
                Issue.record("FFmpeg has no caption \(text.debugDescription); it has \(cues)")
                continue
            }
            guard case .popOn = item.kind else {
                // Shown from the previous change of the screen: the cue before it ends there.
                let index = cues.firstIndex { $0.text == cue.text } ?? 0
                #expect(index > 0 && cues[index - 1].end == cue.start, "\(text.debugDescription): \(cues)")
                #expect(cue.start <= Self.seconds(item.startFrame))
                continue
            }
            let quirk = Self.ffmpegSeconds(item.startFrame, dropFrame: dropFrame)
            #expect(abs(cue.start - quirk) < 0.0005, "\(text.debugDescription): FFmpeg \(cue.start), expected \(quirk)")
        }
        if !dropFrame {
            // The drift of reading non-drop labels as wall-clock: 00:10:00:00 is frame 18000,
            // 600.6 s, which FFmpeg calls 600.0 s.
            let ten = try #require(cues.first { $0.text == "And after" })
            #expect(abs(ten.start - (Self.seconds(18030) - 0.6)) < 0.05)
        }
    }
}
