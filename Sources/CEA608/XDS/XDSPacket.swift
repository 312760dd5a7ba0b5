import CaptionCore

// One Extended Data Services packet of line 21 field 2. Source: CTA-608-E §8.6 (characters,
// control codes, checksum) and §9.3–§9.5 (classes and types); Specs/cea608/xds.md.

/// An Extended Data Services (XDS) packet of field 2, received whole and checked: its class and
/// type, its informational characters and what they mean.
///
/// ``XDSDecoder`` makes them from a field's byte pairs; a packet that fails its checksum
/// (CTA-608-E §8.6.3) is reported, never made.
public struct XDSPacket: Hashable, Sendable {
    /// The packet class, named by the control code that starts it (CTA-608-E §9.3, Table 14).
    public enum PacketClass: UInt8, CaseIterable, Sendable {
        case current = 0x01
        case future = 0x03
        case channel = 0x05
        case miscellaneous = 0x07
        case publicService = 0x09
        case reserved = 0x0B
        case privateData = 0x0D

        /// The class of a Start (odd) or Continue (even) control code 0x01–0x0E.
        public init?(controlCode: UInt8) {
            guard (0x01...0x0E).contains(controlCode) else { return nil }
            self.init(rawValue: controlCode & 1 == 1 ? controlCode : controlCode - 1)
        }

        /// The class's name in CTA-608-E §9.4.
        public var name: String {
            switch self {
            case .current: "Current"
            case .future: "Future"
            case .channel: "Channel Information"
            case .miscellaneous: "Miscellaneous"
            case .publicService: "Public Service"
            case .reserved: "Reserved"
            case .privateData: "Private Data"
            }
        }
    }

    /// The class.
    public let packetClass: PacketClass
    /// The type character, 0x01–0x7F (§8.6.1).
    public let type: UInt8
    /// The informational characters in the order sent, parity stripped, nulls (0x00) included;
    /// the Continue/Type pairs that resumed an interrupted packet are not part of them.
    public let informational: [UInt8]
    /// The frame of the Start/Type pair.
    public let startFrame: Int64
    /// The frame of the End/Checksum pair.
    public let endFrame: Int64
    /// What the characters mean; ``XDSContent/unknown`` for a class and type not decoded here.
    public let content: XDSContent

    /// Creates a packet and decodes its content.
    public init(packetClass: PacketClass, type: UInt8, informational: [UInt8], startFrame: Int64, endFrame: Int64) {
        self.packetClass = packetClass
        self.type = type
        self.informational = informational
        self.startFrame = startFrame
        self.endFrame = endFrame
        content = XDSContent.decoding(packetClass, type: type, informational).content
    }

    /// Whether the packet describes another channel (bit 6 of the type, §9.4).
    public var isOutOfBand: Bool { type & 0x40 != 0 }

    /// The type's name in CTA-608-E §9.5, or its number.
    public var typeName: String { Self.typeName(packetClass, type: type) }

    /// The name of a type of a class in CTA-608-E §9.5, or `type 0xNN`.
    public static func typeName(_ packetClass: PacketClass, type: UInt8) -> String {
        XDSContent.typeName(packetClass, type: type) ?? "type 0x\(HexText.byte(type))"
    }

    /// `Current Program Name: "THE SHOW"`: the class, the type and what it says.
    public var summary: String {
        "\(packetClass.name) \(typeName): \(content.summary(informational))"
    }
}
