import ArgumentParser
import CaptionKit
import CaptionsCLI
import Foundation
import Media
import Render

/// `captions preview FILE --at TIME -o frame.png`: draws the captions on screen at one time, or
/// with `--contact-sheet DIR` one picture per scene.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render the captions on screen at a time to a PNG image.",
        discussion: """
            CEA-608 captions (SCC) get the 608 decoder look: a 32×15 grid of character cells in \
            the 80% safe area with a box behind each character. iTT captions get their regions, \
            alignment, faces, colours, vertical text and ruby. Fonts come from Debian's \
            fonts-dejavu-core and fonts-noto-cjk; --font puts other font files first. Characters \
            no font has are reported as render.missingGlyph warnings. Outputs are written through \
            a temporary file and never replace an existing file without --force.
            """)

    @Argument(help: "The caption file to read.")
    var file: String

    @OptionGroup var read: ReadOptions

    @Option(
        name: .long,
        help:
            "The time to show: a timecode HH:MM:SS:FF (HH:MM:SS;FF drop-frame) at the file's frame rate, or seconds (62.5)."
    )
    var at: String?

    @Option(name: .long, help: "Picture size WIDTHxHEIGHT. Default: the background's size, else 1920x1080.")
    var size: String?

    @Option(
        name: .long,
        help: "A PNG frame to draw the captions on (scaled to --size when both are given). Default: transparent.")
    var background: String?

    @Option(name: .long, help: "A font file tried before the system fonts (repeatable).")
    var font: [String] = []

    @Option(name: .long, help: "Presentation: automatic (608 look for cell regions, iTT otherwise), cea608 or itt.")
    var look: LookOption = .automatic

    @Option(name: .long, help: "iTT outline width as a fraction of the font size (default 0.06; 0 for none).")
    var outline: Double?

    @Option(name: .long, help: "iTT drop-shadow offset as a fraction of the font size (default 0: none).")
    var shadow: Double?

    @Option(
        name: .customLong("contact-sheet"),
        help: "Write one image per scene change into this folder instead of one image.")
    var contactSheet: String?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String?

    @Flag(name: .long, help: "Replace existing output files.")
    var force = false

    enum LookOption: String, ExpressibleByArgument, CaseIterable {
        case automatic, cea608, itt
    }

    func validate() throws {
        if contactSheet == nil {
            guard output != nil else { throw ValidationError("give -o FILE.png (or --contact-sheet DIR)") }
            guard at != nil else { throw ValidationError("give --at TIME, e.g. --at 00:01:02:03") }
        }
        if let size, RenderSize(size)?.isUsable != true {
            throw ValidationError("--size must be WIDTHxHEIGHT between 2x2 and 16384x16384, not \"\(size)\"")
        }
        if let outline, !(0...1).contains(outline) { throw ValidationError("--outline must be between 0 and 1") }
        if let shadow, !(0...1).contains(shadow) { throw ValidationError("--shadow must be between 0 and 1") }
    }

    func run() throws {
        let (result, _) = try CaptionFile.read(file, format: read.from, options: read.formatOptions())
        if result.diagnostics.contains(where: { $0.severity == .error }) {
            try Exit.report(result.diagnostics, file: file)
        }
        let document = result.document
        let rate = read.formatOptions().frameRate ?? document.frameRate ?? .fps29_97
        do {
            var backdrop: RGBAImage?
            var bounds = size.flatMap(RenderSize.init) ?? .hd1080
            if let background {
                let bytes = try FileIO.readAll(background)
                let target = size.flatMap(RenderSize.init).map { (width: $0.width, height: $0.height) }
                let picture = try PNGCodec.decode(bytes, scaledTo: target)
                backdrop = try RGBAImage(width: picture.width, height: picture.height, pixels: picture.rgba)
                bounds = RenderSize(width: picture.width, height: picture.height)
            }
            var options = CaptionRenderOptions()
            options.look = look == .cea608 ? .cea608 : look == .itt ? .timedText : .automatic
            if let outline { options.outlineWidth = outline }
            if let shadow { options.shadowOffset = shadow }
            for file in font { try FileIO.checkInput(file) }
            let renderer = try CaptionRenderer(
                captions: document.captions, bounds: bounds, fonts: try FontCatalog.system(overrideFiles: font),
                options: options)
            renderer.timecodeRate = rate
            renderer.timecodeDropFrame = document.dropFrame ?? false

            func picture(at time: MediaTime) throws -> [UInt8] {
                var image = try backdrop ?? RGBAImage(width: bounds.width, height: bounds.height)
                try renderer.render(at: time, into: &image)
                return try PNGCodec.encode(width: image.width, height: image.height, rgba: image.pixels)
            }

            if let contactSheet {
                try FileManager.default.createDirectory(atPath: contactSheet, withIntermediateDirectories: true)
                let scenes = renderer.captionSceneChanges(in: document.timeRange).filter(\.hasActiveCaptions)
                for (index, scene) in scenes.enumerated() {
                    let label = Self.label(scene.timeRange.start, rate: rate, dropFrame: document.dropFrame ?? false)
                    let number = String(index + 1)
                    let path =
                        contactSheet + "/scene-" + String(repeating: "0", count: max(0, 4 - number.count)) + number
                        + "_" + label + ".png"
                    try FileIO.writeAtomically(try picture(at: scene.timeRange.start), to: path, overwrite: force)
                }
                Console.out("wrote \(scenes.count) image\(scenes.count == 1 ? "" : "s") to \(contactSheet)")
            }
            if let output, let at {
                let time = try TimeArgument.parse(at, option: "--at", rate: rate)
                try FileIO.writeAtomically(try picture(at: time), to: output, overwrite: force)
            }
            try Exit.report(result.diagnostics + renderer.diagnostics, file: file)
        } catch let error as RenderError {
            throw Exit.Failure(error.description)
        } catch let error as MediaError {
            throw Exit.Failure(error.description)
        }
    }

    /// `HH-MM-SS-FF`, safe in file names.
    static func label(_ time: MediaTime, rate: FrameRate, dropFrame: Bool) -> String {
        let tc = try? Timecode(time: time, rate: rate, dropFrame: dropFrame && rate.supportsDropFrame)
        return (tc?.description ?? time.description).replacingOccurrences(of: ":", with: "-").replacingOccurrences(
            of: ";", with: "-")
    }
}
