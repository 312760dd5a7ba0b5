import CaptionCore

/// Reads Garmin FIT files (FIT Protocol, Garmin's public FIT SDK documentation; clauses in
/// Specs/timed-metadata.md, "FIT") into a ``FITActivity``. Hand-written: no Swift FIT library
/// exists, and the protocol is small (a header, definition and data messages, a CRC).
///
/// Any byte string gives an activity or a ``MetadataError``; a damaged file (cut short, a
/// message of an undefined local type, a CRC that does not match) is read up to the damage and
/// says where, in an error-level diagnostic: the byte offset, the message index and what was
/// expected. A file with no `record` message is an error, never an empty activity.
public struct FITReader: Sendable {
    /// The file name diagnostics carry.
    public var fileName: String?
    /// Diagnostics kept (the rest counted in one); a hostile file could otherwise make one a
    /// message (Specs/limits.md, "FIT").
    public var maximumDiagnostics = 1000
    /// Chained FIT files read from one input (FIT Protocol, "Chained FIT Files").
    public var maximumChainedFiles = 10_000

    public init(fileName: String? = nil) { self.fileName = fileName }

    /// Whether `bytes` start like a FIT file: a header size of at least 12 and ".FIT" at bytes
    /// 8 to 11 (FIT Protocol, "File Header").
    public static func isFIT(_ bytes: some Collection<UInt8>) -> Bool {
        let b = Array(bytes.prefix(12))
        return b.count == 12 && b[0] >= 12 && b[8...11].elementsEqual(".FIT".utf8)
    }

    /// Reads every chained FIT file in `bytes`.
    public func read(_ bytes: [UInt8]) throws(MetadataError) -> FITActivity {
        var state = State(bytes: bytes, reader: self)
        guard Self.isFIT(bytes) else {
            throw MetadataError(
                .malformed,
                "not a FIT file: byte 0 must hold a header size of 12 or 14 and bytes 8–11 \".FIT\" (FIT Protocol, \"File Header\")",
                location: location)
        }
        guard Int(bytes[0]) <= bytes.count else {
            throw MetadataError(
                .malformed, "the FIT file is cut short inside its \(bytes[0])-byte header (\(bytes.count) bytes)",
                location: location)
        }
        var p = 0
        while p < bytes.count {
            guard state.activity.fileCount < maximumChainedFiles else {
                state.report(
                    .error, "fit.limit",
                    "more than \(maximumChainedFiles) chained FIT files; the rest, from byte \(p), was not read")
                break
            }
            guard Self.isFIT(bytes[p...]), Int(bytes[p]) <= bytes.count - p else {
                state.report(
                    .error, "fit.trailing",
                    "byte \(p): \(bytes.count - p) byte(s) after the FIT file's CRC are not another FIT header "
                        + "(a header size of 12 or 14 and \".FIT\"); they were not read")
                break
            }
            guard let next = state.readFile(at: p) else { break }
            p = next
        }
        state.finish()
        let activity = state.activity
        guard !activity.records.isEmpty else {
            let damage = activity.diagnostics.filter { $0.severity == .error }.map(\.message)
            let census = activity.messageCounts.sorted { $0.key < $1.key }
                .map { "\(FITProfile.messageName($0.key)) ×\($0.value)" }.joined(separator: ", ")
            throw MetadataError(
                .noData,
                "the FIT file has no record message (global 20), so no sample"
                    + (census.isEmpty ? "" : "; it holds \(census)")
                    + (damage.isEmpty ? "" : "; " + damage.joined(separator: "; ")),
                location: location)
        }
        return activity
    }

    var location: DiagnosticLocation { DiagnosticLocation(file: fileName) }

