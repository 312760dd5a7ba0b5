import CaptionCore
import Render
import Testing

/// The CEA-608 look as a decoder shows it: roll-up windows stack their lines, centred pop-on
/// rows stay centred, the grid keeps to the 4:3 area and characters fill their cells. Expected
/// values come from the pictures (ink found by colour), never from the renderer's geometry.
@Suite struct CEA608LookTests {
    static let t1 = MediaTime(value: 1, timescale: 1)

    static func caption(
        _ text: String, colour: CaptionColor = .white, background: CaptionColor? = nil, region: CaptionRegion,
        from: Int64 = 0, to: Int64 = 10, alignment: CaptionTextAlignment? = nil
    ) -> Caption {
        Caption(
            runs: [CaptionRun(text, style: CaptionTextStyle(textColor: colour, backgroundColor: background))],
            timeRange: TimeRange(start: MediaTime(value: from, timescale: 1), end: MediaTime(value: to, timescale: 1)),
            region: region, textAlignment: alignment)
    }

    static func render(_ captions: [Caption], size: RenderSize, at time: MediaTime = t1) throws -> RGBAImage {
        let renderer = try CaptionRenderer(captions: captions, bounds: size, fonts: try TestFonts.catalog())
        return try renderer.render(at: time)
    }

    // MARK: - Roll-up

    /// Four roll-up lines in one 4-row window, as the SCC reader models them: each line is a
    /// caption whose region is the window; they came one after the other. Before the fix all
    /// four were drawn on the window's last row, one over the other.
    @Test func rollUpWindowShowsEveryLineOnItsOwnRowOldestOnTop() throws {
        let colours: [CaptionColor] = [.red, .green, .yellow, .cyan]
        let window = CaptionRegion.cells(row: 11, column: 0, rows: 4, columns: 32, scroll: .rollUp(rows: 4))
        let captions = colours.enumerated().map { index, colour in
            Self.caption("LINE \(index + 1) OF THE WINDOW", colour: colour, region: window, from: Int64(index))
        }
        let image = try Self.render(
            captions, size: RenderSize(width: 640, height: 360), at: MediaTime(value: 4, timescale: 1))
        let bands = try colours.map { try #require(InkBand(of: $0, in: image), "no ink of \($0)") }
        for (upper, lower) in zip(bands, bands.dropFirst()) {
            #expect(upper.maxY < lower.minY, "each line on its own row, older lines above: \(bands)")
        }
        // One row apart: the pitch between neighbours is the same.
        let pitches = zip(bands, bands.dropFirst()).map { $1.minY - $0.minY }
        #expect(Set(pitches).count == 1 || (pitches.max()! - pitches.min()!) <= 1, "row pitch \(pitches)")
    }

    /// A line that has just arrived pushes the others up; the oldest of five leaves a 4-row window.
    @Test func rollUpLinePushedAboveTheWindowIsGone() throws {
        let colours: [CaptionColor] = [.magenta, .red, .green, .yellow, .cyan]
        let window = CaptionRegion.cells(row: 11, column: 0, rows: 4, columns: 32, scroll: .rollUp(rows: 4))
        let captions = colours.enumerated().map { index, colour in
            Self.caption("LINE \(index + 1)", colour: colour, region: window, from: Int64(index))
        }
        let image = try Self.render(
            captions, size: RenderSize(width: 640, height: 360), at: MediaTime(value: 5, timescale: 1))
        #expect(InkBand(of: .magenta, in: image) == nil)
        let red = try #require(InkBand(of: .red, in: image))
        let cyan = try #require(InkBand(of: .cyan, in: image))
        #expect(red.maxY < cyan.minY)
    }

    // MARK: - Pop-on columns

    /// tos.scc at 00:00:42:10: two rows an encoder centred one by one (columns 6 and 2); the SCC
    /// reader makes them one centred caption on the whole grid width. Each row must stay centred,
    /// not start at column 0 as before the fix.
    @Test func centredPopOnRowsStayCentred() throws {
        let size = RenderSize(width: 960, height: 540)
        let caption = Self.caption(
            "\"Fourty years later\"\nWhatever, Thom. We're done.", colour: .yellow,
            region: .cells(row: 13, column: 0, rows: 2, columns: 32), alignment: .center)
        let image = try Self.render([caption], size: size)
        let rows = InkBand.rows(of: .yellow, in: image)
        #expect(rows.count == 2, "two rows of text: \(rows)")
        guard rows.count == 2 else { return }
        let short = rows[0], long = rows[1]
        // 20 and 27 characters centred on 32 columns start 6 and 2 cells in: the short row is
        // 7 cells narrower and 4 cells further right, so both have the same centre (within one
        // cell) and the picture's centre.
        let cell = Double(long.width) / 27
        #expect(abs(short.centreX - long.centreX) < cell, "row centres \(short.centreX) and \(long.centreX)")
        #expect(abs(long.centreX - Double(size.width) / 2) < cell)
        #expect(Double(short.minX - long.minX) > 3 * cell && Double(short.minX - long.minX) < 5 * cell)
    }

    /// Captions at their own columns on different rows keep their columns.
    @Test func popOnRowsAtDifferentColumnsKeepTheirColumns() throws {
        let size = RenderSize(width: 960, height: 540)
        let left = Self.caption("LEFT", colour: .red, region: .cells(row: 12, column: 0, rows: 1, columns: 4))
        let right = Self.caption("RIGHT", colour: .green, region: .cells(row: 14, column: 27, rows: 1, columns: 5))
        let image = try Self.render([left, right], size: size)
        let l = try #require(InkBand(of: .red, in: image))
        let r = try #require(InkBand(of: .green, in: image))
        // Column 0 and columns 27–31: the right caption ends where a full row would.
        let cell = Double(r.width) / 5
        #expect(Double(r.minX - l.minX) > 26 * cell && Double(r.minX - l.minX) < 28 * cell)
        #expect(abs((Double(l.minX) + Double(r.maxX)) / 2 - Double(size.width) / 2) < cell)
    }

    // MARK: - Cells

    /// On a 16:9 frame the grid keeps to the centred 4:3 area (1440 of 1920 px at 1080 lines):
    /// a full row stays inside it. Before the fix it spread over 80% of the frame's width.
    @Test func gridKeepsToTheCentred4by3AreaOnWideFrames() throws {
        let row = String(repeating: "W", count: 32)
        let image = try Self.render(
            [Self.caption(row, region: .cells(row: 14, column: 0, rows: 1, columns: 32))],
            size: RenderSize(width: 1920, height: 1080))
        let ink = try #require(InkBand(of: .white, in: image))
        #expect(ink.minX >= 240 && ink.maxX < 1680, "ink \(ink.minX)…\(ink.maxX) outside 240…1680")
        #expect(abs(ink.centreX - 960) < 30)
    }

    /// Characters fill their cells: solid blocks (U+2588) in neighbouring cells and rows touch,
    /// with no gap between them, and a row of them is as tall as the row pitch. Before the fix
    /// glyphs were about half as wide as their cells.
    @Test(arguments: [RenderSize(width: 1920, height: 1080), RenderSize(width: 720, height: 480)])
    func solidBlocksInNeighbouringCellsTouch(size: RenderSize) throws {
        let blocks = String(repeating: "\u{2588}", count: 8)
        let image = try Self.render(
            [
                Self.caption(
                    blocks, colour: .white, background: .clear, region: .cells(row: 7, column: 12, rows: 1, columns: 8)),
                Self.caption(
                    blocks, colour: .white, background: .clear, region: .cells(row: 8, column: 12, rows: 1, columns: 8)),
            ], size: size)
        let ink = try #require(InkBand(of: .white, in: image, threshold: 128))
        // Every pixel inside the blocks' bounding box is ink: no seam between cells or rows.
        var holes = 0
        for y in (ink.minY + 1)..<ink.maxY {
            for x in (ink.minX + 1)..<ink.maxX where (image.pixel(x: x, y: y)?.alpha ?? 0) < 128 { holes += 1 }
        }
        #expect(holes == 0, "\(holes) transparent pixels between the blocks")
        // Two rows of blocks are two row pitches tall: 15 rows fill 80% of the picture height.
        let pitch = Double(size.height) * 0.8 / 15
        #expect(abs(Double(ink.height) - 2 * pitch) <= 3, "blocks \(ink.height) px tall for a pitch of \(pitch)")
    }
}

/// The bounding box of the pixels of one colour in a picture.
struct InkBand: Equatable, CustomStringConvertible {
    var minX: Int, minY: Int, maxX: Int, maxY: Int

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
    var centreX: Double { Double(minX + maxX) / 2 }
    var description: String { "x \(minX)…\(maxX) y \(minY)…\(maxY)" }

