import Foundation
import Media
import TestSupport
import Testing

/// A 32-character 608 row drawn by `captions preview` against FFmpeg with libass drawing the same
/// SCC file at the same frame size (Specs/cea608-look.md): the glyphs are as tall as libass draws
/// them (an ASS font size is the height of the font's line, as our row height is); across, our
/// row fills the 32 cells of the safe area (80 % of the centred 4:3 width, worked by hand), where
/// libass runs the row at the face's own advance and stops short. (These sizes are not 4:3:
/// libass stretches FFmpeg's 4:3 script over the whole width, we keep 608's 4:3 area centred, so
/// the rows start apart; CEA608LibassPlacementTests compares columns on 4:3 pictures.) Both pictures are
/// measured the same way: the bounding box of the light, opaque pixels (the glyphs; the boxes
/// behind them are black).
@Suite struct CEA608LibassWidthTests {
    /// One pop-on caption on row 15, column 1: RCL, PAC row 15 indent 0, 32 characters, EOC (each
    /// control code sent twice), then EDM at 4 s. Bytes with odd parity, written out by hand.
    static let scc = """
        Scenarist_SCC V1.0

        00:00:00:00	9420 9420 94e0 94e0 54c8 4520 51d5 4943 cb20 c252 4f57 ce20 464f 5820 4ad5 cdd0 d320 4fd6 4552 20b9 942f 942f

        00:00:04:00	942c 942c

        """
    static let text = "THE QUICK BROWN FOX JUMPS OVER 9"

    @Test(arguments: ["1920x1080", "720x480"])
    func fullRowFillsTheSafeWidthAtTheHeightLibassDraws(size: String) throws {
        #expect(Self.text.count == 32)
        let dir = try TemporaryDirectory()
        let scc = dir.path("row.scc")
        try Self.scc.write(toFile: scc, atomically: true, encoding: .utf8)

        let libass = dir.path("libass.png")
        let ffmpeg = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=black:s=\(size):d=2:r=30", "-vf",
                "subtitles=\(scc)", "-ss", "1", "-frames:v", "1", "-update", "1", libass,
            ])
        try #require(ffmpeg.status == 0, "ffmpeg: \(ffmpeg.stderr)")

        let ours = dir.path("ours.png")
        let preview = try CLIRunner.run(["preview", scc, "--at", "1", "--size", size, "-o", ours])
        try #require(preview.status == 0, "preview: \(preview.stderr)")

        let theirs = try #require(try Self.inkBox(libass), "libass drew nothing")
        let mine = try #require(try Self.inkBox(ours), "preview drew nothing")
        let parts = size.split(separator: "x").compactMap { Double($0) }
        let safeWidth = min(parts[0], parts[1] * 4 / 3) * 0.8
        let cell = safeWidth / 32
        // One row of text either way: the heights are of the same glyphs at the same size.
        #expect(
            abs(Double(mine.height) / Double(theirs.height) - 1) <= 0.15, "heights \(mine.height) and \(theirs.height)")
        // "THE … 9": ink from the T's bar to the 9, within a cell's side bearings of the 32 cells.
        #expect(
            Double(mine.width) > safeWidth - cell && Double(mine.width) <= safeWidth,
            "\(size): ours \(mine.width) px, the 32 cells \(safeWidth) px")
        #expect(theirs.width < mine.width, "libass \(theirs.width) px runs at the face's advance; ours \(mine.width)")
    }

    /// The bounding box of the opaque pixels lighter than mid-grey in the PNG at `path`.
    static func inkBox(_ path: String) throws -> (minX: Int, width: Int, height: Int)? {
        let picture = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let i = (y * picture.width + x) * 4
                let p = picture.rgba
                let light = (Int(p[i]) + Int(p[i + 1]) + Int(p[i + 2])) / 3 > 128
                guard light, p[i + 3] > 128 else { continue }
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, maxX - minX + 1, maxY - minY + 1)
    }
}
