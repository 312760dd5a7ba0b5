import CaptionCore

// The CEA-608 caption decoder. Sources: 47 CFR 15.119 (now 47 CFR 79.101): (b) odd parity,
// (e) cursor and tab offsets, (f) caption modes, (h) attributes, (i) control code pairs sent
// twice; CEA-608-B §6.2 (attributes), §6.4.2 (extended characters), §7.4 (text mode), §8
// (field 2, XDS). See Specs/scc.md for how the SCC reader drives it.

/// A pure CEA-608 decoder for one caption channel (CC1–CC4).
///
/// Feed it the byte pairs of one field in order, one per frame, with ``decode(_:_:frame:)``.
/// It keeps the displayed and non-displayed memories, the cursor, the caption mode and the
/// pen attributes, and reports each change of the displayed memory as a
/// ``CEA608ScreenChange`` ("the screen changed at frame N"). Text-mode rows (TR, RTD) are
/// collected apart in ``textLines``.
///
/// The decoder reads one field. CC1 and CC2 are field 1, CC3 and CC4 field 2; a stream that
/// mixes both fields' miscellaneous control codes (0x14 and 0x15 first bytes) is followed by
/// the field bit of those codes, as Specs/cea608/channels.md describes.
public struct CEA608Decoder: Sendable {
    /// The channel this decoder shows.
    public let channel: CaptionChannel
    /// Whether pairs failing the odd parity check are dropped (15.119(b)); when `false`, bit 7
    /// is ignored, for data written without parity.
    public let checksParity: Bool

    /// What the viewer sees.
    public internal(set) var displayedMemory = CEA608Memory()
    /// Where pop-on captions are built.
    public internal(set) var nonDisplayedMemory = CEA608Memory()
    /// The caption style; pop-on until a mode command arrives.
    public internal(set) var mode: CEA608CaptionMode = .popOn
    /// Whether characters currently go to the text service (after TR or RTD).
    public internal(set) var isInTextMode = false
    /// The cursor row, 0-based (row 15 of the rule is 14).
    public internal(set) var cursorRow = CEA608Memory.rows - 1
    /// The cursor column, 0…32; 32 means "after the last column": further characters replace
    /// column 31 (15.119(e)).
    public internal(set) var cursorColumn = 0
    /// The attributes given to the next character.
    public internal(set) var pen = CEA608CellAttributes.default
    /// The roll-up base row, 0-based: the PAC's row in roll-up mode (15.119(f)(1)).
    public internal(set) var baseRow = CEA608Memory.rows - 1
    /// Text-mode rows received so far, for the decoder's data channel.
    public internal(set) var textLines: [CEA608TextLine] = []
    /// XDS packets of field 2 received so far that passed their checksum, in the order they
    /// ended (CTA-608-E §9), at most ``maximumXDSPackets``; always empty in field 1.
    public internal(set) var xdsPackets: [XDSPacket] = []
    /// How many XDS packets passed their checksum, kept or not.
    public internal(set) var xdsPacketCount = 0

    // MARK: - Internal state

    /// The field the most recent miscellaneous control code was sent for (1 or 2).
    var activeField: Int
    /// The data channel of the most recent control code (1 or 2).
    var activeDataChannel = 1
    /// The last pair other than filler when it was a control code, parity stripped, first byte
    /// high; -1 if it was anything else, or the redundant copy of one (15.119(i); CTA-608-E
    /// D.2 and the definition of "Immediately"). Filler between two copies does not clear it.
    var previousControl: Int32 = -1
    /// The XDS receiver of a field-2 decoder (CTA-608-E §8.6); `nil` in field 1, which carries no
    /// XDS (CTA-608-E D.2).
    var xds: XDSDecoder?
    /// Whether a code for the other field was already reported.
    var reportedOtherField = false
    /// Whether characters went into non-displayed memory since the last EOC (15.119(f)(2)).
    var loadedSinceDisplay = false
    /// A finding from acting on a control code, handed out with that code's step.
    var pendingDiagnostic: Diagnostic?
    var nextLineID: Int32 = 0
    /// Rows of displayed memory changed by the current pair, and why.
    var changedRows: UInt16 = 0
    var changeCause: CEA608ScreenChange.Cause = .paint
    /// The text-mode row being received.
    var textRow = String.UnicodeScalarView()
    var textRowStart: Int64 = 0
    var currentFrame: Int64 = 0

