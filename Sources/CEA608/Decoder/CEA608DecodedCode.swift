// What a byte pair means. Code families: 47 CFR 15.119(g)–(i) (now 47 CFR 79.101); extended
// characters and attributes CEA-608-B §6.2, §6.4.2; XDS CEA-608-B §8 (see
// Specs/cea608/channels.md).

/// The meaning of one byte pair, as a disassembler shows it.
public enum CEA608DecodedCode: Hashable, Sendable {
    /// 0x80 0x80: filler, nothing sent.
    case padding
    /// A control pair (or XDS data) with a byte that failed the odd parity check: dropped
    /// (15.119(b)). A character pair with a failing byte decodes as ``characters(_:_:)`` with
    /// the solid block in that byte's place.
    case parityError
    /// One or two basic characters (a null byte is skipped).
    case characters(Character, Character?)
    /// A special character (0x11 0x30–0x3F).
    case specialCharacter(Character)
    /// An extended character (0x12/0x13 0x20–0x3F), which replaces the cell before it.
    case extendedCharacter(Character)
    /// A preamble address code: row, indent or style (15.119(e)(1)(i)).
    case preambleAddress(PreambleAddressCode)
    /// A mid-row code: colour, italics, underline (15.119(h)(1)).
    case midRow(MidRowCode)
    /// A miscellaneous control code or tab offset.
    case command(ControlCommand)
    /// A background or black-foreground attribute code (CEA-608-B §6.2).
    case attribute(BackgroundForegroundAttribute)
    /// The second, identical copy of a control code, ignored (15.119(i)(2)).
    case repeated
    /// Extended Data Services bytes, skipped (CEA-608-B §8).
    case xds(UInt8, UInt8)
    /// A control code the tables do not define, ignored.
    case undefined(UInt8, UInt8)
}
