extension CaptionDocument {
    /// The ``metadata`` key under which a document read from a TTML profile other than Apple's
    /// iTT records that profile (`imsc1.1-text`, `ebu-tt-d`, `dfxp`…), so that a renderer can
    /// apply TTML's initial values rather than Apple's look (Specs/ttml.md).
    public static let ttmlProfileKey = "ttml.profile"

    /// The TTML profile the document was read from (``ttmlProfileKey``), nil for iTT and for
    /// other formats.
    public var ttmlProfile: String? { metadata[Self.ttmlProfileKey] }

    /// Whether the document follows TTML's initial values (TTML1 §8.2: `tts:textAlign` start,
    /// `tts:fontSize` 1c; an outline only where `tts:textOutline` asks): read from a TTML profile
    /// other than iTT, whose documents Apple's look draws (centred, 0.8c, outlined).
    public var usesTTMLInitialValues: Bool { ttmlProfile.map { $0 != "itt" } ?? false }

    /// The ``metadata`` keys of a TTML document's `ttp:cellResolution` ("columns rows") and its
    /// root `tts:extent` ("W H", in pixels when both end in `px`), as read.
    public static let ttmlCellResolutionKey = "itt.cellResolution"
    public static let ttmlExtentKey = "itt.extent"

    /// The document's cell grid (TTML1 §6.2.1 `ttp:cellResolution`), when it declares one.
    public var ttmlCellResolution: (columns: Double, rows: Double)? {
        guard let text = metadata[Self.ttmlCellResolutionKey] else { return nil }
        let v = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard v.count == 2, v.allSatisfy({ $0 > 0 && $0 <= 1000 }) else { return nil }
        return (v[0], v[1])
    }

    /// The root container's size in pixels (TTML1 §8.2.7 `tts:extent` on `tt`), when the
    /// document gives it so: the grid its `px` lengths are measured on.
    public var ttmlRootExtentInPixels: (width: Double, height: Double)? {
        guard let text = metadata[Self.ttmlExtentKey] else { return nil }
        let parts = text.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, parts.allSatisfy({ $0.hasSuffix("px") }) else { return nil }
        let v = parts.compactMap { Double($0.dropLast(2)) }
        guard v.count == 2, v.allSatisfy({ $0 > 0 && $0.isFinite && $0 <= 100_000 }) else { return nil }
        return (v[0], v[1])
    }

    /// The parts of TTML's layout the document holds beside its captions (regions shown with no
    /// caption in them, TTML1 §8.2.17), named for the loss report of a writer whose format holds
    /// none of them, as ``Caption/ttmlLayoutLosses`` names a caption's.
    public var ttmlDocumentLosses: [String] {
        regionBackdrops.isEmpty
            ? [] : ["regions shown with no caption in them (\(regionBackdrops.count))"]
    }
}
