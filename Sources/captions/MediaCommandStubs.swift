import ArgumentParser

/// `captions media-info`: listed here so `captions --help` shows it; `main` forwards it to
/// `captions-media` before parsing (see MediaCommandForwarder).
struct MediaInfoStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media-info",
        abstract: "Print the versions of the media libraries (runs captions-media).")
}

/// `captions preview`: forwarded to `captions-media` (see PreviewCommand there).
struct PreviewStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render the captions on screen at a time to a PNG image (runs captions-media).")
}
