import ArgumentParser
import CaptionKit

/// The caption file's format and the rate of its timecodes (`--from`, `--frame-rate`), as every
/// command that reads a caption file takes them: in ``ReadOptions``, and in `mux`, which says
/// its channel itself (the one it writes).
public struct CaptionInputOptions: ParsableArguments {
    public init() {}

    @Option(name: .long, help: "Input format (json, scc, itt…); default: by extension, then by content.")
    public var from: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: "Frame rate of the input's timecodes: 23.976, 24, 25, 29.97, 30, … (SCC default 29.97).")
    public var frameRate: String?

    public func validate() throws {
        if let frameRate, FrameRate(frameRate) == nil {
            throw ValidationError(
                "unknown frame rate \"\(frameRate)\"; use e.g. 29.97, 25 or 30000/1001 (1 to 1000 fps)")
        }
    }
}

/// Options shared by every command that reads a caption file.
public struct ReadOptions: ParsableArguments {
    public init() {}

    @OptionGroup public var input: CaptionInputOptions
    /// `--from`.
    public var from: String? { input.from }

    @Option(name: .long, parsing: .unconditional, help: "CEA-608 caption channel to read: 1–4 (CC1–CC4). Default 1.")
    public var channel: Int?

    @Option(
        name: .long, parsing: .unconditional,
        help: "CEA-708 (DTVCC) service to read: 1–63 (MCC files). Default: CEA-608 --channel, else the first service.")
    public var service: Int?

    @Flag(name: .long, help: "Treat what lenient reading tolerates with a warning as an error.")
    public var strict = false

    @Option(
        name: .long,
        help:
            "From a movie: read the c608 track (track), the video's A/53 captions (sei) or a subtitle track (subtitle)."
    )
    public var source: String?

    public func validate() throws {
        if let source, !["track", "sei", "subtitle"].contains(source) {
            throw ValidationError("--source must be track, sei or subtitle, not \(source)")
        }
        if let channel, !(1...4).contains(channel) {
            throw ValidationError("--channel must be 1, 2, 3 or 4 (CC1–CC4), not \(channel)")
        }
        if let service, !(1...63).contains(service) {
            throw ValidationError("--service must be a CEA-708 service number, 1–63, not \(service)")
        }
        if service != nil && channel != nil {
            throw ValidationError("--service (CEA-708) and --channel (CEA-608) choose the same thing; give one")
        }
    }

    public func formatOptions() -> CaptionFormatOptions {
        var settings: [String: String] = [:]
        if let source { settings["movie.source"] = source }
        if let service { settings[CaptionFormatOptions.dtvccServiceSetting] = String(service) }
        return CaptionFormatOptions(
            strict: strict, frameRate: input.frameRate.flatMap(FrameRate.init), channel: channel, settings: settings)
    }
}
