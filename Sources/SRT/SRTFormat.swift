import CaptionCore

/// The SubRip format's descriptor for the registry (Sources/CaptionKit/CaptionFormatRegistry.swift).
/// File syntax and what the reader tolerates: Specs/srt.md.
public enum SRTFormat {
    public static let descriptor = CaptionFormat(
        name: "srt", title: "SubRip (SRT)", extensions: ["srt"],
        probe: probe,
        reader: { bytes, options in try SRTReader(options: options).read(bytes) },
        writer: { document, options in try SRTWriter(options: options).write(document) })

    /// 80 when the first block looks like SubRip (an optional number line, then a timing line with
    /// `-->`), 0 otherwise. Below WebVTT's 100: a WebVTT file's cues look alike.
    @Sendable
    public static func probe(_ bytes: ArraySlice<UInt8>) -> Int {
        guard let text = try? SRTTextDecoder.decode(Array(bytes.prefix(4096)), fileName: nil).text else { return 0 }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).prefix(3).makeIterator()
        guard var line = lines.next() else { return 0 }
        if SRTTiming.isIndex(line) { line = lines.next() ?? "" }
        return SRTTiming.parse(line) != nil ? 80 : 0
    }
}
