import CaptionCore

// Reading the informational characters of an XDS packet (CTA-608-E §8.6.1: 0x00 or 0x20–0x7F;
// binary characters have b6 set; a null only holds a place, and an odd count ends with one;
// §9.2: characters past a type's defined ones are extensions a receiver ignores).

/// The informational characters of one packet, read as text or as binary fields.
struct XDSCharacters {
    /// Why characters do not fit their type's format.
    enum Problem: Error, CustomStringConvertible {
        case length(Int, expected: String)
        case notBinary(position: Int, byte: UInt8)
        case notText(UInt8)
        case value(String)

        var description: String {
            switch self {
            case .length(let count, let expected): "\(count) informational characters, not \(expected)"
            case .notBinary(let position, let byte):
                "character \(position + 1) (0x\(HexText.byte(byte))) lacks bit 6, which binary characters set"
            case .notText(let byte): "0x\(HexText.byte(byte)) is not a character (0x20–0x7F)"
            case .value(let what): "\(what) is out of range"
            }
        }
    }

    let characters: [UInt8]

    init(_ characters: [UInt8]) { self.characters = characters }

    /// The CEA-608 character of a byte 0x20–0x7F (XDS text is "closed caption characters",
    /// §9.5.1.3, §9.5.3.1), or nil.
    static func scalar(_ byte: UInt8) -> Unicode.Scalar? {
        (0x20...0x7F).contains(byte) ? CEA608ScalarTable.basic[Int(byte) - 0x20] : nil
    }

    /// The characters as text, nulls left out; at least `minimum` characters must be sent.
    func text(minimum: Int) -> Result<String, Problem> {
        guard characters.count >= minimum else {
            return .failure(.length(characters.count, expected: "at least \(minimum)"))
        }
        var scalars = String.UnicodeScalarView()
        for byte in characters where byte != 0 {
            guard let scalar = Self.scalar(byte) else { return .failure(.notText(byte)) }
            scalars.append(scalar)
        }
        return .success(String(scalars))
    }

    /// The first `count` characters, each with b6 set, except that those from `nullsAfter` on
    /// must be nulls; more characters are extensions and are ignored.
    func binary(count: Int, nullsAfter: Int? = nil) -> Result<[UInt8], Problem> {
        guard characters.count >= count else {
            return .failure(.length(characters.count, expected: "at least \(count)"))
        }
        let field = Array(characters.prefix(count))
        for (position, byte) in field.enumerated() {
            if let nulls = nullsAfter, position >= nulls {
                guard byte == 0 else { return .failure(.value("character \(position + 1), a null,")) }
            } else if byte & 0x40 == 0 {
                return .failure(.notBinary(position: position, byte: byte))
            }
        }
        return .success(field)
    }

    /// A minute character (m5–m0, 0–59) then an hour character (h4–h0, 0–23), as the Program
    /// Identification Number and Tape Delay packets send them (§9.5.1.1, §9.5.3.3).
    func minutesAndHours(at offset: Int = 0) -> Result<(minutes: Int, hours: Int), Problem> {
        guard characters.count >= offset + 2 else {
            return .failure(.length(characters.count, expected: "at least \(offset + 2)"))
        }
        for position in offset..<offset + 2 where characters[position] & 0x40 == 0 {
            return .failure(.notBinary(position: position, byte: characters[position]))
        }
        let minutes = Int(characters[offset] & 0x3F)
        let hours = Int(characters[offset + 1] & 0x1F)
        guard minutes <= 59 else { return .failure(.value("minute \(minutes)")) }
        guard hours <= 23 else { return .failure(.value("hour \(hours)")) }
        return .success((minutes, hours))
    }
}