    /// Creates a decoder for `channel`, with empty memories and pop-on mode.
    ///
    /// Set `checksParity` to `false` only for data known to be written without parity bits.
    public init(channel: CaptionChannel = .cc1, checksParity: Bool = true) {
        self.channel = channel
        self.checksParity = checksParity
        activeField = channel.field
        if channel.field == 2 { xds = XDSDecoder(checksParity: checksParity) }
    }

    // MARK: - Decoding

    /// Decodes one byte pair as received (with parity bits) at `frame`.
    public mutating func decode(_ first: UInt8, _ second: UInt8, frame: Int64) -> CEA608DecodeStep {
        currentFrame = frame
        changedRows = 0
        changeCause = .paint
        var step = decodePair(first, second)
        if changedRows != 0 {
            step.screenChange = CEA608ScreenChange(frame: frame, cause: changeCause, rows: changedRows)
        }
        return step
    }

    /// Ends the stream at `frame`: a text-mode row still open is kept.
    /// Ends the stream; returns what the end reveals (a caption loaded but never displayed).
    @discardableResult
    public mutating func finish(frame: Int64) -> [Diagnostic] {
        flushTextRow(frame: frame)
        var found: [Diagnostic] = []
        if let unfinished = xds?.unfinishedNote() { found.append(unfinished) }
        guard loadedSinceDisplay, !nonDisplayedMemory.isEmpty else { return found }
        loadedSinceDisplay = false
        return [Self.neverDisplayed("the data ends before an EOC displays it")] + found
    }

    /// 15.119(f)(2): a pop-on caption is shown only by EOC.
    static func neverDisplayed(_ why: String) -> Diagnostic {
        Diagnostic(
            .warning, "608.never-displayed", "a caption loaded into non-displayed memory is never shown: \(why)",
            suggestedFix: "send EOC (942f 942f) where the caption should appear")
    }

    private mutating func decodePair(_ first: UInt8, _ second: UInt8) -> CEA608DecodeStep {
        // The null pair (0x80 0x80; 0x00 0x00 too in data without parity bits) is filler:
        // nothing is shown (15.119(i)(1)). It does not end a control code's redundancy: the
        // copy after filler is still the redundant one (Specs/scc.md "Decoding", Redundancy).
        if isNullPair(first, second) {
            return CEA608DecodeStep(code: .padding)
        }
        var byte1 = first & 0x7F
        var byte2 = second & 0x7F
        let parityFails = checksParity && !(Parity.hasOddParity(first) && Parity.hasOddParity(second))
        // Field 2: the pairs of XDS packets belong to no caption or text service (CTA-608-E §8.6).
        if xds != nil, let step = receiveXDS(first, second, failedParity: parityFails) {
            previousControl = -1
            return step
        }
        // 15.119(b): every byte has odd parity. A control pair with a failing byte is dropped; in
        // a character pair each byte counts alone: a printable byte that fails shows as the solid
        // block 0x7F in its own cell, so the cells after it stay where they belong (15.119(j)(1)
        // as cited by zvbi; CTA-608-E), and a failing non-printing byte stays nothing. FFmpeg
        // does the same for the pair's first byte.
        var failedParity = false
        if parityFails {
            let isCharacterPair = byte1 >= 0x20 || (byte1 < 0x10 && channel.field == 1)
            guard isCharacterPair else {
                previousControl = -1
                return .parityError(first, second)
            }
            if !Parity.hasOddParity(first) && byte1 >= 0x20 { byte1 = 0x7F }
            if !Parity.hasOddParity(second) && byte2 >= 0x20 { byte2 = 0x7F }
            if !Parity.hasOddParity(second) && byte2 < 0x20 { byte2 = 0 }
            failedParity = true
        }
        if failedParity {
            previousControl = -1
            var step = decodeCharacters(byte1, byte2)
            step.noteParityFailure(first, second)
            return step
        }
        switch byte1 {
        case 0x10...0x1F:
            return decodeControl(byte1, byte2)
        default:
            // Bytes 0x00–0x0F are not characters and are skipped, the other byte of the pair
            // still counts (15.119(i)(1)); decodeCharacters does both.
            previousControl = -1
            return decodeCharacters(byte1, byte2)
        }
    }

