import CaptionCore

// What an XDS packet says, by class and type. Source: CTA-608-E §9.5.1 (Current class: program
// identification, length, name, type, content advisory, audio and caption services, description
// rows), §9.5.2 (Future class: the same formats), §9.5.3 (Channel Information: network name,
// call letters, tape delay), §9.5.4 (Miscellaneous: time of day, local time zone). Specs/cea608/
// xds.md lists what is decoded and what is kept raw.

/// The meaning of an XDS packet's informational characters.
public enum XDSContent: Hashable, Sendable {
    /// Program Identification Number: the scheduled start (Current/Future type 0x01).
    case programIdentification(XDSScheduledStart)
    /// Program Identification Number with every character all ones: the current program ends.
    case programEnd
    /// Length and, when sent, time in show (type 0x02).
    case lengthAndTimeInShow(XDSShowTiming)
    /// Program Name, the title (type 0x03).
    case programName(String)
    /// Program Type keywords, most important first (type 0x04, Table 17).
    case programType([XDSProgramKeyword])
    /// Content Advisory, the rating (type 0x05).
    case contentAdvisory(XDSContentAdvisory)
    /// Audio Services: main and second audio program (type 0x06).
    case audioServices(main: XDSAudioService, second: XDSAudioService)
    /// Caption Services: the services carried (type 0x07).
    case captionServices([XDSCaptionService])
    /// Program Description row 1–8 (types 0x10–0x17).
    case programDescription(row: Int, text: String)
    /// Network Name, the affiliation (Channel Information type 0x01).
    case networkName(String)
    /// Call Letters and, when sent, the native channel (Channel Information type 0x02).
    case callLetters(String, nativeChannel: Int?)
    /// Tape Delay of the station (Channel Information type 0x03).
    case tapeDelay(hours: Int, minutes: Int)
    /// Time of Day, UTC (Miscellaneous type 0x01).
    case timeOfDay(XDSTimeOfDay)
    /// Local Time Zone: hours west of UTC, and whether daylight saving time is observed
    /// (Miscellaneous type 0x04).
    case localTimeZone(hoursWestOfUTC: Int, observesDaylightSaving: Bool)
    /// A class and type not decoded here, or characters that break the type's format: the
    /// packet's ``XDSPacket/informational`` characters are all there is.
    case unknown

    /// The content of a packet, and why it is ``unknown`` when the type is decoded here but the
    /// characters break its format (`nil` otherwise).
    static func decoding(_ packetClass: XDSPacket.PacketClass, type: UInt8, _ characters: [UInt8])
        -> (content: XDSContent, problem: String?)
    {
        let reader = XDSCharacters(characters)
        let decoded: Result<XDSContent, XDSCharacters.Problem>?
        switch (packetClass, type) {
        case (.current, _), (.future, _): decoded = program(type: type, reader)
        case (.channel, 0x01): decoded = reader.text(minimum: 2).map { .networkName($0) }
        case (.channel, 0x02): decoded = callLetters(reader)
        case (.channel, 0x03):
            decoded = reader.minutesAndHours().map { .tapeDelay(hours: $0.hours, minutes: $0.minutes) }
        case (.miscellaneous, 0x01): decoded = XDSTimeOfDay.decoding(reader).map { .timeOfDay($0) }
        case (.miscellaneous, 0x04): decoded = localTimeZone(reader)
        default: decoded = nil
        }
        switch decoded {
        case .success(let content): return (content, nil)
        case .failure(let problem): return (.unknown, problem.description)
        case nil: return (.unknown, nil)
        }
    }

    /// The Current and Future class types (§9.5.1, §9.5.2: the same formats).
    private static func program(type: UInt8, _ reader: XDSCharacters) -> Result<XDSContent, XDSCharacters.Problem>? {
        switch type {
        case 0x01:
            if reader.characters.count == 4 && reader.characters.allSatisfy({ $0 == 0x7F }) {
                return .success(.programEnd)
            }
            return XDSScheduledStart.decoding(reader).map { .programIdentification($0) }
        case 0x02: return XDSShowTiming.decoding(reader).map { .lengthAndTimeInShow($0) }
        case 0x03: return reader.text(minimum: 2).map { .programName($0) }
        case 0x04: return XDSProgramKeyword.decoding(reader).map { .programType($0) }
        case 0x05: return XDSContentAdvisory.decoding(reader).map { .contentAdvisory($0) }
        case 0x06:
            return reader.binary(count: 2).map {
                .audioServices(
                    main: XDSAudioService(character: $0[0], second: false),
                    second: XDSAudioService(character: $0[1], second: true))
            }
        case 0x07: return XDSCaptionService.decoding(reader).map { .captionServices($0) }
        case 0x10...0x17: return reader.text(minimum: 0).map { .programDescription(row: Int(type) - 0x0F, text: $0) }
        default: return nil
        }
    }

