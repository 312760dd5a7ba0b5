import Foundation
import ISOBMFF

/// Encodes and decodes the samples of a `mebx` track: each sample is a run of atoms, one per
/// value, typed by the key's local ID (QuickTime File Format, "Timed metadata sample data
/// format"). A sample with no value is one atom of the reserved local ID 0, which names no key:
/// samples may not be empty.
public enum MebxSampleCodec {
    /// The bytes of one sample holding `items`; items whose identifier is not in `table` are
    /// left out.
    public static func encode(_ items: [MetadataItem], table: MebxKeyTable) -> [UInt8] {
        var w = BoxWriter()
        for item in items {
            guard let key = table.key(for: item.identifier) else { continue }
            try? w.box(FourCC(rawValue: key.localID)) { (w: inout BoxWriter) in
                w.append(valueBytes(item.value, as: key.dataType ?? item.dataType))
            }
        }
        if w.bytes.isEmpty { try? w.box(FourCC(rawValue: 0)) { _ in } }
        return w.bytes
    }

    static func valueBytes(_ value: MetadataValue, as type: MetadataDataType) -> [UInt8] {
        var w = BoxWriter()
        switch (value, type) {
        case (.float(let d), .float64): w.u64(d.bitPattern)
        case (.float(let d), .float32): w.u32(Float(d).bitPattern)
        case (.integer(let i), .int32): w.i32(Int32(clamping: i))
        case (.integer(let i), .int64): w.i64(i)
        case (.integer(let i), .float64): w.u64(Double(i).bitPattern)
        default: w.append(Array(value.description.utf8))
        }
        return w.bytes
    }

    /// The items of one sample. Atoms of unknown local IDs (ID 0 included) are skipped; a value
    /// whose size does not fit its type is an error naming the key.
    public static func decode(_ bytes: [UInt8], table: MebxKeyTable, path: String = "mebx sample") throws(ISOBMFFError)
        -> [MetadataItem]
    {
        var items: [MetadataItem] = []
        for atom in try BoxParser().boxes(in: bytes, range: 0..<bytes.count, parentPath: path) {
            guard let key = table.key(localID: atom.type.rawValue) else { continue }
            let data = Array(bytes[atom.payloadRange])
            let type = key.dataType ?? .utf8
            var r = BigEndianReader(data, path: atom.path)
            let value: MetadataValue
            switch type {
            case .float64:
                guard data.count == 8 else { throw wrongSize(key, data.count, atom.path) }
                value = .float(Double(bitPattern: try r.u64()))
            case .float32:
                guard data.count == 4 else { throw wrongSize(key, data.count, atom.path) }
                value = .float(Double(Float(bitPattern: try r.u32())))
            case .int32:
                guard data.count == 4 else { throw wrongSize(key, data.count, atom.path) }
                value = .integer(Int64(Int32(bitPattern: try r.u32())))
            case .int64:
                guard data.count == 8 else { throw wrongSize(key, data.count, atom.path) }
                value = .integer(Int64(bitPattern: try r.u64()))
            case .utf8:
                let text = String(decoding: data, as: UTF8.self)
                if key.identifier == .location, let location = ISO6709Location(iso6709: text) {
                    value = .location(location)
                } else if key.identifier == .date, let date = UTCTime(iso8601: text) {
                    value = .date(date)
                } else {
                    value = .string(text)
                }
            }
            items.append(MetadataItem(identifier: key.identifier, dataType: type, value: value))
        }
        return items
    }

    private static func wrongSize(_ key: MebxKeyTable.Key, _ size: Int, _ path: String) -> ISOBMFFError {
        ISOBMFFError(
            .malformed, "a \(key.dataType?.name ?? "") value of \(key.identifier) is \(size) bytes", path: path)
    }
}
