import ArgumentParser

// The media commands live in `captions-media`; these stubs only list them in `captions --help`.
// `main` forwards them, and `captions help <command>`, to `captions-media` before parsing
// (MediaCommandForwarder), so their help and options are the real ones.

/// `captions media-info`: forwarded to `captions-media` (see MediaInfoCommand there).
struct MediaInfoStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media-info",
        abstract: "Print the versions of the media libraries (runs captions-media).")
}

/// `captions preview`: forwarded to `captions-media` (see PreviewCommand there).
struct PreviewStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render the captions on screen at a time to a PNG or JPEG image (runs captions-media).")
}
