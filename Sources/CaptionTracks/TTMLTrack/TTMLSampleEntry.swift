import ISOBMFF
import ITT

/// The `stpp` sample description of a TTML track (ISO/IEC 14496-12 §12.6.3.2
/// XMLSubtitleSampleEntry, which ISO/IEC 14496-30 §5 uses for TTML): after the SampleEntry
/// fields (6 reserved bytes, a data reference index), three null-terminated UTF-8 strings — the
/// document's namespace(s), schema locations and auxiliary MIME types (the last two may be empty)
/// — then boxes, of which the `mime` box (14496-12 §12.6.3.2 MIMEBox, a full box holding one
/// null-terminated string) gives the document type with its profile's `codecs` (W3C TTML Profile
/// Registry: `im1t` IMSC 1.0.1 Text, `im2t` IMSC 1.1 Text, `etd1` EBU-TT-D).
public struct TTMLSampleEntry: Sendable, Hashable {
    /// The TTML namespace (TTML1 §5.1), which every conforming document's root is in.
    public static let ttmlNamespace = "http://www.w3.org/ns/ttml"

    public var namespace: String
    public var schemaLocation: String
    public var auxiliaryMIMETypes: String
    /// The `mime` box's content type; nil when the entry has none.
    public var contentType: String?

    public init(
        namespace: String = Self.ttmlNamespace, schemaLocation: String = "", auxiliaryMIMETypes: String = "",
        contentType: String? = nil
    ) {
        self.namespace = namespace
        self.schemaLocation = schemaLocation
        self.auxiliaryMIMETypes = auxiliaryMIMETypes
        self.contentType = contentType
    }

    /// The content type of a document in `profile`: `application/ttml+xml`, with the registry's
    /// `codecs` where the profile has a code.
    public static func contentType(of profile: TTMLProfile) -> String {
        let codes: [TTMLProfile: String] = [.imsc1Text: "im1t", .imsc11Text: "im2t", .ebuttD: "etd1"]
        return "application/ttml+xml" + (codes[profile].map { ";codecs=\($0)" } ?? "")
    }

    /// The whole `stpp` box.
    public var bytes: [UInt8] {
        var w = BoxWriter()
        try? w.box("stpp") { (w: inout BoxWriter) throws(ISOBMFFError) in
            w.zeros(6)
            w.u16(1)  // data_reference_index
            for text in [namespace, schemaLocation, auxiliaryMIMETypes] {
                w.append(text.utf8)
                w.u8(0)
            }
            if let contentType {
                try w.fullBox("mime") { (w: inout BoxWriter) in
                    w.append(contentType.utf8)
                    w.u8(0)
                }
            }
        }
        return w.bytes
    }

    /// Reads an `stpp` entry (the `stsd` entry bytes, header included). Never fails: what is
    /// wrong is said in `problems` (a namespace other than TTML's, a string without its end).
    public static func read(_ entry: [UInt8]) -> (entry: TTMLSampleEntry, problems: [String]) {
        var problems: [String] = []
        var result = TTMLSampleEntry(namespace: "")
        guard entry.count >= 16 else {
            problems.append("the stpp sample entry holds \(entry.count) bytes, fewer than its 16-byte header")
            return (result, problems)
        }
        var rest = entry[16...]
        var strings: [String] = []
        for name in ["namespace", "schema_location", "auxiliary_mime_types"] {
            guard let end = rest.firstIndex(of: 0) else {
                problems.append("the stpp sample entry's \(name) has no terminating null byte")
                rest = rest[rest.endIndex...]
                break
            }
            strings.append(String(decoding: rest[..<end], as: UTF8.self))
            rest = rest[(end + 1)...]
        }
        result.namespace = strings.first ?? ""
        if strings.count > 1 { result.schemaLocation = strings[1] }
        if strings.count > 2 { result.auxiliaryMIMETypes = strings[2] }
        if !result.namespace.split(separator: " ").contains(Substring(ttmlNamespace)) {
            problems.append(
                "the stpp sample entry names the namespace \"\(result.namespace.prefix(80))\", not TTML's (\(ttmlNamespace)); its samples are read as TTML"
            )
        }
        for box in WebVTTSample.boxes(rest, in: "stpp sample entry", problems: &problems) where box.type == "mime" {
            // A full box: version and flags, then the string.
            result.contentType = WebVTTSample.text(box.body.dropFirst(4), of: box.type, problems: &problems)
        }
        return (result, problems)
    }
}
