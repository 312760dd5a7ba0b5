import CaptionCore
import XML

/// What an element inherits from its ancestors while the body is walked: its parent's active
/// interval (TTML1 §10.4), computed style (§8.4.2), selected region (§9.3.2) and `xml:space`.
struct TTMLContentContext {
    var begin: MediaTime
    /// nil while no ancestor bounds the interval.
    var end: MediaTime?
    var style: TTMLStyleProperties
    /// The nearest `region` attribute and where the start tag carrying it lies.
    var region: (id: String, attribute: XMLAttribute, tagStart: Int, tagEnd: Int)?
    var preservesSpace: Bool
}
