// SCC files are ASCII text (Specs/scc.md "File syntax"); some editors save them as UTF-16.

/// Recognises an SCC file saved as UTF-16 and gives back its text as UTF-8.
enum SCCEncoding {
    /// The UTF-8 of `bytes` when they are UTF-16 — a byte order mark (FF FE or FE FF), or, without
    /// one, a zero byte in every other place of the first line — with the byte order's name;
    /// `nil` for anything else.
    static func utf16(_ bytes: [UInt8]) -> (bytes: [UInt8], name: String)? {
        guard bytes.count >= 2 else { return nil }
        var littleEndian: Bool
        var start = 0
        if bytes[0] == 0xFF && bytes[1] == 0xFE {
            littleEndian = true
            start = 2
        } else if bytes[0] == 0xFE && bytes[1] == 0xFF {
            littleEndian = false
            start = 2
        } else {
            // "Scenarist_SCC V1.0" or a timecode: ASCII, so in UTF-16 every other byte is zero.
            let head = bytes.prefix(32)
            guard head.count >= 8, head.count % 2 == 0 else { return nil }
            let even = stride(from: 0, to: head.count, by: 2).allSatisfy { head[$0] == 0 }
            let odd = stride(from: 1, to: head.count, by: 2).allSatisfy { head[$0] == 0 }
            guard even != odd else { return nil }
            littleEndian = odd
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let a = UInt16(bytes[index])
            let b = UInt16(bytes[index + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            index += 2
        }
        let text = String(decoding: units, as: UTF16.self)
        return (Array(text.utf8), littleEndian ? "little-endian" : "big-endian")
    }
}
