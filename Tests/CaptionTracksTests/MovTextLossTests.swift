import CaptionCore
import CaptionTracks
import Testing

/// What a `tx3g` track cannot show is a warning on write, once per kind, naming the captions
/// (1-based, as SRT's). TS 26.245 §5.16–5.17 carry per range bold, italic, underline, one font,
/// a size and an RGBA colour (`styl`), blinking (`blnk`); the whole box's place, justification
/// and background are the sample description's, which our builder writes once (bottom centre,
/// transparent, `Sans-Serif` at 18). Expected names and numbers are worked out by hand.
@Suite struct MovTextLossTests {
    static func seconds(_ s: Int64) -> MediaTime { MediaTime(value: s, timescale: 1) }

    static func caption(_ runs: [CaptionRun], at second: Int64) -> Caption {
        Caption(runs: runs, timeRange: TimeRange(start: seconds(second), end: seconds(second + 1)))
    }

    static func run(_ text: String, _ change: (inout CaptionTextStyle) -> Void) -> CaptionRun {
        var style = CaptionTextStyle()
        change(&style)
        return CaptionRun(text, style: style)
    }

    static func diagnostics(_ document: CaptionDocument) throws -> [Diagnostic] {
        try MovTextTrackBuilder(quickTime: false, language: .undetermined).track(
            for: document, frameRate: nil, alternateGroup: 1, enabled: true, fileName: "in.json"
        ).diagnostics
    }

    /// Caption 1 is what tx3g carries; 2 the run styles it does not; 3 the caption's place and
    /// presentation; 4 TTML's layout; 5 text past the 16-bit text length; the document a region
    /// shown with no caption.
    @Test func eachKindOfLossIsOneWarningNamingItsCaptions() throws {
        let carried = [
            Self.run("bold ") { $0.bold = true }, Self.run("italic ") { $0.italic = true },
            Self.run("under ") { $0.underline = true }, Self.run("red ") { $0.textColor = .red },
            Self.run("flash ") { $0.flash = true }, Self.run("sans") { $0.fontFamily = "sansSerif" },
        ]
        let runStyles = [
            Self.run("bg ") { $0.backgroundColor = .black },
            Self.run("漢字 ") { $0.ruby = CaptionRuby(text: "かんじ") },
            Self.run("12 ") { $0.textCombine = true },
            Self.run("edge ") { $0.edge = CaptionEdge(.raised) },
            Self.run("mono ") { $0.fontFamily = "Courier" },
            Self.run("big") { $0.fontSize = .percent(150) },
        ]
        var placed = Self.caption([CaptionRun("placed")], at: 3)
        placed.region = CaptionRegion(
            origin: CaptionPoint(x: .percent(10), y: .percent(10)),
            size: CaptionSize(width: .percent(80), height: .percent(20)),
            writingMode: .topToBottomAndRightToLeft, scroll: .rollUp(rows: 3), background: .black,
            border: CaptionEdge(.uniform))
        placed.textAlignment = .left
        placed.animation = .characterReveal
        placed.forcedDisplay = true
        var layout = Self.caption(
            [
                Self.run("struck ") { $0.lineThrough = true },
                Self.run("outlined ") { $0.edge = CaptionEdge(.uniform, width: .percent(5)) },
                Self.run("shadowed ") { $0.shadows = [CaptionShadow(offsetX: .pixels(2), offsetY: .pixels(2))] },
                Self.run("dotted ") { $0.emphasis = CaptionEmphasis(shape: .dot) },
                Self.run("embedded ") { $0.bidi = CaptionBidi(.embed, .rightToLeft) },
                Self.run("bg") { $0.backgroundColor = .blue },
            ], at: 4)
        layout.lineHeight = .percent(125)
        layout.wrapsLines = false
        layout.direction = .rightToLeft
        layout.blockBackground = .black
        let long = Self.caption([CaptionRun(String(repeating: "x", count: 70_000))], at: 5)
        let document = CaptionDocument(
            captions: [
                Self.caption(carried, at: 1), Self.caption(runStyles, at: 2), placed, layout, long,
            ],
            regionBackdrops: [
                CaptionRegionBackdrop(
                    region: CaptionRegion(background: .black),
                    timeRange: TimeRange(start: Self.seconds(0), end: Self.seconds(6)))
            ])

        let found = try Self.diagnostics(document)
        let cannot = "a tx3g track cannot carry "
        let style = [
            "text background colours: captions 2, 4",
            "ruby (annotations left out): caption 2",
            "text-combine (horizontal in vertical): caption 2",
            "character edges (outlines, raised, depressed, drop shadows): captions 2, 4",
            "font families other than the track's Sans-Serif: caption 2",
            "font sizes (written at the track's 18): caption 2",
            "exact positions (shown at the bottom centre): caption 3",
            "vertical text: caption 3",
            "region backgrounds: caption 3",
            "region borders: caption 3",
            "roll-up (written as pop-on): caption 3",
            "text alignment other than centred: caption 3",
            "paint-on (written as pop-on): caption 3",
            "forced display: caption 3",
            // Caption.ttmlLayoutLosses' names.
            "line height: caption 4",
            "lines that do not wrap: caption 4",
            "paragraph backgrounds: caption 4",
            "a paragraph direction: caption 4",
            "line-through text: caption 4",
            "outline thickness: caption 4",
            "text shadows: caption 4",
            "emphasis marks: caption 4",
            "bidirectional embeddings: caption 4",
            // CaptionDocument.ttmlDocumentLosses.
            "regions shown with no caption in them (1)",
        ].map { "mov-text.style " + cannot + $0 }
        let length = ["mov-text.length " + cannot + "text past a sample's 65,535 bytes (cut): caption 5"]
        let messages = found.map { "\($0.ruleID) \($0.message)" }
        #expect(messages.count == style.count + length.count, "\(messages)")
        #expect(Set(messages) == Set(style + length), "\(messages)")
        #expect(found.allSatisfy { $0.severity == .warning && $0.location.file == "in.json" })
    }

