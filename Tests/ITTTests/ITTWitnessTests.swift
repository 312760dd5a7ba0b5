import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// Our iTT output read by two other TTML readers: ttconv (its ISDs: what is shown when, and
/// where) and GStreamer's `ttmlparse` (its buffers, and where `ttmlrender` draws them). The
/// expected texts, times and regions are written out here by hand, not taken from our reader.
@Suite struct ITTWitnessTests {
    /// A region defined in percent, as Apple's documents define theirs.
    static let upper = CaptionRegion(
        identifier: "upper", origin: CaptionPoint(x: .percent(10), y: .percent(5)),
        size: CaptionSize(width: .percent(80), height: .percent(20)), displayAlignment: .before)
    /// Apple's standard bottom region: origin 0% 85%, extent 100% 15%.
    static let bottom = CaptionRegion(
        identifier: "bottom", origin: CaptionPoint(x: .percent(0), y: .percent(85)),
        size: CaptionSize(width: .percent(100), height: .percent(15)), displayAlignment: .after)

    static func ntsc(_ frames: Int64) -> MediaTime { MediaTime(value: frames * 1001, timescale: 30000) }

    /// 29.97 drop-frame, captions across the first minute's dropped labels (frame 1800 is
    /// 00:01:00;02), a 608 cell region, and two captions shown at once in two regions.
    static var ntscDocument: CaptionDocument {
        var cells = CaptionRegion.cells(row: 14, column: 4, rows: 1, columns: 24)
        cells.identifier = nil
        return CaptionDocument(
            captions: [
                Caption("First line\nsecond line", start: ntsc(30), end: ntsc(105), region: bottom),
                Caption("Upper & <left>", start: ntsc(120), end: ntsc(180), region: upper),
                Caption("Across the minute", start: ntsc(1798), end: ntsc(1900), region: cells),
                Caption("Top at once", start: ntsc(2000), end: ntsc(2060), region: upper),
                Caption("Bottom at once", start: ntsc(2000), end: ntsc(2090), region: bottom),
            ], language: "en", frameRate: .fps29_97, dropFrame: true)
    }

    /// What a TTML reader must show for ``ntscDocument``: times as frames × 1001/30000 s;
    /// the cell region (row 14, column 4, 1 × 24 cells) in percent of TTML1's default
    /// 32 × 15 cell grid (§6.2.1): x = 4/32 = 12.5 %, y = 14/15 = 93.3333 %, width 24/32 = 75 %,
    /// height 1/15 = 6.6667 % (the writer rounds to four decimals).
    static let ntscExpected: [TTMLPeers.Cue] = [
        .init(
            start: ITTPeer.ntsc(30), end: ITTPeer.ntsc(105), text: "First line\nsecond line",
            placement: .init(region: "bottom", origin: [0, 85], extent: [100, 15])),
        .init(
            start: ITTPeer.ntsc(120), end: ITTPeer.ntsc(180), text: "Upper & <left>",
            placement: .init(region: "upper", origin: [10, 5], extent: [80, 20])),
        .init(
            start: ITTPeer.ntsc(1798), end: ITTPeer.ntsc(1900), text: "Across the minute",
            placement: .init(region: "", origin: [12.5, 93.3333], extent: [75, 6.6667])),
        .init(
            start: ITTPeer.ntsc(2000), end: ITTPeer.ntsc(2090), text: "Bottom at once",
            placement: .init(region: "bottom", origin: [0, 85], extent: [100, 15])),
        .init(
            start: ITTPeer.ntsc(2000), end: ITTPeer.ntsc(2060), text: "Top at once",
            placement: .init(region: "upper", origin: [10, 5], extent: [80, 20])),
    ]

