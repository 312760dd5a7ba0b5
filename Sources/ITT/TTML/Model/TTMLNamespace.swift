/// The namespace URIs an iTT document uses (TTML1 §5.1; Apple's iTT profile).
enum TTMLNamespace {
    /// TTML1 §5.1: the `tt` vocabulary (elements `tt`, `head`, `body`, `div`, `p`, `span`, `br`…).
    static let tt = "http://www.w3.org/ns/ttml"
    /// TTML1 §5.1: parameter attributes (`ttp:timeBase`, `ttp:frameRate`…).
    static let parameter = "http://www.w3.org/ns/ttml#parameter"
    /// TTML1 §5.1: styling attributes (`tts:color`…).
    static let styling = "http://www.w3.org/ns/ttml#styling"
    /// TTML1 §5.1: metadata (`ttm:title`…).
    static let metadata = "http://www.w3.org/ns/ttml#metadata"
    static let profile = "http://www.w3.org/ns/ttml/profile/"
    static let feature = "http://www.w3.org/ns/ttml/feature/"
    static let extension_ = "http://www.w3.org/ns/ttml/extension/"
    /// IMSC1 parameter namespace, which Apple's tools bind to `ittp` (`ittp:aspectRatio`).
    static let ittParameter = "http://www.w3.org/ns/ttml/profile/imsc1#parameter"
    /// IMSC1 styling namespace, which Apple's tools bind to `itts` (`itts:forcedDisplay`).
    static let ittStyling = "http://www.w3.org/ns/ttml/profile/imsc1#styling"
    /// Apple's ruby extension (`ry:kind`, `ry:position`, `ry:align`).
    static let appleRuby = "http://namespace.itunes.apple.com/itt/ttml-extension#ruby"
    /// Apple's vertical-text extension (`vt:combine`).
    static let appleVertical = "http://namespace.itunes.apple.com/itt/ttml-extension#vertical"
    static let ebuStyling = "urn:ebu:tt:style"
    static let xsi = "http://www.w3.org/2001/XMLSchema-instance"
    /// The `xml:` prefix (`xml:id`, `xml:lang`, `xml:space`).
    static let xml = "http://www.w3.org/XML/1998/namespace"
}

extension TTMLNamespace {
    /// SMPTE ST 2052-1 §5.2: the `smpte:` vocabulary (`smpte:image`, `smpte:backgroundImage`).
    static let smpteTT = "http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt"
    /// EBU Tech 3380 §4.2: EBU-TT metadata (`ebuttm:conformsToStandard`).
    static let ebuMetadata = "urn:ebu:tt:metadata"
}
