import CaptionKit
import Foundation
import TestSupport
import Testing

/// `captions preview`, forwarded to `captions-media`, run as a user would run it.
@Suite struct PreviewCommandTests {
    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    static func document(in dir: TemporaryDirectory) throws -> String {
        let doc = CaptionDocument(
            captions: [
                Caption(
                    "Line one\nline two", start: .zero, end: MediaTime(value: 2, timescale: 1),
                    region: .cells(row: 13, column: 4, rows: 2, columns: 20)),
                Caption(
                    "\u{13080} and more", start: MediaTime(value: 3, timescale: 1),
                    end: MediaTime(value: 4, timescale: 1)),
            ], frameRate: .fps30)
        let path = dir.path("doc.json")
        try CaptionFile.write(doc, to: path)
        return path
    }

    @Test func writesOneFrameAndRefusesToOverwrite() throws {
        let dir = try TemporaryDirectory()
        let source = try Self.document(in: dir)
        let out = dir.path("frame.png")
        let first = try CLIRunner.run(["preview", source, "--at", "00:00:01:00", "--size", "640x360", "-o", out])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.pngSize(out) == (640, 360))
        let again = try CLIRunner.run(["preview", source, "--at", "00:00:01:00", "-o", out])
        #expect(again.status == 2)
        #expect(again.stderr.contains("--force"))
        let forced = try CLIRunner.run(["preview", source, "--at", "1.5", "-o", out, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Self.pngSize(out) == (1920, 1080))
        // A character no font has is a warning, not a failure.
        let missing = try CLIRunner.run(["preview", source, "--at", "3.5", "-o", dir.path("missing.png")])
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("render.missingGlyph"))
    }

    @Test func backgroundSetsTheSizeAndContactSheetWritesEveryScene() throws {
        let dir = try TemporaryDirectory()
        let source = try Self.document(in: dir)
        let background = dir.path("bg.png")
        #expect(
            try CLIRunner.run(["preview", source, "--at", "0.5", "--size", "320x180", "-o", background]).status == 0)
        let over = dir.path("over.png")
        let r = try CLIRunner.run(["preview", source, "--at", "0.5", "--background", background, "-o", over])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.pngSize(over) == (320, 180))
        let sheet = dir.path("sheet")
        let s = try CLIRunner.run(["preview", source, "--contact-sheet", sheet, "--size", "320x180"])
        #expect(s.status == 0, "\(s.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: sheet).sorted()
        #expect(files == ["scene-0001_00-00-00-00.png", "scene-0002_00-00-03-00.png"])
    }

    @Test func badArgumentsExitWithTwo() throws {
        let dir = try TemporaryDirectory()
        let source = try Self.document(in: dir)
        #expect(try CLIRunner.run(["preview", source, "-o", dir.path("x.png")]).status == 2)
        #expect(
            try CLIRunner.run(["preview", source, "--at", "1", "--size", "big", "-o", dir.path("x.png")]).status == 2)
        #expect(
            try CLIRunner.run(["preview", source, "--at", "1", "--font", "/nonexistent.ttf", "-o", dir.path("x.png")])
                .status == 2)
        #expect(
            try CLIRunner.run([
                "preview", source, "--at", "1", "--background", dir.path("none.png"), "-o", dir.path("x.png"),
            ]).status == 2)
    }
}
