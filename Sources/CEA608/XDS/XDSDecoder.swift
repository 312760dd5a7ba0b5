import CaptionCore

// Receiving XDS packets from the byte pairs of field 2. Source: CTA-608-E §8.6.1 (control, type,
// checksum and informational characters), §8.6.2 (a control code 0x01–0x0E starts or continues
// a packet of its class and the type follows it; 0x0F ends the packet in progress and the
// checksum follows it; a caption or text control code 0x10–0x1F returns to that service), §8.6.3
// (the checksum), §8.6.5–§8.6.8 (interleaving, at most 32 informational characters, suspension,
// a new Start of the same class and type aborts the old one), §9.2 (Continue/Type resumes a
// packet). Specs/cea608/xds.md.

/// Receives the XDS packets of one field's byte pairs, and tells which pairs are XDS.
///
/// Feed it every pair of field 2 in order with ``receive(_:_:frame:)``: a pair that starts,
/// continues or ends a packet, and the informational pairs while a packet is in progress, are
/// XDS and belong to no caption or text service; a caption or text control code (first byte
/// 0x10–0x1F) suspends the packet, and caption data follows. ``packets(in:checksParity:locate:)``
/// does it for a whole field.
public struct XDSDecoder: Sendable {
    /// What one pair was.
    public enum Reception: Sendable, Equatable {
        /// Not XDS: a caption or text pair, or filler.
        case other
        /// A pair of a packet still in progress, or one of a packet that was dropped (with the
        /// warning that says why).
        case xds(problem: Diagnostic?)
        /// The End/Checksum pair of a packet that passed its checksum (with a warning when its
        /// characters break its type's format).
        case packet(XDSPacket, problem: Diagnostic?)
    }

    /// A packet being received.
    private struct Buffer: Sendable {
        var packetClass: XDSPacket.PacketClass
        var type: UInt8
        var startFrame: Int64
        /// The Start and Type characters then the informational ones, as the checksum adds them.
        var characters: [UInt8]
        /// Why the packet can no longer be trusted (a pair failed parity, too many characters).
        var damage: String?
    }

    /// The most informational characters in a packet (§8.6.6).
    public static let maximumInformational = 32
    /// The most packets in progress at once: one per class and type is all there can be.
    static let maximumOpen = 7 * 127

    /// Whether bit 7 of every byte must give odd parity (§8.6.2: XDS uses odd parity); `false`
    /// for data read without parity bits.
    public let checksParity: Bool
    /// Whether the last pair left XDS in progress: the next informational pair is XDS.
    public private(set) var isReceiving = false
    /// The packet in progress, by class and type.
    private var current: UInt16?
    /// Packets started and not ended, keyed by class << 8 | type (suspended ones included).
    private var open: [UInt16: Buffer] = [:]

    public init(checksParity: Bool = true) {
        self.checksParity = checksParity
    }

    /// The packets begun and never ended so far.
    public var unfinishedCount: Int { open.count }

    // MARK: - Receiving

    /// Takes one pair (parity bits included) of field 2 at `frame`.
    public mutating func receive(_ first: UInt8, _ second: UInt8, frame: Int64) -> Reception {
        let failed = checksParity && !(Parity.hasOddParity(first) && Parity.hasOddParity(second))
        return receive(stripped: first & 0x7F, second & 0x7F, failedParity: failed, frame: frame)
    }

