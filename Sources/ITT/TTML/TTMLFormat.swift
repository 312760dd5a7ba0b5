import CaptionCore

/// The TTML format's descriptor for the registry: IMSC, EBU-TT-D, SMPTE-TT and DFXP documents
/// (`.ttml`, `.dfxp`, `.xml`), read through ``TTMLReader`` and written through ``TTMLWriter`` in
/// IMSC 1.1 Text, EBU-TT-D (`settings["profile"] = "ebu-tt-d"`) or DFXP (`.dfxp`, or `"dfxp"`).
public enum TTMLFormat {
    public static let descriptor = CaptionFormat(
        name: "ttml", title: "TTML (IMSC 1.x Text, EBU-TT-D, SMPTE-TT, DFXP)", extensions: ["ttml", "dfxp", "xml"],
        probe: probe,
        reader: { bytes, options in try TTMLReader(options: options).read(bytes) },
        writer: { document, options in
            try TTMLWriter(options: options, profile: try TTMLProfile.forWriting(options: options)).write(document)
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
