import CaptionKit
import Foundation
import TestSupport
import Testing

/// `captions preview` outputs: JPEG, standard output, --json, fonts from the user's fontconfig
/// configuration, a roll-up window read from a real SCC file; `media-info --json`; the help of
/// the forwarded commands. Pictures are read back with the ffmpeg command-line tool.
@Suite struct PreviewOutputTests {
    static func document(in dir: TemporaryDirectory) throws -> String {
        let doc = CaptionDocument(
            captions: [
                Caption(
                    "Line one\nline two", start: .zero, end: MediaTime(value: 2, timescale: 1),
                    region: .cells(row: 13, column: 4, rows: 2, columns: 20)),
                Caption(
                    "Later", start: MediaTime(value: 3, timescale: 1), end: MediaTime(value: 4, timescale: 1),
                    region: .cells(row: 14, column: 4, rows: 1, columns: 5)),
            ], frameRate: .fps30)
        let path = dir.path("doc.json")
        try CaptionFile.write(doc, to: path)
        return path
    }

    /// The pixels of an image file as 8-bit RGBA, decoded by ffmpeg.
    static func rgba(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let ffprobe = try PeerDecoders.tool("ffprobe")
        let probe = try CLIRunner.runProcess(
            ffprobe, ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", path])
        let size = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap {
            Int($0)
        }
        try #require(size.count == 2, "ffprobe: \(probe.stderr)")
        let dir = try TemporaryDirectory()
        let raw = dir.path("frame.rgba")
        let decode = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-loglevel", "error", "-y", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", raw])
        try #require(decode.status == 0, "ffmpeg: \(decode.stderr)")
        return (size[0], size[1], [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw))))
    }

    /// Runs `captions args…` through the shell with `> stdoutFile`, so binary output is kept.
    static func runToFile(_ args: [String], stdout: String, environment: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.runProcess(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "out=\"$1\"; shift; exec env \"$@\" > \"$out\"", "sh", stdout] + environment
                + [CLIRunner.executable.path] + args)
    }

    // MARK: - Formats

    @Test func jpegByExtensionIsAJFIFImageOfTheBackgroundAndCaptions() throws {
        let dir = try TemporaryDirectory()
        let source = try Self.document(in: dir)
        // A flat grey background, made by ffmpeg: JPEG keeps it within a few levels.
        let background = dir.path("grey.png")
        let make = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=0x808080:s=640x360", "-frames:v", "1", background])
        try #require(make.status == 0, "\(make.stderr)")
        let out = dir.path("frame.jpg")
        let r = try CLIRunner.run(["preview", source, "--at", "1", "--background", background, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF], "JPEG start of image")
        let probe = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", out])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "mjpeg")
        let picture = try Self.rgba(out)
        #expect(picture.width == 640 && picture.height == 360)
        // The top left corner is background: grey 128 (JPEG may move it a little).
        for k in 0..<3 { #expect(abs(Int(picture.pixels[k]) - 128) <= 4, "channel \(k): \(picture.pixels[k])") }
        // Somewhere the caption's black box and white text are drawn.
        var dark = 0, light = 0
        for i in stride(from: 0, to: picture.pixels.count, by: 4) {
            let v = (Int(picture.pixels[i]) + Int(picture.pixels[i + 1]) + Int(picture.pixels[i + 2])) / 3
            if v < 24 { dark += 1 } else if v > 200 { light += 1 }
        }
        #expect(dark > 2000 && light > 200, "dark \(dark), light \(light)")
    }

    @Test(arguments: ["frame.gif", "frame", "frame.PNG.txt"])
    func anUnknownImageExtensionIsRefused(name: String) throws {
        let dir = try TemporaryDirectory()
        let source = try Self.document(in: dir)
        let out = dir.path(name)
        let r = try CLIRunner.run(["preview", source, "--at", "1", "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr.contains(".png, .jpg or .jpeg"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // --format says what to write whatever the name.
        let named = try CLIRunner.run(["preview", source, "--at", "1", "-o", out, "--format", "jpeg"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: out)).prefix(2)) == [0xFF, 0xD8])
        // An extension and a --format that disagree are refused.
        let clash = try CLIRunner.run(["preview", source, "--at", "1", "-o", dir.path("x.png"), "--format", "jpeg"])
        #expect(clash.status == 2)
        #expect(clash.stderr.contains("--format"))
    }

    @Test(arguments: [([String](), [UInt8]([0x89, 0x50, 0x4E, 0x47])), (["--format", "jpeg"], [0xFF, 0xD8, 0xFF])])
    func dashWritesTheImageToStandardOutput(extra: [String], magic: [UInt8]) throws {
        let dir = try TemporaryDirectory()
        let source = try Self.document(in: dir)
        let captured = dir.path("stdout.bin")
        let r = try Self.runToFile(
            ["preview", source, "--at", "1", "--size", "320x180", "-o", "-"] + extra, stdout: captured)
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: captured)))
        #expect(Array(bytes.prefix(magic.count)) == magic)
        // Nothing but the image: ffmpeg decodes it whole.
        let picture = try Self.rgba(captured)
        #expect(picture.width == 320 && picture.height == 180)
        #expect(!FileManager.default.fileExists(atPath: dir.path("-")))
        // The image and JSON cannot share standard output.
        #expect(try CLIRunner.run(["preview", source, "--at", "1", "-o", "-", "--json"]).status == 2)
    }

    // MARK: - JSON

    struct Report: Decodable {
        struct Output: Decodable {
            var path: String
            var format: String
            var bytes: Int
            var seconds: Double
            var timecode: String
        }
        struct Scene: Decodable {
            var number: Int
            var start: Double
            var end: Double
            var path: String
        }
        struct Font: Decodable {
            var family: String
            var path: String
        }
        struct Finding: Decodable {
            var ruleID: String
            var severity: String
        }
        var file: String
        var width: Int
        var height: Int
        var outputs: [Output]
        var scenes: [Scene]
        var fonts: [Font]
        var diagnostics: [Finding]
    }

    @Test func jsonSaysWhatWasWrittenWithWhichFonts() throws {
        let dir = try TemporaryDirectory()
        let source = try Self.document(in: dir)
        let out = dir.path("frame.png")
        let r = try CLIRunner.run(["preview", source, "--at", "00:00:01:00", "--size", "640x360", "-o", out, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8))
        #expect(report.width == 640 && report.height == 360)
        #expect(report.outputs.count == 1)
        let output = try #require(report.outputs.first)
        #expect(output.path == out && output.format == "png" && output.timecode == "00:00:01:00" && output.seconds == 1)
        let size = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int
        #expect(output.bytes == size)
        #expect(!report.fonts.isEmpty)
        for font in report.fonts { #expect(FileManager.default.fileExists(atPath: font.path), "\(font.path)") }
        #expect(report.diagnostics.isEmpty)

        let sheet = dir.path("sheet")
        let s = try CLIRunner.run(["preview", source, "--contact-sheet", sheet, "--size", "320x180", "--json"])
        #expect(s.status == 0, "\(s.stderr)")
        let sheetReport = try JSONDecoder().decode(Report.self, from: Data(s.stdout.utf8))
        #expect(sheetReport.scenes.map(\.start) == [0, 3])
        #expect(sheetReport.scenes.map(\.end) == [2, 4])
        let files = try FileManager.default.contentsOfDirectory(atPath: sheet).sorted()
        #expect(sheetReport.scenes.map { URL(fileURLWithPath: $0.path).lastPathComponent } == files)
    }

    @Test func mediaInfoJSONGivesTheVersionsFFmpegReports() throws {
        let r = try CLIRunner.run(["media-info", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        struct Info: Decodable { var libraries: [String: String] }
        let info = try JSONDecoder().decode(Info.self, from: Data(r.stdout.utf8))
        #expect(Set(info.libraries.keys) == ["libavformat", "libavcodec", "libavutil", "libswscale"])
        // `ffmpeg -version` lists "libavcodec     59. 37.100 / 59. 37.100" (built / running):
        // the same Debian libraries the suite links against.
        let version = try CLIRunner.runProcess(try PeerDecoders.tool("ffmpeg"), ["-version"])
        for line in version.stdout.split(separator: "\n") {
            let parts = line.split(separator: "/")[0].split(separator: " ")
            guard let name = parts.first, let ours = info.libraries[String(name)] else { continue }
            let theirs = parts.dropFirst().joined()
            #expect(ours == theirs, "\(name): ours \(ours), ffmpeg \(theirs)")
        }
    }

    // MARK: - Fonts

    /// The user's font configuration decides: with FONTCONFIG_FILE naming a configuration whose
    /// only fonts are the committed test fonts and whose `monospace` is DejaVu Sans (not Mono),
    /// a 608 preview draws with DejaVu Sans from there. Without it, the machine's DejaVu Sans
    /// Mono.
    @Test func theUsersFontConfigurationIsHonoured() throws {
        let dir = try TemporaryDirectory()
        let scc = TestPaths.sharedFixture("scc/pycaption/sample_scc_pop_on.scc").path
        let fonts = TestPaths.fixture("render/fonts").path
        let conf = dir.path("fonts.conf")
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <dir>\(fonts)</dir>
          <cachedir>\(dir.path("cache"))</cachedir>
          <alias binding="strong"><family>monospace</family><prefer><family>DejaVu Sans</family></prefer></alias>
        </fontconfig>
        """.write(toFile: conf, atomically: true, encoding: .utf8)
        func fontsUsed(_ environment: [String]) throws -> [Report.Font] {
            let json = dir.path("report.json")
            let r = try Self.runToFile(
                ["preview", scc, "--at", "00:00:10:00", "-o", dir.path("f.png"), "--force", "--json"], stdout: json,
                environment: environment)
            #expect(r.status == 0, "\(r.stderr)")
            return try JSONDecoder().decode(Report.self, from: Data(contentsOf: URL(fileURLWithPath: json))).fonts
        }
        let configured = try fontsUsed(["FONTCONFIG_FILE=\(conf)"])
        #expect(configured.first?.family == "DejaVu Sans", "\(configured)")
        #expect(configured.first?.path.hasPrefix(fonts) == true, "\(configured)")
        let system = try fontsUsed([])
        #expect(system.first?.family == "DejaVu Sans Mono", "\(system)")
    }

    // MARK: - The 608 look from a real file

    /// ttconv's 4-row roll-up file read by our SCC reader: at 00:00:51;00 four lines are on
    /// screen, each on its own row (before the fix all four were drawn on the base row).
    @Test func rollUpWindowFromAnSCCFileShowsFourRows() throws {
        let dir = try TemporaryDirectory()
        let scc = TestPaths.sharedFixture("scc/ttconv/test_scc_reader__test_4_rows_roll_up_content__1.scc").path
        let out = dir.path("rollup.png")
        let r = try CLIRunner.run(["preview", scc, "--at", "00:00:51;00", "--size", "640x360", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let picture = try Self.rgba(out)
        // Rows of the picture holding light text pixels, grouped into bands.
        var bands = 0
        var inBand = false
        for y in 0..<picture.height {
            var light = false
            for x in 0..<picture.width {
                let i = (y * picture.width + x) * 4
                let p = picture.pixels
                if p[i + 3] > 128 && p[i] > 200 && p[i + 1] > 200 && p[i + 2] > 200 {
                    light = true
                    break
                }
            }
            if light && !inBand { bands += 1 }
            inBand = light
        }
        #expect(bands == 4, "\(bands) rows of text")
    }

    // MARK: - Help

    @Test func helpShowsTheRealOptionsOfTheForwardedCommands() throws {
        for args in [["help", "preview"], ["preview", "--help"]] {
            let r = try CLIRunner.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            for option in ["--at", "--size", "--format", "--contact-sheet", "--json", "--language", "-o"] {
                #expect(r.stdout.contains(option), "\(args) lacks \(option)")
            }
            #expect(!r.stdout.contains("runs captions-media"), "\(args) shows the stub")
        }
        let info = try CLIRunner.run(["help", "media-info"])
        #expect(info.status == 0 && info.stdout.contains("--json"), "\(info.stdout)")
        let media = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("captions-media")
        let root = try CLIRunner.runProcess(media, ["--help"])
        #expect(root.status == 0)
        for text in ["preview", "media-info", "captions help preview"] {
            #expect(root.stdout.contains(text), "captions-media --help lacks \(text)")
        }
    }
}