    /// A definition message (FIT Protocol, "Definition Message"): the layout of the data
    /// messages of one local message type.
    struct Definition {
        struct Field {
            var number: UInt8
            var size: Int
            var baseType: UInt8
        }
        struct DeveloperField {
            var number: UInt8
            var size: Int
            var developerDataIndex: UInt8
        }
        var globalNumber: Int
        var bigEndian: Bool
        var fields: [Field]
        var developerFields: [DeveloperField]
        var size: Int { fields.reduce(0) { $0 + $1.size } + developerFields.reduce(0) { $0 + $1.size } }
    }

    /// One data message, decoded.
    struct Message {
        var globalNumber: Int
        var fields: [Int: FITValue] = [:]
        var developerValues: [(developerDataIndex: Int, number: Int, value: FITValue)] = []
        var byteOffset: Int
        var index: Int
        /// The message's time: its `timestamp` field (253) or its compressed header's.
        var timestamp: UInt32?
    }
}

// MARK: - Reading

extension FITReader {
    /// The reading of one input: the activity being filled and the chain's state.
    struct State {
        let bytes: [UInt8]
        let reader: FITReader
        var activity = FITActivity()
        var messageIndex = 0
        var dropped = 0
        var profile: FITProfile

        init(bytes: [UInt8], reader: FITReader) {
            self.bytes = bytes
            self.reader = reader
            profile = FITProfile(location: reader.location)
        }

        mutating func report(_ severity: Diagnostic.Severity, _ rule: String, _ message: String) {
            guard activity.diagnostics.count < reader.maximumDiagnostics else {
                dropped += 1
                return
            }
            activity.diagnostics.append(Diagnostic(severity, rule, message, at: reader.location))
        }

        mutating func finish() {
            if dropped > 0 {
                activity.diagnostics.append(
                    Diagnostic(.info, "fit.findings-limit", "\(dropped) more finding(s) not shown", at: reader.location)
                )
            }
            activity.developerFields = profile.developerFields.values.sorted {
                ($0.developerDataIndex, $0.fieldNumber) < ($1.developerDataIndex, $1.fieldNumber)
            }
        }

        func uint16(_ at: Int, bigEndian: Bool = false) -> Int {
            bigEndian ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }

        func uint32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }

        /// Reads the FIT file whose header starts at `start` (FIT Protocol, "File Header",
        /// "Data Records", "CRC"); returns where the next chained file would start, or nil
        /// when the file is damaged and the rest cannot be trusted.
        mutating func readFile(at start: Int) -> Int? {
            activity.fileCount += 1
            let headerSize = Int(bytes[start])
            let file =
                activity.fileCount > 1 ? "chained FIT file \(activity.fileCount) (byte \(start))" : "the FIT file"
            if headerSize >= 14 {
                let stored = uint16(start + 12)
                let computed = Int(FITCRC.update(0, bytes, start..<(start + 12)))
                // A header CRC of 0 means none was computed.
                if stored != 0, stored != computed {
                    report(
                        .error, "fit.header-crc",
                        "\(file): the header CRC is 0x\(hex(stored)) but its first 12 bytes give 0x\(hex(computed))")
                }
            }
            let dataStart = start + headerSize
            let dataEnd = dataStart + uint32(start + 4)
            let end = min(dataEnd, bytes.count)
            var definitions = [Definition?](repeating: nil, count: 16)
            var lastTimestamp: UInt32?
            var p = dataStart
            let recordsBefore = activity.records.count
            while p < end {
                guard let next = readMessage(at: p, end: end, dataEnd: dataEnd, &definitions, &lastTimestamp) else {
                    return nil
                }
                p = next
                messageIndex += 1
            }
            guard dataEnd <= bytes.count else {
                report(
                    .error, "fit.truncated",
                    "\(file) is cut short: its header announces \(dataEnd - dataStart) bytes of records (to byte "
                        + "\(dataEnd)) and a CRC, but the input ends at byte \(bytes.count), after message "
                        + "\(messageIndex); \(activity.records.count - recordsBefore) record(s) were read up to there")
                return nil
            }
            guard dataEnd + 2 <= bytes.count else {
                report(
                    .error, "fit.truncated",
                    "\(file) is cut short: its 2-byte CRC should follow the records at byte \(dataEnd), but the input ends at byte \(bytes.count)"
                )
                return nil
            }
            let stored = uint16(dataEnd)
            let computed = Int(FITCRC.update(0, bytes, start..<dataEnd))
            if stored != computed {
                report(
                    .error, "fit.crc",
                    "\(file): the CRC at byte \(dataEnd) is 0x\(hex(stored)) but bytes \(start)–\(dataEnd - 1) give 0x\(hex(computed)); the data may be damaged"
                )
            }
            return dataEnd + 2
        }

