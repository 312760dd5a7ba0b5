import CaptionCore

/// The iTT format's descriptor for the registry: iTunes Timed Text, Apple's TTML profile.
///
/// Files with the `itt` extension are picked by name; other TTML files (`.ttml`, `.dfxp`,
/// `.xml`) are recognised by ``probe(_:)`` and read with the same reader.
public enum ITTFormat {
    public static let descriptor = CaptionFormat(
        name: "itt", title: "iTunes Timed Text (Apple TTML profile)", extensions: ["itt"],
        probe: probe,
        reader: { bytes, options in try ITTReader(options: options).read(bytes) },
        writer: { document, options in try ITTWriter(options: options).write(document) })

    /// 100 for a document in the TTML namespace that uses Apple's namespaces or the SMPTE time
    /// base, 90 for any TTML document, 0 otherwise.
    public static func probe(_ bytes: ArraySlice<UInt8>) -> Int {
        var head = bytes.prefix(8192)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        guard let first = head.first(where: { ![9, 10, 13, 32].contains($0) }), first == UInt8(ascii: "<") else {
            return 0
        }
        let text = String(decoding: head, as: UTF8.self)
        guard text.contains("<tt") || text.contains(":tt"), text.contains(TTMLNamespace.tt) else { return 0 }
        if text.contains("namespace.itunes.apple.com") || text.contains(TTMLNamespace.ittStyling)
            || text.contains("timeBase=\"smpte\"")
        {
            return 100
        }
        return 90
    }
}