    /// Pixels of `colour`'s hue, opaque and within `threshold` of it in every channel.
    init?(of colour: CaptionColor, in image: RGBAImage, threshold: Int = 60) {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where Self.matches(image.pixel(x: x, y: y), colour, threshold) {
                if let b = box {
                    box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
                } else {
                    box = (x, y, x, y)
                }
            }
        }
        guard let box else { return nil }
        (minX, minY, maxX, maxY) = box
    }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// The horizontal bands of `colour`, top to bottom: runs of picture rows holding it,
    /// separated by rows that do not.
    static func rows(of colour: CaptionColor, in image: RGBAImage, threshold: Int = 60) -> [InkBand] {
        var bands: [InkBand] = []
        var current: InkBand?
        for y in 0..<image.height {
            var lo = Int.max, hi = -1
            for x in 0..<image.width where matches(image.pixel(x: x, y: y), colour, threshold) {
                lo = min(lo, x)
                hi = max(hi, x)
            }
            if hi >= 0 {
                if var c = current {
                    c.minX = min(c.minX, lo)
                    c.maxX = max(c.maxX, hi)
                    c.maxY = y
                    current = c
                } else {
                    current = InkBand(minX: lo, minY: y, maxX: hi, maxY: y)
                }
            } else if let c = current {
                bands.append(c)
                current = nil
            }
        }
        if let current { bands.append(current) }
        return bands
    }

    static func matches(_ pixel: CaptionColor?, _ c: CaptionColor, _ threshold: Int) -> Bool {
        guard let p = pixel else { return false }
        return p.alpha >= 128 && abs(Int(p.red) - Int(c.red)) <= threshold
            && abs(Int(p.green) - Int(c.green)) <= threshold
            && abs(Int(p.blue) - Int(c.blue)) <= threshold
    }
}
