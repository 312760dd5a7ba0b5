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
        commandName: MediaCommand.preview.rawValue,
        abstract: MediaCommand.preview.abstract,
        usage: """
            captions preview <file> --at <time> -o <image.png|image.jpg|-> [<options>]
            captions preview <file> --contact-sheet <folder> [<options>]
            """,
        discussion: """
            CEA-608 captions (SCC) get the 608 decoder look: a 32×15 grid of character cells in \
            the safe area of the centred 4:3 picture, characters filling their cells, a box behind \
            each one, roll-up windows with all their rows (Specs/cea608-look.md). CEA-708 captions \
            (an MCC file or a movie read with --service N) get the 708 decoder look: windows on the \
            safe-title area, pen sizes, the eight font styles, pen backgrounds, justification \
            (Specs/cea708-look.md); --font-size and --edge replace the captions' size and edge, \
            as 47 CFR 79.102 lets a viewer choose. iTT captions get their regions, alignment, \
            faces, colours, vertical text and ruby.

            Fonts are found through fontconfig, as libass finds them: your font configuration \
            (fc-list lists what it has; FONTCONFIG_FILE and ~/.config/fontconfig apply) decides \
            which font stands for monospace and sans-serif, and --language (else the file's own \
            language) picks faces made for the text's language, such as the Japanese or Chinese \
            forms of Han characters. --font puts other font files first. Characters no font has \
            are reported as render.missingGlyph warnings.

            The image format follows the output's extension (.png, .jpg, .jpeg) or --format; -o - \
            writes the image to standard output (PNG unless --format jpeg). JPEG has no \
            transparency: captions without --background are drawn over black. Outputs are written \
            through a temporary file and never replace an existing file without --force. --json \
            prints what was written (files, formats, sizes, scenes, fonts) and the diagnostics.

            Examples:
              captions preview show.scc --at 00:01:02:03 -o frame.png
              captions preview show.itt --at 62.5 --format jpeg -o - > frame.jpg
              captions preview show.scc --contact-sheet frames/ --json
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

    @Option(
        name: .long,
        help: "The captions' language as a BCP 47 tag (ja, zh-CN, ko…) for choosing fonts. Default: the file's own.")
    var language: String?

    @OptionGroup var style: CaptionStyleOptions

    @Option(
        name: .customLong("contact-sheet"),
        help: "Write one image per scene change into this folder instead of one image.")
    var contactSheet: String?

    @Option(name: .shortAndLong, help: "The image to write: FILE.png, FILE.jpg or FILE.jpeg; - for standard output.")
    var output: String?

    @Option(name: .long, help: "Image format: png or jpeg. Default: from -o's extension; PNG for - and contact sheets.")
    var format: ImageFormat?

    @Flag(name: .long, help: "Print what was written, the fonts used and the diagnostics as JSON.")
    var json = false

    @Flag(name: .long, help: "Replace existing output files.")
    var force = false

    enum ImageFormat: String, ExpressibleByArgument, CaseIterable, Encodable {
        case png, jpeg

        var fileExtension: String { self == .png ? "png" : "jpg" }

        /// The format an output name asks for: nil for a name whose extension is none of ours.
        init?(pathExtensionOf path: String) {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            default: return nil
            }
        }
    }

    static let standardOutput = "-"

    func validate() throws {
        if contactSheet == nil {
            guard output != nil else { throw ValidationError("give -o FILE.png (or --contact-sheet DIR)") }
            guard at != nil else { throw ValidationError("give --at TIME, e.g. --at 00:01:02:03") }
        }
        if let size, RenderSize(size)?.isUsable != true {
            throw ValidationError("--size must be WIDTHxHEIGHT between 2x2 and 16384x16384, not \"\(size)\"")
        }
        if output == Self.standardOutput && json {
            throw ValidationError("-o - and --json both write to standard output: write the image to a file")
        }
        _ = try outputFormat()
    }

    /// The format of `-o`'s image: the extension's, which --format must not contradict, or
    /// --format's for a name without one of ours and for `-`.
    func outputFormat() throws -> ImageFormat {
        guard let output, output != Self.standardOutput else { return format ?? .png }
        let named = ImageFormat(pathExtensionOf: output)
        switch (named, format) {
        case (let n?, let f?) where n != f:
            throw ValidationError("-o \(output) names a \(n.rawValue.uppercased()) file but --format is \(f.rawValue)")
        case (let n?, _):
            return n
        case (nil, let f?):
            return f
        case (nil, nil):
            let ext = URL(fileURLWithPath: output).pathExtension
            throw ValidationError(
                "cannot tell which image to write for \"\(output)\""
                    + (ext.isEmpty ? " (no extension)" : " (.\(ext) is not an image format preview writes)")
                    + ": name it .png, .jpg or .jpeg, or give --format png|jpeg")
        }
    }

    func run() throws {
        let (result, _) = try CaptionFile.read(file, format: read.from, options: read.formatOptions())
        if result.diagnostics.contains(where: { $0.severity == .error }) {
            try Exit.report(result.diagnostics, file: file)
        }
        let document = result.document
        let rate = read.formatOptions().frameRate ?? document.frameRate ?? .fps29_97
        let dropFrame = document.dropFrame ?? false
        let imageFormat = try outputFormat()
        var report = PreviewReport(file: file)
        var backdrop: RGBAImage?
        var bounds = size.flatMap(RenderSize.init) ?? .hd1080
        if let background {
            let bytes = try FileIO.readAll(background)
            let target = size.flatMap(RenderSize.init).map { (width: $0.width, height: $0.height) }
            let picture = try PNGCodec.decode(bytes, scaledTo: target)
            backdrop = try RGBAImage(width: picture.width, height: picture.height, pixels: picture.rgba)
            bounds = RenderSize(width: picture.width, height: picture.height)
        }
        var options = style.renderOptions(for: document)
        if let language { options.language = language }
        let renderer = try CaptionRenderer(
            captions: document.captions, bounds: bounds, fonts: try style.fonts(),
            options: options)
        renderer.timecodeRate = rate
        renderer.timecodeDropFrame = dropFrame
        report.width = bounds.width
        report.height = bounds.height
        report.look = options.look == .cea708 && style.look == .automatic ? "cea708" : style.look.rawValue
        report.language = options.language

        func picture(at time: MediaTime, as format: ImageFormat) throws -> [UInt8] {
            var image = try backdrop ?? RGBAImage(width: bounds.width, height: bounds.height)
            try renderer.render(at: time, into: &image)
            switch format {
            case .png: return try PNGCodec.encode(width: image.width, height: image.height, rgba: image.pixels)
            case .jpeg: return try JPEGCodec.encode(width: image.width, height: image.height, rgba: image.pixels)
            }
        }
        func label(_ time: MediaTime) -> String { Self.label(time, rate: rate, dropFrame: dropFrame) }

        if let contactSheet {
            let sheetFormat = format ?? .png
            try FileManager.default.createDirectory(atPath: contactSheet, withIntermediateDirectories: true)
            let scenes = renderer.captionSceneChanges(in: document.timeRange).filter(\.hasActiveCaptions)
            for (index, scene) in scenes.enumerated() {
                let number = String(index + 1)
                let path =
                    contactSheet + "/scene-" + String(repeating: "0", count: max(0, 4 - number.count)) + number
                    + "_"
                    + label(scene.timeRange.start).replacingOccurrences(of: ":", with: "-")
                    .replacingOccurrences(of: ";", with: "-") + "." + sheetFormat.fileExtension
                let bytes = try picture(at: scene.timeRange.start, as: sheetFormat)
                try FileIO.writeAtomically(bytes, to: path, overwrite: force)
                report.outputs.append(
                    .init(
                        path: path, format: sheetFormat, bytes: bytes.count, time: scene.timeRange.start,
                        label: label))
                report.scenes.append(
                    .init(
                        number: index + 1, start: scene.timeRange.start, end: scene.timeRange.end, path: path,
                        label: label))
            }
            if !json {
                let note = "wrote \(scenes.count) image\(scenes.count == 1 ? "" : "s") to \(contactSheet)"
                // Standard output may be carrying the image (-o -).
                if output == Self.standardOutput { Console.error(note) } else { Console.out(note) }
            }
        }
        if let output, let at {
            let time = try TimeArgument.parse(at, option: "--at", rate: rate)
            let bytes = try picture(at: time, as: imageFormat)
            if output == Self.standardOutput {
                Console.out(bytes: bytes)
            } else {
                try FileIO.writeAtomically(bytes, to: output, overwrite: force)
            }
            report.outputs.append(
                .init(path: output, format: imageFormat, bytes: bytes.count, time: time, label: label))
        }
        report.fonts = renderer.fontsUsed.map(PreviewReport.Font.init)
        let diagnostics = result.diagnostics + renderer.diagnostics
        report.diagnostics = diagnostics
        if json { Console.out(try report.jsonText()) }
        try Exit.report(diagnostics, file: file, quiet: json)
    }

    /// `HH:MM:SS:FF` (`;FF` drop-frame) at `rate`, or the time in seconds when it has no timecode.
    static func label(_ time: MediaTime, rate: FrameRate, dropFrame: Bool) -> String {
        let tc = try? Timecode(time: time, rate: rate, dropFrame: dropFrame && rate.supportsDropFrame)
        return tc?.description ?? time.description
    }
}
