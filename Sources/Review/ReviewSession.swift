import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// `captions review`'s server as a library type: a local page that plays a movie with its
/// captions, draws our renderer's overlays over it, lists the validator's findings on a
/// timeline and saves edits (Specs/review-server.md).
///
/// It listens on 127.0.0.1 only, on ``ReviewConfiguration/port`` (0: a free one), and every
/// request must carry ``token``. It serves the movie (by byte ranges), the caption files it was
/// given (as state, WebVTT and overlays; never their raw path) and its own page; it writes
/// only when the page saves, atomically, and never over a file without the page's
/// confirmation.
///
/// ```swift
/// let session = try ReviewSession(movie: "movie.mp4", captionFiles: ["show.scc"])
/// try await session.run { url in print(url) }  // until `await session.stop()`
/// ```
public final class ReviewSession: Sendable {
    /// The secret in the page's address; every request carries it.
    public var token: String { secret.text }
    public let configuration: ReviewConfiguration
    private let secret = ReviewToken()
    private let store: ReviewStore
    private let proxy: ReviewProxy
    private let boundPort = BoundPort()
    private let group = Mutex<ServiceGroup?>(nil)

    /// Reads the movie's description and every caption file, and validates them, before any
    /// request: a file that cannot be read is an error here, not a broken page.
    public init(movie: String, captionFiles: [String], configuration: ReviewConfiguration = .init()) throws {
        guard !captionFiles.isEmpty else { throw ReviewError("give at least one caption file to review") }
        guard (0...65535).contains(configuration.port) else {
            throw ReviewError("--port must be 0 (any free port) to 65535, not \(configuration.port)")
        }
        self.configuration = configuration
        let movie = try ReviewMovie(path: movie)
        store = try ReviewStore(
            movie: movie, captionFiles: captionFiles, maximumTextBytes: configuration.maximumTextBytes)
        proxy = try ReviewProxy(movie: movie, mode: configuration.proxy)
    }

    /// The port listened on, once ``run(stopOnSignals:onReady:)`` has called `onReady`.
    public var port: Int { boundPort.value }

    /// The page's address with the token.
    public var address: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// Serves until ``stop()``, or, with `stopOnSignals`, SIGINT or SIGTERM: requests under
    /// way are finished first, so a save is never cut in half. Cancelling the calling task stops
    /// the same way. Calls `onReady` with ``address`` once the server listens, in a task of its
    /// own: it may load the page, and stop the session.
    public func run(stopOnSignals: Bool = false, onReady: @escaping @Sendable (String) async -> Void) async throws {
        let router = Router(context: BasicRequestContext.self)
        let ports = boundPort
        let port: @Sendable () -> Int = { ports.value }
        router.add(
            middleware: ReviewGuard(token: secret, port: port, maximumBodyBytes: configuration.maximumBodyBytes))
        ReviewRoutes(
            store: store, proxy: proxy, token: secret, port: port, maximumBodyBytes: configuration.maximumBodyBytes
        ).add(to: router)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                ports.value = channel.localAddress?.port ?? 0
                // Hummingbird accepts connections once this closure returns: `onReady` runs
                // beside the server, so that it may itself request the page.
                let address = self.address
                Task { await onReady(address) }
            },
            logger: Self.quietLogger)
        let services = ServiceGroup(
            services: [app], gracefulShutdownSignals: stopOnSignals ? [.sigint, .sigterm] : [],
            logger: Self.quietLogger)
        group.withLock { $0 = services }
        defer { group.withLock { $0 = nil } }
        proxy.start()
        do {
            try await withTaskCancellationHandler {
                try await services.run()
            } onCancel: {
                Task { await services.triggerGracefulShutdown() }
            }
        } catch {
            await proxy.stop()
            throw error
        }
        // The preview, made or half made, goes with the session.
        await proxy.stop()
    }

    /// Stops a running server gracefully: it accepts no new connection, finishes the requests
    /// under way, and ``run(stopOnSignals:onReady:)`` returns.
    public func stop() async {
        await group.withLock { $0 }?.triggerGracefulShutdown()
    }
}

extension ReviewSession {
    /// The server's own log says nothing below errors: standard output carries the address, and
    /// each request logged would bury it.
    fileprivate static var quietLogger: Logger {
        var logger = Logger(label: "captions.review")
        logger.logLevel = .error
        return logger
    }
}

/// The port the server listens on, set once it does (0 before).
private final class BoundPort: Sendable {
    private let port = Mutex(0)
    var value: Int {
        get { port.withLock { $0 } }
        set { port.withLock { $0 = newValue } }
    }
}
