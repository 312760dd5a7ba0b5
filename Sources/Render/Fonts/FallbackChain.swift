/// One request's fallback chain as far as the renderer has needed it: entries come from the
/// provider one at a time and their faces are opened only when reached (``FontFallback`` does
/// both). Faces that fail to open are left out, as if the provider had not offered them.
final class FallbackChain {
    /// The provider's remaining entries.
    var pending: AnyIterator<FontChoice>
    /// The entries reached so far, each with its face open.
    var loaded: [LoadedChoice] = []
    /// Whether ``pending`` has run out.
    var isComplete = false

    init(_ pending: AnyIterator<FontChoice>) {
        self.pending = pending
    }
}
