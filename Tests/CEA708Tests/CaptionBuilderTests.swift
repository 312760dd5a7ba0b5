// The caption builder on hand-written service data (CTA-708-E §8.10.5 commands, encoded by our
// exact encoder): what a viewer sees, as captions. Expected values are worked from the commands.

import CaptionCore
import Testing

@testable import CEA708

@Suite("CEA-708 service data → captions")
struct CEA708CaptionBuilderTests {
    static func t(_ seconds: Double) -> MediaTime { MediaTime(value: Int64(seconds * 1000), timescale: 1000) }

    static func data(_ commands: [CEA708Command]) throws -> [UInt8] { try CEA708Encoder.encode(commands) }

    /// A window on the 608 grid at row 12, column 4: absolute anchor 60 down, 25 + 20 across.
    static let hidden = CEA708WindowDefinition(
        window: 2, anchorVertical: 60, anchorHorizontal: 45, rowCount: 2, columnCount: 20, windowStyle: 2, penStyle: 1)

    @Test("A window filled while hidden, shown by DSW and hidden by HDW, is one pop-on caption in cells")
    func popOn() throws {
        var builder = CEA708CaptionBuilder()
        builder.receive(
            try Self.data([
                .defineWindow(Self.hidden), .setPenLocation(row: 0, column: 0), .text("HELLO"),
                .setPenLocation(row: 1, column: 0), .setPenAttributes(CEA708PenAttributes(italics: true)),
                .text("WORLD"),
            ]), at: Self.t(1))
        builder.receive(try Self.data([.displayWindows(CEA708WindowSet([2]))]), at: Self.t(2))
        builder.receive(try Self.data([.hideWindows(CEA708WindowSet([2]))]), at: Self.t(4.5))
        let result = builder.finish()
        let captions = result.document.captions
        try #require(captions.count == 1)
        #expect(captions[0].text == "HELLO\nWORLD")
        #expect(captions[0].timeRange == TimeRange(start: Self.t(2), end: Self.t(4.5)))
        #expect(captions[0].region == .cells(row: 12, column: 4, rows: 2, columns: 5))
        #expect(captions[0].normalizedRuns.map(\.style.italic) == [false, true])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("Roll-up: each line is a caption from its CR to when it scrolls out, its region the whole window")
    func rollUp() throws {
        var definition = Self.hidden
        definition.visible = true
        var builder = CEA708CaptionBuilder()
        builder.receive(
            try Self.data([.defineWindow(definition), .setPenLocation(row: 1, column: 0), .text("ONE")]), at: Self.t(1))
        builder.receive(try Self.data([.carriageReturn, .text("TWO")]), at: Self.t(2))
        builder.receive(try Self.data([.carriageReturn, .text("THREE")]), at: Self.t(3))
        let captions = builder.finish(at: Self.t(5)).document.captions
        #expect(captions.map(\.text) == ["ONE", "TWO", "THREE"])
        #expect(captions.map(\.timeRange.start) == [Self.t(1), Self.t(2), Self.t(3)])
        #expect(captions.map(\.timeRange.end) == [Self.t(3), Self.t(5), Self.t(5)])
        #expect(captions[0].region == .cells(row: 12, column: 4, rows: 2, columns: 3, scroll: .rollUp(rows: 2)))
    }

    @Test("Pen colours, opacity, font, size and edge map to the run style; a text tag is reported once")
    func styles() throws {
        var pen = CEA708PenAttributes(penSize: .large, fontStyle: CEA708FontStyle(rawValue: 3), underline: true)
        pen.textTag = CEA708TextTag(rawValue: 9)
        pen.edgeType = .uniform
        let color = CEA708PenColor(
            foreground: CEA708Color(red: 3, green: 3, blue: 0), background: CEA708Color(red: 0, green: 0, blue: 2),
            backgroundOpacity: .translucent)
        var builder = CEA708CaptionBuilder()
        builder.receive(
            try Self.data([
                .defineWindow(Self.hidden), .setPenAttributes(pen), .setPenColor(color), .text("BANG"),
                .setPenLocation(row: 1, column: 0), .text("BOOM"), .displayWindows(CEA708WindowSet([2])),
            ]), at: Self.t(1))
        let result = builder.finish(at: Self.t(2))
        let runs = result.document.captions.first?.normalizedRuns ?? []
        try #require(runs.count == 1)
        #expect(runs[0].style.textColor == CaptionColor.yellow)
        #expect(runs[0].style.backgroundColor == CaptionColor(red: 0, green: 0, blue: 170, alpha: 128))
        #expect(runs[0].style.fontFamily == "monospaceSansSerif")
        #expect(runs[0].style.fontSize == .percent(120))
        #expect(runs[0].style.underline)
        #expect(runs[0].style.edge == CaptionEdge(.uniform, color: .black))
        #expect(result.diagnostics.map(\.ruleID).sorted() == ["708.model.text-tag"])
    }

    // Bytes worked by hand from §8.10.5 (not by our encoder): DF2 hidden at grid row 60, column 45
    // (608 row 12, column 4), 2 rows × 5 columns, window style 2, pen style 1; SWA 97 03 70 0C 00:
    // fill solid (0) blue (0,0,3), border type 1 (raised) in red (3,0,0), bottom-to-top scroll;
    // SPA 90 05 28: standard pen, normal offset, edge type 5 (right drop shadow); SPC 91 3F 00 0C:
    // white on solid black, edge green (0,3,0); DSW 89 04 then HDW 8A 04 a second later.
    @Test("Window fill and border and the pen's edge, from hand-worked bytes, are the region's and the run's")
    func fillBorderAndEdgeFromBytes() throws {
        var builder = CEA708CaptionBuilder()
        let define: [UInt8] = [0x9A, 0x18, 60, 45, 0x01, 0x04, 0x11]
        builder.receive(
            define + [0x97, 0x03, 0x70, 0x0C, 0x00, 0x90, 0x05, 0x28, 0x91, 0x3F, 0x00, 0x0C] + Array("HELLO".utf8)
                + [0x89, 0x04], at: Self.t(1))
        builder.receive([0x8A, 0x04], at: Self.t(2))
        let result = builder.finish(at: Self.t(3))
        let caption = try #require(result.document.captions.first)
        #expect(caption.text == "HELLO")
        #expect(caption.region?.background == CaptionColor(red: 0, green: 0, blue: 255))
        #expect(caption.region?.border == CaptionEdge(.raised, color: CaptionColor(red: 255, green: 0, blue: 0)))
        #expect(
            caption.runs.map(\.style.edge) == [
                CaptionEdge(.rightDropShadow, color: CaptionColor(red: 0, green: 255, blue: 0))
            ])
        // The text fills one of the window's two rows: the fill is kept on that row only, said once.
        #expect(result.diagnostics.map(\.ruleID) == ["708.model.window-fill"])
    }

