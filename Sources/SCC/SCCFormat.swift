import CaptionCore

// The Scenarist SCC format descriptor: the one row the format registry lists (see
// Sources/CaptionKit/CaptionFormatRegistry.swift). File syntax: Specs/scc.md.

/// Scenarist SCC: CEA-608 byte pairs as hex words under SMPTE timecodes.
public enum SCCFormat {
    /// The descriptor: name "scc", extension "scc", a probe on the header line, the reader
    /// (SCCReader, Sources/SCC/Reader/) and the writer (SCCWriter, Sources/SCC/Writer/).
    public static let descriptor = CaptionFormat(
        name: "scc", title: "Scenarist SCC (CEA-608)", extensions: ["scc"],
        probe: probe,
        reader: { bytes, options in
            let result = try SCCReader(options: options).read(bytes)
            return CaptionReadResult(document: result.document, diagnostics: result.diagnostics)
        },
        writer: { document, options in try SCCWriter(options: options).write(document) })

    /// 100 when the bytes start with the `Scenarist_SCC` header (after an optional UTF-8 byte
    /// order mark), otherwise 0.
    @Sendable
    public static func probe(_ bytes: ArraySlice<UInt8>) -> Int {
        var head = bytes
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        return head.starts(with: "Scenarist_SCC".utf8) ? 100 : 0
    }
}
