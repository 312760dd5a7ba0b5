import ISOBMFF

/// The key table of a QuickTime timed-metadata sample entry (QuickTime File Format, "Timed
/// metadata sample description": a `mebx` entry holding a `keys` atom whose children are typed by
/// local key ID, each with a `keyd` (namespace + key) and a `dtyp` (well-known type)).
public struct MebxKeyTable: Sendable, Hashable {
    public struct Key: Sendable, Hashable {
        /// The local key ID: the atom type of this key's values in the samples.
        public var localID: UInt32
        public var identifier: MetadataIdentifier
        /// nil when `dtyp` is missing or not a well-known type this reader decodes.
        public var dataType: MetadataDataType?
    }

    public var keys: [Key]

    public init(keys: [Key]) { self.keys = keys }

    /// Keys numbered 1, 2, 3… (as AVFoundation numbers them) for `items`, in order of first use.
    public init(for identifiers: [(MetadataIdentifier, MetadataDataType)]) {
        var keys: [Key] = []
        for (id, type) in identifiers where !keys.contains(where: { $0.identifier == id }) {
            keys.append(Key(localID: UInt32(keys.count + 1), identifier: id, dataType: type))
        }
        self.keys = keys
    }

    public func key(localID: UInt32) -> Key? { keys.first { $0.localID == localID } }
    public func key(for identifier: MetadataIdentifier) -> Key? { keys.first { $0.identifier == identifier } }

    /// The whole `mebx` sample entry box.
    public func sampleEntry() throws(ISOBMFFError) -> [UInt8] {
        var w = BoxWriter()
        try w.box("mebx") { (w: inout BoxWriter) throws(ISOBMFFError) in
            w.zeros(6)
            w.u16(1)  // data_reference_index
            try w.box("keys") { (w: inout BoxWriter) throws(ISOBMFFError) in
                for key in keys {
                    try w.box(FourCC(rawValue: key.localID)) { (w: inout BoxWriter) throws(ISOBMFFError) in
                        try w.box("keyd") { (w: inout BoxWriter) in
                            w.append(Array(key.identifier.keySpace.utf8.prefix(4)))
                            w.append(Array(key.identifier.key.utf8))
                        }
                        if let type = key.dataType {
                            try w.box("dtyp") { (w: inout BoxWriter) in
                                w.u32(0)  // namespace 0: well-known types
                                w.u32(type.rawValue)
                            }
                        }
                    }
                }
            }
        }
        return w.bytes
    }

    /// Reads the key table of a `mebx` sample entry.
    public init(sampleEntry: SampleEntry) throws(ISOBMFFError) {
        guard sampleEntry.format == "mebx" else {
            throw ISOBMFFError(.unsupported, "not a mebx sample entry", path: sampleEntry.path)
        }
        let boxes = try sampleEntry.childBoxes()
        guard let keysBox = boxes.first(where: { $0.type == "keys" }) else {
            throw ISOBMFFError(.missing, "no keys atom", path: sampleEntry.path)
        }
        let bytes = sampleEntry.bytes
        var keys: [Key] = []
        for entry in try BoxParser().boxes(in: bytes, range: keysBox.payloadRange, parentPath: keysBox.path) {
            var identifier: MetadataIdentifier?
            var type: MetadataDataType?
            for part in try BoxParser().boxes(in: bytes, range: entry.payloadRange, parentPath: entry.path) {
                var r = BigEndianReader(bytes, range: part.payloadRange, path: part.path)
                if part.type == "keyd" {
                    let space = String(decoding: try r.bytes(4, "the key namespace"), as: UTF8.self)
                    let key = String(decoding: try r.bytes(r.remaining), as: UTF8.self)
                    identifier = MetadataIdentifier(keySpace: space, key: key)
                } else if part.type == "dtyp" {
                    let namespace = try r.u32("the data type namespace")
                    if namespace == 0 { type = MetadataDataType(rawValue: try r.u32("the data type")) }
                }
            }
            if let identifier {
                keys.append(Key(localID: entry.type.rawValue, identifier: identifier, dataType: type))
            }
        }
        self.keys = keys
    }
}
