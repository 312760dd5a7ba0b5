import CaptionCore
import XML

/// Writes the caption model as iTunes Timed Text the way Apple's tools write it.
///
/// The output is UTF-8 without a byte-order mark and deterministic: the same document always
/// gives the same bytes. Times are SMPTE frame labels (`ttp:timeBase="smpte"`) at
/// ``CaptionFormatOptions/frameRate``, else the document's rate, else 29.97 fps; styles are
/// referenced styles; every region a caption uses is defined in the layout beside Apple's top
/// and bottom regions. What iTT cannot express is dropped with a diagnostic. See Specs/itt.md.
public struct ITTWriter: Sendable {
    public var options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = .init()) {
        self.options = options
    }

    /// The frame rate used when neither the options nor the document name one.
    public static let defaultFrameRate = FrameRate.fps29_97

    /// The setting (``CaptionFormatOptions/settings``) whose value replaces the document's
    /// language (`xml:lang`).
    public static let languageSetting = "language"

    /// The frame rate and timecode counting a document is written at: the options', else the
    /// document's, else 29.97 non-drop (drop-frame only where the rate has it). The validator
    /// uses the same (CaptionKit's conversion settings).
    public static func timing(for document: CaptionDocument, options: CaptionFormatOptions) -> (
        rate: FrameRate, dropFrame: Bool
    ) {
        let rate = options.frameRate ?? document.frameRate ?? defaultFrameRate
        return (rate, options.dropFrame ?? document.dropFrame ?? false)
    }

    public func write(_ document: CaptionDocument) throws(CaptionFormatError) -> CaptionWriteResult {
        try TTMLWriter(options: options, profile: .itt).write(document)
    }
}
