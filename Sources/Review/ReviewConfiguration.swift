/// How a ``ReviewSession`` serves: the port, the overlay size and the bounds on requests
/// (Specs/review-server.md).
public struct ReviewConfiguration: Sendable, Hashable {
    /// The TCP port on 127.0.0.1; 0 lets the system pick a free one.
    public var port: Int
    /// The largest request body read (a save request); larger ones get 413 before being read.
    public var maximumBodyBytes: Int
    /// The longest caption text accepted in an edit, in UTF-8 bytes.
    public var maximumTextBytes: Int
    /// When a preview the browser can play is made of the movie.
    public var proxy: ReviewProxyMode

    public init(
        port: Int = 0, maximumBodyBytes: Int = 4 << 20, maximumTextBytes: Int = 4096, proxy: ReviewProxyMode = .auto
    ) {
        self.port = port
        self.proxy = proxy
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumTextBytes = maximumTextBytes
    }
}
