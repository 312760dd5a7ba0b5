import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Files, not devices, everywhere a command reads or writes: a device or a FIFO given as an input
/// (caption file, background picture, font) or as an output is refused at once with status 2 and
/// a message naming it; nothing blocks, nothing is read without end, nothing is replaced.
@Suite struct DeviceInputTests {
    static let json = TestPaths.fixture("examples/feature-excerpt.json").path

    static func fifo(in dir: TemporaryDirectory) throws -> String {
        let path = dir.path("pipe")
        #expect(mkfifo(path, 0o644) == 0)
        return path
    }

    /// Refused before any reading: a FIFO opened for reading would wait for a writer (none comes,
    /// so the command would never end), and a device read to the size limit would be refused
    /// for its size, not for what it is.
    static func expectRefused(_ args: [String], naming path: String, as what: String) throws {
        let r = try CLIRunner.runProcess(
            CLIRunner.executable.deletingLastPathComponent().appendingPathComponent(
                args[0] == "preview" ? "captions-media" : "captions"), args)
        #expect(r.status == 2, "\(args): \(r.stderr)")
        #expect(r.stderr.contains("\(path): is \(what), not a regular file"), "\(args): \(r.stderr)")
    }

    @Test func captionInputsThatAreDevicesOrFIFOsAreRefused() throws {
        let dir = try TemporaryDirectory("device-inputs")
        let pipe = try Self.fifo(in: dir)
        for (args, path, what) in [
            (["inspect", "/dev/zero"], "/dev/zero", "a character device"),
            (["inspect", "--json", "/dev/urandom"], "/dev/urandom", "a character device"),
            (["convert", pipe, dir.path("out.json")], pipe, "a FIFO (named pipe)"),
            (["validate", pipe], pipe, "a FIFO (named pipe)"),
            (["scc", "dump", "/dev/urandom"], "/dev/urandom", "a character device"),
            (["inspect", dir.url.path], dir.url.path, "a folder"),
        ] {
            try Self.expectRefused(args, naming: path, as: what)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.json")))
    }

    @Test func previewBackgroundsAndFontsThatAreDevicesOrFIFOsAreRefused() throws {
        let dir = try TemporaryDirectory("device-preview")
        let pipe = try Self.fifo(in: dir)
        let base = ["preview", Self.json, "--at", "00:00:02:00", "--size", "64x36", "-o", dir.path("f.png")]
        try Self.expectRefused(base + ["--background", "/dev/zero"], naming: "/dev/zero", as: "a character device")
        try Self.expectRefused(base + ["--background", pipe], naming: pipe, as: "a FIFO (named pipe)")
        try Self.expectRefused(base + ["--font", pipe], naming: pipe, as: "a FIFO (named pipe)")
        try Self.expectRefused(base + ["--font", "/dev/urandom"], naming: "/dev/urandom", as: "a character device")
        #expect(!FileManager.default.fileExists(atPath: dir.path("f.png")))
    }

    @Test func outputsThatAreDevicesAreNeverReplaced() throws {
        let dir = try TemporaryDirectory("device-outputs")
        let pipe = try Self.fifo(in: dir)
        for output in ["/dev/full", "/dev/null", pipe] {
            let result = try CLIRunner.run(["convert", Self.json, output, "--to", "scc", "--force"])
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("it is never replaced, even with --force"), "\(result.stderr)")
        }
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        #expect(lstat(pipe, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test func standardInputIsReadForADash() throws {
        let p = Process()
        p.executableURL = CLIRunner.executable
        p.arguments = ["inspect", "-"]
        p.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: Self.json))
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(text.contains("00:00:01;03 --> 00:00:03;18"), "\(text)")
    }
}
