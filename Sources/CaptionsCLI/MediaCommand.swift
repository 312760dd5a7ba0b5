import ArgumentParser

/// The commands that live in `captions-media` and that `captions` hands over by name, one row
/// each: the name and the summary both executables show. `captions-media`'s commands take their
/// configuration's name and abstract from here, and `captions` lists them through
/// ``MediaCommandStub``, so the two `--help` pages cannot contradict each other.
public enum MediaCommand: String, CaseIterable, Sendable {
    case mediaInfo = "media-info"
    case preview, export, burn, frame, thumbnails, compose, review

    /// The one-line summary of `captions help`.
    public var abstract: String {
        switch self {
        case .mediaInfo: "Print the versions of the media libraries."
        case .preview: "Render the captions on screen at a time to a PNG or JPEG image."
        case .export:
            "Write a movie again: re-encode the video (libx264), copy the other tracks, trim with --from/--to."
        case .burn: "Burn captions into a movie's picture (any caption format this suite reads)."
        case .frame: "Write the picture of a movie or a composition at a time to a PNG or JPEG image."
        case .thumbnails:
            "Write a contact sheet of a movie's or a composition's pictures every N seconds to a PNG or JPEG image."
        case .compose: "Stitch, trim and cross-fade movies into one, from a composition file or a list of clips."
        case .review:
            "Review a movie's captions in a local page: play them, see the findings on a timeline, fix and save."
        }
    }
}

/// A row of ``MediaCommand`` as a type, for ``MediaCommandStub``.
public protocol MediaCommandRow {
    static var command: MediaCommand { get }
}

/// The entry of a media command in `captions --help`. It never runs: `captions` forwards the
/// command, and `captions help <command>`, to `captions-media` before parsing
/// (``MediaCommandForwarder``), so its help and options are the real ones.
public struct MediaCommandStub<Row: MediaCommandRow>: ParsableCommand {
    public init() {}

    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Row.command.rawValue,
            abstract: Row.command.abstract.dropLast(Row.command.abstract.hasSuffix(".") ? 1 : 0)
                + " (runs captions-media).")
    }
}