    @Test("A window the text fills, with a translucent fill, gives its region the fill and says nothing")
    func wholeWindowFill() throws {
        var builder = CEA708CaptionBuilder()
        var attributes = CEA708WindowAttributes(
            fillColor: CEA708Color(red: 3, green: 3, blue: 0), fillOpacity: .translucent)
        attributes.borderType = .uniform
        let window = CEA708WindowDefinition(
            window: 0, anchorVertical: 60, anchorHorizontal: 45, rowCount: 1, columnCount: 5, windowStyle: 2,
            penStyle: 1)
        builder.receive(
            try Self.data([
                .defineWindow(window), .setWindowAttributes(attributes), .text("HELLO"),
                .displayWindows(CEA708WindowSet([0])),
            ]), at: Self.t(1))
        let result = builder.finish(at: Self.t(2))
        let caption = try #require(result.document.captions.first)
        #expect(caption.region?.background == CaptionColor(red: 255, green: 255, blue: 0, alpha: 128))
        #expect(caption.region?.border == CaptionEdge(.uniform, color: .black))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("A window not on the 608 grid is a region in percent of the picture (safe-title area 80 %)")
    func percentRegion() throws {
        let definition = CEA708WindowDefinition(
            window: 0, anchorPoint: .bottomCenter, relativePositioning: true, anchorVertical: 90,
            anchorHorizontal: 50, rowCount: 1, columnCount: 21, windowStyle: 2, penStyle: 1)
        var builder = CEA708CaptionBuilder()
        builder.receive(
            try Self.data([.defineWindow(definition), .text("X"), .displayWindows(CEA708WindowSet([0]))]),
            at: Self.t(1))
        let region = try #require(builder.finish(at: Self.t(2)).document.captions.first?.region)
        // Anchor 50 %, 90 % of the safe area → 50 %, 82 % of the picture; the window is 21 of 42
        // columns (40 % wide) and one of 15 rows (5.33 %) high, its bottom centre at the anchor.
        #expect(region.origin == CaptionPoint(x: .percent(30), y: .percent(76.67)))
        #expect(region.size == CaptionSize(width: .percent(1.9), height: .percent(5.33)))
    }

    @Test("Decoder warnings become diagnostics located by time, with the byte offset")
    func warnings() throws {
        var builder = CEA708CaptionBuilder()
        builder.receive(try Self.data([.text("LOST")]), at: Self.t(7))
        let diagnostics = builder.finish().diagnostics
        #expect(diagnostics.map(\.ruleID) == ["708.no-current-window"])
        #expect(diagnostics.first?.location.time == Self.t(7))
        #expect(diagnostics.first?.message.hasPrefix("byte 0") == true)
    }

    @Test("Windows shown together become captions from top to bottom, whatever their window numbers")
    func readingOrder() throws {
        var lower = Self.hidden
        lower.window = 1
        lower.anchorVertical = 70  // row 14
        var upper = Self.hidden
        upper.window = 5
        upper.anchorVertical = 10  // row 2
        var builder = CEA708CaptionBuilder()
        builder.receive(
            try Self.data([
                .defineWindow(lower), .text("LOWER"), .defineWindow(upper), .text("UPPER"),
                .displayWindows(CEA708WindowSet([1, 5])),
            ]), at: Self.t(1))
        builder.receive(try Self.data([.hideWindows(CEA708WindowSet([1, 5]))]), at: Self.t(2))
        #expect(builder.finish().document.captions.map(\.text) == ["UPPER", "LOWER"])
    }

    @Test("Captions shown together keep their order through encode and read, so a rewrite sends the same bytes")
    func readingOrderSettles() throws {
        // Eight captions freed last-first, so that the encoder (least recently freed first) gives
        // the upper of the next two window 7 and the lower window 6: read by window number they
        // came back swapped, and each rewrite swapped them again (the mcc fuzz target, 2026-11-29).
        var captions = (0..<8).map { n in
            Caption(
                "C\(n)", start: Self.t(0), end: Self.t(2 - Double(n) / 10),
                region: .cells(row: 1 + n, column: 0, rows: 1, columns: 4))
        }
        captions.append(
            Caption("UPPER", start: Self.t(3), end: Self.t(4), region: .cells(row: 2, column: 0, rows: 1, columns: 5)))
        captions.append(
            Caption("LOWER", start: Self.t(3), end: Self.t(4), region: .cells(row: 14, column: 0, rows: 1, columns: 5)))
        let first = CEA708CaptionEncoder().encode(CaptionDocument(captions: captions))
        let windows = first.chunks.filter { $0.captionIndices == [8] || $0.captionIndices == [9] }.compactMap(\.window)
        #expect(Set(windows) == [6, 7])
        func read(_ encoding: CEA708ServiceEncoding) -> CaptionDocument {
            CEA708CaptionBuilder.read(encoding.timedData.map { (time: $0.time, data: $0.bytes) }).document
        }
        #expect(read(first).captions.suffix(2).map(\.text) == ["UPPER", "LOWER"])
        // The first write fits each window to its text; from the second on, the bytes are the same.
        let second = CEA708CaptionEncoder().encode(read(first))
        #expect(read(second).captions.suffix(2).map(\.text) == ["UPPER", "LOWER"])
        let third = CEA708CaptionEncoder().encode(read(second))
        #expect(third.timedData.map(\.bytes) == second.timedData.map(\.bytes))
    }
}
