import ArgumentParser
import CaptionKit
import CaptionsCLI
import Composition
import Foundation
import Media
import Render

/// What `frame` and `thumbnails` share: a movie or a composition file as the input, the
/// tolerance, captions drawn on the pictures, the image file written atomically.
struct MovieImageOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Accept the nearest key frame within this many seconds of each time (faster); default 0: the exact frame."
    )
    var tolerance: String?

    @Option(name: .long, help: "A caption file whose captions are drawn on the pictures, at the pictures' times.")
    var captions: String?

    @OptionGroup(title: "Drawing captions (as burn draws them)") var drawing: CaptionBurnOptions

    @Flag(name: .long, help: "Replace an existing output file.")
    var force = false

    /// The tolerance as a time (zero when not given).
    func toleranceTime() throws -> MediaTime {
        guard let tolerance else { return .zero }
        let time = try TimeArgument.parse(tolerance, option: "--tolerance", rate: .fps29_97)
        guard time >= .zero else { throw Exit.Failure("--tolerance must not be negative") }
        return time
    }

    /// The pictures of `input`: a composition file (by content, Specs/composition.md) or a
    /// movie, with the tolerance and the captions set.
    func source(for input: String) throws -> (PictureSource, [Diagnostic]) {
        guard CompositionInput.isCompositionFile(input) else {
            let (generator, diagnostics) = try generator(for: input)
            return (PictureSource(generator: generator, composition: nil), diagnostics)
        }
        if tolerance != nil {
            throw Exit.Failure(
                "--tolerance: a composition's pictures are composed exactly; it has no key frames to round to")
        }
        let plan = try CompositionInput.plan(try CompositionInput.read(input), fileName: input)
        let asset = try CompositionInput.asset(plan)
        let fonts = plan.titles.isEmpty && captions == nil ? nil : try drawing.style.fonts()
        let generator = try asset.makeImageGenerator(fonts: fonts)
        let rate = ComposeCaptions.outputRate(plan) ?? .fps30
        let (drawn, diagnostics) = try captionCompositors(fonts: fonts, output: input, movieRate: { rate })
        generator.compositors += drawn
        return (PictureSource(generator: generator, composition: asset), diagnostics)
    }

    /// A generator for `movie` with the tolerance and captions set.
    func generator(for movie: String) throws -> (ImageGenerator, [Diagnostic]) {
        let generator = ImageGenerator(asset: Asset(path: movie))
        let tolerance = try toleranceTime()
        generator.toleranceBefore = tolerance
        generator.toleranceAfter = tolerance
        let fonts = captions == nil ? nil : try drawing.style.fonts()
        let (drawn, diagnostics) = try captionCompositors(
            fonts: fonts, output: movie, movieRate: { try MovieFacts.frameRate(of: Asset(path: movie)) })
        generator.compositors = drawn
        return (generator, diagnostics)
    }

    /// The compositor drawing `--captions` as `burn` draws it (none without it), and the
    /// findings.
    private func captionCompositors(fonts: FontCatalog?, output: String, movieRate: () throws -> FrameRate) throws
        -> ([any VideoCompositing], [Diagnostic])
    {
        guard let captions, let fonts else { return ([], []) }
        let (result, _) = try CaptionFile.read(captions, format: nil, options: drawing.readOptions(channel: nil))
        let (compositor, found) = try drawing.compositor(
            for: result, input: captions, output: output, allowEmpty: false, fonts: fonts, movieRate: movieRate)
        return ([compositor], found)
    }

    /// Writes an RGBA picture as PNG (or JPEG for .jpg/.jpeg) through a temporary file.
    static func writeImage(width: Int, height: Int, rgba: [UInt8], to path: String, overwrite: Bool) throws {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        let bytes: [UInt8]
        switch ext {
        case "png": bytes = try PNGCodec.encode(width: width, height: height, rgba: rgba)
        case "jpg", "jpeg": bytes = try JPEGCodec.encode(width: width, height: height, rgba: rgba)
        default: throw Exit.Failure("\(path): write a .png, .jpg or .jpeg image")
        }
        try FileIO.writeAtomically(bytes, to: path, overwrite: overwrite)
    }

    /// Checks that `path` names an image we write, before any work.
    static func checkImageName(_ path: String) throws {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard ["png", "jpg", "jpeg"].contains(ext) else {
            throw ValidationError("-o \(path): write a .png, .jpg or .jpeg image")
        }
    }
}
