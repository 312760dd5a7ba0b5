// Miscellaneous control codes and tab offsets.
// Source: 47 CFR 15.119, miscellaneous control codes table; (e)(1)(ii) tab offsets; (f) caption
// modes (now 47 CFR 79.101). TR and RTD: CEA-608-B §7.4. Data: Specs/cea608/control-codes.tsv.

/// A miscellaneous control code (0x14 0x20–0x2F) or tab offset (0x17 0x21–0x23).
///
/// Raw values are the byte pair in the channel 1, field 1 form, first byte high. For CC2, CC3
/// and CC4 use ``CaptionChannel/encode(first:second:)``: the miscellaneous codes become
/// 0x1C, 0x15 or 0x1D, the tab offsets 0x1F, 0x17 or 0x1F.
public enum ControlCommand: UInt16, CaseIterable, Sendable {
    /// RCL: pop-on style; characters go to non-displayed memory.
    case resumeCaptionLoading = 0x1420
    /// BS: moves the cursor one column left and erases that cell.
    case backspace = 0x1421
    /// AOF: reserved, formerly Alarm Off; decoders ignore it.
    case alarmOff = 0x1422
    /// AON: reserved, formerly Alarm On; decoders ignore it.
    case alarmOn = 0x1423
    /// DER: erases from the cursor to the end of the row.
    case deleteToEndOfRow = 0x1424
    /// RU2: roll-up style with a two-row window.
    case rollUp2 = 0x1425
    /// RU3: roll-up style with a three-row window.
    case rollUp3 = 0x1426
    /// RU4: roll-up style with a four-row window.
    case rollUp4 = 0x1427
    /// FON: following characters flash; a spacing attribute (47 CFR 15.119(h)(1)(iii)).
    case flashOn = 0x1428
    /// RDC: paint-on style; characters go to displayed memory.
    case resumeDirectCaptioning = 0x1429
    /// TR: text mode; clears the text screen and moves the cursor to the top left.
    case textRestart = 0x142A
    /// RTD: text mode; resumes text display.
    case resumeTextDisplay = 0x142B
    /// EDM: erases displayed memory.
    case eraseDisplayedMemory = 0x142C
    /// CR: in roll-up and text modes, rolls the window up one row.
    case carriageReturn = 0x142D
    /// ENM: erases non-displayed memory.
    case eraseNonDisplayedMemory = 0x142E
    /// EOC: swaps displayed and non-displayed memories.
    case endOfCaption = 0x142F
    /// TO1: moves the cursor one column right.
    case tabOffset1 = 0x1721
    /// TO2: moves the cursor two columns right.
    case tabOffset2 = 0x1722
    /// TO3: moves the cursor three columns right.
    case tabOffset3 = 0x1723

    /// Decodes a byte pair in the channel 1, field 1 form with parity stripped.
    public init?(first: UInt8, second: UInt8) {
        self.init(rawValue: UInt16(first) << 8 | UInt16(second))
    }

    /// The byte pair in the channel 1, field 1 form, parity not added.
    public var bytes: (first: UInt8, second: UInt8) {
        (UInt8(rawValue >> 8), UInt8(rawValue & 0xFF))
    }

    /// The usual abbreviation, such as "RCL" or "TO2".
    public var mnemonic: String {
        switch self {
        case .resumeCaptionLoading: "RCL"
        case .backspace: "BS"
        case .alarmOff: "AOF"
        case .alarmOn: "AON"
        case .deleteToEndOfRow: "DER"
        case .rollUp2: "RU2"
        case .rollUp3: "RU3"
        case .rollUp4: "RU4"
        case .flashOn: "FON"
        case .resumeDirectCaptioning: "RDC"
        case .textRestart: "TR"
        case .resumeTextDisplay: "RTD"
        case .eraseDisplayedMemory: "EDM"
        case .carriageReturn: "CR"
        case .eraseNonDisplayedMemory: "ENM"
        case .endOfCaption: "EOC"
        case .tabOffset1: "TO1"
        case .tabOffset2: "TO2"
        case .tabOffset3: "TO3"
        }
    }

    /// The roll-up window height in rows for RU2, RU3 and RU4; otherwise `nil`.
    public var rollUpRows: Int? {
        switch self {
        case .rollUp2: 2
        case .rollUp3: 3
        case .rollUp4: 4
        default: nil
        }
    }

    /// The columns a tab offset moves the cursor; otherwise `nil`.
    public var tabOffsetColumns: Int? {
        switch self {
        case .tabOffset1: 1
        case .tabOffset2: 2
        case .tabOffset3: 3
        default: nil
        }
    }
}
