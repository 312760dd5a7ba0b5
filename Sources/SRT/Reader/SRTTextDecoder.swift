import CaptionCore

/// The text of an SRT file (Specs/srt.md, "Encodings"): UTF-8 with or without a byte order mark,
/// UTF-16 with one, or Windows-1252 when the bytes are not UTF-8 (with a warning). Line breaks
/// become LF. A file with NUL bytes or many control characters is refused as binary.
enum SRTTextDecoder {
    enum Encoding: String {
        case utf8 = "UTF-8", utf8BOM = "UTF-8 with BOM", utf16LE = "UTF-16LE", utf16BE = "UTF-16BE"
        case windows1252 = "Windows-1252"
    }

    struct Decoded {
        var text: String
        var encoding: Encoding
    }

    static func decode(_ bytes: [UInt8], fileName: String?) throws(CaptionFormatError) -> Decoded {
        var encoding: Encoding
        var text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            encoding = little ? .utf16LE : .utf16BE
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
                units.append(little ? a | b << 8 : a << 8 | b)
                i += 2
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            var body = bytes[...]
            encoding = .utf8
            if body.starts(with: [0xEF, 0xBB, 0xBF]) {
                body = body.dropFirst(3)
                encoding = .utf8BOM
            }
            if let nul = ByteScan.firstIndex(of: 0, in: body, from: body.startIndex) {
                throw CaptionFormatError(
                    .unreadable, "not a text file: a NUL byte at offset \(nul) (is this a binary file?)",
                    at: DiagnosticLocation(file: fileName))
            }
            if let valid = String(validating: body, as: UTF8.self) {
                text = valid
            } else {
                encoding = .windows1252
                text = Windows1252.decode(body)
            }
        }
        // Binary data decodes to text too; count the control characters a subtitle never has.
        var controls = 0
        var total = 0
        for scalar in text.unicodeScalars.prefix(65536) {
            total += 1
            if scalar.value < 0x20, scalar != "\n", scalar != "\r", scalar != "\t", scalar != "\u{0C}" { controls += 1 }
            if scalar.value == 0 { controls += total }  // NUL in UTF-16 text
        }
        if total > 0, controls * 100 > total {
            throw CaptionFormatError(
                .unreadable,
                "not a text file: \(controls) control characters in the first \(total) (is this a binary file?)",
                at: DiagnosticLocation(file: fileName))
        }
        return Decoded(text: text, encoding: encoding)
    }
}
