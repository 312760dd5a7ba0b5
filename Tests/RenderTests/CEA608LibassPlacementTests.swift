import Foundation
import Media
import TestSupport
import Testing

/// Where `captions preview` draws 608 rows and columns, and in which colour, against FFmpeg's 608
/// decoder drawn by libass (`ffmpeg -vf subtitles=x.scc`) from the same SCC file: FFmpeg places
/// each row with `{\an7}{\pos(x,y)}` on the same grid (15 rows and 32 columns in the central 80 %
/// of a 4:3 picture; Specs/cea608-look.md) and colours it with `{\c}` from the PAC or mid-row
/// code. Compared: the top-left corner of the ink of each caption (within a quarter of a cell:
/// the two fonts' side bearings and ascenders differ by less) and the ink's colour.
@Suite struct CEA608LibassPlacementTests {
    struct Placed {
        var text: String
        var row: Int
        var column: Int
        var color: String
        var rgb: (Int, Int, Int)
    }

    /// Captions on the first, a middle and the last row, at the left, middle and right, in four
    /// 608 colours; each shown for one second, two seconds apart.
    static let placed = [
        Placed(text: "ROW ONE COL ZERO", row: 0, column: 0, color: "#FF00FFFF", rgb: (255, 0, 255)),
        Placed(text: "MIDDLE", row: 7, column: 12, color: "#00FFFFFF", rgb: (0, 255, 255)),
        Placed(text: "BOTTOM RIGHT", row: 14, column: 20, color: "#FFFF00FF", rgb: (255, 255, 0)),
        Placed(text: "GREEN FOUR", row: 3, column: 4, color: "#00FF00FF", rgb: (0, 255, 0)),
    ]

    static var json: String {
        let captions = placed.enumerated().map { i, p in
            """
            {"start": \(2 * i + 1), "end": \(2 * i + 2), "text": "\(p.text)",
             "region": {"origin": {"x": "\(p.column)c", "y": "\(p.row)c"},
                        "size": {"width": "\(p.text.count)c", "height": "1c"}},
             "styles": [{"text": "\(p.text)", "color": "\(p.color)"}]}
            """
        }
        return #"{"format": "captions-json", "version": 1, "captions": ["# + captions.joined(separator: ",") + "]}"
    }

    @Test(arguments: ["720x540", "640x480"])
    func rowsColumnsAndColoursLandWhereLibassDrawsThem(size: String) throws {
        let dir = try TemporaryDirectory("608-placement")
        let json = dir.path("cells.json")
        try Self.json.write(toFile: json, atomically: true, encoding: .utf8)
        let scc = dir.path("cells.scc")
        let convert = try CLIRunner.run(["convert", json, scc])
        try #require(convert.status == 0, "\(convert.stderr)")
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let (width, height) = (parts[0], parts[1])
        let cellWidth = Double(width) * 0.8 / 32
        let rowHeight = Double(height) * 0.8 / 15

        for (i, p) in Self.placed.enumerated() {
            let at = String(2 * i + 1) + ".5"
            let libass = dir.path("libass-\(i).png")
            _ = try MediaTools.ffmpeg([
                "-f", "lavfi", "-i", "color=black:s=\(size):d=\(2 * Self.placed.count):r=30", "-vf",
                // Drawn in RGB: blending in 4:2:0 YUV moves a pure yellow to (247, 246, 41).
                "format=rgb24,subtitles=\(scc)",
                "-ss", at, "-frames:v", "1", "-update", "1", libass,
            ])
            let ours = dir.path("ours-\(i).png")
            let preview = try CLIRunner.run(["preview", scc, "--at", at, "--size", size, "-o", ours])
            try #require(preview.status == 0, "preview: \(preview.stderr)")
            let theirs = try #require(try Self.ink(libass), "libass drew nothing for \(p.text)")
            let mine = try #require(try Self.ink(ours), "preview drew nothing for \(p.text)")
            // The grid itself, worked by hand: both must put the caption's ink in its cell.
            let cellX = Double(width) * 0.1 + Double(p.column) * cellWidth
            let cellY = Double(height) * 0.1 + Double(p.row) * rowHeight
            for (who, box) in [("libass", theirs), ("preview", mine)] {
                #expect(
                    Double(box.minX) >= cellX - 1 && Double(box.minX) < cellX + cellWidth,
                    "\(size) \(p.text): \(who) ink starts at x \(box.minX), cell at \(cellX)")
                #expect(
                    Double(box.minY) >= cellY - rowHeight / 4 && Double(box.minY) < cellY + rowHeight,
                    "\(size) \(p.text): \(who) ink starts at y \(box.minY), row at \(cellY)")
            }
            #expect(
                abs(Double(mine.minX - theirs.minX)) <= cellWidth / 4
                    && abs(Double(mine.minY - theirs.minY)) <= rowHeight / 4,
                "\(size) \(p.text): ours at (\(mine.minX), \(mine.minY)), libass at (\(theirs.minX), \(theirs.minY))")
            for (who, colour) in [("libass", theirs.colour), ("preview", mine.colour)] {
                let expected = [p.rgb.0, p.rgb.1, p.rgb.2]
                #expect(
                    zip(colour, expected).allSatisfy { abs($0 - $1) <= 40 },
                    "\(size) \(p.text): \(who) ink colour \(colour), the caption's \(expected)")
            }
        }
    }

    /// The top-left corner of the pixels brighter than mid-grey in any channel and opaque, and
    /// the median colour of the brightest of them (the glyph cores, not their anti-aliased edges).
    static func ink(_ path: String) throws -> (minX: Int, minY: Int, colour: [Int])? {
        let picture = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var minX = Int.max, minY = Int.max
        var channels: [[Int]] = [[], [], []]
        let p = picture.rgba
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let i = (y * picture.width + x) * 4
                let brightest = max(p[i], p[i + 1], p[i + 2])
                guard brightest > 128, p[i + 3] > 128 else { continue }
                minX = min(minX, x)
                minY = min(minY, y)
                if brightest > 230 { for c in 0..<3 { channels[c].append(Int(p[i + c])) } }
            }
        }
        guard minX != Int.max, !channels[0].isEmpty else { return nil }
        return (minX, minY, channels.map { $0.sorted()[$0.count / 2] })
    }
}
