import CEA608
import CaptionCore

/// Generated documents for the SCC writer's round-trip and cross-check tests: every style,
/// position, mode and character of CEA-608, on the 29.97 fps frame grid.
enum WriterTestDocuments {
    static let rate = FrameRate.fps29_97

    static func time(_ frame: Int64) -> MediaTime { rate.time(ofFrame: frame) }

    /// A pop-on caption at a 0-based row and column.
    static func popOn(_ runs: [CaptionRun], row: Int, column: Int, lines: Int = 1, start: Int64, end: Int64)
        -> Caption
    {
        Caption(
            runs: runs, timeRange: TimeRange(start: time(start), end: time(end)),
            region: .cells(row: row, column: column, rows: lines, columns: 32 - column))
    }

    /// The eight colours as the reader reports them: white is the default (nil).
    static let foregrounds: [CaptionColor?] = [nil, .green, .blue, .cyan, .red, .yellow, .magenta, .black]

    /// Backgrounds as the reader reports them: default (nil), opaque, semi-transparent
    /// (alpha 128, SCCReader.semiTransparentAlpha) and transparent (.clear).
    static let backgrounds: [CaptionColor?] =
        [nil] + [CaptionColor.white, .green, .blue, .cyan, .red, .yellow, .magenta]
        + [CaptionColor.white, .green, .blue, .cyan, .red, .yellow, .magenta, .black].map { $0.withAlpha(128) }
        + [.clear]

    /// Styles covering every attribute value and many combinations.
    static func styles() -> [CaptionTextStyle] {
        var result: [CaptionTextStyle] = []
        var index = 0
        for foreground in foregrounds {
            for italic in [false, true] {
                for underline in [false, true] {
                    for flash in [false, true] {
                        let background = backgrounds[index % backgrounds.count]
                        index += 1
                        result.append(
                            CaptionTextStyle(
                                textColor: foreground, backgroundColor: background, italic: italic,
                                underline: underline, flash: flash))
                    }
                }
            }
        }
        // Every background with plain text too.
        for background in backgrounds { result.append(CaptionTextStyle(backgroundColor: background)) }
        return result
    }

    /// Pop-on captions with style changes at spaces (four spaces: room for every code a change
    /// can need), starting at column 5 so the first run's codes fit before it; every other one
    /// replaces its predecessor without a gap. The spaces have the style of the word before
    /// them, as a decoder shows them: the codes that take their cells show a space in the
    /// attributes before them (15.119(h)(1)), so a space underlined otherwise would change, which
    /// the writer reports (`608.space-underline`).
    static func styledPopOn(from startFrame: Int64) -> (captions: [Caption], next: Int64) {
        let all = styles()
        var captions: [Caption] = []
        var frame = startFrame
        var index = 0
        while index < all.count {
            let a = all[index]
            let b = all[(index + 1) % all.count]
            let c = all[(index + 7) % all.count]
            let runs = [
                CaptionRun("Ab    ", style: a), CaptionRun("cd    ", style: b), CaptionRun("Ef", style: c),
            ]
            let end = frame + 60
            captions.append(popOn(runs, row: 2 + index % 12, column: 5 + index % 9, start: frame, end: end))
            frame = index % 2 == 0 ? end : end + 30
            index += 3
        }
        return (captions, frame + 30)
    }

    /// One-character captions on every row (1–15) and at every column (0–31).
    static func positions(from startFrame: Int64) -> (captions: [Caption], next: Int64) {
        var captions: [Caption] = []
        var frame = startFrame
        for index in 0..<64 {
            let text = String(index % 10)
            captions.append(
                popOn([CaptionRun(text)], row: index % 15, column: index % 32, start: frame, end: frame + 20))
            frame += 30
        }
        // Column 0 with a colour or italics (the styled PAC) and column 31.
        captions.append(
            popOn(
                [CaptionRun("Y", style: CaptionTextStyle(textColor: .yellow))], row: 0, column: 0, start: frame,
                end: frame + 20))
        frame += 30
        captions.append(
            popOn(
                [CaptionRun("I", style: CaptionTextStyle(italic: true, underline: true))], row: 14, column: 0,
                start: frame, end: frame + 20))
        frame += 30
        captions.append(popOn([CaptionRun("Z")], row: 7, column: 31, start: frame, end: frame + 20))
        frame += 30
        // Two lines, same column.
        captions.append(
            popOn([CaptionRun("two\nlines")], row: 12, column: 10, lines: 2, start: frame, end: frame + 40))
        frame += 60
        return (captions, frame)
    }

