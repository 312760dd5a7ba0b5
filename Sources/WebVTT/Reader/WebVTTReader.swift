import CaptionCore

/// Reads WebVTT files into the caption model: the W3C parser (``WebVTTParser``, WebVTT §6.1–6.4)
/// first, then each cue becomes a caption (Specs/webvtt.md, "Reading").
///
/// Cue text spans become run styles (`i`, `b`, `u`, the colour classes of §5, `ruby`/`rt`); a cue
/// with timestamp tags becomes a paint-on sequence, one caption per reveal time; positions become
/// regions (``WebVTTPlacement``). Voices, language spans, other classes and `vertical:lr` have no
/// place in the model: each kind of loss is reported once, with the cues it touched. Strict mode
/// (``CaptionFormatOptions/strict``) makes every warning an error.
public struct WebVTTReader: Sendable {
    public var options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = .init()) {
        self.options = options
    }

    /// Reads a document from the bytes of a file; any bytes are accepted (the harden engineer's
    /// fuzz entry point): the only failure is a missing `WEBVTT` signature.
    public func read(_ bytes: [UInt8]) throws(CaptionFormatError) -> CaptionReadResult {
        let (file, parseNotes) = try WebVTTParser(fileName: options.fileName).parse(bytes)
        var notes = parseNotes
        let document = WebVTTDocumentMapping(file: file, fileName: options.fileName).document(notes: &notes)
        if options.strict, let first = notes.first(where: { $0.severity >= .warning }) {
            throw CaptionFormatError(
                .unreadable, first.message + " (strict mode)", at: first.location, diagnostics: notes)
        }
        return CaptionReadResult(document: document, diagnostics: notes)
    }
}