    /// Takes one pair whose parity bits are stripped; `failedParity` when a byte failed the check.
    mutating func receive(stripped byte1: UInt8, _ byte2: UInt8, failedParity: Bool, frame: Int64) -> Reception {
        // Filler belongs to no service; it neither starts nor ends anything (CCExtractor skips it
        // the same way inside a packet).
        if byte1 == 0 && byte2 == 0 && !failedParity { return .other }
        if failedParity && isReceiving && !(0x01...0x0F).contains(byte1) {
            // A damaged pair inside a packet (its first byte may look like a caption code): the
            // packet misses characters and will be dropped at its end.
            if let key = current, open[key]?.damage == nil {
                open[key]?.damage = "a pair of its characters fails the parity check at frame \(frame)"
            }
            return .xds(problem: nil)
        }
        switch byte1 {
        case 0x01...0x0E:
            isReceiving = true
            if failedParity {
                // The control pair is lost: whatever comes until the next control code is XDS of
                // an unknown packet, and the packet in progress misses its characters.
                current = nil
                return .xds(problem: nil)
            }
            return .xds(problem: control(byte1, type: byte2, frame: frame))
        case 0x0F:
            isReceiving = false
            defer { current = nil }
            if failedParity {
                guard let key = current, let buffer = open.removeValue(forKey: key) else { return .xds(problem: nil) }
                return .xds(
                    problem: Self.dropped(buffer, frame: frame, why: "its End/Checksum pair fails the parity check"))
            }
            return end(checksum: byte2, frame: frame)
        case 0x10...0x1F:
            // A caption or text control code returns to that service; the packet is suspended.
            // (One that fails parity is no code: the caption decoder drops it.)
            if !failedParity {
                isReceiving = false
                current = nil
            }
            return .other
        default:
            guard isReceiving else { return .other }
            guard let key = current else { return .xds(problem: nil) }
            if var buffer = open[key], buffer.damage == nil {
                buffer.characters.append(byte1)
                buffer.characters.append(byte2)
                if buffer.characters.count - 2 > Self.maximumInformational {
                    buffer.damage =
                        "it has more than \(Self.maximumInformational) informational characters (CTA-608-E §8.6.6)"
                    buffer.characters.removeAll()
                }
                open[key] = buffer
            }
            return .xds(problem: nil)
        }
    }

    /// A Start (odd) or Continue (even) control code and its type character.
    private mutating func control(_ code: UInt8, type: UInt8, frame: Int64) -> Diagnostic? {
        guard let packetClass = XDSPacket.PacketClass(controlCode: code) else { return nil }
        let key = UInt16(packetClass.rawValue) << 8 | UInt16(type)
        guard (0x01...0x7F).contains(type) else {
            current = nil
            return Self.warning(
                "608.xds-malformed",
                "XDS \(code & 1 == 1 ? "Start" : "Continue") code 0x\(HexText.byte(code)) (\(packetClass.name) class) "
                    + "with type 0x\(HexText.byte(type)), which is not a type (0x01–0x7F); its characters are ignored")
        }
        if code & 1 == 1 {
            // §8.6.8: a Start of the same class and type aborts the packet in progress.
            var problem: Diagnostic?
            if let old = open[key] {
                problem = Self.dropped(
                    old, frame: frame, why: "a new Start of the same class and type begins before its End")
            } else if open.count >= Self.maximumOpen {
                current = nil
                return nil
            }
            open[key] = Buffer(packetClass: packetClass, type: type, startFrame: frame, characters: [code, type])
            current = key
            return problem
        }
        guard open[key] != nil else {
            current = nil
            return Self.warning(
                "608.xds-malformed",
                "XDS Continue code for a \(packetClass.name) packet of type 0x\(HexText.byte(type)) that was never started; "
                    + "its characters are ignored",
                fix: "send the packet's Start/Type pair before its characters")
        }
        current = key
        return nil
    }