    /// Bold, italic, underline, a colour, flashing text and the track's own font are all
    /// written: no warning.
    @Test func whatTx3gCarriesIsNoLoss() throws {
        let runs = [
            Self.run("bold ") { $0.bold = true }, Self.run("italic ") { $0.italic = true },
            Self.run("under ") { $0.underline = true },
            Self.run("yellow ") { $0.textColor = CaptionColor(red: 255, green: 255, blue: 0, alpha: 128) },
            Self.run("flash ") { $0.flash = true }, Self.run("sans") { $0.fontFamily = "Sans-Serif" },
        ]
        var centred = Self.caption(runs, at: 1)
        centred.textAlignment = .center
        #expect(try Self.diagnostics(CaptionDocument(captions: [centred])).isEmpty)
    }

    /// Numbers count every caption of the document, those left out too (an untimed caption 1
    /// makes the flagged caption number 2).
    @Test func numbersAreTheDocumentsOwn() throws {
        let untimed = Caption(runs: [CaptionRun("when?")], timeRange: TimeRange(start: .indefinite, end: .indefinite))
        let document = CaptionDocument(captions: [
            untimed, Self.caption([Self.run("bg") { $0.backgroundColor = .black }], at: 1),
        ])
        let found = try Self.diagnostics(document)
        #expect(found.map(\.ruleID) == ["tracks.untimed", "mov-text.style"])
        #expect(found.last?.message == "a tx3g track cannot carry text background colours: caption 2")
    }

    // MARK: - Blinking text

    /// Flashing text is a `blnk` box per stretch (TS 26.245 §5.17: start and end character
    /// offsets), after `styl`; it reads back as flashing runs.
    @Test func flashingTextIsABlinkBoxAndReadsBack() {
        let sample = MovTextSample(runs: [
            CaptionRun("a"), Self.run("bc") { $0.flash = true },
            Self.run("d") {
                $0.flash = true; $0.bold = true
            },
        ])
        let expected: [UInt8] =
            [0, 4, 0x61, 0x62, 0x63, 0x64]
            // Character 3 bold: 8 + 2 + 12 bytes.
            + [0, 0, 0, 22, 0x73, 0x74, 0x79, 0x6C, 0, 1] + [0, 3, 0, 4, 0, 1, 1, 18, 255, 255, 255, 255]
            // Characters 1–4 blink: one range, the two runs joined.
            + [0, 0, 0, 12, 0x62, 0x6C, 0x6E, 0x6B, 0, 1, 0, 4]
        #expect(sample.bytes() == expected)
        let back = MovTextSample.read(expected)
        #expect(back.problems.isEmpty)
        #expect(back.sample.runs.map(\.text) == ["a", "bc", "d"])
        #expect(back.sample.runs.map(\.style.flash) == [false, true, true])
        #expect(back.sample.runs.map(\.style.bold) == [false, false, true])
    }

    /// Through the track builder: the sample of a flashing caption reads back flashing.
    @Test func flashingCaptionsReadBackFromTheTrack() throws {
        let captions = [Self.caption([CaptionRun("now "), Self.run("flash") { $0.flash = true }], at: 1)]
        let (track, diagnostics) = try MovTextTrackBuilder(quickTime: false, language: .undetermined).track(
            for: captions, frameRate: nil, alternateGroup: 1, enabled: true)
        #expect(diagnostics.isEmpty)
        let runs = MovTextSample.read(try #require(track.samples.last).data).sample.runs
        #expect(runs == captions[0].runs)
    }

    /// A `blnk` range past the text is ignored with a problem; one that reaches past the end is
    /// cut there; a body too short for its range is a problem.
    @Test func blinkBoxesOutsideTheTextAreProblems() {
        let text: [UInt8] = [0, 2, 0x48, 0x69]
        let outside = MovTextSample.read(text + [0, 0, 0, 12, 0x62, 0x6C, 0x6E, 0x6B, 0, 5, 0, 9])
        #expect(outside.sample.runs == [CaptionRun("Hi")])
        #expect(outside.problems == ["the blnk modifier box covers characters 5–9 of a 2-character text; ignored"])
        let past = MovTextSample.read(text + [0, 0, 0, 12, 0x62, 0x6C, 0x6E, 0x6B, 0, 1, 0, 9])
        #expect(past.problems.isEmpty)
        #expect(past.sample.runs.map(\.style.flash) == [false, true])
        let short = MovTextSample.read(text + [0, 0, 0, 10, 0x62, 0x6C, 0x6E, 0x6B, 0, 1])
        #expect(short.problems.count == 1)
        #expect(short.sample.runs == [CaptionRun("Hi")])
    }
}