    /// Call letters (four characters, a blank fourth for three) and an optional two-digit native
    /// channel, 2–69 (§9.5.3.2).
    private static func callLetters(_ reader: XDSCharacters) -> Result<XDSContent, XDSCharacters.Problem> {
        let characters = reader.characters.filter { $0 != 0 }
        guard characters.count == 4 || characters.count == 6 || (characters.count == 5 && reader.characters.count == 6)
        else { return .failure(.length(reader.characters.count, expected: "4 or 6")) }
        let letters = String(String.UnicodeScalarView(characters.prefix(4).compactMap(XDSCharacters.scalar)))
        let name = letters.hasSuffix(" ") ? String(letters.dropLast()) : letters
        guard characters.count > 4 else { return .success(.callLetters(name, nativeChannel: nil)) }
        // A one-digit channel may follow a null or a zero (§9.5.3.2).
        let digits = characters.dropFirst(4)
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }),
            let channel = Int(String(decoding: digits, as: UTF8.self))
        else {
            return .failure(.value("native channel \(digits.map { "0x" + HexText.byte($0) }.joined(separator: " "))"))
        }
        return .success(.callLetters(name, nativeChannel: channel))
    }

    /// Local Time Zone: an hour character (D, h4–h0) and a null (§9.5.4.4).
    private static func localTimeZone(_ reader: XDSCharacters) -> Result<XDSContent, XDSCharacters.Problem> {
        reader.binary(count: 2, nullsAfter: 1).flatMap { characters in
            let hours = Int(characters[0] & 0x1F)
            guard hours <= 23 else { return .failure(.value("time zone \(hours) h")) }
            return .success(.localTimeZone(hoursWestOfUTC: hours, observesDaylightSaving: characters[0] & 0x20 != 0))
        }
    }

    /// The name of a type in CTA-608-E §9.5, for the classes decoded here.
    static func typeName(_ packetClass: XDSPacket.PacketClass, type: UInt8) -> String? {
        switch (packetClass, type) {
        case (.current, 0x01), (.future, 0x01): "Program Identification Number"
        case (.current, 0x02), (.future, 0x02): "Length/Time-in-Show"
        case (.current, 0x03), (.future, 0x03): "Program Name"
        case (.current, 0x04), (.future, 0x04): "Program Type"
        case (.current, 0x05), (.future, 0x05): "Content Advisory"
        case (.current, 0x06), (.future, 0x06): "Audio Services"
        case (.current, 0x07), (.future, 0x07): "Caption Services"
        case (.current, 0x08), (.future, 0x08): "Copy and Redistribution Control"
        case (.current, 0x0C), (.future, 0x0C): "Composite Packet-1"
        case (.current, 0x0D), (.future, 0x0D): "Composite Packet-2"
        case (.current, 0x10...0x17), (.future, 0x10...0x17): "Program Description Row \(type - 0x0F)"
        case (.channel, 0x01): "Network Name"
        case (.channel, 0x02): "Call Letters"
        case (.channel, 0x03): "Tape Delay"
        case (.channel, 0x04): "Transmission Signal Identifier"
        case (.miscellaneous, 0x01): "Time of Day"
        case (.miscellaneous, 0x02): "Impulse Capture ID"
        case (.miscellaneous, 0x03): "Supplemental Data Location"
        case (.miscellaneous, 0x04): "Local Time Zone"
        case (.publicService, 0x01): "National Weather Service Code"
        case (.publicService, 0x02): "National Weather Service Message"
        default: nil
        }
    }

    /// What the content says, in a line; raw characters in hex for ``unknown``.
    func summary(_ informational: [UInt8]) -> String {
        switch self {
        case .programIdentification(let start): return "starts \(start)"
        case .programEnd: return "the current program ends"
        case .lengthAndTimeInShow(let timing): return timing.description
        case .programName(let text), .networkName(let text): return "\"\(text)\""
        case .programType(let keywords): return keywords.map(\.name).joined(separator: ", ")
        case .contentAdvisory(let advisory): return advisory.description
        case .audioServices(let main, let second): return "main \(main), second \(second)"
        case .captionServices(let services): return services.map(\.description).joined(separator: ", ")
        case .programDescription(_, let text): return "\"\(text)\""
        case .callLetters(let letters, let channel):
            return "\"\(letters)\"" + (channel.map { ", native channel \($0)" } ?? "")
        case .tapeDelay(let hours, let minutes): return "\(hours) h \(minutes) min"
        case .timeOfDay(let time): return time.description
        case .localTimeZone(let hours, let daylight):
            return "UTC−\(hours) h" + (daylight ? ", daylight saving time observed" : "")
        case .unknown:
            return informational.isEmpty
                ? "no characters" : informational.map { HexText.byte($0) }.joined(separator: " ")
        }
    }
}