    /// Every character of the CEA-608 set, 24 to a line, in pop-on captions. Spaces never start
    /// or end a line (the reader trims them, as blank cells).
    static func characters(from startFrame: Int64) -> (captions: [Caption], next: Int64) {
        var characters = CEA608CharacterSet.entries.map(\.character).filter { $0 != " " }
        // The space inside a line.
        characters.insert(" ", at: 5)
        var captions: [Caption] = []
        var frame = startFrame
        var offset = 0
        while offset < characters.count {
            let line = String(characters[offset..<min(offset + 24, characters.count)])
            captions.append(popOn([CaptionRun(line)], row: 13, column: 2, start: frame, end: frame + 60))
            frame += 140
            offset += 24
        }
        return (captions, frame)
    }

    /// Roll-up segments of 2, 3 and 4 rows. A line leaves when the CR of the line `rows` later
    /// rolls it out: that CR is the start of that line (Specs/scc.md, "Start of a roll-up line
    /// or paint-on caption"), whatever follows it. The last lines leave together at the
    /// segment's EDM.
    static func rollUp(from startFrame: Int64) -> (captions: [Caption], next: Int64) {
        var captions: [Caption] = []
        var frame = startFrame
        for rows in 2...4 {
            let baseRow = 10 + rows  // 0-based; the window ends on it
            let lineCount = rows + 3
            let starts = (0..<lineCount).map { frame + Int64($0) * 40 }
            let segmentEnd = starts[lineCount - 1] + 60
            for k in 0..<lineCount {
                let pusher = k + rows
                let end = pusher < lineCount ? starts[pusher] : segmentEnd
                let style: CaptionTextStyle =
                    switch k % 3 {
                    case 1: CaptionTextStyle(italic: true)
                    case 2: CaptionTextStyle(textColor: .cyan, underline: true)
                    default: .plain
                    }
                captions.append(
                    Caption(
                        runs: [CaptionRun("RU\(rows) line \(k + 1)", style: style)],
                        timeRange: TimeRange(start: time(starts[k]), end: time(end)),
                        region: .cells(
                            row: baseRow - rows + 1, column: 0, rows: rows, columns: 32, scroll: .rollUp(rows: rows))))
            }
            frame = segmentEnd + 60
        }
        return (captions, frame)
    }

    /// Paint-on captions of one line at several columns and styles. (A caption of two lines is
    /// painted row by row, and each row is read back as a caption from its own PAC:
    /// WriterRoundTripTests.paintOnRowsComeBackFromTheirOwnPACs.)
    static func paintOn(from startFrame: Int64) -> (captions: [Caption], next: Int64) {
        var captions: [Caption] = []
        var frame = startFrame
        let cases: [(String, CaptionTextStyle, Int, Int)] = [
            ("paint one", .plain, 0, 3),
            ("paint two", CaptionTextStyle(textColor: .magenta), 1, 7),
            ("Ünïcödé ♪", CaptionTextStyle(italic: true), 9, 4),
            ("flash", CaptionTextStyle(underline: true, flash: true), 14, 20),
        ]
        for (text, style, row, column) in cases {
            var caption = popOn(
                [CaptionRun(text, style: style)], row: row, column: column, lines: text.contains("\n") ? 2 : 1,
                start: frame, end: frame + 70)
            caption.animation = .characterReveal
            captions.append(caption)
            frame += 130
        }
        return (captions, frame)
    }

    /// Everything above in one document.
    static func everything() -> CaptionDocument {
        var captions: [Caption] = []
        var frame: Int64 = 90
        for part in [styledPopOn, positions, characters, rollUp, paintOn] {
            let made = part(frame)
            captions += made.captions
            frame = made.next
        }
        return CaptionDocument(captions: captions, frameRate: rate, dropFrame: true)
    }
}
