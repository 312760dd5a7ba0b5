// Commands → service data, the inverse of CEA708Parser (CTA-708-E §7.1, §8.10.5).

/// Encodes DTVCC commands as the bytes of a service's data.
public enum CEA708Encoder {
    /// Why a command cannot be written.
    public enum Failure: Error, Hashable, Sendable {
        /// A text character with no G0 or G1 code (use ``CEA708Command/extendedCharacter(_:)`` or
        /// ``CEA708Command/p16(_:)`` for others).
        case notABasicCharacter(Unicode.Scalar)
        /// A parameter that does not fit its field (a window outside 0–7, an SPL row past 255 …).
        case parameterOutOfRange(String)
    }

    /// The bytes of `commands`, in order.
    public static func encode(_ commands: some Sequence<CEA708Command>) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        for command in commands { try append(command, to: &bytes) }
        return bytes
    }

    /// Appends the bytes of one command.
    public static func append(_ command: CEA708Command, to bytes: inout [UInt8]) throws(Failure) {
        switch command {
        case .text(let text):
            for scalar in text.unicodeScalars {
                guard let byte = CEA708CodeTables.basicByte(for: scalar) else { throw .notABasicCharacter(scalar) }
                bytes.append(byte)
            }
        case .extendedCharacter(let code): bytes += [CEA708CodeTables.ext1, code]
        case .p16(let value): bytes += [CEA708CodeTables.p16, UInt8(value >> 8), UInt8(value & 0xFF)]
        case .nul: bytes.append(0x00)
        case .endOfText: bytes.append(0x03)
        case .backspace: bytes.append(0x08)
        case .formFeed: bytes.append(0x0C)
        case .carriageReturn: bytes.append(0x0D)
        case .horizontalCarriageReturn: bytes.append(0x0E)
        case .setCurrentWindow(let window):
            guard (0...7).contains(window) else { throw .parameterOutOfRange("CW window \(window)") }
            bytes.append(0x80 + UInt8(window))
        case .clearWindows(let set): bytes += [0x88, set.rawValue]
        case .displayWindows(let set): bytes += [0x89, set.rawValue]
        case .hideWindows(let set): bytes += [0x8A, set.rawValue]
        case .toggleWindows(let set): bytes += [0x8B, set.rawValue]
        case .deleteWindows(let set): bytes += [0x8C, set.rawValue]
        case .delay(let tenths): bytes += [0x8D, tenths]
        case .delayCancel: bytes.append(0x8E)
        case .reset: bytes.append(0x8F)
        case .setPenAttributes(let pen): bytes += [0x90] + pen.parameters
        case .setPenColor(let color): bytes += [0x91] + color.parameters
        case .setPenLocation(let row, let column):
            guard (0...255).contains(row), (0...255).contains(column) else {
                throw .parameterOutOfRange("SPL row \(row) column \(column)")
            }
            bytes += [0x92, UInt8(row), UInt8(column)]
        case .setWindowAttributes(let attributes): bytes += [0x97] + attributes.parameters
        case .defineWindow(let definition): bytes += definition.bytes
        case .reservedC0(let code, let parameters): bytes += [code] + parameters
        case .reservedC1(let code): bytes.append(code)
        case .extendedControl(let code, let parameters): bytes += [CEA708CodeTables.ext1, code] + parameters
        case .truncated(let rest): bytes += rest
        }
    }
}
