import CaptionCore

/// The four regions Apple's tools define in every iTT file (AVFoundation's
/// `AVCaptionRegion.appleITTTop`, `.appleITTBottom`, `.appleITTLeft`, `.appleITTRight`): the top
/// and bottom 15 % of the display, written left to right, and the left and right 15 %, written
/// top to bottom with lines stacked right to left (`tbrl`).
enum ITTStandardRegions {
    /// One standard region: the model's region plus the text alignment Apple writes on it.
    struct Entry: Sendable {
        var region: CaptionRegion
        var textAlign: CaptionTextAlignment
    }

    static let top = Entry(
        region: CaptionRegion(
            identifier: "top", origin: CaptionPoint(x: .percent(0), y: .percent(0)),
            size: CaptionSize(width: .percent(100), height: .percent(15)), displayAlignment: .before),
        textAlign: .center)
    static let bottom = Entry(
        region: CaptionRegion(
            identifier: "bottom", origin: CaptionPoint(x: .percent(0), y: .percent(85)),
            size: CaptionSize(width: .percent(100), height: .percent(15)), displayAlignment: .after),
        textAlign: .center)
    // tbrl: "before" is the right edge of the region, "after" the left.
    static let left = Entry(
        region: CaptionRegion(
            identifier: "left", origin: CaptionPoint(x: .percent(0), y: .percent(0)),
            size: CaptionSize(width: .percent(15), height: .percent(100)), displayAlignment: .after,
            writingMode: .topToBottomAndRightToLeft),
        textAlign: .start)
    static let right = Entry(
        region: CaptionRegion(
            identifier: "right", origin: CaptionPoint(x: .percent(85), y: .percent(0)),
            size: CaptionSize(width: .percent(15), height: .percent(100)), displayAlignment: .before,
            writingMode: .topToBottomAndRightToLeft),
        textAlign: .start)

    /// Where the writers put a caption that has no region (Specs/ttml.md, "A caption without a
    /// region"): Apple's bottom geometry under its own id. A TTML document that defines regions
    /// presents a paragraph in none of them nowhere (TTML1 §9.3.3); Apple's players show a
    /// caption without a region at the bottom, so this keeps the picture and lets the reader
    /// give the caption back without a region, as it was.
    static let unplaced = Entry(
        region: CaptionRegion(
            identifier: "default", origin: CaptionPoint(x: .percent(0), y: .percent(85)),
            size: CaptionSize(width: .percent(100), height: .percent(15)), displayAlignment: .after),
        textAlign: .center)

    /// In the order the writer emits them.
    static let all: [Entry] = [top, bottom, left, right]

    static func entry(named id: String) -> Entry? { all.first { $0.region.identifier == id } }
}
