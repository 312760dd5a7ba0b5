import CaptionCore

/// A `region` from the document's layout: the model's region and the style that content
/// flowed into it inherits (TTML1 §9.1.2, §8.4.2).
struct TTMLRegionDefinition: Sendable, Hashable {
    var region: CaptionRegion
    var inheritedStyle: TTMLStyleProperties
}
