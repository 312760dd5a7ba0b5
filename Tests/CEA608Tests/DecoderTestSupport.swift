// Hand-built CEA-608 byte streams for the decoder tests. Codes are written parity-stripped in the
// data channel 1, field 1 form (as in Specs/cea608/*.tsv); odd parity is added here
// (47 CFR 15.119(b)).

import CEA608

/// One item of a hand-built stream.
enum Piece {
    /// A control code or special/extended character, parity-stripped, sent once.
    case code(UInt16)
    /// A control code sent twice, as encoders do (15.119(i)).
    case twice(UInt16)
    /// Basic characters, two per pair; an odd count ends with a 0x00 filler byte.
    case text(String)
    /// A raw pair, sent as given (parity included).
    case raw(UInt8, UInt8)
    /// The filler pair 0x80 0x80.
    case filler
}

/// The byte pairs (parity added) of `pieces`.
func pairs(_ pieces: [Piece]) -> [(UInt8, UInt8)] {
    var result: [(UInt8, UInt8)] = []
    for piece in pieces {
        switch piece {
        case .code(let code):
            result.append(parityPair(code))
        case .twice(let code):
            result.append(parityPair(code))
            result.append(parityPair(code))
        case .text(let text):
            var bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
            if bytes.count % 2 == 1 { bytes.append(0) }
            var index = 0
            while index < bytes.count {
                result.append(
                    (Parity.addingOddParity(to: bytes[index]), Parity.addingOddParity(to: bytes[index + 1])))
                index += 2
            }
        case .raw(let first, let second):
            result.append((first, second))
        case .filler:
            result.append((0x80, 0x80))
        }
    }
    return result
}

func parityPair(_ code: UInt16) -> (UInt8, UInt8) {
    (Parity.addingOddParity(to: UInt8(code >> 8)), Parity.addingOddParity(to: UInt8(code & 0xFF)))
}

/// Feeds `pieces` one pair per frame from `frame`; returns the steps.
@discardableResult
func feed(_ decoder: inout CEA608Decoder, _ pieces: [Piece], from frame: Int64 = 0) -> [CEA608DecodeStep] {
    var steps: [CEA608DecodeStep] = []
    for (offset, pair) in pairs(pieces).enumerated() {
        steps.append(decoder.decode(pair.0, pair.1, frame: frame + Int64(offset)))
    }
    return steps
}

/// The non-empty rows of a memory as "row:text" with 1-based rows, top to bottom.
func rows(_ memory: CEA608Memory) -> [String] {
    (0..<CEA608Memory.rows).compactMap { row in
        memory.isRowEmpty(row) ? nil : "\(row + 1):\(memory.text(row: row))"
    }
}

/// The 0-based column of the first written cell of a row, if any.
func firstColumn(_ memory: CEA608Memory, row: Int) -> Int? {
    (0..<CEA608Memory.columns).first { memory.cell(row: row - 1, column: $0).character != nil }
}

// Frequently used codes (channel 1, field 1, parity stripped); 47 CFR 15.119 tables.
let RCL: UInt16 = 0x1420
let BS: UInt16 = 0x1421
let AOF: UInt16 = 0x1422
let AON: UInt16 = 0x1423
let DER: UInt16 = 0x1424
let RU2: UInt16 = 0x1425
let RU3: UInt16 = 0x1426
let RU4: UInt16 = 0x1427
let FON: UInt16 = 0x1428
let RDC: UInt16 = 0x1429
let TR: UInt16 = 0x142A
let RTD: UInt16 = 0x142B
let EDM: UInt16 = 0x142C
let CR: UInt16 = 0x142D
let ENM: UInt16 = 0x142E
let EOC: UInt16 = 0x142F
let TO1: UInt16 = 0x1721
let TO2: UInt16 = 0x1722
let TO3: UInt16 = 0x1723

/// The PAC for a 1-based row with an indent (multiple of 4) and optional underline.
func pac(row: Int, indent: Int = 0, underline: Bool = false) -> UInt16 {
    guard let code = PreambleAddressCode(row: row, attribute: .indent(indent), underline: underline) else {
        return 0
    }
    return UInt16(code.bytes.first) << 8 | UInt16(code.bytes.second)
}
