import Foundation
import Review
import TestSupport
import Testing

/// A movie and an SCC made for a test in a temporary folder, and a review server for them on a
/// free port until ``stop()``: `captions review … --no-open` as a user runs it
/// (``Mode/commandLine``, the default), stopped with SIGINT, or a ``ReviewSession`` in the test's
/// process (``Mode/library``). In the test's process the server's handlers share Swift
/// concurrency's threads (two on a 2-core machine) with every test running beside it, and tests
/// that block them (waiting on ffmpeg, ttconv, a browser) starved it past the client's 30 s in
/// full-suite runs under load ("no HTTP head in 0 bytes", twice): so only one test uses it.
final class ReviewFixture: @unchecked Sendable {
    enum Mode { case library, commandLine }

    let folder: TemporaryDirectory
    let movie: String
    let captions: String
    /// The page's address as the server printed it, its port and token.
    let address: String
    let port: Int
    let token: String
    private let task: Task<Void, any Error>?
    private let session: ReviewSession?
    private let process: Process?
    private let standardError: Pipe?

    /// Two pop-on captions written by hand, as a Scenarist file lays them out (load and EOC on
    /// one line; not as our writer would): "HELLO WORLD" from frame 30 (the line at frame 16,
    /// its first EOC the 15th word) to the EDM at frame 60, and "SHORT ONE" from frame 75 (62 +
    /// 13) to 90 — half a second on screen: a `timing.short-display` warning. ttconv reads the
    /// same times (1.001–2.002 s and 2.502–3.003 s).
    static let scc = """
        Scenarist_SCC V1.0

        00:00:00;16	9420 9420 94ae 94ae 94f4 94f4 97a2 97a2 c845 4c4c 4f20 574f 524c c480 942f 942f

        00:00:02;00	942c 942c

        00:00:02;02	9420 9420 94ae 94ae 94f4 94f4 9723 9723 d3c8 4f52 5420 4fce 4580 942f 942f

        00:00:03;00	942c 942c


        """

    /// A clip of `seconds` at `size` (H.264 and AAC in MP4, as other media tests make theirs) and
    /// the SCC, then the server. With `embedded`, the SCC's words go into the clip as a `c608`
    /// track (`captions mux`) and the server reviews the movie's own captions (`embedded`). With
    /// `temporaryFolder`, the command's `TMPDIR` (where its movie preview goes), so that a test
    /// can see its own server's preview apart from those of tests running beside it.
    init(
        size: String = "320x240", seconds: Double = 4, mode: Mode = .commandLine, embedded: Bool = false,
        videoCodec: [String] = ["-c:v", "libx264", "-preset", "ultrafast"], audioCodec: [String] = [],
        clipExtension: String = "mp4", temporaryFolder: String? = nil
    ) async throws {
        folder = try TemporaryDirectory("review")
        let clip = folder.path("clip." + clipExtension)
        captions = folder.path("show.scc")
        try MediaTools.makeClip(
            clip, size: size, seconds: seconds, videoCodec: videoCodec, extra: audioCodec + ["-movflags", "+faststart"])
        try Self.scc.write(toFile: captions, atomically: true, encoding: .utf8)
        if embedded {
            movie = folder.path("captioned.mp4")
            let mux = try CLIRunner.run(["mux", clip, captions, "-o", movie])
            guard mux.status == 0 else { throw RawHTTP.Failure(description: "captions mux: \(mux.stderr)") }
        } else {
            movie = clip
        }
        let reviewed = embedded ? "embedded" : captions
        switch mode {
        case .library:
            let session = try ReviewSession(movie: movie, captionFiles: [reviewed])
            let (ready, continuation) = AsyncStream.makeStream(of: String.self)
            let task = Task {
                defer { continuation.finish() }
                try await session.run { address in continuation.yield(address) }
            }
            var printed: String?
            for await a in ready {
                printed = a
                break
            }
            guard let printed else {
                _ = try await task.value
                throw RawHTTP.Failure(description: "the session ended before it listened")
            }
            self.task = task
            self.session = session
            process = nil
            standardError = nil
            address = printed
        case .commandLine:
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.arguments = ["review", movie, reviewed, "--no-open"]
            if let temporaryFolder {
                process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporaryFolder]) { $1 }
            }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let line = try await Self.firstLine(of: output.fileHandleForReading)
            guard line.hasPrefix("http://127.0.0.1:") else {
                process.terminate()
                throw RawHTTP.Failure(description: "captions review printed \(line.debugDescription)")
            }
            self.process = process
            standardError = errors
            task = nil
            session = nil
            address = line
        }
        let components = try URLComponents(string: address).flatMap { c -> (Int, String)? in
            guard let port = c.port, let token = c.queryItems?.first(where: { $0.name == "token" })?.value else {
                return nil
            }
            return (port, token)
        }
        guard let (port, token) = components else { throw RawHTTP.Failure(description: "address \(address)") }
        self.port = port
        self.token = token
    }

    private static func firstLine(of handle: FileHandle) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var bytes: [UInt8] = []
                while !bytes.contains(10) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes += chunk
                }
                let text = String(decoding: bytes, as: UTF8.self)
                continuation.resume(returning: text.split(separator: "\n").first.map(String.init) ?? "")
            }
        }
    }

    /// Ends the server and waits for it: the library's ``ReviewSession/stop()``, or the command sent
    /// SIGINT as Ctrl-C sends it. Returns the command's exit status and standard error.
    @discardableResult
    func stop() async -> (status: Int32, errors: String)? {
        await session?.stop()
        _ = try? await task?.value
        guard let process, let standardError else { return nil }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.interrupt()
                process.waitUntilExit()
                let errors = String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                continuation.resume(returning: (process.terminationStatus, errors))
            }
        }
    }

    /// Checks a save of the captions with the first one's start nudged by two frames: ttconv
    /// reads it starting 2 frames (2 × 1001/30000 s) after the original's, the second caption
    /// where it was, and `captions validate` passes it (status 0).
    func expectFirstCaptionTwoFramesLater(in nudged: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try PeerDecoders.ttconv(captions, in: folder)
        let after = try PeerDecoders.ttconv(nudged, in: folder)
        try #require(before.count == 2 && after.count == 2, "\(before) \(after)", sourceLocation: sourceLocation)
        #expect(
            abs(after[0].start - before[0].start - 2 * 1001 / 30000) < 0.002, "\(before) → \(after)",
            sourceLocation: sourceLocation)
        #expect(abs(after[1].start - before[1].start) < 0.002, sourceLocation: sourceLocation)
        let validate = try CLIRunner.run(["validate", nudged])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)", sourceLocation: sourceLocation)
    }

    /// The files of the folder, for "nothing written" checks.
    func listing() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            files[name] = try Data(contentsOf: folder.url.appendingPathComponent(name))
        }
        return files
    }
}

extension ReviewFixture {
    /// Runs `body` with a fixture, and stops its server whether `body` returns or throws.
    static func with(
        size: String = "320x240", seconds: Double = 4, mode: Mode = .commandLine, embedded: Bool = false,
        videoCodec: [String] = ["-c:v", "libx264", "-preset", "ultrafast"], audioCodec: [String] = [],
        clipExtension: String = "mp4", temporaryFolder: String? = nil, _ body: (ReviewFixture) async throws -> Void
    ) async throws {
        let fixture = try await ReviewFixture(
            size: size, seconds: seconds, mode: mode, embedded: embedded, videoCodec: videoCodec,
            audioCodec: audioCodec, clipExtension: clipExtension, temporaryFolder: temporaryFolder)
        do {
            try await body(fixture)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }
}
