import CaptionCore

/// A caption and where a look puts it in its scene: the key of the caption layer cache.
struct PlacedCaption: Hashable {
    var caption: Caption
    /// Lines of newer roll-up captions below it in its window.
    var rollUpLinesBelow: Int
    /// Pixels of the captions shown in the same region at once before and after it in document
    /// order (iTT look): a region's paragraphs are stacked in one block (TTML1 §9.3: a region's
    /// content flows into it), so each caption keeps the room the others take.
    var stackedBefore: Double = 0
    var stackedAfter: Double = 0
}