    /// The End/Checksum pair of the packet in progress.
    private mutating func end(checksum: UInt8, frame: Int64) -> Reception {
        guard let key = current, let buffer = open.removeValue(forKey: key) else {
            return .xds(
                problem: Self.warning(
                    "608.xds-malformed", "XDS End code with no packet in progress; ignored",
                    fix: "send the End/Checksum pair right after the packet's characters"))
        }
        if let damage = buffer.damage { return .xds(problem: Self.dropped(buffer, frame: frame, why: damage)) }
        // §8.6.3: Start, Type, the informational characters, End and the checksum add up to zero
        // in seven bits.
        let sum = buffer.characters.reduce(0x0F &+ checksum) { $0 &+ $1 } & 0x7F
        guard sum == 0 else {
            let expected = (0x80 - Int(buffer.characters.reduce(0x0F) { $0 &+ $1 } & 0x7F)) & 0x7F
            return .xds(
                problem: Diagnostic(
                    .warning, "608.xds-checksum",
                    "XDS \(Self.name(buffer)) packet (begun at frame \(buffer.startFrame)) fails its checksum: "
                        + "0x\(HexText.byte(checksum)) sent, 0x\(HexText.byte(UInt8(expected))) expected; the packet is "
                        + "discarded (CTA-608-E §8.6.3)",
                    suggestedFix: "check the field-2 data for damaged or lost pairs"))
        }
        let characters = Array(buffer.characters.dropFirst(2))
        let packet = XDSPacket(
            packetClass: buffer.packetClass, type: buffer.type, informational: characters,
            startFrame: buffer.startFrame,
            endFrame: frame)
        let problem = XDSContent.decoding(buffer.packetClass, type: buffer.type, characters).problem.map {
            Self.warning(
                "608.xds-content", "XDS \(Self.name(buffer)) packet: \($0); kept as raw characters",
                fix: "check the packet against CTA-608-E §9.5")
        }
        return .packet(packet, problem: problem)
    }

    // MARK: - Findings

    private static func name(_ buffer: Buffer) -> String {
        "\(buffer.packetClass.name) \(XDSPacket.typeName(buffer.packetClass, type: buffer.type))"
    }

    private static func dropped(_ buffer: Buffer, frame: Int64, why: String) -> Diagnostic {
        warning(
            "608.xds-malformed",
            "XDS \(name(buffer)) packet (begun at frame \(buffer.startFrame)) is discarded: \(why)",
            fix: "check the field-2 data for damaged or lost pairs")
    }

    private static func warning(_ rule: String, _ message: String, fix: String? = nil) -> Diagnostic {
        Diagnostic(.warning, rule, message, suggestedFix: fix)
    }
}

extension XDSDecoder {
    /// What a field's pairs carry as XDS: the packets that passed their checksum, in the order
    /// they ended, and the warnings about the others, each located by `locate` from the frame of
    /// the pair it is about.
    ///
    /// `pairs` are one field's byte pairs (parity bits included) in the order received, each with
    /// its frame (or any increasing number the caller can map to a time). Pairs of field 1 carry
    /// no XDS (CTA-608-E D.2) and must not be passed.
    public static func packets<Pairs: Sequence>(
        in pairs: Pairs, checksParity: Bool = true,
        locate: (Int64) -> DiagnosticLocation = { _ in DiagnosticLocation() }
    ) -> (packets: [XDSPacket], diagnostics: [Diagnostic])
    where Pairs.Element == (frame: Int64, first: UInt8, second: UInt8) {
        var decoder = XDSDecoder(checksParity: checksParity)
        var packets: [XDSPacket] = []
        var diagnostics: [Diagnostic] = []
        var lastFrame: Int64 = 0
        for pair in pairs {
            lastFrame = pair.frame
            var problem: Diagnostic?
            switch decoder.receive(pair.first, pair.second, frame: pair.frame) {
            case .other: break
            case .xds(let found): problem = found
            case .packet(let packet, let found):
                packets.append(packet)
                problem = found
            }
            if var problem {
                problem.location = locate(pair.frame)
                diagnostics.append(problem)
            }
        }
        if let unfinished = decoder.unfinishedNote() {
            var note = unfinished
            note.location = locate(lastFrame)
            diagnostics.append(note)
        }
        return (packets, diagnostics)
    }

    /// `608.xds-unfinished` when packets were begun and never ended.
    func unfinishedNote() -> Diagnostic? {
        guard !open.isEmpty else { return nil }
        let names = open.values.sorted { $0.startFrame < $1.startFrame }.prefix(4).map {
            "\(Self.name($0)) (begun at frame \($0.startFrame))"
        }
        return Diagnostic(
            .info, "608.xds-unfinished",
            "\(open.count) XDS packet(s) begun and never ended when the data ends: " + names.joined(separator: ", ")
                + (open.count > 4 ? ", …" : ""))
    }
}
