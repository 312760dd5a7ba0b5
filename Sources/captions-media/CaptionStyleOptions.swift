import ArgumentParser
import CaptionKit
import Render

/// How `preview` and `burn` draw captions: the look, the iTT outline and shadow, and font files
/// tried first. One group, so that a burned frame and a preview are asked for with the same words.
struct CaptionStyleOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Presentation: automatic (708 look for CEA-708 captions, 608 look for cell regions, iTT otherwise), cea608, cea708 or itt."
    )
    var look: Look = .automatic

    @Option(
        name: .customLong("font-size"),
        help:
            "The viewer's character size for every caption: in cells, 1/15 of the picture height (iTT look), or in rows of the safe-title area (708 look: 1 standard, 0.8 small, 1.2 large), e.g. 0.9."
    )
    var fontSize: Double?

    @Option(
        name: .long,
        help:
            "The viewer's character edge for every caption (708 look, as 47 CFR 79.102 lets viewers choose): none, raised, depressed, uniform, drop-shadow (right), left-drop-shadow."
    )
    var edge: Edge?

    @Option(
        name: .long,
        help:
            "Outline width as a fraction of the font size (iTT look; default 0.06 for iTT, none for other TTML profiles; 0 for none)."
    )
    var outline: Double?

    @Option(name: .long, help: "Drop-shadow offset as a fraction of the font size (iTT look; default 0: none).")
    var shadow: Double?

    @Option(name: .long, help: "A font file tried before the configured fonts (repeatable).")
    var font: [String] = []

    enum Look: String, ExpressibleByArgument, CaseIterable {
        case automatic, cea608, cea708, itt
    }

    /// `--edge`'s words for ``CharacterEdge``.
    enum Edge: String, ExpressibleByArgument, CaseIterable {
        case none, raised, depressed, uniform
        case dropShadow = "drop-shadow"
        case leftDropShadow = "left-drop-shadow"

        var characterEdge: CharacterEdge {
            switch self {
            case .none: .none
            case .raised: .raised
            case .depressed: .depressed
            case .uniform: .uniform
            case .dropShadow: .rightDropShadow
            case .leftDropShadow: .leftDropShadow
            }
        }
    }

    func validate() throws {
        if let outline, !(0...1).contains(outline) { throw ValidationError("--outline must be between 0 and 1") }
        if let shadow, !(0...1).contains(shadow) { throw ValidationError("--shadow must be between 0 and 1") }
        if let fontSize, !(0.1...15).contains(fontSize) { throw ValidationError("--font-size must be 0.1–15 cells") }
    }

    /// The renderer's options for the look, outline, shadow, size and edge asked for; with a
    /// `document`, its language and, for one read from CEA-708, the 708 look when the look is
    /// automatic (``CaptionRenderOptions/adopting(_:)``).
    func renderOptions(for document: CaptionDocument? = nil) -> CaptionRenderOptions {
        var options = CaptionRenderOptions()
        switch look {
        case .automatic: options.look = .automatic
        case .cea608: options.look = .cea608
        case .cea708: options.look = .cea708
        case .itt: options.look = .timedText
        }
        // Apple's look outlines text; a TTML document draws an outline only where it asks
        // (`tts:textOutline`), as the W3C IMSC reference renderings do.
        if let outline {
            options.outlineWidth = outline
        } else if document?.usesTTMLInitialValues == true {
            options.outlineWidth = 0
        }
        if let shadow { options.shadowOffset = shadow }
        options.fontSizeInCells = fontSize
        options.edge = edge?.characterEdge
        return document.map(options.adopting) ?? options
    }

    /// The configured fonts with the `--font` files first, each checked to be a readable regular
    /// file before FreeType opens it (a FIFO would block it).
    func fonts() throws -> FontCatalog {
        for file in font { try FileIO.checkInput(file) }
        return try FontCatalog.system(overrideFiles: font)
    }
}
