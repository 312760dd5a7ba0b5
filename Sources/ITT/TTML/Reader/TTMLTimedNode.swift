import CaptionCore

/// One element of the body (or one of its text nodes) with its active interval as TTML2 §12.4
/// works it out, its specified style and its `set` animations: the timed tree every ISD is cut
/// from.
struct TTMLTimedNode {
    enum Kind {
        case body, div, p, span, br
        case text(String)
        /// A ruby container span, read whole (TTMLDocumentReader+Ruby), with the ruby style
        /// its text spans give (position and alignment, over what the container inherits).
        case ruby(base: String, annotation: CaptionRuby, textStyle: TTMLStyleProperties)
    }

    var kind: Kind
    /// The element's index in the tree (for locations); nil for text.
    var element: Int?
    var children: [Int] = []
    /// Begin and end relative to the parent's begin (TTML2 §12.4.3 "desired" times); an end of
    /// nil is indefinite.
    var desiredBegin: MediaTime
    var desiredEnd: MediaTime?
    /// The active interval in media time, clipped by the parent's; an end of nil is indefinite
    /// (to the end of the document: TTML1 §10.4, the body's implicit duration).
    var begin: MediaTime = .zero
    var end: MediaTime?
    var style = TTMLStyleProperties()
    var animations: [TTMLAnimation] = []
    /// The element's own `region` attribute, when it names a region of the layout.
    var region: String?
    var preservesSpace: Bool

    var isParagraph: Bool {
        if case .p = kind { return true }
        return false
    }

    func isActive(at time: MediaTime) -> Bool { begin <= time && end.map { time < $0 } ?? true }
}
