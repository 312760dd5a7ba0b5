import ArgumentParser
import CaptionsCLI
import Foundation
import Review

/// `captions review MOVIE CAPTIONS…`: serves the review page on 127.0.0.1 until Ctrl-C.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: MediaCommand.review.rawValue,
        abstract: MediaCommand.review.abstract,
        discussion: """
            Starts a small web server on 127.0.0.1 and prints its address with a random token \
            (http://127.0.0.1:PORT/?token=…); open it in a browser on this machine. The page plays \
            the movie with the captions drawn by this suite's renderer (what preview and burn \
            draw) and as a WebVTT track, lists the captions and the validator's findings on a \
            timeline, and edits a caption's start and end by frame (i/o: in and out at the \
            playhead; [ ]: start ∓1 frame; { }: end ∓1 frame; , .: step a frame), its text, its \
            row (CEA-608) or region (iTT, TTML), and applies a finding's suggested shift; Ctrl-Z \
            and Ctrl-Shift-Z undo and redo. Each edit is drawn over the picture before it is saved.

            Save validates the edited captions again and writes them atomically in the file's \
            format: over the original only with "replace the file" ticked, or as another name \
            beside it; a name with another format's extension (.srt, .vtt, .itt…) converts. A \
            save with no edit in the same format writes the original's bytes unchanged.

            A movie the browser cannot play (a video other than H.264, VP8, VP9 or AV1, or a \
            container other than MP4, MOV or WebM; --proxy always forces it) is served as a \
            preview made while the page waits: H.264 in MP4 at the movie's size and frame times, \
            a key frame a second, in a private temporary folder deleted when the server stops.

            The server answers requests for 127.0.0.1 that carry the token only, serves no file \
            but the movie (or its preview) and the caption files named here, and stops on Ctrl-C (a save under way \
            is finished first) leaving nothing behind (Specs/review-server.md).

            Examples:
              captions review movie.mp4 show.scc
              captions review movie.mp4 show.scc --port 8400 --no-open
              captions review movie.mp4 embedded          # the movie's own captions
            """)

    @Argument(help: "The movie to play (one the browser cannot play is served as an H.264 preview).")
    var movie: String

    @Argument(
        help:
            "The caption files to review (any readable format), or `embedded` for the movie's own captions (saved only as a file beside it); the page shows the first."
    )
    var captions: [String]

    @Option(name: .long, help: "The port on 127.0.0.1 (default: a free one).")
    var port: Int = 0

    @Flag(name: .customLong("no-open"), help: "Do not open the page in the desktop's browser.")
    var noOpen = false

    @Option(
        name: .long,
        help: "Make an H.264 preview of the movie: auto (when the browser cannot play it), always, never.")
    var proxy: ReviewProxyMode = .auto

    func validate() throws {
        guard !captions.isEmpty else { throw ValidationError("give the caption file to review after the movie") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    }

    func run() throws {
        let session: ReviewSession
        do {
            session = try ReviewSession(
                movie: movie, captionFiles: captions, configuration: ReviewConfiguration(port: port, proxy: proxy))
        } catch let error as ReviewError {
            throw Exit.Failure(error.description)
        }
        let open = !noOpen
        let outcome = ReviewOutcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await session.run(stopOnSignals: true) { address in
                    Console.out(address)
                    Console.error(
                        "captions review: serving \(movie) with \(captions.joined(separator: ", ")); Ctrl-C stops")
                    if open { outcome.keep(Self.openInBrowser(address)) }
                }
            } catch {
                outcome.record(error)
            }
            done.signal()
        }
        done.wait()
        outcome.removeLaunchFile()
        if let error = outcome.error { throw Exit.Failure("review server: \(error)") }
        Console.error("captions review: stopped")
    }

    /// Asks the desktop to open `address` (xdg-open), when there is a desktop to ask: by a
    /// private page that goes on to it (``ReviewLaunchFile``), so that the token is not in the
    /// opener's arguments, which every user sees. The page is kept until the server stops.
    private static func openInBrowser(_ address: String) -> ReviewLaunchFile? {
        guard
            ProcessInfo.processInfo.environment["DISPLAY"] != nil
                || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil,
            let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let launch: ReviewLaunchFile
        do {
            launch = try ReviewLaunchFile(address: address)
        } catch {
            Console.error("captions review: \(error); open the address printed above")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [launch.path]
        try? process.run()
        return launch
    }
}

/// The server's failure, and the page that opened the browser, kept until the server stops.
private final class ReviewOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?
    private var launchFile: ReviewLaunchFile?
    var error: (any Error)? { lock.withLock { stored } }
    func record(_ error: any Error) { lock.withLock { stored = error } }
    func keep(_ launch: ReviewLaunchFile?) { lock.withLock { launchFile = launch } }
    func removeLaunchFile() { lock.withLock { launchFile?.remove() } }
}

extension ReviewProxyMode: ExpressibleByArgument {}
