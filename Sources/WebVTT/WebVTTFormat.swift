import CaptionCore

/// The WebVTT format's descriptor for the registry (Sources/CaptionKit/CaptionFormatRegistry.swift):
/// W3C WebVTT, read with the specification's own parser (Specs/webvtt.md).
public enum WebVTTFormat {
    public static let descriptor = CaptionFormat(
        name: "vtt", title: "WebVTT (W3C Web Video Text Tracks)", extensions: ["vtt", "webvtt"],
        probe: probe,
        reader: { bytes, options in try WebVTTReader(options: options).read(bytes) },
        writer: { document, options in try WebVTTWriter(options: options).write(document) })

    /// 100 when the bytes start with the WebVTT signature (after an optional UTF-8 byte order
    /// mark), 0 otherwise.
    @Sendable
    public static func probe(_ bytes: ArraySlice<UInt8>) -> Int {
        var head = bytes
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        guard head.starts(with: "WEBVTT".utf8) else { return 0 }
        let next = head.dropFirst(6).first
        return next == nil || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D ? 100 : 0
    }
}
