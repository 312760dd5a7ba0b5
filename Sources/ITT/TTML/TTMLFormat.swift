import CaptionCore

/// The TTML format's descriptor for the registry: IMSC, EBU-TT-D, SMPTE-TT and DFXP documents
/// (`.ttml`, `.dfxp`, `.xml`), read through ``TTMLReader`` and written through ``TTMLWriter`` in
/// one of ``TTMLProfile/writable`` (IMSC 1.1 Text by default, DFXP for `.dfxp`; the setting
/// `profile` chooses), each profile listed for `captions formats`.
public enum TTMLFormat {
    public static let descriptor = CaptionFormat(
        name: "ttml", title: "TTML (IMSC 1.x Text, EBU-TT-D, SMPTE-TT, DFXP)", extensions: ["ttml", "dfxp", "xml"],
        probe: probe,
        reader: { bytes, options in try TTMLReader(options: options).read(bytes) },
        writer: { document, options in
            try TTMLWriter(options: options, profile: try TTMLProfile.forWriting(options: options)).write(document)
        },
        profiles: TTMLProfile.allCases.map { p in
            CaptionFormatProfile(
                name: p.rawValue, aliases: p.aliases, title: p.description,
                reads: !p.isImage, writes: TTMLProfile.writable.contains(p))
        })

    /// 95 for a TTML document that does not use Apple's iTT markers (whose ``ITTFormat/probe(_:)``
    /// answers 100), 80 for one that does, 0 otherwise.
    public static func probe(_ bytes: ArraySlice<UInt8>) -> Int {
        switch ITTFormat.probe(bytes) {
        case 100: return 80
        case 90: return 95
        default: return 0
        }
    }
}
