import ArgumentParser
import CaptionKit
import CaptionsCLI
import Media

/// `captions thumbnails movie.mp4 --every 10s -o sheet.png`: a contact sheet of a movie's (or a
/// composition file's) pictures at regular times, like `AVAssetImageGenerator.generateCGImagesAsynchronously`.
struct ThumbnailsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: MediaCommand.thumbnails.rawValue,
        abstract: MediaCommand.thumbnails.abstract,
        discussion: """
            Pictures are taken at 0, N, 2N… seconds before the end, each the exact picture shown \
            at its time (or the nearest key frame within --tolerance), and laid out left to right, \
            top to bottom, --columns to a row, each --width pixels wide, on black with a 4-pixel \
            gap. The movie is read once from start to end: each group of pictures between two key \
            frames is decoded at most once, and the reader jumps over those no time needs. \
            --captions FILE draws the captions on screen at each picture's time. The sheet is \
            written through a temporary file and never replaces an existing file without --force.

            A composition file (Specs/composition.md, told by its content) gives the frames the \
            export would write at those times, composed and titled as `captions compose` does; \
            each clip's reader jumps to the key frame before a time rather than decoding every \
            picture in between.

            Examples:
              captions thumbnails movie.mp4 --every 10s -o sheet.png
              captions thumbnails comp.json --every 2s -o sheet.png
              captions thumbnails movie.mp4 --every 2.5 --columns 8 --width 240 --captions show.srt -o sheet.jpg
            """)

    @Argument(help: "The movie or composition file to read.")
    var input: String

    @Option(name: .long, help: "The interval: seconds (10, 2.5, 10s) or a timecode HH:MM:SS:FF.")
    var every: String

    @Option(name: .shortAndLong, help: "The sheet to write: FILE.png, FILE.jpg or FILE.jpeg.")
    var output: String

    @Option(name: .long, help: "Pictures per row (default 5).")
    var columns = 5

    @Option(name: .long, help: "Width of each picture in pixels (default 320); heights keep the aspect.")
    var width = 320

    @OptionGroup var images: MovieImageOptions

    /// The gap between pictures and around them, in pixels.
    static let gap = 4
    /// The most pictures one sheet holds.
    static let maximumPictures = 10_000

    func validate() throws {
        try MovieImageOptions.checkImageName(output)
        guard (1...1000).contains(columns) else { throw ValidationError("--columns must be between 1 and 1000") }
        guard (2...4096).contains(width) else { throw ValidationError("--width must be between 2 and 4096") }
    }

    func run() throws {
        let (source, diagnostics) = try images.source(for: input)
        let rate = try source.frameRate()
        var text = every
        if text.hasSuffix("s") { text.removeLast() }
        let step = try TimeArgument.parse(text, option: "--every", rate: rate)
        guard step > .zero else { throw Exit.Failure("--every must be more than 0") }
        let duration = try source.duration()
        guard let duration, duration.isNumeric, duration > .zero else {
            throw Exit.Failure("\(input): the movie's duration is unknown, so the times cannot be spread over it")
        }
        var times: [MediaTime] = []
        var t = MediaTime.zero
        while t < duration {
            times.append(t)
            guard times.count <= Self.maximumPictures else {
                throw Exit.Failure(
                    "--every \(every) gives more than \(Self.maximumPictures) pictures for \(input); choose a longer interval"
                )
            }
            t = t + step
        }
        source.generator.maximumSize = VideoSize(width: width, height: 16384)
        // Each picture goes onto the sheet as soon as it is made and is let go: memory holds the
        // sheet and one picture, whatever the number of pictures.
        var sheet: ContactSheet?
        try source.generator.generateImages(at: times) { index, picture in
            if sheet == nil {
                sheet = try ContactSheet(
                    count: times.count, columns: columns, cellWidth: max(width, picture.width),
                    cellHeight: picture.height, gap: Self.gap)
                // A stream whose picture size changes midway: later pictures fit the first one's cell.
                source.generator.maximumSize = VideoSize(width: width, height: picture.height)
            }
            sheet?.place(picture, at: index)
        }
        guard let sheet else { throw Exit.Failure("\(input): no pictures to put on a contact sheet") }
        try MovieImageOptions.writeImage(
            width: sheet.width, height: sheet.height, rgba: sheet.rgba, to: output, overwrite: images.force)
        Console.error("\(output): \(times.count) pictures, \(source.generator.decodedFrameCount) frames decoded")
        try Exit.report(diagnostics)
    }
}