        func hex(_ v: Int) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - s.count)) + s
        }

        /// Reads the message at `p` (a definition or a data message); returns where the next
        /// one starts, or nil (with an error diagnostic) at damage.
        mutating func readMessage(
            at p: Int, end: Int, dataEnd: Int, _ definitions: inout [Definition?], _ lastTimestamp: inout UInt32?
        ) -> Int? {
            let header = bytes[p]
            func cutShort(_ needed: Int, _ what: String) -> Int? {
                let limit =
                    dataEnd <= bytes.count
                    ? "the records the header announces end at byte \(dataEnd)"
                    : "the input ends at byte \(bytes.count)"
                report(
                    .error, "fit.truncated",
                    "byte \(p), message \(messageIndex): \(what) needs \(needed) bytes, but \(limit), "
                        + "\(end - p) bytes on; the file was read up to there")
                return nil
            }
            // FIT Protocol, "Compressed Timestamp Header": bit 7 set, local type in bits 5–6,
            // a time offset in seconds in bits 0–4.
            if header & 0x80 != 0 {
                let local = Int((header >> 5) & 0x03)
                guard let definition = definitions[local] else {
                    return undefined(local, at: p)
                }
                guard definition.size < end - p else {
                    return cutShort(1 + definition.size, "a data message of local type \(local)")
                }
                var time: UInt32?
                if let last = lastTimestamp {
                    let offset = UInt32(header & 0x1F)
                    time = last &+ ((offset &- (last & 0x1F)) & 0x1F)
                    lastTimestamp = time
                }
                var message = decode(definition, at: p + 1, header: p)
                if message.timestamp == nil { message.timestamp = time }
                if time == nil {
                    report(
                        .warning, "fit.compressed-time",
                        "byte \(p), message \(messageIndex): a compressed-timestamp header before any full timestamp; the message has no time"
                    )
                }
                absorb(message)
                return p + 1 + definition.size
            }
            // FIT Protocol, "Normal Header": bit 6 definition, bit 5 developer data (in a
            // definition), bits 0–3 the local message type.
            let local = Int(header & 0x0F)
            if header & 0x40 != 0 {
                guard end - p >= 6 else { return cutShort(6, "a definition message's fixed part") }
                let bigEndian: Bool
                switch bytes[p + 2] {
                case 0: bigEndian = false
                case 1: bigEndian = true
                default:
                    report(
                        .error, "fit.architecture",
                        "byte \(p + 2), message \(messageIndex): a definition's architecture is \(bytes[p + 2]), not 0 (little-endian) or 1 (big-endian); the file was read up to there"
                    )
                    return nil
                }
                let global = uint16(p + 3, bigEndian: bigEndian)
                let count = Int(bytes[p + 5])
                var size = 6 + 3 * count
                guard end - p >= size else { return cutShort(size, "a definition of \(count) fields") }
                var fields: [Definition.Field] = []
                for i in 0..<count {
                    let f = p + 6 + 3 * i
                    fields.append(Definition.Field(number: bytes[f], size: Int(bytes[f + 1]), baseType: bytes[f + 2]))
                }
                var developer: [Definition.DeveloperField] = []
                if header & 0x20 != 0 {
                    guard end - p > size else { return cutShort(size + 1, "a definition's developer field count") }
                    let devCount = Int(bytes[p + size])
                    size += 1 + 3 * devCount
                    guard end - p >= size else {
                        return cutShort(size, "a definition of \(count) fields and \(devCount) developer fields")
                    }
                    for i in 0..<devCount {
                        let f = p + size - 3 * (devCount - i)
                        developer.append(
                            Definition.DeveloperField(
                                number: bytes[f], size: Int(bytes[f + 1]), developerDataIndex: bytes[f + 2]))
                    }
                }
                definitions[local] = Definition(
                    globalNumber: global, bigEndian: bigEndian, fields: fields, developerFields: developer)
                return p + size
            }
            guard let definition = definitions[local] else { return undefined(local, at: p) }
            guard definition.size < end - p else {
                return cutShort(1 + definition.size, "a data message of local type \(local)")
            }
            let message = decode(definition, at: p + 1, header: p)
            // FIT Protocol, "Compressed Timestamp Header": a full timestamp sets the reference
            // the compressed ones count from.
            if let t = message.timestamp { lastTimestamp = t }
            absorb(message)
            return p + 1 + definition.size
        }

        mutating func undefined(_ local: Int, at p: Int) -> Int? {
            report(
                .error, "fit.undefined-local-type",
                "byte \(p), message \(messageIndex): a data message of local type \(local), which no definition "
                    + "message has defined (FIT Protocol, \"Definition Message\"): its size is unknown, so the file was read up to there"
            )
            return nil
        }

        /// The data message laid out by `definition` at `p` (its header at `header`).
        func decode(_ definition: Definition, at p: Int, header: Int) -> Message {
            var message = Message(globalNumber: definition.globalNumber, byteOffset: header, index: messageIndex)
            var q = p
            for field in definition.fields {
                let value = Self.value(bytes, q, field.size, field.baseType, bigEndian: definition.bigEndian)
                q += field.size
                guard !value.isInvalid else { continue }
                message.fields[Int(field.number)] = value
                // FIT profile: field 253 is every message's `timestamp` (uint32, seconds).
                if field.number == 253, let t = value.integer, let u = UInt32(exactly: t) { message.timestamp = u }
            }
            for field in definition.developerFields {
                let type = profile.developerBaseType(Int(field.developerDataIndex), Int(field.number)) ?? 0x0D
                let value = Self.value(bytes, q, field.size, type, bigEndian: definition.bigEndian)
                q += field.size
                guard !value.isInvalid else { continue }
                message.developerValues.append((Int(field.developerDataIndex), Int(field.number), value))
            }
            return message
        }

        /// A field's bytes as its base type says (FIT Protocol, "Base Types"): an array when its
        /// size is a multiple of the type's size greater than one, bytes when it is no multiple
        /// or the type is unknown, a string up to its first NUL.
        static func value(_ bytes: [UInt8], _ p: Int, _ size: Int, _ baseType: UInt8, bigEndian: Bool) -> FITValue {
            let raw = bytes[p..<(p + size)]
            guard let type = FITBaseType(byte: baseType), type != .byte, size % type.size == 0, size > 0 else {
                return .bytes(Array(raw))
            }
            if type == .string {
                let text = raw.prefix { $0 != 0 }
                return .string(String(decoding: text, as: UTF8.self))
            }
            var elements: [FITValue.Element?] = []
            elements.reserveCapacity(size / type.size)
            var i = p
            while i < p + size {
                var v: UInt64 = 0
                for k in 0..<type.size {
                    let b = UInt64(bytes[bigEndian ? i + k : i + type.size - 1 - k])
                    v = v << 8 | b
                }
                elements.append(type.value(v))
                i += type.size
            }
            return .numbers(elements)
        }

        mutating func absorb(_ message: Message) {
            activity.messageCounts[message.globalNumber, default: 0] += 1
            profile.absorb(message, into: &activity)
        }
    }
}
