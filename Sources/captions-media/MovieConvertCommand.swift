import ArgumentParser
import CaptionsCLI

/// `captions convert movie.ts out.scc`: `captions` hands a conversion here when its input is a
/// movie only libavformat reads (an MPEG transport or program stream, Matroska), whose captions
/// are read picture by picture through `DemuxedCaptions`. The options are those of `captions
/// convert` (one ``ConvertOptions`` group), and the work the same `ConvertJob`.
struct MovieConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert the captions of a movie that libavformat reads (MPEG-TS/PS, Matroska) to a caption file.",
        discussion: "The same command as `captions convert`, for movie inputs that need FFmpeg's demuxer.")

    @OptionGroup var options: ConvertOptions

    func run() throws { try options.job().run() }
}
