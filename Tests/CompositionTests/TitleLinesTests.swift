import Foundation
import TestSupport
import Testing

/// Titles of several lines (`\n` in the text), left-, centre- and right-aligned, composed onto a
/// black clip with DejaVu Sans Bold and read back by ffmpeg: each line's ink rows are found a
/// line spacing apart, where the font file's own metrics (read here from its `head` and
/// `hhea` tables, not through FreeType) put them, and the lines' ink edges line up as the
/// alignment says.
@Suite struct TitleLinesTests {
    typealias C = CompositionCommandTests
    static let font = TestPaths.fixture("render/fonts/DejaVuSans-Bold.ttf").path
    static let size = (w: 320, h: 240)

    /// The font's vertical metrics in font units (OpenType `head` and `hhea`).
    struct Metrics {
        var unitsPerEm = 0, ascender = 0, descender = 0, lineGap = 0
    }

    static func metrics(_ path: String) throws -> Metrics {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        func i16(_ o: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(o)))) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        var tables: [String: Int] = [:]
        for i in 0..<u16(4) {
            let r = 12 + 16 * i
            tables[String(decoding: bytes[r..<r + 4], as: UTF8.self)] = u32(r + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"] else {
            throw MediaTools.Failure.failed("\(path): no head or hhea table")
        }
        return Metrics(
            unitsPerEm: u16(head + 18), ascender: i16(hhea + 4), descender: i16(hhea + 6), lineGap: i16(hhea + 8))
    }

    /// Bands of rows with white ink: (first row, last row, leftmost column, rightmost column).
    static func inkBands(_ frame: [UInt8]) -> [(top: Int, bottom: Int, left: Int, right: Int)] {
        var bands: [(top: Int, bottom: Int, left: Int, right: Int)] = []
        var open = false
        for y in 0..<size.h {
            var left = Int.max, right = -1
            for x in 0..<size.w where C.pixel(frame, x, y, width: size.w).g > 160 {
                left = min(left, x)
                right = max(right, x)
            }
            if right < 0 {
                open = false
                continue
            }
            if open, var last = bands.popLast() {
                last.bottom = y
                last.left = min(last.left, left)
                last.right = max(last.right, right)
                bands.append(last)
            } else {
                bands.append((y, y, left, right))
                open = true
            }
        }
        return bands
    }

    @Test func linesAreSpacedByTheFontAndAligned() throws {
        let dir = try TemporaryDirectory("compose-title-lines")
        try MediaTools.makeClip(
            dir.path("black.mp4"), rate: "30", seconds: 3,
            video: "color=c=black:size=\(Self.size.w)x\(Self.size.h):rate=30",
            audio: false)
        // Size 0.1 of 240 lines: a 24 px em. "HHHH" over "H": capitals only, so each line's ink
        // ends on the line's baseline (H has no descender).
        let json = """
            {"clips": [{"source": "black.mp4"}], "titles": [
              {"text": "HHHH\\nH", "start": "0", "end": "1", "size": 0.1, "align": "left"},
              {"text": "HHHH\\nH", "start": "1", "end": "2", "size": 0.1, "align": "center"},
              {"text": "HHHH\\nH", "start": "2", "end": "3", "size": 0.1, "align": "right"}]}
            """
        try json.write(toFile: dir.path("t.json"), atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", dir.path("t.json"), "-o", out, "--font", Self.font, "--preset", "ultrafast", "--progress",
            "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let m = try Self.metrics(Self.font)
        let em = 24.0
        let px = em / Double(m.unitsPerEm)
        // OpenType hhea: baseline to baseline is ascender − descender + lineGap.
        let spacing = Double(m.ascender - m.descender + m.lineGap) * px
        let ascent = Double(m.ascender) * px, descent = Double(-m.descender) * px
        // The block, first line's top to last line's bottom, is centred on (0.5, 0.5).
        let blockTop = Double(Self.size.h) / 2 - (spacing + ascent + descent) / 2
        let firstBaseline = blockTop + ascent
        let cases: [(frame: Int, align: String)] = [(15, "left"), (45, "center"), (75, "right")]
        for (frame, align) in cases {
            let bands = Self.inkBands(try C.rgb(out, frame: frame, width: Self.size.w, height: Self.size.h))
            try #require(bands.count == 2, "\(align): two lines of ink, found \(bands)")
            let (one, two) = (bands[0], bands[1])
            #expect(
                abs(Double(two.top - one.top) - spacing) <= 1.5,
                "\(align): lines \(two.top - one.top) px apart, the font's spacing \(spacing)")
            #expect(
                abs(Double(one.bottom + 1) - firstBaseline) <= 2,
                "\(align): first line's baseline at \(one.bottom + 1), expected \(firstBaseline)")
            #expect(one.bottom - one.top == two.bottom - two.top, "\(align): both lines are capitals' height")
            #expect(
                abs((one.left + one.right) - Self.size.w) <= 3,
                "\(align): the block is centred: \(one.left)…\(one.right)")
            #expect(two.right - two.left < (one.right - one.left) / 2, "\(align): the second line is the short one")
            let leftEdges = two.left - one.left
            let rightEdges = two.right - one.right
            let centres = (two.left + two.right) - (one.left + one.right)
            if align == "left" {
                #expect(abs(leftEdges) <= 1, "left edges \(one.left), \(two.left)")
            } else if align == "right" {
                #expect(abs(rightEdges) <= 1, "right edges \(one.right), \(two.right)")
            } else {
                #expect(abs(centres) <= 2, "centres \(one.left)…\(one.right), \(two.left)…\(two.right)")
            }
        }
    }

    @Test func anUnknownAlignmentIsRefusedWithItsPath() throws {
        try C.refuse(
            #"{"clips": [{"source": "a.mp4"}], "titles": [{"text": "A", "start": "0", "end": "1", "align": "middle"}]}"#,
            "$.titles[0].align")
    }
}

