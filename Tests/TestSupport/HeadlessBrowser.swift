import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's Chromium, headless, driven over the Chrome DevTools Protocol for the tests that need a
/// real browser (what a browser lays out, draws or plays): WebVTT cues in a `<video>`, a local page.
///
/// The protocol runs over a socket pair handed to Chromium as file descriptors 3 and 4
/// (`--remote-debugging-pipe`: JSON messages, each ended by a NUL byte), so the browser opens no
/// port at all; pages are `file://` URLs or a server of the test's own on 127.0.0.1. Each browser
/// has a fresh profile in a temporary folder and runs in a process group of its own, which
/// ``close()`` (or the end of the object) ends entirely, waiting until no process of it is left;
/// Chromium also ends by itself when the test process dies, as its end of the pipe closes.
///
/// A missing `chromium` is an error naming the install command, never a skip.
///
/// ```swift
/// let browser = try HeadlessBrowser()
/// defer { browser.close() }
/// let page = try browser.open(URL(fileURLWithPath: folder.path("page.html")))
/// let title = try page.evaluate("document.title") as? String
/// ```
public final class HeadlessBrowser: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case missing
        case failed(String)
        public var description: String {
            switch self {
            case .missing:
                "chromium is not installed: run `make test` (scripts/install-deps.sh --test installs Debian's chromium)"
            case .failed(let message): message
            }
        }
    }

    /// The longest wait for any one answer of the browser, in seconds.
    public let timeout: Double
    private let pid: pid_t
    private let socket: Int32
    private let profile: TemporaryDirectory
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var closed = false

    /// Starts `chromium --headless` with a new profile, `width` × `height` CSS pixels of window and
    /// `arguments` added (e.g. `--enable-blink-features=…` for a feature Chromium keeps off).
    public init(width: Int = 800, height: Int = 600, arguments: [String] = [], timeout: Double = 30) throws {
        guard let chromium = CLIRunner.which("chromium") else { throw Failure.missing }
        self.timeout = timeout
        profile = try TemporaryDirectory("chromium-profile")
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw Failure.failed("socketpair: \(String(cString: strerror(errno)))")
        }
        // The child's end must not be 3 or 4 itself: dup2 onto the same number would keep its
        // close-on-exec flag. Other tests' processes started meanwhile inherit neither end.
        let childEnd = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        Glibc.close(pair[1])
        socket = pair[0]
        defer { Glibc.close(childEnd) }
        var args =
            [
                chromium.path, "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile.url.path)",
                "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--mute-audio",
                "--hide-scrollbars", "--autoplay-policy=no-user-gesture-required", "--allow-file-access-from-files",
                "--window-size=\(width),\(height)",
            ] + arguments + ["about:blank"]
        // No sandbox: Chromium refuses to start with it as root, and without root it needs user
        // namespaces that containers (CI) often lack. The pages are the tests' own local files.
        args.insert("--no-sandbox", at: 1)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, profile.path("chromium.log"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, childEnd, 3)
        posix_spawn_file_actions_adddup2(&actions, childEnd, 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let r = posix_spawn(&child, chromium.path, &actions, &attributes, argv, environ)
        guard r == 0 else {
            Glibc.close(pair[0])
            throw Failure.failed("posix_spawn \(chromium.path): \(String(cString: strerror(r)))")
        }
        pid = child
        do {
            _ = try send("Browser.getVersion")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Ends the browser and waits until no process of its group is left; safe to call twice. The
    /// profile is a throw-away, so there is nothing to save: the whole group is killed at once
    /// (a polite `Browser.close` costs a second and a half of shutdown).
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        Glibc.close(socket)
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Renderers and helpers of the group: kill(-group, 0) succeeds while any is left (even a
        // zombie that init has yet to reap).
        let deadline = Date().addingTimeInterval(5)
        while kill(-pid, 0) == 0, Date() < deadline {
            kill(-pid, SIGKILL)
            usleep(10_000)
        }
    }

    /// What Chromium printed on its standard error (for a failure's message).
    public var log: String { (try? String(contentsOfFile: profile.path("chromium.log"), encoding: .utf8)) ?? "" }

    /// Opens `url` in a new tab and waits until its document has loaded. With `viewport`, the
    /// tab's layout viewport is that many CSS pixels (scale 1), whatever the window's size: CSS
    /// `vw`/`vh` are then hundredths of it.
    /// Opens `url` in a new page and waits until it has loaded, or, for a page that goes on to
    /// another at once (a `refresh` pragma, which may leave before its own load is ever seen),
    /// until `loaded` holds.
    public func open(_ url: URL, viewport: (width: Int, height: Int)? = nil, loaded: String? = nil) throws -> Page {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw Failure.failed("no target: \(target)") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure.failed("no session: \(attached)") }
        let page = Page(browser: self, session: session)
        if let viewport {
            _ = try page.send(
                "Emulation.setDeviceMetricsOverride",
                ["width": viewport.width, "height": viewport.height, "deviceScaleFactor": 1, "mobile": false])
        }
        _ = try page.send("Page.navigate", ["url": url.absoluteString])
        let href = String(decoding: try JSONSerialization.data(withJSONObject: [url.absoluteString]), as: UTF8.self)
        try page.wait(until: loaded ?? "location.href === \(href)[0] && document.readyState === 'complete'")
        return page
    }

    /// Sends one DevTools command (to the browser, or to a page's session) and returns its result.
    public func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw Failure.failed("\(method): the browser is closed") }
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        guard write(message) else {
            throw Failure.failed("\(method): cannot write to chromium (\(String(cString: strerror(errno))))\n\(log)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try readMessage(until: deadline, method: method)
            guard reply["id"] as? Int == id else { continue }  // events and others' answers
            if let error = reply["error"] as? [String: Any] {
                throw Failure.failed("\(method): \(error["message"] ?? error)")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func write(_ message: [String: Any]) -> Bool {
        guard var bytes = try? JSONSerialization.data(withJSONObject: message).map({ $0 }) else { return false }
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a browser that has gone is an error here, not a SIGPIPE for the tests.
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    private func readMessage(until deadline: Date, method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
                return object
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure.failed("\(method): no answer from chromium in \(timeout) s") }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Failure.failed("\(method): chromium ended\n\(log)") }
            buffer += chunk[..<n]
        }
    }

    /// One tab: JavaScript, the DOM (user-agent shadow trees included) and screenshots.
    public final class Page: @unchecked Sendable {
        public let browser: HeadlessBrowser
        public let session: String

        init(browser: HeadlessBrowser, session: String) {
            self.browser = browser
            self.session = session
        }

        /// Sends a DevTools command to this tab.
        public func send(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
            try browser.send(method, params, session: session)
        }

        /// Evaluates `expression` (awaiting it if it is a promise) and returns its value as JSON
        /// gives it: String, NSNumber, Bool, arrays, dictionaries, NSNull; nil for `undefined`.
        /// An exception thrown in the page is an error with its message.
        public func evaluate(_ expression: String) throws -> Any? {
            let r = try send(
                "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
            if let exception = r["exceptionDetails"] as? [String: Any] {
                let description = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? ""
                throw Failure.failed("JavaScript: \(description)")
            }
            return (r["result"] as? [String: Any])?["value"]
        }

        /// Evaluates `expression` and decodes its JSON value as `T`.
        public func evaluate<T: Decodable>(_ expression: String, as type: T.Type) throws -> T {
            let value = try evaluate(expression) ?? NSNull()
            let data = try JSONSerialization.data(withJSONObject: [value])
            return try JSONDecoder().decode([T].self, from: data)[0]
        }

        /// Waits until `condition` (a JavaScript expression) is true, retrying while the page
        /// changes under it (a navigation destroys the context it ran in).
        public func wait(until condition: String) throws {
            let deadline = Date().addingTimeInterval(browser.timeout)
            var last = ""
            while Date() < deadline {
                do {
                    if try evaluate("!!(\(condition))") as? Bool == true { return }
                } catch {
                    last = "\(error)"
                }
                usleep(20_000)
            }
            throw Failure.failed("waited \(browser.timeout) s for \(condition) \(last)")
        }

        /// The whole document, shadow roots (the user agent's too) and frames included:
        /// DevTools' `DOM.getDocument` with `pierce`. Node ids hold until the next call.
        public func document() throws -> Node {
            let r = try send("DOM.getDocument", ["depth": -1, "pierce": true])
            guard let root = r["root"] as? [String: Any] else { throw Failure.failed("DOM.getDocument: \(r)") }
            return Node(root)
        }

        /// The border box of a node in CSS pixels of the page (DevTools' `DOM.getBoxModel`).
        public func box(of node: Node) throws -> Box {
            let r = try send("DOM.getBoxModel", ["nodeId": node.id])
            guard let model = r["model"] as? [String: Any], let quad = model["border"] as? [Double], quad.count == 8
            else { throw Failure.failed("DOM.getBoxModel of \(node.name): \(r)") }
            let xs = stride(from: 0, to: 8, by: 2).map { quad[$0] }
            let ys = stride(from: 1, to: 8, by: 2).map { quad[$0] }
            let x = xs.min() ?? 0
            let y = ys.min() ?? 0
            return Box(x: x, y: y, width: (xs.max() ?? 0) - x, height: (ys.max() ?? 0) - y)
        }

        /// A PNG of what the tab shows.
        public func screenshot() throws -> Data {
            let r = try send("Page.captureScreenshot", ["format": "png"])
            guard let text = r["data"] as? String, let data = Data(base64Encoded: text) else {
                throw Failure.failed("Page.captureScreenshot gave no picture")
            }
            return data
        }
    }

    /// A node of ``Page/document()``: an element (attributes), a text node (value) or a
    /// document or shadow root; its shadow roots come first among its children.
    public struct Node: Sendable {
        public var id: Int
        public var name: String
        public var attributes: [String: String]
        public var value: String
        /// "user-agent", "open" or "closed" for a shadow root, else empty.
        public var shadowRootType: String
        public var children: [Node]

        init(_ json: [String: Any]) {
            id = json["nodeId"] as? Int ?? 0
            name = json["nodeName"] as? String ?? ""
            let flat = json["attributes"] as? [String] ?? []
            attributes = Dictionary(
                stride(from: 0, to: flat.count - 1, by: 2).map { (flat[$0], flat[$0 + 1]) }, uniquingKeysWith: { $1 })
            value = json["nodeValue"] as? String ?? ""
            shadowRootType = json["shadowRootType"] as? String ?? ""
            let shadows = json["shadowRoots"] as? [[String: Any]] ?? []
            let content = (json["contentDocument"] as? [String: Any]).map { [$0] } ?? []
            children = (shadows + (json["children"] as? [[String: Any]] ?? []) + content).map(Node.init)
        }

        /// This node and every node under it, in document order.
        public var descendants: [Node] { [self] + children.flatMap(\.descendants) }

        /// The text of the text nodes under it, joined.
        public var text: String { name == "#text" ? value : children.map(\.text).joined() }
    }

    /// A rectangle in CSS pixels.
    public struct Box: Sendable, Equatable, CustomStringConvertible {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
        public var right: Double { x + width }
        public var bottom: Double { y + height }
        public var description: String { "(x \(x), y \(y), w \(width), h \(height))" }
    }
}

extension HeadlessBrowser {
    /// The browser of the running suite, when it has the ``HeadlessBrowser/Scope`` trait.
    @TaskLocal public static var current: HeadlessBrowser?

    /// The suite's browser (see ``Scope``): an error, not a skip, outside such a suite.
    public static func suiteBrowser() throws -> HeadlessBrowser {
        guard let current else { throw Failure.failed("no browser: give the suite the .headlessBrowser trait") }
        return current
    }

    /// A suite trait: one browser for all the suite's tests (``current``), started before the
    /// first and closed after the last, whether they pass, fail or throw.
    public struct Scope: SuiteTrait, TestScoping {
        public var isRecursive: Bool { false }
        public let arguments: [String]

        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let browser = try HeadlessBrowser(arguments: arguments)
            defer { browser.close() }
            try await HeadlessBrowser.$current.withValue(browser) { try await function() }
        }
    }
}

extension Trait where Self == HeadlessBrowser.Scope {
    /// One headless Chromium for the whole suite, with these extra command-line arguments.
    public static func headlessBrowser(arguments: [String] = []) -> Self { Self(arguments: arguments) }
}
