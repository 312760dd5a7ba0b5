import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import SRT

/// What our SRT writer says about place and look, read by another reader: FFmpeg's SubRip decoder
/// turns `{\anN}` and the HTML tags into ASS override codes (`ffmpeg -i x.srt x.ass`), so each
/// Dialogue line shows the placement and styles FFmpeg took from our file. The expected places
/// are worked by hand from each caption's geometry (thirds of the frame: Specs/srt.md,
/// "Writing"), the colours from the model (ASS writes `&HBBGGRR&`), not from the writer.
@Suite struct SRTWrittenLookFFmpegTests {
    /// A caption and the ASS alignment (numeric keypad, 2 = bottom centre, the default) a reader
    /// must place it at.
    struct Placed {
        var caption: Caption
        var an: Int
    }

    static func at(_ second: Int, _ text: String, region: CaptionRegion?, align: CaptionTextAlignment?) -> Caption {
        Caption(
            runs: [CaptionRun(text)],
            timeRange: TimeRange(start: MediaTime(value: Int64(second), timescale: 1),
                end: MediaTime(value: Int64(second) + 1, timescale: 1)),
            region: region, textAlignment: align)
    }

    static func percent(y: Double, height: Double, _ alignment: CaptionRegion.DisplayAlignment) -> CaptionRegion {
        CaptionRegion(
            origin: CaptionPoint(x: .percent(10), y: .percent(y)),
            size: CaptionSize(width: .percent(80), height: .percent(height)), displayAlignment: alignment)
    }

    static let placed: [Placed] = [
        // 608 cells: rows 1–15 of the screen, 32 columns. Row 1 is the top third, row 7 the
        // middle, row 14 the bottom; text from column 0 is left, from column 22 right.
        Placed(caption: at(1, "top left", region: .cells(row: 1, column: 0, rows: 1, columns: 8), align: nil), an: 7),
        Placed(caption: at(2, "top right", region: .cells(row: 1, column: 22, rows: 1, columns: 9), align: nil), an: 9),
        Placed(caption: at(3, "middle", region: .cells(row: 7, column: 10, rows: 1, columns: 12), align: nil), an: 5),
        Placed(
            caption: at(4, "bottom left", region: .cells(row: 14, column: 0, rows: 1, columns: 11), align: nil),
            an: 1),
        // Percent regions (iTT, TTML, WebVTT): a band at the top, one across the middle, one at
        // the bottom, with the text alignment choosing the column.
        Placed(caption: at(5, "band top", region: percent(y: 5, height: 15, .before), align: .center), an: 8),
        Placed(caption: at(6, "band middle right", region: percent(y: 40, height: 20, .center), align: .right), an: 6),
        Placed(caption: at(7, "band bottom", region: percent(y: 80, height: 15, .after), align: .center), an: 2),
        Placed(caption: at(8, "no region, start", region: nil, align: .start), an: 1),
        Placed(caption: at(9, "no region, end", region: nil, align: .end), an: 3),
    ]

    /// Dialogue lines of an ASS file: (start, text) in file order.
    static func dialogues(_ ass: String) -> [(start: String, text: String)] {
        ass.split(whereSeparator: \.isNewline).compactMap { line -> (String, String)? in
            guard line.hasPrefix("Dialogue:") else { return nil }
            // Dialogue: Layer,Start,End,Style,Name,MarginL,MarginR,MarginV,Effect,Text
            let fields = line.dropFirst("Dialogue:".count).split(separator: ",", maxSplits: 9, omittingEmptySubsequences: false)
            guard fields.count == 10 else { return nil }
            return (String(fields[1]), String(fields[9]))
        }
    }

    func ffmpegASS(_ srt: [UInt8], _ dir: TemporaryDirectory) throws -> [(start: String, text: String)] {
        let input = dir.path("ours.srt")
        let output = dir.path("ffmpeg.ass")
        try Data(srt).write(to: URL(fileURLWithPath: input))
        _ = try MediaTools.ffmpeg(["-i", input, output])
        return Self.dialogues(try String(contentsOfFile: output, encoding: .utf8))
    }

    @Test func ffmpegPlacesEachCaptionWhereTheModelPutIt() throws {
        let dir = try TemporaryDirectory("srt-look-ffmpeg")
        let written = try SRTWriter().write(CaptionDocument(captions: Self.placed.map(\.caption)))
        let lines = try ffmpegASS(written.bytes, dir)
        #expect(lines.count == Self.placed.count)
        for (placed, line) in zip(Self.placed, lines) {
            // FFmpeg keeps `{\anN}` as written; a caption without one is at ASS's default, 2.
            let an = line.text.firstMatch(of: /\{\\an([1-9])\}/).map { Int($0.1) ?? 0 } ?? 2
            #expect(an == placed.an, "\(placed.caption.text): FFmpeg read \(line.text)")
            #expect(line.text.contains(placed.caption.text), "\(line.text)")
        }
    }

    @Test func ffmpegReadsOurColoursAndStylesAsTheModelHasThem() throws {
        let dir = try TemporaryDirectory("srt-style-ffmpeg")
        let orange = CaptionColor(red: 0xFF, green: 0x80, blue: 0x00)
        let runs = [
            CaptionRun("slanted", style: CaptionTextStyle(italic: true)),
            CaptionRun(" "),
            CaptionRun("heavy", style: CaptionTextStyle(bold: true)),
            CaptionRun(" "),
            CaptionRun("lined", style: CaptionTextStyle(underline: true)),
            CaptionRun(" "),
            CaptionRun("orange", style: CaptionTextStyle(textColor: orange)),
            CaptionRun(" "),
            CaptionRun("mono", style: CaptionTextStyle(textColor: .cyan, fontFamily: "Courier")),
        ]
        let caption = Caption(
            runs: runs, timeRange: TimeRange(start: .zero, end: MediaTime(value: 2, timescale: 1)))
        let written = try SRTWriter().write(CaptionDocument(captions: [caption]))
        let lines = try ffmpegASS(written.bytes, dir)
        let text = try #require(lines.first?.text)
        #expect(lines.count == 1)
        // Each span inside its ASS on/off pair, as FFmpeg's SubRip decoder writes them.
        #expect(text.contains(#"{\i1}slanted{\i0}"#), "\(text)")
        #expect(text.contains(#"{\b1}heavy{\b0}"#), "\(text)")
        #expect(text.contains(#"{\u1}lined{\u0}"#), "\(text)")
        // ASS colours are &HBBGGRR& with leading zeros dropped: orange FF8000 → &H80FF&, cyan
        // 00FFFF → &HFFFF00&.
        #expect(text.contains(#"{\c&H80FF&}orange"#), "\(text)")
        #expect(text.contains(#"{\fnCourier}"#) && text.contains(#"{\c&HFFFF00&}mono"#), "\(text)")
    }
}
