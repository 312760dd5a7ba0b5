/// Reads movie-level QuickTime metadata (`moov/meta` with an `mdta` handler: a `keys` table and
/// an `ilst` whose items are numbered by key index; QuickTime File Format, "Metadata atoms and
/// types"), as far as the suite needs it: the creation date.
enum QuickTimeMetadataKeys {
    /// The `mdta` key names of a `keys` box by their 1-based index; the names read before a
    /// damaged entry when one is (optional information, never a reason to refuse a movie).
    static func keyNames(_ keys: Box, _ bytes: [UInt8]) -> [UInt32: String] {
        var r = BigEndianReader(bytes, box: keys)
        guard (try? r.skip(4)) != nil, let count = try? r.entryCount(entrySize: 8, "the key count") else { return [:] }
        var names: [UInt32: String] = [:]
        for index in 1...max(1, count) where count > 0 {
            guard let size = try? r.u32(), size >= 8, let namespace = try? r.fourCC(),
                let value = try? r.bytes(Int(size) - 8)
            else { break }
            if namespace == "mdta" { names[UInt32(index)] = String(decoding: value, as: UTF8.self) }
        }
        return names
    }

    /// The value of `com.apple.quicktime.creationdate` (a UTF-8 ISO 8601 date), nil when absent
    /// or unreadable: it is optional information, never a reason to refuse a movie.
    static func creationDate(in moov: Box, _ bytes: [UInt8]) -> String? {
        string(for: "com.apple.quicktime.creationdate", in: moov, bytes)
    }

    static func string(for key: String, in moov: Box, _ bytes: [UInt8]) -> String? {
        // Apple writes `moov/meta`; ffmpeg (`-movflags use_metadata_tags`) `moov/udta/meta`.
        for meta in [moov.child("meta"), moov.descendant("udta", "meta")].compactMap({ $0 }) {
            if let value = string(for: key, inMeta: meta, bytes) { return value }
        }
        return nil
    }

    private static func string(for key: String, inMeta meta: Box, _ bytes: [UInt8]) -> String? {
        guard let keys = meta.child("keys"), let ilst = meta.child("ilst") else { return nil }
        // A key named twice: its last entry, as before.
        let wanted = keyNames(keys, bytes).filter { $0.value == key }.keys.max()
        guard let wanted, let item = ilst.children.first(where: { $0.type.rawValue == wanted }) else { return nil }
        // The item holds a `data` box: type indicator (0 and a well-known type; 1 is UTF-8),
        // locale, then the value.
        guard let data = try? BoxParser().boxes(in: bytes, range: item.payloadRange).first(where: { $0.type == "data" })
        else { return nil }
        var d = BigEndianReader(bytes, box: data)
        guard let type = try? d.u32(), type == 1, (try? d.skip(4)) != nil, let text = try? d.bytes(d.remaining) else {
            return nil
        }
        return String(decoding: text, as: UTF8.self)
    }
}
