/// One caption's layers, split where a look needs scenes painted in two passes.
///
/// The CEA-608 look puts every box of a scene behind every character (a decoder draws its
/// rows' boxes, then the characters): a row's descenders and accents reach into the next
/// row's cells and must not be hidden by that row's box. The iTT look paints caption by
/// caption (later regions cover earlier ones), so its layers are all ``foreground``.
struct CaptionLayers {
    /// Painted first, for every caption of the scene.
    var backgrounds: [CaptionImage]
    /// Painted after all the scene's backgrounds, caption by caption.
    var foreground: [CaptionImage]
}
