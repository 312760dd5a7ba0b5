import ArgumentParser
import CaptionKit
import CaptionsCLI
import Media

/// The options `export` and `burn` share: encoder, size, trim, tracks, progress, overwrite.
struct ExportOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The movie to write (.mp4, .mov, .m4v, .mkv).")
    var output: String

    @OptionGroup var encoding: EncodingOptions

    @Option(name: .long, help: "Output size WIDTHxHEIGHT (scaled with libswscale). Default: the source's.")
    var size: String?

    @Option(
        name: .customLong("from"),
        help:
            "Start at the first frame at or after this time: seconds (12.5) or timecode HH:MM:SS:FF at the video's rate."
    )
    var start: String?

    @Option(name: .customLong("to"), help: "End before the first frame at or after this time.")
    var end: String?

    @Flag(name: .customLong("drop-data"), help: "Leave the data tracks (GoPro GPMF, …) out of the output.")
    var dropData = false

    @Option(
        name: .long,
        help: "Progress: auto (a line on a terminal, nothing on a pipe), json (one object a second on stdout), none.")
    var progress: ProgressStyle = .auto

    @Flag(name: .long, help: "Replace an existing output file.")
    var force = false

    @Flag(
        name: .customLong("overlay-only"),
        help:
            "Write only what is drawn, on a transparent picture with alpha, at the source's frame times, for an editor to lay over the footage: ProRes 4444 in .mov by default; --codec qtrle (QuickTime Animation) or png in .mov, libvpx-vp9 in .webm."
    )
    var overlayOnly = false

    enum ProgressStyle: String, ExpressibleByArgument, CaseIterable {
        case auto, json, none
    }

    func validate() throws {
        if let size, VideoSize(size) == nil {
            throw ValidationError("--size must be WIDTHxHEIGHT, e.g. 1280x720, not \"\(size)\"")
        }
        if overlayOnly {
            // ProRes, QuickTime Animation and PNG live in QuickTime movies, VP9 with alpha in
            // WebM (or Matroska); MP4 holds none of them with their alpha.
            let name = output.split(separator: "/").last ?? ""
            let ext = name.contains(".") ? (name.split(separator: ".").last ?? "").lowercased() : ""
            guard ["mov", "webm", "mkv"].contains(ext) else {
                throw ValidationError(
                    "--overlay-only writes a picture with alpha, which an .\(ext) file cannot hold: write a .mov "
                        + "(ProRes 4444, QuickTime Animation, PNG) or a .webm (--codec libvpx-vp9)")
            }
            if encoding.codec == "copy" {
                throw ValidationError("--overlay-only draws a new picture: --codec copy cannot be used")
            }
        }
    }

    func settings() -> ExportSettings {
        ExportSettings(
            videoCodec: encoding.videoCodec(alpha: overlayOnly), crf: encoding.crf, preset: encoding.preset,
            size: size.flatMap(VideoSize.init), dropDataTracks: dropData, overwrite: force, overlayOnly: overlayOnly)
    }

    /// The `--from`/`--to` range on the movie's timeline (timecodes at the video's frame rate,
    /// which `rate` gives; it is asked for only when a timecode is given).
    func timeRange(rate videoRate: () throws -> FrameRate) throws -> TimeRange? {
        guard start != nil || end != nil else { return nil }
        let timecode = [start, end].contains { $0?.contains(":") == true || $0?.contains(";") == true }
        let rate = timecode ? try videoRate() : .fps29_97
        let from = try start.map { try TimeArgument.parse($0, option: "--from", rate: rate) } ?? .zero
        let to = try end.map { try TimeArgument.parse($0, option: "--to", rate: rate) } ?? .positiveInfinity
        if from < .zero { throw Exit.Failure("--from must not be negative") }
        if to.isNumeric, to <= from { throw Exit.Failure("--to must come after --from") }
        return TimeRange(start: from, end: to)
    }
}
