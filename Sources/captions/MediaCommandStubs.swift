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

/// `captions export`: forwarded to `captions-media` (see ExportCommand there).
struct ExportStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a movie again (libx264), copy its other tracks, trim with --from/--to (runs captions-media).")
}

/// `captions burn`: forwarded to `captions-media` (see BurnCommand there).
struct BurnStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "burn",
        abstract: "Burn captions into a movie's picture (runs captions-media).")
}

/// `captions frame`: forwarded to `captions-media` (see FrameCommand there).
struct FrameStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Write the picture of a movie at a time to a PNG or JPEG image (runs captions-media).")
}

/// `captions thumbnails`: forwarded to `captions-media` (see ThumbnailsCommand there).
struct ThumbnailsStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract: "Write a contact sheet of a movie's pictures every N seconds (runs captions-media).")
}

/// `captions compose`: forwarded to `captions-media` (see ComposeCommand there).
struct ComposeStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compose",
        abstract: "Stitch, trim and cross-fade movies into one, from a composition file or a list of clips (runs captions-media).")
}
