import Foundation
import Review
import TestSupport

/// A movie and an SCC made for a test in a temporary folder, and a review server for them on a
/// free port until ``stop()``: a ``ReviewSession`` in the test's process (``Mode/library``), or
/// `captions review … --no-open` as a user runs it (``Mode/commandLine``), stopped with SIGINT.
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

    /// Two pop-on captions: 1.0–2.0 s and 2.5–3.0 s (on screen half a second: a
    /// `timing.short-display` finding), made by `captions convert` from an SRT.
    static let srt = """
        1
        00:00:01,000 --> 00:00:02,000
        HELLO WORLD

        2
        00:00:02,500 --> 00:00:03,000
        SHORT ONE

        """

    /// A clip of `seconds` at `size` (H.264 and AAC in MP4, as other media tests make theirs) and
    /// the SCC, then the server.
    init(size: String = "320x240", seconds: Double = 4, mode: Mode = .library) async throws {
        folder = try TemporaryDirectory("review")
        movie = folder.path("clip.mp4")
        captions = folder.path("show.scc")
        try MediaTools.makeClip(movie, size: size, seconds: seconds, extra: ["-movflags", "+faststart"])
        try Self.srt.write(toFile: folder.path("show.srt"), atomically: true, encoding: .utf8)
        let converted = try CLIRunner.run(["convert", folder.path("show.srt"), "-o", captions])
        guard converted.status == 0 else { throw RawHTTP.Failure(description: "convert: \(converted.stderr)") }
        switch mode {
        case .library:
            let session = try ReviewSession(movie: movie, captionFiles: [captions])
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
            process.arguments = ["review", movie, captions, "--no-open"]
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
        size: String = "320x240", seconds: Double = 4, mode: Mode = .library,
        _ body: (ReviewFixture) async throws -> Void
    ) async throws {
        let fixture = try await ReviewFixture(size: size, seconds: seconds, mode: mode)
        do {
            try await body(fixture)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }
}