    /// Whether a pair is the null pair: both bytes 0x00 once parity is stripped, each with its
    /// parity bit (0x80 0x80) unless the data is read without parity.
    private func isNullPair(_ first: UInt8, _ second: UInt8) -> Bool {
        checksParity ? first == 0x80 && second == 0x80 : first & 0x7F == 0 && second & 0x7F == 0
    }

    // MARK: - Characters

    private mutating func decodeCharacters(_ byte1: UInt8, _ byte2: UInt8) -> CEA608DecodeStep {
        let service = CaptionChannel(field: activeField, dataChannel: activeDataChannel)
        let first = CEA608CharacterSet.character(basic: byte1)
        let second = CEA608CharacterSet.character(basic: byte2)
        let code: CEA608DecodedCode
        if let first {
            code = .characters(first, second)
        } else if let second {
            code = .characters(second, nil)
        } else {
            return CEA608DecodeStep(code: .padding)
        }
        guard service == channel else {
            return CEA608DecodeStep(code: code, channel: service)
        }
        // Bytes 0x00–0x1F in a character pair are not characters (15.119(i)(1)): skipped.
        if (0x20...0x7F).contains(byte1) { receive(basic: byte1) }
        if (0x20...0x7F).contains(byte2) { receive(basic: byte2) }
        return CEA608DecodeStep(code: code, channel: service, accepted: true)
    }

    private mutating func receive(basic byte: UInt8) {
        let index = Int(byte) - 0x20
        guard CEA608ScalarTable.basic.indices.contains(index) else { return }
        put(CEA608ScalarTable.basic[index])
    }

    /// Writes a character at the cursor with the pen and advances the cursor.
    mutating func put(_ scalar: Unicode.Scalar, style: CEA608CellAttributes? = nil) {
        if isInTextMode {
            if textRow.isEmpty { textRowStart = currentFrame }
            textRow.append(scalar)
            return
        }
        let column = min(cursorColumn, CEA608Memory.columns - 1)
        let cell = CEA608Cell(character: scalar, style: style ?? pen)
        if writesToDisplay {
            displayedMemory.write(cell, row: cursorRow, column: column, nextLineID: &nextLineID)
            markChanged(row: cursorRow, cause: changeCause == .replace ? .replace : .paint)
        } else {
            nonDisplayedMemory.write(cell, row: cursorRow, column: column, nextLineID: &nextLineID)
            loadedSinceDisplay = true
        }
        cursorColumn = min(column + 1, CEA608Memory.columns)
    }

    /// Whether characters go straight to the screen: paint-on and roll-up (15.119(f)(1), (3)).
    var writesToDisplay: Bool {
        if case .popOn = mode { return false }
        return true
    }

    mutating func markChanged(row: Int, cause: CEA608ScreenChange.Cause) {
        guard (0..<CEA608Memory.rows).contains(row) else { return }
        changedRows |= 1 << UInt16(row)
        // A stronger cause wins when one pair does several things.
        if cause != .paint { changeCause = cause }
    }

    mutating func markAllChanged(cause: CEA608ScreenChange.Cause) {
        changedRows = 0x7FFF
        changeCause = cause
    }
}

extension CEA608Decoder {
    /// How a pair counts when a reader decides whether data carries parity bits, for a decoder
    /// of field 1 (CC1, CC2) that checks parity: whether a byte fails the odd parity check (the
    /// pair is dropped, or decoded with a solid block: ``CEA608DecodeStep/failedParity``), and
    /// whether the pair counts as data: one that fails, or whose code is not
    /// ``CEA608DecodedCode/padding``. In field 1 both
    /// follow from the bytes alone, as ``decode(_:_:frame:)`` decides them (no XDS there, and
    /// control codes are never padding), so a reader can count them before decoding.
    public static func parityCount(_ first: UInt8, _ second: UInt8) -> (failed: Bool, data: Bool) {
        guard Parity.hasOddParity(first) && Parity.hasOddParity(second) else { return (true, true) }
        let byte1 = first & 0x7F
        let byte2 = second & 0x7F
        if byte1 == 0 && byte2 == 0 { return (false, false) }
        if (0x10...0x1F).contains(byte1) { return (false, true) }
        return (false, hasBasicCharacter[Int(byte1)] || hasBasicCharacter[Int(byte2)])
    }

    /// Whether each 7-bit byte is a basic character (`CEA608CharacterSet.character(basic:)`).
    private static let hasBasicCharacter: [Bool] = (0..<128).map {
        CEA608CharacterSet.character(basic: UInt8($0)) != nil
    }
}
