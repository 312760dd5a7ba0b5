import CaptionCore

/// A `region` from the document's layout: the model's region, its own specified style, its
/// active interval and its `set` animations (TTML1 §9.1.2, §8.4.2, §10.4, §11.1.1).
struct TTMLRegionDefinition: Sendable, Hashable {
    var region: CaptionRegion
    /// The region's specified style (referential, nested and inline).
    var style: TTMLStyleProperties
    var begin: MediaTime = .zero
    /// nil: indefinite.
    var end: MediaTime?
    var animations: [TTMLAnimation] = []

    init(region: CaptionRegion, style: TTMLStyleProperties) {
        self.region = region
        self.style = style
    }

    /// What content flowed into the region inherits from it (TTML1 §8.4.2): its text
    /// properties, not its background, which TTML paints on the region's area.
    var inheritedStyle: TTMLStyleProperties { style.inheritedFromRegion }

    /// The region's style at `time`, with the `set` animations active then applied.
    func style(at time: MediaTime) -> TTMLStyleProperties {
        TTMLAnimation.apply(animations, to: style, at: time)
    }

    /// The model's region for this one with `style` (the region's style at some time).
    func region(styled style: TTMLStyleProperties) -> CaptionRegion {
        var r = region
        if let v = style.origin { r.origin = v }
        if let v = style.extent { r.size = v }
        if let v = style.displayAlign { r.displayAlignment = v }
        if let v = style.writingMode { r.writingMode = v }
        // TTML1 §8.2.2 on a region: its area's fill, shown while content is in it; shown empty
        // too unless tts:showBackground is whenActive (the document's backdrops,
        // TTMLDocumentReader+Backdrops).
        if let v = style.backgroundColor, v.alpha > 0 { r.background = v }
        if let v = style.padding(for: r.writingMode) { r.padding = v }
        // §8.2.13: fully opaque is the initial value, held as none.
        if let v = style.opacity { r.opacity = v < 1 ? v : nil }
        if let v = style.overflow { r.overflow = v }
        return r
    }

    /// Whether the region is active at `time` (TTML1 §10.4 applies to regions too).
    func isActive(at time: MediaTime) -> Bool { begin <= time && end.map { time < $0 } ?? true }
}

/// One `set` element (TTML1 §11.1.1): its style overrides the parent's specified style while it
/// is active.
struct TTMLAnimation: Sendable, Hashable {
    var begin: MediaTime
    /// nil: indefinite.
    var end: MediaTime?
    var style: TTMLStyleProperties

    func isActive(at time: MediaTime) -> Bool { begin <= time && end.map { time < $0 } ?? true }

    /// `style` with the animations active at `time` applied in document order.
    static func apply(_ animations: [TTMLAnimation], to style: TTMLStyleProperties, at time: MediaTime)
        -> TTMLStyleProperties
    {
        var result = style
        for a in animations where a.isActive(at: time) { result.apply(a.style) }
        return result
    }
}