/// A title's rotation keyframes: the title composed turning from 0° to 60° clockwise over its
/// first second, each turned frame compared with ffmpeg's `rotate` filter (clockwise for a
/// positive angle, about the picture's centre, where the title's centre is) applied to the
/// unturned frame at time 0: the ink masks overlap almost wholly, and far less when turned the
/// other way.
@Suite struct TitleRotationTests {
    typealias C = CompositionCommandTests
    static let size = TitleLinesTests.size

    static func ink(_ frame: [UInt8]) -> [Bool] {
        stride(from: 0, to: frame.count, by: 3).map { frame[$0 + 1] > 128 }
    }

    /// Intersection over union of two masks.
    static func overlap(_ a: [Bool], _ b: [Bool]) -> Double {
        var both = 0, either = 0
        for (p, q) in zip(a, b) {
            if p && q { both += 1 }
            if p || q { either += 1 }
        }
        return either == 0 ? 0 : Double(both) / Double(either)
    }

    /// Frame `n` of `path` after ffmpeg's filter `filter`, as RGB bytes.
    static func filtered(_ path: String, frame n: Int, _ filter: String) throws -> [UInt8] {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-nostdin", "-v", "error", "-i", path, "-vf", "select=eq(n\\,\(n)),\(filter)", "-vsync", "0",
                "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
            ], binaryOutput: true)
        guard r.status == 0, r.data.count == size.w * size.h * 3 else {
            throw MediaTools.Failure.failed("frame \(n) of \(path): \(r.stderr)")
        }
        return r.data
    }

    @Test func aTitleTurnsAsItsKeyframesSay() throws {
        let dir = try TemporaryDirectory("compose-title-rotation")
        try MediaTools.makeClip(
            dir.path("black.mp4"), rate: "30", seconds: 2,
            video: "color=c=black:size=\(Self.size.w)x\(Self.size.h):rate=30", audio: false)
        let json = """
            {"clips": [{"source": "black.mp4"}], "titles": [
              {"text": "HHHH\\nH", "start": "0", "end": "2", "size": 0.15, "align": "left",
               "keyframes": [{"time": "0", "rotate": 0}, {"time": "1", "rotate": 60}]}]}
            """
        try json.write(toFile: dir.path("t.json"), atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", dir.path("t.json"), "-o", out, "--font", TitleLinesTests.font, "--preset", "ultrafast",
            "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        // Frame 15 is 0.5 s: 30°; frame 45 is after the last keyframe: 60°.
        for (frame, degrees) in [(15, 30.0), (45, 60.0)] {
            let ours = Self.ink(try C.rgb(out, frame: frame, width: Self.size.w, height: Self.size.h))
            let radians = degrees * .pi / 180
            let clockwise = Self.ink(try Self.filtered(out, frame: 0, "rotate=\(radians):c=black"))
            let anticlockwise = Self.ink(try Self.filtered(out, frame: 0, "rotate=\(-radians):c=black"))
            let good = Self.overlap(ours, clockwise), wrong = Self.overlap(ours, anticlockwise)
            #expect(good > 0.95, "\(degrees)°: \(good) of the ink overlaps ffmpeg's turn")
            #expect(wrong < good - 0.3, "\(degrees)°: turned the other way overlaps \(wrong), clockwise \(good)")
        }
    }

    @Test func aRotationOutOfRangeIsRefusedWithItsPath() throws {
        try C.refuse(
            #"{"clips": [{"source": "a.mp4"}], "titles": [{"text": "A", "start": "0", "end": "1", "keyframes": [{"time": "0", "rotate": "a lot"}]}]}"#,
            "$.titles[0].keyframes[0].rotate")
    }
}