    /// ttconv reads our SMPTE time base itself (drop-frame labels included): the same texts,
    /// the times to a microsecond, and the regions' names, origins and extents.
    @Test func ttconvReadsOurITTWithTheSameTextsTimesAndRegions() throws {
        let dir = try TemporaryDirectory("itt-ttconv")
        let path = dir.path("ours.itt")
        let (text, _) = try ITTTest.write(Self.ntscDocument)
        #expect(text.contains(#"ttp:timeBase="smpte""#) && text.contains(#"ttp:dropMode="dropNTSC""#))
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let theirs = try TTMLPeers.ttconv(path)
        let differences = ITTPeer.differences(theirs, Self.ntscExpected, tolerance: 1e-6)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// Styled runs written by us and read by ttconv: each character in the colour, background,
    /// face and decoration written out here by hand (TTML1 §8.3.2 colours as RGBA; a run with
    /// no style is white on nothing).
    @Test func ttconvReadsOurITTsStylesCharacterByCharacter() throws {
        let dir = try TemporaryDirectory("itt-ttconv-styles")
        func at(_ frames: Int64) -> MediaTime { MediaTime(value: frames, timescale: 25) }
        let halfBlack = CaptionColor(red: 0, green: 0, blue: 0, alpha: 128)
        let document = CaptionDocument(
            captions: [
                Caption(
                    runs: [
                        CaptionRun("Plain "),
                        CaptionRun("yellow italic", style: CaptionTextStyle(textColor: .yellow, italic: true)),
                        CaptionRun(
                            "\nbold on half black", style: CaptionTextStyle(backgroundColor: halfBlack, bold: true)),
                    ], timeRange: TimeRange(start: at(25), end: at(75)), region: Self.bottom),
                Caption(
                    runs: [
                        CaptionRun("underlined cyan", style: CaptionTextStyle(textColor: .cyan, underline: true)),
                        CaptionRun(
                            " and translucent red",
                            style: CaptionTextStyle(textColor: CaptionColor(red: 255, green: 0, blue: 0, alpha: 0x80))),
                    ], timeRange: TimeRange(start: at(100), end: at(150)), region: Self.upper),
            ], language: "en", frameRate: .fps25, dropFrame: false)
        let (text, _) = try ITTTest.write(document, options: CaptionFormatOptions(frameRate: .fps25, dropFrame: false))
        let path = dir.path("ours.itt")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let theirs = try TTMLPeers.ttconv(path)
        func run(
            _ text: String, _ color: [Int], _ background: [Int] = [0, 0, 0, 0], italic: Bool = false,
            bold: Bool = false, underline: Bool = false
        ) -> TTMLPeers.Run {
            TTMLPeers.Run(
                text: text, color: color, background: background, italic: italic, bold: bold, underline: underline)
        }
        let white = [255, 255, 255, 255]
        let expected: [TTMLPeers.Cue] = [
            .init(
                start: 1, end: 3, text: "Plain yellow italic\nbold on half black", placement: .init(region: "bottom"),
                runs: [
                    run("Plain ", white), run("yellow italic", [255, 255, 0, 255], italic: true),
                    run("bold on half black", white, [0, 0, 0, 128], bold: true),
                ]),
            .init(
                start: 4, end: 6, text: "underlined cyan and translucent red", placement: .init(region: "upper"),
                runs: [
                    run("underlined cyan", [0, 255, 255, 255], underline: true),
                    run(" and translucent red", [255, 0, 0, 128]),
                ]),
        ]
        let differences = ITTPeer.differences(theirs, expected, tolerance: 1e-6)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// 25 fps non-drop, captions one after another (ttmlparse joins what is shown at once into
    /// one buffer), in two regions of different heights.
    static var pal: CaptionDocument {
        func at(_ frames: Int64) -> MediaTime { MediaTime(value: frames, timescale: 25) }
        return CaptionDocument(
            captions: [
                Caption("Hello\nworld", start: at(25), end: at(63), region: upper),
                Caption("Bottom & <line>", start: at(75), end: at(100), region: bottom),
                Caption("Back up", start: at(113), end: at(130), region: upper),
            ], language: "en", frameRate: .fps25, dropFrame: false)
    }

    /// GStreamer's ttmlparse reads our iTT (times rewritten as the clock times its labels stand
    /// for, which is all it reads): the same texts and times (frames ÷ 25, to the millisecond).
    /// ttmlrender then draws each caption inside its region's box on a 320×180 picture, at the
    /// edge the region's displayAlign names.
    @Test func gstreamerReadsOurITTWithTheSameTextsTimesAndRegions() throws {
        let dir = try TemporaryDirectory("itt-gstreamer")
        let (text, _) = try ITTTest.write(Self.pal, options: CaptionFormatOptions(frameRate: .fps25, dropFrame: false))
        let path = dir.path("ours.ttml")
        try TTMLPeers.forGStreamer(text).write(toFile: path, atomically: true, encoding: .utf8)
        let theirs = try TTMLPeers.gstreamer(path)
        let expected: [TTMLPeers.Cue] = [
            .init(start: 1.0, end: 2.52, text: "Hello\nworld"), .init(start: 3.0, end: 4.0, text: "Bottom & <line>"),
            .init(start: 4.52, end: 5.2, text: "Back up"),
        ]
        let differences = ITTPeer.differences(theirs, expected, tolerance: 0.0005)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")

        // Where ttmlrender draws them, at 10 frames a second: 2.0 s, 3.5 s, 5.0 s.
        let (width, height) = (320, 180)
        let ink = try TTMLPeers.gstreamerInk(path, width: width, height: height, rate: 10, seconds: 6, in: dir)
        // (region, frame): upper is x 32…288, y 9…45 (10 %/5 %, 80 %/20 %), text at its top;
        // bottom is x 0…320, y 153…180 (0 %/85 %, 100 %/15 %), text at its foot.
        for (box, frame, atTop) in [
            ((32, 288, 9, 45), 20, true), ((0, 320, 153, 180), 35, false), ((32, 288, 9, 45), 50, true),
        ] {
            let drawn = try #require(ink[frame], "nothing drawn at frame \(frame)")
            #expect(
                drawn.minX >= box.0 && drawn.maxX < box.1 && drawn.minY >= box.2 && drawn.maxY < box.3,
                "frame \(frame): ink \(drawn) outside the region \(box)")
            let half = (box.3 - box.2) / 2
            #expect(atTop ? drawn.minY - box.2 < half : box.3 - drawn.maxY < half, "frame \(frame): \(drawn)")
        }
        for frame in [5, 27, 42, 56] {
            #expect(ink[frame] == nil, "frame \(frame) shows \(ink[frame].map { "\($0)" } ?? "")")
        }
    }
}
