import CaptionCore
import ISOBMFF
import XML

/// The creation date a Sony camera (XAVC S, XAVC HS) records in its movie with the zone its
/// clock is set to: the NonRealTimeMeta XML that its clip sidecar (`…M01.XML`) also holds, kept
/// in a top-level `meta` box (a FullBox) whose `hdlr` names `nrtm` and whose `xml ` box (a
/// FullBox too) holds the XML, usually after `mdat` at the end of the file (exiftool's QuickTime
/// tables read it there; Specs/timed-metadata.md, "Clocks"). The date is
/// `<NonRealTimeMeta><CreationDate value="2016-09-08T14:36:17+09:00"/>` in a
/// `urn:schemas-professionalDisc:nonRealTimeMeta:` namespace (ver.2.00, 2.20…).
///
/// Hand-read rather than through the box reader's movie: that reader stops at `moov` and skips
/// top-level boxes it has no use for; this walks the top-level headers only, reading the one
/// small box it wants.
enum SonyNonRealTimeMeta {
    /// No camera's metadata box comes near this; a larger one is not read.
    static let maximumBoxBytes = 1 << 20
    static let namespacePrefix = "urn:schemas-professionalDisc:nonRealTimeMeta:"

    /// The `CreationDate` value of the movie's NonRealTimeMeta, or nil where it has none (or
    /// the box cannot be read: optional information, never a reason to refuse a movie).
    static func creationDate(in source: ByteSource) -> String? {
        var offset = 0
        // A real file has a handful of top-level boxes; a damaged one could announce many.
        for _ in 0..<4096 {
            guard offset + 8 <= source.count,
                let header = try? source.bytes(in: offset..<min(offset + 16, source.count))
            else { return nil }
            var size = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let type = String(decoding: header[4..<8], as: UTF8.self)
            var headerSize = 8
            if size == 1 {
                guard header.count == 16 else { return nil }
                var large: UInt64 = 0
                for b in header[8..<16] { large = large << 8 | UInt64(b) }
                guard large <= UInt64(source.count - offset) else { return nil }
                size = Int(large)
                headerSize = 16
            } else if size == 0 {
                size = source.count - offset
            }
            guard size >= headerSize, offset + size <= source.count else { return nil }
            if type == "meta", size <= maximumBoxBytes,
                let bytes = try? source.bytes(in: (offset + headerSize)..<(offset + size)),
                let date = creationDate(inMetaPayload: bytes)
            {
                return date
            }
            offset += size
        }
        return nil
    }

    /// The date in a `meta` box's payload: version and flags, then `hdlr` (`nrtm`) and `xml `.
    static func creationDate(inMetaPayload bytes: [UInt8]) -> String? {
        guard bytes.count > 4, let boxes = try? BoxParser().boxes(in: bytes, range: 4..<bytes.count),
            let hdlr = boxes.first(where: { $0.type == "hdlr" }), hdlr.payloadRange.count >= 12,
            String(
                decoding: bytes[(hdlr.payloadRange.lowerBound + 8)..<(hdlr.payloadRange.lowerBound + 12)], as: UTF8.self
            )
                == "nrtm",
            let xml = boxes.first(where: { $0.type == "xml " }), xml.payloadRange.count > 4
        else { return nil }
        var text = Array(bytes[(xml.payloadRange.lowerBound + 4)..<xml.payloadRange.upperBound])
        // Some writers end the text with NUL padding.
        while text.last == 0 { text.removeLast() }
        guard let tree = try? SecureXMLParser.parse(text, fileName: nil, formatName: "Sony NonRealTimeMeta"),
            tree.root.localName == "NonRealTimeMeta", tree.root.namespace.hasPrefix(namespacePrefix)
        else { return nil }
        let date = tree.childElements(of: tree.root).first {
            $0.localName == "CreationDate" && $0.namespace == tree.root.namespace
        }
        return date?.attribute("value")?.value
    }
}
