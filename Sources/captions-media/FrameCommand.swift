import ArgumentParser
import CaptionKit
import CaptionsCLI
import Media

/// `captions frame movie.mp4 --at 12.5 -o f.png`: one picture of a movie or of a composition
/// file, like `AVAssetImageGenerator.copyCGImage(at:actualTime:)`.
struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: MediaCommand.frame.rawValue,
        abstract: MediaCommand.frame.abstract,
        discussion: """
            The picture is the one shown at the time (the last frame that starts at or before \
            it), decoded from the key frame before it; --tolerance S accepts the nearest key frame \
            within S seconds instead, which needs only that frame decoded. The picture is made \
            upright (the track's display matrix) and --width scales it keeping its aspect. \
            --captions FILE draws the captions on screen at the picture's time. The image is \
            written through a temporary file and never replaces an existing file without --force.

            A composition file (Specs/composition.md, told by its content) gives the frame the \
            export would write at that time (output frame ⌊time × rate⌋): its clips, cross-fades, \
            transforms and titles composed as `captions compose` composes them, before encoding. \
            Its errors are those of compose, with the JSON path; --tolerance does not apply.

            Examples:
              captions frame movie.mp4 --at 12.5 -o frame.png
              captions frame movie.mp4 --at 00:01:02:03 --captions show.scc -o frame.jpg
              captions frame comp.json --at 5 -o frame.png
            """)

    @Argument(help: "The movie or composition file to read.")
    var input: String

    @Option(name: .long, help: "The time: seconds (12.5) or a timecode HH:MM:SS:FF at the video's frame rate.")
    var at: String

    @Option(name: .shortAndLong, help: "The image to write: FILE.png, FILE.jpg or FILE.jpeg.")
    var output: String

    @Option(name: .long, help: "Scale the picture to this width (its height keeps the aspect).")
    var width: Int?

    @OptionGroup var images: MovieImageOptions

    func validate() throws {
        try MovieImageOptions.checkImageName(output)
        if let width, !(2...16384).contains(width) { throw ValidationError("--width must be between 2 and 16384") }
    }

    func run() throws {
        let (source, diagnostics) = try images.source(for: input)
        let time = try TimeArgument.parse(at, option: "--at", rate: try source.frameRate())
        if let width { source.generator.maximumSize = VideoSize(width: width, height: 16384) }
        let pictures = try source.generator.images(at: [time])
        guard let picture = pictures.first else { throw Exit.Failure("\(input): no picture at \(at)") }
        try MovieImageOptions.writeImage(
            width: picture.width, height: picture.height, rgba: picture.rgba, to: output, overwrite: images.force)
        try Exit.report(diagnostics)
    }
}
