import CaptionCore

/// A caption and where a look puts it in its scene: the key of the caption layer cache.
struct PlacedCaption: Hashable {
    var caption: Caption
    /// Lines of newer roll-up captions below it in its window.
    var rollUpLinesBelow: Int
}
