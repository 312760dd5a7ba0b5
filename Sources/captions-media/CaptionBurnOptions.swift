import ArgumentParser
import CaptionKit
import CaptionsCLI
import Composition
import Media
import Render

/// How `burn`, `export --captions`, `frame --captions` and `thumbnails --captions` draw a caption
/// file into the picture: the timecode rate, the offset, the iTT look's font and box, and the
/// look, outline, shadow, size, edge and font files of ``CaptionStyleOptions``. One group and one
/// compositor (``compositor(for:input:output:allowEmpty:fonts:movieRate:)``), so that they all
/// draw the same pixels for the same options.
struct CaptionBurnOptions: ParsableArguments {
    @Option(
        name: .customLong("frame-rate"),
        help: "Frame rate of the caption file's timecodes (default: the file's, else the video's).")
    var frameRate: String?

    @Option(
        name: .long, parsing: .unconditional,
        help:
            "Shift the captions by this much: seconds (-3600, 1.5) or a timecode, e.g. -01:00:00:00 for a file that starts at 01:00:00:00."
    )
    var offset: String?

    @Option(name: .customLong("font-family"), help: "Font family for every caption (iTT look).")
    var fontFamily: String?

    @Option(name: .long, help: "A box behind the text: a colour #RRGGBB or #RRGGBBAA (iTT look).")
    var box: String?

    @OptionGroup var style: CaptionStyleOptions

    func validate() throws {
        if let frameRate, FrameRate(frameRate) == nil { throw ValidationError("unknown frame rate \"\(frameRate)\"") }
        if let box, CaptionColor(hex: box) == nil { throw ValidationError("--box must be #RRGGBB or #RRGGBBAA") }
    }

    /// The rate the caption file's timecodes count in, when `--frame-rate` gives one.
    var rate: FrameRate? { frameRate.flatMap(FrameRate.init) }

    /// The reader's options: `--frame-rate` and the CEA-608 `channel` to read.
    func readOptions(channel: Int?) -> CaptionFormatOptions {
        CaptionFormatOptions(frameRate: rate, channel: channel)
    }

    /// The compositor drawing `result`'s captions with `fonts`, and the reader's and the
    /// renderer's findings. A result with no caption is refused (`allowEmpty` keeps it, with a
    /// warning), and one whose reader found errors is reported; both name `input` and say that
    /// `output` is not written. `movieRate` gives the rate an `--offset` timecode counts in when
    /// neither `--frame-rate` nor the caption file gives one.
    func compositor(
        for result: CaptionReadResult, input: String, output: String, allowEmpty: Bool, fonts: FontCatalog,
        movieRate: () throws -> FrameRate
    ) throws -> (CaptionCompositor, [Diagnostic]) {
        var found = result.diagnostics
        if let empty = EmptyCaptions.finding(
            result, input: input, consequence: "there is nothing to burn: \(output) is not written",
            allowEmpty: allowEmpty)
        {
            if empty.severity == .error { try Exit.report(found + [empty]) }
            found.append(empty)
        } else if found.contains(where: { $0.severity == .error }) {
            try Exit.report(found)
        }
        let document = result.document
        let offsetTime =
            try offset.map {
                try Self.parseOffset($0, rate: rate ?? document.frameRate ?? movieRate())
            } ?? .zero
        // The size and edge are the renderer's (a viewer's choice, in every look: style.fontSize).
        let overrides = CaptionStyleOverrides(fontFamily: fontFamily, boxColor: box.flatMap { CaptionColor(hex: $0) })
        let renderer = try CaptionRenderer(
            captions: overrides.applied(to: document.captions), fonts: fonts,
            options: style.renderOptions(for: document))
        renderer.timecodeRate = document.frameRate ?? rate
        renderer.timecodeDropFrame = document.dropFrame ?? false
        return (CaptionCompositor(renderer: renderer, offset: offsetTime), found + renderer.diagnostics)
    }

    /// `-3600`, `1.5`, `-01:00:00:00`.
    static func parseOffset(_ text: String, rate: FrameRate) throws -> MediaTime {
        let negative = text.hasPrefix("-")
        let body = negative || text.hasPrefix("+") ? String(text.dropFirst()) : text
        let t = try TimeArgument.parse(body, option: "--offset", rate: rate)
        return negative ? -t : t
    }
}
