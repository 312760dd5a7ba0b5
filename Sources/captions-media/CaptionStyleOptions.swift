import ArgumentParser
import CaptionKit
import Render

/// How `preview` and `burn` draw captions: the look, the iTT outline and shadow, and font files
/// tried first. One group, so that a burned frame and a preview are asked for with the same words.
struct CaptionStyleOptions: ParsableArguments {
    @Option(name: .long, help: "Presentation: automatic (608 look for cell regions, iTT otherwise), cea608 or itt.")
    var look: Look = .automatic

    @Option(name: .long, help: "Outline width as a fraction of the font size (iTT look; default 0.06, 0 for none).")
    var outline: Double?

    @Option(name: .long, help: "Drop-shadow offset as a fraction of the font size (iTT look; default 0: none).")
    var shadow: Double?

    @Option(name: .long, help: "A font file tried before the configured fonts (repeatable).")
    var font: [String] = []

    enum Look: String, ExpressibleByArgument, CaseIterable {
        case automatic, cea608, itt
    }

    func validate() throws {
        if let outline, !(0...1).contains(outline) { throw ValidationError("--outline must be between 0 and 1") }
        if let shadow, !(0...1).contains(shadow) { throw ValidationError("--shadow must be between 0 and 1") }
    }

    /// The renderer's options for the look, outline and shadow asked for.
    func renderOptions() -> CaptionRenderOptions {
        var options = CaptionRenderOptions()
        options.look = look == .cea608 ? .cea608 : look == .itt ? .timedText : .automatic
        if let outline { options.outlineWidth = outline }
        if let shadow { options.shadowOffset = shadow }
        return options
    }

    /// The configured fonts with the `--font` files first, each checked to be a readable regular
    /// file before FreeType opens it (a FIFO would block it).
    func fonts() throws -> FontCatalog {
        for file in font { try FileIO.checkInput(file) }
        return try FontCatalog.system(overrideFiles: font)
    }
}
