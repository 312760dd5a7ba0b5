import CaptionCore

// SCC timecode labels: SMPTE ST 12-1 HH:MM:SS:FF (non-drop) or HH:MM:SS;FF (drop-frame), see
// Specs/scc.md "File syntax".

/// A timecode label as written at the start of an SCC line, parsed from bytes.
struct SCCLabel {
    var hours: Int
    var minutes: Int
    var seconds: Int
    var frames: Int
    var dropFrame: Bool

    /// Parses `HH:MM:SS:FF` / `HH:MM:SS;FF` at `start`; returns the label and the index after it.
    /// `;` or `,` before the frames marks drop-frame, as in ``Timecode``.
    static func parse(_ bytes: [UInt8], from start: Int, end: Int) -> (label: SCCLabel, next: Int)? {
        guard end - start >= 11 else { return nil }
        var fields = (0, 0, 0, 0)
        var lastSeparator: UInt8 = 0
        for field in 0..<4 {
            let index = start + field * 3
            let high = bytes[index] &- 0x30
            let low = bytes[index + 1] &- 0x30
            guard high < 10, low < 10 else { return nil }
            let value = Int(high) * 10 + Int(low)
            switch field {
            case 0: fields.0 = value
            case 1: fields.1 = value
            case 2: fields.2 = value
            default: fields.3 = value
            }
            if field < 3 {
                let separator = bytes[index + 2]
                guard
                    separator == UInt8(ascii: ":") || separator == UInt8(ascii: ";")
                        || separator == UInt8(ascii: ".") || separator == UInt8(ascii: ",")
                else { return nil }
                lastSeparator = separator
            }
        }
        let label = SCCLabel(
            hours: fields.0, minutes: fields.1, seconds: fields.2, frames: fields.3,
            dropFrame: lastSeparator == UInt8(ascii: ";") || lastSeparator == UInt8(ascii: ","))
        return (label, start + 11)
    }

    /// The label as text, for messages.
    var text: String {
        Timecode(hours: hours, minutes: minutes, seconds: seconds, frames: frames, dropFrame: dropFrame)
            .description
    }
}
